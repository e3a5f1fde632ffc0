import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AnyMap, keepEqual, narrowCounts, numbering, packIndex, unpackIndex } from './codedMaps.ts';

describe('narrowCounts', () => {
  it.each([
    [[], Uint8Array],
    [[0, 3, 255], Uint8Array],
    [[256, 0], Uint16Array],
    [[65_535], Uint16Array],
    [[65_536, 1], Int32Array],
    [[-1, 2], Int32Array],
  ])('keeps %j in a %o', (values, want) => {
    const got = narrowCounts(Int32Array.from(values));
    expect(got).toBeInstanceOf(want);
    expect([...got]).toEqual(values);
  });
});

describe('keepEqual', () => {
  const prev = [1, 'a', -0];
  it.each([
    ['the same entries', [1, 'a', -0], true],
    ['0 for -0', [1, 'a', 0], false],
    ['one entry fewer', [1, 'a'], false],
    ['another order', ['a', 1, -0], false],
  ])('gives back the array before for %s: %s', (_, cur, kept) => {
    expect(keepEqual(cur, prev) === prev).toBe(kept);
  });
  it('compares typed arrays by their numbers', () => {
    const before = Uint8Array.from([1, 2]);
    expect(keepEqual(Uint8Array.from([1, 2]), before)).toBe(before);
    expect(keepEqual(Uint8Array.from([1, 3]), before)).not.toBe(before);
  });
});

describe('packIndex', () => {
  const pods = ['a', 'b', 'c', 'd'].map((name) => ({ name }));
  /** index builds a map of maps from [outer key, inner key, pod number or -1 for a pod outside the cache]. */
  function index(entries: readonly (readonly [string, string, number])[]): Map<unknown, AnyMap> {
    const m = new Map<unknown, AnyMap>();
    for (const [o, k, p] of entries) {
      const inner = m.get(o) ?? new Map();
      inner.set(k, p >= 0 ? pods[p] : { name: `other-${k}` });
      m.set(o, inner);
    }
    return m;
  }
  const cached = pods.flatMap((p) => [p.name, p]);
  const cachedIndex = numbering(cached);
  const entry = fc.tuple(fc.constantFrom('n1', 'n2', 'n3'), fc.constantFrom('a', 'b', 'c', 'd'), fc.integer({ min: -1, max: 3 }));

  /** layout is a map of maps as nested entries, values by identity. */
  const layout = (m: Map<unknown, AnyMap>) => [...m].map(([k, inner]) => [k, [...inner]]);

  it('unpacks each of two indexes as they were, the second packed against the first (property)', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 8 }), fc.array(entry, { maxLength: 8 }), fc.boolean(), (a, b, same) => {
        const first = index(a);
        const second = same ? index(a) : index(b);
        const p1 = packIndex(first, cached, cachedIndex);
        const p2 = packIndex(second, cached, cachedIndex, p1);
        for (const [m, p] of [[first, p1], [second, p2]] as const) {
          const out = new Map<unknown, AnyMap>();
          unpackIndex(out, p, cached);
          expect(JSON.stringify(layout(out))).toBe(JSON.stringify(layout(m)));
          [...out.values()].forEach((inner, i) => {
            [...inner.values()].forEach((v, j) => {
              const want = [...([...m.values()][i] as AnyMap).values()][j];
              if (pods.includes(want as (typeof pods)[number])) expect(v).toBe(want);
            });
          });
        }
        if (same) {
          expect(p2.keys).toBe(p1.keys);
          expect(p2.sizes).toBe(p1.sizes);
          expect(p2.coded.codes).toBe(p1.coded.codes);
        }
      }),
      { numRuns: 500 },
    );
  });
});
