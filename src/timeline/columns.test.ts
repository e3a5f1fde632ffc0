import { describe, expect, it } from 'vitest';
import { IndexColumn, RisingColumn } from './columns.ts';
import { numbers } from './testScenarios.ts';

/** rising is n values that never go down, with steps from the given list. */
function rising(n: number, steps: readonly number[]): number[] {
  let v = 0;
  return numbers(n, n, 0, steps.length - 1).map((k) => {
    v += steps[k] as number;
    return v;
  });
}

describe('RisingColumn', () => {
  it.each([
    ['small steps', false, [0, 1, 2, 3]],
    ['a step too long for 16 bits', false, [0, 1, 70_000]],
    ['times in ms', true, [0, 1, 50, 1000, 30_000]],
    ['a time that is not whole ms', true, [0, 50, 0.5]],
    ['a step too long for 32 bits', true, [0, 1, 2 ** 33]],
  ])('reads back every value pushed (%s)', (_name, wide, steps) => {
    const values = rising(2000, steps);
    const c = new RisingColumn(wide);
    for (const v of values) c.push(v);
    c.trim();
    expect(c.length).toBe(values.length);
    expect(values.map((_, i) => c.at(i))).toEqual(values);
  });

  it('pushes after a truncate as if the cut values were never there', () => {
    const values = rising(1500, [0, 3, 100_000]);
    const c = new RisingColumn(false);
    for (const v of values) c.push(v);
    c.truncate(700);
    expect(c.length).toBe(700);
    for (const v of values.slice(700)) c.push(v);
    expect(values.map((_, i) => c.at(i))).toEqual(values);
    c.truncate(256);
    const other = values.slice(256).map((v) => v + 0.25);
    for (const v of other) c.push(v);
    expect(values.map((_, i) => c.at(i))).toEqual([...values.slice(0, 256), ...other]);
  });
});

describe('IndexColumn', () => {
  it('reads back small and large indexes, across the switch to 32 bits and a truncate', () => {
    const values = numbers(3, 3000, 0, 65_535);
    const c = new IndexColumn();
    for (const v of values) c.push(v);
    c.push(70_000);
    c.truncate(2500);
    c.push(1);
    c.trim();
    expect(Array.from({ length: c.length }, (_, i) => c.at(i))).toEqual([...values.slice(0, 2500), 1]);
  });
});
