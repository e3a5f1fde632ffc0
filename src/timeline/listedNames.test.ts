import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { namesText } from '../state/podBuffer.ts';
import { ListedNames } from './listedNames.ts';
import { KeySlots } from './slotTable.ts';

/** Slots for `keys` (each named by its key) and the names over them. */
function named(keys: readonly string[]): { slots: KeySlots; names: ListedNames } {
  const slots = new KeySlots(true);
  const names = new ListedNames(slots);
  for (const k of keys) {
    const s = slots.slot(k);
    if (!names.named(s)) names.set(s, k);
  }
  return { slots, names };
}

/** The slots of `slots` whose keys `keep` takes, in listing order (as SlotTable.slotsListed lists them). */
function listed(slots: KeySlots, keep: (key: string) => boolean): Int32Array {
  return Int32Array.from(slots.listing().filter((s) => keep(slots.keys[s] as string)));
}

/** The reference: the names of the listed slots joined one a line. */
const joined = (slots: KeySlots, l: Int32Array) => Array.from(l, (s) => slots.keys[s]).join('\n');

describe('ListedNames.lines', () => {
  it.each([
    { what: 'no slot listed', keys: ['b', 'a'], keep: [] as string[] },
    { what: 'one slot', keys: ['b', 'a'], keep: ['b'] },
    { what: 'every slot (one run)', keys: ['c', 'a', 'b'], keep: ['a', 'b', 'c'] },
    { what: 'runs apart', keys: ['e', 'a', 'd', 'b', 'c'], keep: ['a', 'b', 'd', 'e'] },
    { what: 'names of one character', keys: ['x', 'y', 'z'], keep: ['x', 'z'] },
  ])('joins the listed names one a line with $what, before and after the names are joined whole', ({ keys, keep }) => {
    const { slots, names } = named(keys);
    const l = listed(slots, (k) => keep.includes(k));
    const want = keep.join('\n');
    // The first call finds the slots new (joins name by name), the second and third use the whole.
    expect([names.lines(l), names.lines(l), names.lines(l)]).toEqual([want, want, want]);
  });

  it('equals a plain join over random listings while slots keep coming', () => {
    const key = fc.stringMatching(/^[a-z0-9]{1,3}(-[a-z0-9]{1,6})?$/);
    fc.assert(
      fc.property(
        fc.array(fc.array(key, { maxLength: 30 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.array(fc.boolean(), { maxLength: 120 }), { minLength: 1, maxLength: 6 }),
        (batches, masks) => {
          const { slots, names } = named([]);
          for (let b = 0; b < batches.length; b++) {
            for (const k of batches[b] ?? []) {
              const s = slots.slot(k);
              if (!names.named(s)) names.set(s, k);
            }
            // Several listings per batch: the first sees new slots, later ones the whole join.
            for (const mask of masks) {
              let i = 0;
              const l = listed(slots, () => mask[i++ % Math.max(1, mask.length)] ?? true);
              expect(names.lines(l)).toBe(joined(slots, l));
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('ListedNames.linesBytes', () => {

  it('gives the bytes of lines() once the names are joined whole, the string before', () => {
    const { slots, names } = named(['web-b', 'web-a', 'web-c', 'db-0']);
    const l = listed(slots, (k) => k !== 'web-b');
    const first = names.linesBytes(l);
    const second = names.linesBytes(l);
    expect(typeof first).toBe('string');
    expect(second).toBeInstanceOf(Uint8Array);
    expect([namesText(first), namesText(second)]).toEqual([joined(slots, l), joined(slots, l)]);
    // Each call has a buffer of its own (the page is given it: transferred, it is gone here).
    expect(names.linesBytes(l)).not.toBe(second);
  });

  it('keeps a string when a name is not ASCII', () => {
    const { slots, names } = named(['a', 'b']);
    names.set(slots.slot('c'), 'ç');
    const l = listed(slots, () => true);
    names.linesBytes(l);
    expect(names.linesBytes(l)).toBe('a\nb\nç');
  });

  it('is lines() over random listings, an empty listing and empty names included', () => {
    const key = fc.stringMatching(/^[a-z0-9]{1,3}(-[a-z0-9]{1,6})?$/);
    fc.assert(
      fc.property(fc.uniqueArray(key, { maxLength: 40 }), fc.array(fc.boolean(), { maxLength: 60 }), (keys, mask) => {
        const slots = new KeySlots(true);
        const names = new ListedNames(slots);
        // Every other key stays unnamed (''), as a slot is until its pod is seen.
        keys.forEach((k, i) => {
          const s = slots.slot(k);
          if (i % 2 === 0) names.set(s, k);
        });
        let i = 0;
        const l = listed(slots, () => mask[i++ % Math.max(1, mask.length)] ?? true);
        const want = names.lines(l);
        names.linesBytes(l);
        expect(namesText(names.linesBytes(l))).toBe(want);
      }),
      { numRuns: 300 },
    );
  });
});

describe('ListedNames.same', () => {
  it('compares the names of two slots (pods of two namespaces may share one)', () => {
    const slots = new KeySlots(true);
    const names = new ListedNames(slots);
    const [a1, a2, b] = [['ns1/a', 'a'], ['ns2/a', 'a'], ['ns1/b', 'b']].map(([key, name]) => {
      const s = slots.slot(key as string);
      names.set(s, name as string);
      return s;
    }) as [number, number, number];
    expect([names.same(a1, a1), names.same(a1, a2), names.same(a1, b)]).toEqual([true, true, false]);
  });
});
