import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { Counters, SeriesPoint, StrategyBand } from './derived.ts';
import { SeriesPoints } from './seriesPoints.ts';

/** Points as SeriesTrack makes them: a ReplicaSet's counters with a revision, a StatefulSet's without. */
function made(n: number): SeriesPoint[] {
  const bands: Record<string, StrategyBand>[] = [{}, { 'StatefulSet/web': { replicas: 5, surge: 0, unavailable: 1 } }];
  const out: SeriesPoint[] = [];
  let values: Record<string, Counters> = {};
  for (let k = 0; k < n; k++) {
    values =
      k % 3 === 0
        ? { ...values, 'web-7d9f': { desired: 5, current: k, ready: k >> 1, available: k >> 2, revision: 1 + (k % 2) } }
        : { ...values, web: { desired: 5, current: k % 6, ready: k % 5, available: k % 4 } };
    if (k === 7) delete values['web-7d9f'];
    out.push({ tick: 3 * k + 1, time: (1500 * k + 50.5) / 1000, values, strategy: bands[k > 4 ? 1 : 0] as Record<string, StrategyBand> });
  }
  return out;
}

function filled(points: SeriesPoint[]): SeriesPoints {
  const kept = new SeriesPoints();
  for (const p of points) kept.push(p.tick, Math.round(p.time * 1000 * 10) / 10, p.values, p.strategy);
  return kept;
}

describe('SeriesPoints', () => {
  it('reads back each point field for field, its values in their key order and its bands the very objects', () => {
    const points = made(12);
    const kept = filled(points);
    expect(kept.length).toBe(12);
    expect(JSON.stringify(kept.slice())).toBe(JSON.stringify(points));
    expect(kept.slice(3, 5)).toEqual(points.slice(3, 5));
    expect(kept.at(-1)?.strategy).toBe(points[11]?.strategy);
    expect([kept.at(12), kept.at(-13)]).toEqual([undefined, undefined]);
  });

  it.each([0, 1, 5, 11])('keeps the first %i points when cut, and reads points pushed after the cut', (n) => {
    const points = made(12);
    const kept = filled(points);
    kept.truncate(n);
    kept.trim();
    expect(kept.slice()).toEqual(points.slice(0, n));
    const more = made(20).slice(n);
    for (const p of more) kept.push(p.tick, Math.round(p.time * 1000 * 10) / 10, p.values, p.strategy);
    expect(JSON.stringify(kept.slice())).toBe(JSON.stringify([...points.slice(0, n), ...more]));
  });
});

describe('SeriesPoints memory', () => {
  it('keeps a point of one workload in ~62 bytes, where points as objects (the point, its values, its counters) took ~270', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const strategy = {};
    // Points pushed first, so the push's optimized code and feedback (~0.4 MB once, ~20 bytes a
    // point here) are made before the weighing (a heap test beside it once read them in).
    const warm = new SeriesPoints();
    for (let k = 0; k < 20_000; k++) warm.push(k, 1000 * k, { web: { desired: 100, current: k % 101, ready: k % 97, available: k % 89 } }, strategy);
    warm.trim();
    gc();
    gc();
    const before = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const kept = new SeriesPoints();
    for (let k = 0; k < 20_000; k++) kept.push(k, 1000 * k, { web: { desired: 100, current: k % 101, ready: k % 97, available: k % 89 } }, strategy);
    kept.trim();
    gc();
    gc();
    const perPoint = (process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - before) / 20_000;
    expect(perPoint).toBeLessThan(80);
    expect(kept.at(-1)?.values).toEqual({ web: { desired: 100, current: 19_999 % 101, ready: 19_999 % 97, available: 19_999 % 89 } });
  });
});
