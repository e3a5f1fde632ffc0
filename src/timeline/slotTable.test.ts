import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../engine/api/types.ts';
import { KeySlots, padded, SlotTable } from './slotTable.ts';

const obj = (name: string) => ({ kind: 'Pod', metadata: { name } }) as unknown as KubeObject;

describe('KeySlots.listing', () => {
  it.each([
    { byKey: true, keys: ['c', 'a', 'b', 'a', 'd'], listed: ['a', 'b', 'c', 'd'] },
    { byKey: false, keys: ['c', 'a', 'b', 'a', 'd'], listed: ['c', 'a', 'b', 'd'] },
  ])('lists each key once, by key when byKey is $byKey', ({ byKey, keys, listed }) => {
    const s = new KeySlots(byKey);
    for (const k of keys.slice(0, 2)) s.slot(k);
    s.listing();
    for (const k of keys.slice(2)) s.slot(k);
    expect(s.listing().map((x) => s.keys[x])).toEqual(listed);
    expect(s.count).toBe(listed.length);
  });
});

describe('SlotTable', () => {
  it('reads like a Map of the slots that hold an object', () => {
    const s = new KeySlots(true);
    const objs = padded([], 0);
    for (const k of ['b', 'a', 'c']) objs[s.slot(k)] = k === 'c' ? null : obj(k);
    const t = new SlotTable(s, objs, 2);
    expect([t.has('a'), t.has('c'), t.has('zz'), t.get('b') === objs[0]]).toEqual([true, false, false, true]);
    expect([...t.keys()]).toEqual(['a', 'b']);
    expect([...t.values()].map((o) => o.metadata.name)).toEqual(['a', 'b']);
    expect([...t].map(([k]) => k)).toEqual(['a', 'b']);
    expect(t.size).toBe(2);
    expect(t.sortedByKey).toBe(true);
    expect(new SlotTable(new KeySlots(false), [], 0).sortedByKey).toBe(false);
  });
});
