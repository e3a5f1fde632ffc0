import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FirstOne } from './firstOne.ts';

describe('FirstOne', () => {
  it('gives indexOf(1) after any writes, asked between them or not', () => {
    const op = fc.record({ i: fc.nat(), v: fc.constantFrom<0 | 1>(0, 1), ask: fc.boolean() });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 }), fc.constantFrom<0 | 1>(0, 1), fc.array(op, { maxLength: 80 }), (n, fill, ops) => {
        const f = new FirstOne(n, fill);
        const plain = new Uint8Array(n).fill(fill);
        expect(f.first()).toBe(plain.indexOf(1));
        for (const { i, v, ask } of ops) {
          if (n === 0) break;
          f.set(i % n, v);
          plain[i % n] = v;
          if (ask) expect(f.first()).toBe(plain.indexOf(1));
        }
        expect(f.first()).toBe(plain.indexOf(1));
        expect([...f.flags]).toEqual([...plain]);
      }),
      { numRuns: 500 },
    );
  });

  it('finds a top slot cleared and the next one below it set, as an OrderedReady update does', () => {
    const f = new FirstOne(1000, 0);
    f.set(999, 1);
    expect(f.first()).toBe(999);
    f.set(999, 0);
    f.set(998, 1);
    expect(f.first()).toBe(998);
    f.set(998, 0);
    expect(f.first()).toBe(-1);
  });
});
