import { describe, expect, it } from 'vitest';
import { getIntOrPercentValue, getScaledValueFromIntOrPercent, goAtoi, isPercent } from './intstr.ts';

describe('getScaledValueFromIntOrPercent', () => {
  it.each([
    ['25%', 10, true, 3],
    ['25%', 10, false, 2],
    ['0%', 10, true, 0],
    ['200%', 3, true, 6],
    [5, 100, false, 5],
    ['-10%', 10, false, -1],
  ] as const)('resolves %j of %i (roundUp %s) to %i', (v, total, up, want) => {
    expect(getScaledValueFromIntOrPercent(v, total, up)).toBe(want);
  });

  it('throws the apimachinery message when the value is nil', () => {
    expect(() => getScaledValueFromIntOrPercent(undefined, 10, true)).toThrow('nil value for IntOrString');
  });

  it('throws the apimachinery message when a string has no percent sign', () => {
    expect(() => getScaledValueFromIntOrPercent('90', 10, true)).toThrow(
      'invalid value for IntOrString: invalid type: string is not a percentage',
    );
  });

  it('throws with the Atoi error when the number part does not parse', () => {
    expect(() => getScaledValueFromIntOrPercent('#%', 10, true)).toThrow(
      'invalid value for IntOrString: invalid value "#%": strconv.Atoi: parsing "#": invalid syntax',
    );
  });
});

describe('getIntOrPercentValue', () => {
  it.each([
    ['25%', 25],
    [3, 3],
    ['0%', 0],
    ['20Percent', 0],
    ['7', 7],
    [null, 0],
  ] as const)('reads %j as %i', (v, want) => {
    expect(getIntOrPercentValue(v)).toBe(want);
  });
});

describe('isPercent', () => {
  it('reports true only when the value is a string', () => {
    expect(isPercent('25%')).toBe(true);
    expect(isPercent(25)).toBe(false);
    expect(isPercent(undefined)).toBe(false);
  });
});

describe('goAtoi', () => {
  it('reports out of range when the number does not fit in int64', () => {
    expect(goAtoi('99999999999999999999')).toEqual({
      error: 'strconv.Atoi: parsing "99999999999999999999": value out of range',
    });
  });

  it('accepts a leading sign when the rest are digits', () => {
    expect(goAtoi('+5')).toEqual({ value: 5 });
    expect(goAtoi('-5')).toEqual({ value: -5 });
  });
});
