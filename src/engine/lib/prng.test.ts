import { describe, expect, it } from 'vitest';
import { hexString, nextFloat, nextInt, randString, seedPrng, shuffleInPlace, skipDraws, uuid } from './prng.ts';

describe('nextFloat', () => {
  it('repeats the same stream for the same seed', () => {
    const a = seedPrng(7);
    const b = seedPrng(7);
    const xs = Array.from({ length: 5 }, () => nextFloat(a));
    expect(Array.from({ length: 5 }, () => nextFloat(b))).toEqual(xs);
  });
  it('differs when the seed differs', () => {
    expect(nextFloat(seedPrng(1))).not.toBe(nextFloat(seedPrng(2)));
  });
  it('stays in [0, 1)', () => {
    const p = seedPrng(3);
    for (let i = 0; i < 10_000; i++) {
      const x = nextFloat(p);
      expect(x >= 0 && x < 1).toBe(true);
    }
  });
});

describe('randString', () => {
  it('draws only from the vowel-free alphabet', () => {
    expect(randString(seedPrng(1), 200)).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]{200}$/);
  });
});

describe('uuid', () => {
  it('has the version-4 shape', () => {
    expect(uuid(seedPrng(9))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('keeps the uid a seed has always drawn', () => {
    expect(uuid(seedPrng(9))).toBe('f5181690-1fcb-433b-b7a1-4a8b96eecee3');
  });
});

describe('hexString', () => {
  it('draws one hex digit per PRNG step, as sixteen nextInt(16) calls would', () => {
    const a = seedPrng(5);
    const b = seedPrng(5);
    let want = '';
    for (let i = 0; i < 16; i++) want += '0123456789abcdef'[nextInt(b, 16)];
    expect(hexString(a, 16)).toBe(want);
    expect(a.s).toBe(b.s);
  });
});

describe('shuffleInPlace', () => {
  it.each([
    [1, 0],
    [2, 1],
    [3, 2],
    [7, 1000],
  ])('makes the draws and the order of a nextFloat loop (seed %i, %i slots)', (seed, n) => {
    const p = seedPrng(seed);
    const q = seedPrng(seed);
    const got = Int32Array.from({ length: n }, (_, i) => i);
    shuffleInPlace(p, got);
    const want = Int32Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(nextFloat(q) * (i + 1));
      [want[i], want[j]] = [want[j] as number, want[i] as number];
    }
    expect([...got]).toEqual([...want]);
    expect(p.s).toBe(q.s);
  });
});

describe('skipDraws', () => {
  it.each([
    [1, 0],
    [2, 1],
    [3, 4_999],
    [4, 1_000_003],
  ])('leaves the state where that many nextFloat calls would (seed %i, %i draws)', (seed, k) => {
    const p = seedPrng(seed);
    const q = seedPrng(seed);
    skipDraws(p, k);
    for (let i = 0; i < k; i++) nextFloat(q);
    expect(p.s).toBe(q.s);
  });
});
