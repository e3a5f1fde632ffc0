/**
 * Properties of the StatefulSet controller in the simulation (fast-check over replicas, seeds,
 * readiness delays, minReadySeconds and the pod management policy), checked at every tick straight
 * from the API store:
 * - under OrderedReady no pod N exists during the create while pod N−1 is not Running and Ready;
 * - a rolling update (MaxUnavailableStatefulSet off, as in v1.36) never has more than one of the
 *   set's pods not Ready (missing, terminating or not yet Ready) at once;
 * - the same scenario and seed give the same ticks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StatefulSet } from '../../src/engine/api/statefulTypes.ts';
import type { Pod } from '../../src/engine/api/types.ts';
import { DEFAULT_IMAGE_BEHAVIOUR, type SimConfig } from '../../src/engine/config.ts';
import { createEngine, type EngineState, runUntil } from '../../src/engine/sim.ts';

const UPDATE_MS = 120_000;

interface Case {
  replicas: number;
  seed: number;
  ready: [number, number];
  minReadySeconds: number;
  parallel: boolean;
}

const caseArb: fc.Arbitrary<Case> = fc.record({
  replicas: fc.integer({ min: 1, max: 8 }),
  seed: fc.integer({ min: 1, max: 10_000 }),
  ready: fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 5 })).map(([a, b]) => [a, a + b] as [number, number]),
  minReadySeconds: fc.constantFrom(0, 0, 5),
  parallel: fc.boolean(),
});

function config(c: Case): SimConfig {
  const set: StatefulSet = {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'db' },
    spec: {
      replicas: c.replicas,
      minReadySeconds: c.minReadySeconds,
      ...(c.parallel ? { podManagementPolicy: 'Parallel' } : {}),
      selector: { matchLabels: { app: 'db' } },
      template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'db', image: 'db:1' }] } },
    },
  };
  return {
    seed: c.seed,
    nodes: [1, 2, 3].map((i) => ({ name: `node-${i}`, labels: {}, taints: [], unschedulable: false, maxPods: 110 })),
    images: { default: { ...DEFAULT_IMAGE_BEHAVIOUR, readySeconds: c.ready } },
    terminationSeconds: 1,
    watchDelaySeconds: 0.05,
    objects: [set],
    actions: [{ at: UPDATE_MS / 1000, kubectl: 'set image statefulset/db db=db:2' }],
  };
}

const ordinal = (p: Pod) => Number(p.metadata.labels?.['apps.kubernetes.io/pod-index'] ?? -1);
const isReady = (p: Pod) => p.status?.phase === 'Running' && p.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') === true;

function pods(st: EngineState): Pod[] {
  return [...st.store.objects.Pod.values()].filter((p): p is Pod => p.kind === 'Pod');
}

describe('StatefulSet properties', () => {
  it('creates no pod N while pod N-1 is not Ready under OrderedReady, and has at most one pod not Ready in a rolling update', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const st = createEngine(config(c));
        let problem: string | null = null;
        runUntil(st, UPDATE_MS + 300_000, (t) => {
          if (problem) return;
          const all = pods(st);
          if (t.time < UPDATE_MS && !c.parallel) {
            // Each pod created during the create: its predecessor is Running and Ready in the store.
            for (const w of t.writes) {
              if (w.type !== 'ADDED' || w.object.kind !== 'Pod') continue;
              const n = ordinal(w.object);
              const prev = all.find((q) => ordinal(q) === n - 1);
              if (n > 0 && (!prev || !isReady(prev))) problem = `tick ${t.tick}: db-${n} created while db-${n - 1} is not Ready`;
            }
          }
          if (t.time > UPDATE_MS) {
            const notReady = c.replicas - all.filter((p) => isReady(p) && !p.metadata.deletionTimestamp).length;
            if (notReady > 1) problem = `tick ${t.tick}: ${notReady} pods not Ready during the update`;
          }
        });
        expect(problem).toBeNull();
        expect(pods(st).every((p) => p.spec.containers[0]?.image === 'db:2' && isReady(p))).toBe(true);
      }),
      { numRuns: 25, seed: 23 },
    );
  });

  it('gives the same ticks for the same scenario and seed', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const a: string[] = [];
        const b: string[] = [];
        runUntil(createEngine(config(c)), UPDATE_MS + 60_000, (t) => a.push(`${t.tick} ${t.time} ${t.actor} ${t.summary}`));
        runUntil(createEngine(config(c)), UPDATE_MS + 60_000, (t) => b.push(`${t.tick} ${t.time} ${t.actor} ${t.summary}`));
        expect(a).toEqual(b);
      }),
      { numRuns: 5, seed: 7 },
    );
  });
});
