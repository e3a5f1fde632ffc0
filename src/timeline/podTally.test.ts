import { describe, expect, it } from 'vitest';
import type { Pod } from '../engine/api/types.ts';
import { isPodAvailable } from '../engine/controller/podUtil.ts';
import { toRFC3339 } from '../engine/lib/time.ts';
import { availableFrom, PodTally } from './podTally.ts';

function pod(name: string, readySinceMs: number | null, opts: { deleting?: boolean; phase?: string } = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'default',
      uid: `uid-${name}`,
      ...(opts.deleting ? { deletionTimestamp: toRFC3339(99_000) } : {}),
    },
    spec: { containers: [{ name: 'c', image: 'i' }] },
    status: {
      phase: (opts.phase ?? 'Running') as never,
      conditions:
        readySinceMs === null
          ? [{ type: 'Ready', status: 'False' }]
          : [{ type: 'Ready', status: 'True', lastTransitionTime: toRFC3339(readySinceMs) }],
    },
  } as Pod;
}

describe('availableFrom', () => {
  it.each([
    // Ready at 31.7 s is written as 31 s; with 5 s it is available strictly after 36 s.
    [31_700, 5, 36_001],
    [31_000, 5, 36_001],
    [10_000, 0, 0],
    [0, 30, 30_001],
  ])('is the first ms isPodAvailable holds (ready at %i ms, minReadySeconds %i)', (since, minReady, from) => {
    const p = pod('a', since);
    expect(availableFrom(p, minReady)).toBe(from);
    if (minReady > 0) expect(isPodAvailable(p, minReady, from - 1)).toBe(false);
    expect(isPodAvailable(p, minReady, Math.max(from, since))).toBe(true);
  });
});

describe('PodTally', () => {
  it('counts active, terminating and available pods per workload, terminal ones nowhere', () => {
    const t = new PodTally();
    t.pod('ADDED', pod('a', 1000), 0, 5000);
    t.pod('ADDED', pod('b', null), 0, 5000);
    t.pod('ADDED', pod('c', 1000, { deleting: true }), 0, 5000);
    t.pod('ADDED', pod('d', 1000, { phase: 'Failed' }), 0, 5000);
    t.pod('ADDED', pod('e', 1000), 1, 5000);
    expect(t.countsOf(0)).toEqual({ available: 1, active: 2, total: 3 });
    expect(t.countsOf(1)).toEqual({ available: 1, active: 1, total: 1 });
    t.pod('DELETED', pod('a', 1000), 0, 6000);
    expect(t.countsOf(0)).toEqual({ available: 0, active: 1, total: 2 });
  });

  it('promotes a pod when its minReadySeconds have passed, reporting that instant', () => {
    const t = new PodTally();
    t.setMinReady(0, 5, 0);
    t.pod('ADDED', pod('a', 31_700), 0, 32_000);
    t.pod('ADDED', pod('b', 30_000), 0, 32_000);
    expect(t.countsOf(0).available).toBe(0);
    const seen: [number, number][] = [];
    t.promote(36_000, (at, w) => seen.push([at, w]));
    expect(seen).toEqual([[35_001, 0]]);
    t.promote(36_001, (at, w) => seen.push([at, w]));
    expect(seen).toEqual([
      [35_001, 0],
      [36_001, 0],
    ]);
    expect(t.countsOf(0).available).toBe(2);
  });

  it('counts a pod written at the very ms it turns available as available', () => {
    const t = new PodTally();
    t.setMinReady(0, 5, 0);
    t.pod('ADDED', pod('a', 30_000), 0, 35_000);
    t.pod('ADDED', pod('b', 30_000), 0, 35_001);
    expect(t.countsOf(0).available).toBe(1);
  });

  it('forgets a waiting pod that lost readiness before its time came', () => {
    const t = new PodTally();
    t.setMinReady(0, 5, 0);
    t.pod('ADDED', pod('a', 30_000), 0, 31_000);
    t.pod('MODIFIED', pod('a', null), 0, 33_000);
    t.promote(60_000, () => {
      throw new Error('no promotion expected');
    });
    expect(t.countsOf(0)).toEqual({ available: 0, active: 1, total: 1 });
  });

  it('re-judges every pod of a workload whose minReadySeconds changes', () => {
    const t = new PodTally();
    t.pod('ADDED', pod('a', 30_000), 0, 31_000);
    expect(t.countsOf(0).available).toBe(1);
    expect(t.setMinReady(0, 10, 32_000)).toBe(true);
    expect(t.countsOf(0).available).toBe(0);
    expect(t.nextPromotionMs()).toBe(40_001);
    expect(t.setMinReady(0, 0, 33_000)).toBe(true);
    expect(t.countsOf(0).available).toBe(1);
  });
});
