import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ValueColumn } from './valueColumn.ts';

describe('ValueColumn', () => {
  // Each value must read back as itself (Object.is: -0 stays -0, NaN stays NaN).
  const values: { name: string; v: unknown }[] = [
    { name: 'a small integer', v: 42 },
    { name: 'a negative integer', v: -7 },
    { name: 'zero', v: 0 },
    { name: 'minus zero', v: -0 },
    { name: 'the largest integer kept as itself', v: 2 ** 29 },
    { name: 'an integer past it', v: 2 ** 29 + 1 },
    { name: 'a large negative integer', v: -(2 ** 40) },
    { name: 'a fraction', v: 60.05 },
    { name: 'NaN', v: Number.NaN },
    { name: 'a string', v: 'web-7d9f-abcde' },
    { name: 'an empty string', v: '' },
    { name: 'true', v: true },
    { name: 'false', v: false },
    { name: 'null', v: null },
  ];
  it.each(values)('reads back $name as itself, between other values', ({ v }) => {
    const c = new ValueColumn<unknown>();
    c.push('before');
    c.push(v);
    c.push(3);
    expect([c.length, c.at(0), c.at(2)]).toEqual([3, 'before', 3]);
    expect(Object.is(c.at(1), v)).toBe(true);
  });

  it('keeps one copy of equal strings built apart, and reads all back after a truncate, a trim and more pushes', () => {
    const c = new ValueColumn<string | number>();
    const want: (string | number)[] = [];
    for (let i = 0; i < 1000; i++) {
      const v = i % 3 === 0 ? i : `pod-${i % 7}`;
      c.push(v);
      want.push(v);
    }
    expect(c.at(1)).toBe(c.at(8));
    c.truncate(600);
    want.length = 600;
    c.trim();
    for (let i = 0; i < 100; i++) {
      const v = i % 2 === 0 ? `pod-${i % 5}` : -i;
      c.push(v);
      want.push(v);
    }
    expect(c.length).toBe(700);
    expect(Array.from({ length: c.length }, (_, i) => c.at(i))).toEqual(want);
  });

  // Codes are 16 bits until one does not fit: an integer past ±16,383 (doubled) or a table past 8,192 values.
  const widening: { name: string; extra: (i: number) => string | number; count: number; bytes: number }[] = [
    { name: 'small integers and a few strings', extra: (i) => (i % 2 === 0 ? i % 16_000 : `s${i % 50}`), count: 3000, bytes: 2 },
    { name: 'an integer past 16,383', extra: (i) => (i === 1500 ? 16_384 : i % 100), count: 9000, bytes: 4 },
    { name: 'a negative integer past -16,384', extra: (i) => (i === 1500 ? -16_385 : i % 100), count: 9000, bytes: 4 },
    { name: 'a table of more than 8,192 strings', extra: (i) => `pod-${i}`, count: 9000, bytes: 4 },
    { name: 'more than 8,192 fractions', extra: (i) => i + 0.5, count: 9000, bytes: 4 },
    { name: 'fractions and strings, fewer than 8,192 of each', extra: (i) => (i % 2 ? i + 0.25 : `s${i}`), count: 9000, bytes: 2 },
  ];
  it.each(widening)('reads back every value, its codes $bytes bytes each, given $name', ({ extra, count, bytes }) => {
    const c = new ValueColumn<string | number>();
    const want: (string | number)[] = [];
    for (let i = 0; i < count; i++) {
      c.push(extra(i));
      want.push(extra(i));
    }
    expect(c.codeBytes()).toBe(bytes);
    expect(Array.from({ length: c.length }, (_, i) => c.at(i))).toEqual(want);
  });

  it('keeps fractions unboxed: 100,000 of them weigh ~8 bytes each in the heap', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    // A column filled first, so the push loop's optimized code and feedback (heap too, ~0.4 MB
    // once: a full run read 19.7 bytes a value over 20,000 without it) are made before weighing.
    const warm = new ValueColumn<number>();
    for (let i = 0; i < 20_000; i++) warm.push(i / 7);
    const c = new ValueColumn<number>();
    gc();
    const before = process.memoryUsage();
    for (let i = 0; i < 100_000; i++) c.push(i / 7);
    gc();
    const after = process.memoryUsage();
    // The heap alone (the codes are a typed array; ArrayBuffers are counted for the whole process).
    const perValue = (after.heapUsed - before.heapUsed) / 100_000;
    // A heap number each (16 bytes) and its slot (8) made ~24; a double ~8 (12 with the array's room).
    expect(perValue).toBeLessThan(16);
    expect(c.at(700)).toBe(100);
    expect(c.at(701)).toBe(701 / 7);
  });
});
