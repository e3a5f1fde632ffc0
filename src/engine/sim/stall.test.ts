import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TickRecord } from '../client/tick.ts';
import { newStallWatch, stallMessage, watchTick } from './stall.ts';

const rec = (time: number, actor: string, key?: string): TickRecord =>
  ({ tick: 0, time, actor, summary: '', notes: [] as unknown as TickRecord['notes'], writes: [], decisions: [], ...(key === undefined ? {} : { key }) }) as TickRecord;

describe('watchTick', () => {
  it('finds no stall while time moves on', () => {
    const w = newStallWatch(10);
    for (let t = 0; t < 100; t++) expect(watchTick(w, rec(t, 'informer'))).toBeNull();
  });

  it('reports the instant and the actor and key that acted most once the limit is reached', () => {
    const w = newStallWatch(10);
    watchTick(w, rec(606_000, 'informer'));
    let s = null;
    for (let i = 1; i < 10 && s === null; i++) s = watchTick(w, rec(606_000, 'deployment-controller', 'default/db'));
    expect(s).toEqual({ atMs: 606_000, ticks: 10, actor: 'deployment-controller', key: 'default/db', count: 5 });
    expect(w.stall).toBe(s);
  });

  it.each([
    // Counted from the 6th tick of 10: b/x, a/y, b/x, a/y, a/y → a/y 3 times.
    [['b/x', 'a/y', 'b/x', 'a/y', 'a/y'], { actor: 'a', key: 'y', count: 3 }],
    // Two pairs at 2 each: the one that acted first is named, whatever the actors' order.
    [['b/x', 'a/y', 'a/y', 'b/z', 'b/x'], { actor: 'b', key: 'x', count: 2 }],
    [['a/y', 'b/x', 'b/x', 'a/y', 'c/'], { actor: 'a', key: 'y', count: 2 }],
    // A tick without a key counts under ''.
    [['c/', 'c/', 'a/y', 'b/x', 'c/'], { actor: 'c', key: '', count: 3 }],
  ])('names the pair that acted most, the first of equals: %j', (pairs, want) => {
    const w = newStallWatch(10);
    for (let i = 0; i < 5; i++) watchTick(w, rec(7, 'informer'));
    let s = null;
    for (const p of pairs) {
      const [actor = '', key = ''] = p.split('/');
      s = watchTick(w, rec(7, actor, key === '' ? undefined : key));
    }
    expect(s).toEqual({ atMs: 7, ticks: 10, ...want });
  });

  it('names, at the limit and at every tick after it, the pair a plain count of the ticks past the counting start names', () => {
    const pairArb = fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.constantFrom(undefined, 'x', 'y'));
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), fc.array(pairArb, { minLength: 1, maxLength: 30 }), fc.integer({ min: 0, max: 3 }), (limit, ticks, instants) => {
        const w = newStallWatch(limit);
        // A few earlier instants first, so that counting starts over.
        for (let t = 0; t < instants; t++) for (const [a, k] of ticks.slice(0, limit - 1)) watchTick(w, rec(t, a, k));
        const from = Math.min(1000, limit >> 1);
        ticks.forEach(([a, k], i) => {
          const got = watchTick(w, rec(99, a, k));
          if (i + 1 < limit) {
            expect(got).toBeNull();
            return;
          }
          // The model: count the pairs of ticks from..i in order; most ticks, then first to act.
          const n = new Map<string, { n: number; first: number }>();
          ticks.slice(from, i + 1).forEach(([pa, pk]) => {
            const id = `${pa}/${pk ?? ''}`;
            const c = n.get(id);
            if (c) c.n++;
            else n.set(id, { n: 1, first: n.size });
          });
          let best = { id: '/', n: 0, first: Infinity };
          for (const [id, c] of n) if (c.n > best.n || (c.n === best.n && c.first < best.first)) best = { id, ...c };
          const [actor = '', key = ''] = best.id.split('/');
          expect(got).toEqual({ atMs: 99, ticks: i + 1, actor, key, count: best.n });
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('starts counting over at a new instant', () => {
    const w = newStallWatch(4);
    for (let i = 0; i < 3; i++) watchTick(w, rec(5, 'a'));
    expect(watchTick(w, rec(6, 'a'))).toBeNull();
    expect(w.ticks).toBe(1);
  });
});

describe('stallMessage', () => {
  it.each([
    [{ atMs: 606_000, ticks: 100_000, actor: 'deployment-controller', key: 'default/db', count: 99_000 }, 'virtual time stopped at 606.000 s: deployment-controller acted on default/db 99,000 times (100,000 ticks at that instant)'],
    [{ atMs: 1_500, ticks: 1_000, actor: 'informer', key: '', count: 999 }, 'virtual time stopped at 1.500 s: informer 999 times (1,000 ticks at that instant)'],
  ])('says where and why: %j', (s, msg) => {
    expect(stallMessage(s)).toBe(msg);
  });
});
