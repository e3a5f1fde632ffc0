import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goSort } from './goSort.ts';

/** sortInts sorts a copy of xs with goSort and a plain numeric Less. */
function sortInts(xs: readonly number[]): number[] {
  const a = [...xs];
  goSort({ less: (i, j) => (a[i] as number) < (a[j] as number), swap: (i, j) => ([a[i], a[j]] = [a[j] as number, a[i] as number]) }, a.length);
  return a;
}

/** sortPairs sorts [key, id] pairs by key only, and returns the ids: the order of ties. */
function sortPairs(keys: readonly number[]): number[] {
  const a = keys.map((k, id) => [k, id] as [number, number]);
  goSort({ less: (i, j) => (a[i] as [number, number])[0] < (a[j] as [number, number])[0], swap: (i, j) => ([a[i], a[j]] = [a[j] as [number, number], a[i] as [number, number]]) }, a.length);
  return a.map((p) => p[1]);
}

describe('goSort', () => {
  it.each([
    ['nothing', []],
    ['one element', [3]],
    ['12 elements (insertion sort)', [5, 3, 9, 1, 1, 0, 7, 8, 2, 6, 4, 11]],
    ['reversed 200 (the decreasing hint)', Array.from({ length: 200 }, (_, i) => 200 - i)],
    ['sorted 200 (the partial insertion sort)', Array.from({ length: 200 }, (_, i) => i)],
    ['all equal 100 (partitionEqual)', Array.from({ length: 100 }, () => 7)],
  ])('sorts %s', (_, xs) => {
    expect(sortInts(xs)).toEqual([...xs].sort((x, y) => x - y));
  });

  it('keeps ties in order up to 12 elements, as insertion sort does', () => {
    expect(sortPairs([1, 0, 1, 0, 1, 0])).toEqual([1, 3, 5, 0, 2, 4]);
  });

  it('moves ties past 12 elements as Go does (41 keys, one greater: the pattern breaker runs)', () => {
    // The order kubectl 1.32 printed for 41 Events sorted by .type, 40 of them Normal and the
    // Warning 14th (server/getFieldSortBy.test.ts checks it against the real binary).
    const keys = Array.from({ length: 41 }, (_, i) => (i === 13 ? 1 : 0));
    expect(sortPairs(keys)).toEqual([
      20, 7, 2, 0, 4, 22, 6, 21, 8, 9, 10, 11, 12, 40, 14, 15, 16, 17, 18, 19, 3, 1, 5, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 13,
    ]);
  });

  it('sorts any array of integers', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 }), { maxLength: 300 }), (xs) => {
        expect(sortInts(xs)).toEqual([...xs].sort((x, y) => x - y));
      }),
      { numRuns: 300 },
    );
  });
});
