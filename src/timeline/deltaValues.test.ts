import { describe, expect, it } from 'vitest';
import { applyDelta, changesOf } from './deltaValues.ts';

/** A probe state as the kubelet keeps one (kubelet/prober/proberManager.ts PodProbes). */
const timing = { initialDelaySeconds: 0, periodSeconds: 1, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 };
const facts = { id: 0, startedAtMs: 2150, appReadyAtMs: 4237, neverReady: false, stoppedAtMs: -1 };
const worker = { probeType: 'readiness', index: 0, timing, firstMs: 2150, nextK: 1, result: 'Failure', resultRun: 1, stopped: false };
const base = { uid: 'u-1', gen: 2, facts, workers: [worker], killing: null as null | { atMs: number } };

describe('changesOf', () => {
  const cases: { name: string; v: unknown; count: number | null }[] = [
    { name: 'the same value', v: base, count: 0 },
    { name: 'an equal copy', v: structuredClone(base), count: 0 },
    { name: 'the next generation', v: { ...base, gen: 3 }, count: 1 },
    { name: 'a probe run (generation, period, result)', v: { ...base, gen: 3, workers: [{ ...worker, nextK: 2, result: 'Success', resultRun: 2 }] }, count: 4 },
    { name: 'a leaf that became an object', v: { ...base, killing: { atMs: 5 } }, count: 1 },
    { name: 'minus zero for zero', v: { ...base, facts: { ...facts, id: -0 } }, count: 1 },
    { name: 'a worker more (another array length)', v: { ...base, workers: [worker, worker] }, count: 1 },
    { name: 'keys in another order', v: { gen: 2, uid: 'u-1', facts, workers: [worker], killing: null }, count: 1 },
    { name: 'nine changes (kept whole)', v: { uid: 'u-2', gen: 9, facts: { ...facts, id: 1, startedAtMs: 1, appReadyAtMs: 2, stoppedAtMs: 3 }, workers: [{ ...worker, nextK: 9, result: 'x', resultRun: 9 }], killing: null }, count: null },
  ];
  it.each(cases)('lists $count changes for $name, and applyDelta builds the value again', ({ v, count }) => {
    const changes = changesOf(base, v);
    expect(changes === null ? null : changes.length / 2).toBe(count);
    if (changes === null) return;
    const back = applyDelta(base, changes);
    expect(back).toEqual(v);
    // Key order too (a state's Map order and JSON read it).
    expect(JSON.stringify(back)).toBe(JSON.stringify(v));
    if (count === 0) expect(back).toBe(base);
  });

  it('shares the parts a change does not reach, and gives -0 back as -0', () => {
    const v = { ...base, gen: 3, workers: [{ ...worker, nextK: 2 }] };
    const back = applyDelta(base, changesOf(base, v) as unknown[]) as typeof base;
    expect(back.facts).toBe(facts);
    expect(back.workers[0]?.timing).toBe(timing);
    expect(back.workers).not.toBe(base.workers);
    const z = applyDelta(base, changesOf(base, { ...base, facts: { ...facts, id: -0 } }) as unknown[]) as typeof base;
    expect(Object.is(z.facts.id, -0)).toBe(true);
  });
});
