import { describe, expect, it } from 'vitest';
import { createEngine, type EngineState, step } from '../engine/sim.ts';
import { toSimConfig } from '../scenario/toSimConfig.ts';
import { VIEW_KINDS, type ObjectMaps } from '../timeline/objectCursor.ts';
import { preset } from '../timeline/testScenarios.ts';
import { ORDINAL_VIEW_LIMIT, onRevision } from './statefulSetView.ts';
import { workloadViews } from './workloadViews.ts';
import type { StatefulSetExtra } from './views.ts';

/** runUntil runs a preset to the first tick at or after `ms` of virtual time. */
function runUntil(id: string, ms: number, replicas?: number): EngineState {
  const s = preset(id);
  const scaled =
    replicas === undefined
      ? s
      : {
          ...s,
          objects: s.objects.map((o) =>
            o.kind === 'StatefulSet' ? { ...o, spec: { ...o.spec, replicas } } : o,
          ),
        };
  const st = createEngine(toSimConfig(scaled as typeof s));
  while (st.now < ms && step(st) !== null);
  return st;
}

function stsAt(id: string, ms: number, replicas?: number): StatefulSetExtra {
  const st = runUntil(id, ms, replicas);
  const objs = Object.fromEntries(VIEW_KINDS.map((k) => [k, st.store.objects[k]])) as unknown as ObjectMaps;
  const w = workloadViews(objs, st.now).find((x) => x.kind === 'StatefulSet');
  if (!w?.statefulSet) throw new Error(`no StatefulSet view in ${id}`);
  return w.statefulSet;
}

describe('onRevision', () => {
  it.each([
    ['web-2', 'web-2', 'web-1', 'update'],
    ['web-1', 'web-2', 'web-1', 'current'],
    ['web-2', 'web-2', 'web-2', 'update'],
    ['web-0', 'web-2', 'web-1', 'other'],
    ['', '', '', 'other'],
  ])('places pod revision %s against update %s / current %s as %s', (hash, update, current, want) => {
    expect(onRevision(hash, update, current)).toBe(want);
  });
});

describe('statefulSetExtra', () => {
  it('lists the ordinals lowest first and has the missing ones wait for the first pod not Ready under OrderedReady', () => {
    // 2 s in: web-0 exists and is not Ready yet, so web-1 and web-2 wait for it
    const x = stsAt('statefulset-ordered', 2_000);
    expect(x.podManagementPolicy).toBe('OrderedReady');
    expect(x.ordinals.map((o) => o.pod)).toEqual(['web-0', 'web-1', 'web-2']);
    const [first, second, third] = x.ordinals;
    expect(first?.phase).not.toBeNull();
    expect(second?.phase).toBeNull();
    expect(second?.waitingFor?.pod).toBe('web-0');
    expect(third?.waitingFor?.pod).toBe('web-0');
  });

  it('keeps the pods below the partition on the current revision and moves the others to the update revision', () => {
    // partition 3 of 5, the image set at 30 s: by 55 s web-4 and web-3 are updated
    const x = stsAt('statefulset-partition', 55_000);
    expect(x.partition).toBe(3);
    expect(x.updateRevisionNumber).toBe(2);
    expect(x.currentRevisionNumber).toBe(1);
    expect(x.ordinals.map((o) => o.onRevision)).toEqual([
      'current',
      'current',
      'current',
      'update',
      'update',
    ]);
    expect(x.ordinals.map((o) => o.revision)).toEqual([1, 1, 1, 2, 2]);
  });

  it('shows a claim without a pod on its empty ordinal after a scale-down under whenScaled Retain', () => {
    // scaled from 3 to 1 at 30 s: web-2 and web-1 are gone by 32.3 s (the last tick before the
    // scale back at 60 s), www-web-1 and www-web-2 stay
    const x = stsAt('statefulset-claims', 32_300);
    expect(x.whenScaled).toBe('Retain');
    const gone = x.ordinals.filter((o) => o.phase === null);
    expect(gone.map((o) => [o.pod, o.condemned, o.claims.map((c) => c.name)])).toEqual([
      ['web-1', true, ['www-web-1']],
      ['web-2', true, ['www-web-2']],
    ]);
    expect(x.ordinals[0]?.claims).toEqual([{ name: 'www-web-0', phase: 'Bound' }]);
  });

  it('lists the first ORDINAL_VIEW_LIMIT ordinals of a bigger set and counts the rest', () => {
    // 100 replicas, Parallel: every pod exists 20 s in; ordinals 60–99 are counted, not listed
    const x = stsAt('statefulset-parallel', 20_000, 100);
    expect(x.ordinals.map((o) => o.ordinal)).toEqual(Array.from({ length: ORDINAL_VIEW_LIMIT }, (_, i) => i));
    expect(x.ordinals.every((o) => o.phase !== null)).toBe(true);
    expect(x.more).toBe(100 - ORDINAL_VIEW_LIMIT);
  });
});
