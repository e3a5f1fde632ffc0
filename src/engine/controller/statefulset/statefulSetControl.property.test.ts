// Properties of the StatefulSet plans on the fake object manager (issue #23): ordered creation,
// one pod at a time during a rolling update with the gate off, and determinism.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { World, newStatefulSet } from '../../../../tests/conformance/statefulSetHarness.ts';
import { assertMonotonicInvariants, runUpdate } from '../../../../tests/conformance/statefulSetInvariants.ts';
import type { StatefulSet } from '../../api/statefulTypes.ts';
import { getOrdinal, isRunningAndReady } from './statefulSetUtils.ts';

const withImage = (set: StatefulSet, image: string): StatefulSet => ({
  ...set,
  spec: { ...set.spec, template: { ...set.spec.template, spec: { ...set.spec.template.spec, containers: [{ name: 'nginx', image }] } } },
});

describe('updateStatefulSetPlan properties', () => {
  it('never lets pod N exist while pod N−1 is not Running and Ready during an OrderedReady create', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 10_000 }), (replicas, seed) => {
        const w = new World(newStatefulSet(replicas), seed);
        const ordered = (x: World) => {
          const pods = x.list();
          for (let i = 1; i < pods.length; i++) {
            if (!isRunningAndReady(pods[i - 1] as (typeof pods)[number])) return `${pods[i]?.metadata.name} exists before ${pods[i - 1]?.metadata.name} is Ready`;
          }
          return assertMonotonicInvariants(x);
        };
        expect(w.scaleUp(ordered)).toBeNull();
      }),
      { numRuns: 40 },
    );
  });

  it('has at most one replica missing or not Ready at any sync of a rolling update (gate off)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 10_000 }), fc.boolean(), (replicas, seed, parallel) => {
        const base = newStatefulSet(replicas);
        const w = new World(parallel ? { ...base, spec: { ...base.spec, podManagementPolicy: 'Parallel' } } : base, seed);
        expect(w.scaleUp(() => null)).toBeNull();
        w.set = withImage(w.set, 'foo');
        const atMostOne = (x: World) => {
          const ready = new Set(x.list().filter(isRunningAndReady).map(getOrdinal));
          const down = Array.from({ length: replicas }, (_, i) => i).filter((i) => !ready.has(i));
          return down.length <= 1 ? null : `ordinals ${down.join(', ')} are down together`;
        };
        expect(runUpdate(w, atMostOne)).toBeNull();
      }),
      { numRuns: 40 },
    );
  });

  it('gives the same plans for the same scenario and seed', () => {
    const once = () => {
      const w = new World(newStatefulSet(4), 42);
      w.scaleUp(() => null);
      w.set = withImage(w.set, 'foo');
      runUpdate(w, () => null);
      return JSON.stringify([w.list(), w.set.status, w.log]);
    };
    expect(once()).toBe(once());
  });
});
