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
