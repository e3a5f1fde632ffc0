import { describe, expect, it } from 'vitest';
import { formatGoDuration, parseGoDuration } from './goDuration.ts';

describe('parseGoDuration', () => {
  it.each([
    ['12s', 12_000],
    ['1m30s', 90_000],
    ['1.5h', 5_400_000],
    ['300ms', 300],
    ['0', 0],
  ])('reads %s as time.ParseDuration does', (s, ms) => {
    expect(parseGoDuration(s)).toEqual({ ms });
  });

  it.each([
    ['12', 'time: missing unit in duration "12"'],
    ['1h2', 'time: missing unit in duration "1h2"'],
    ['5 minutes', 'time: unknown unit " minutes" in duration "5 minutes"'],
    ['1x', 'time: unknown unit "x" in duration "1x"'],
    ['', 'time: invalid duration ""'],
  ])('refuses %j with time.ParseDuration\'s error', (s, error) => {
    expect(parseGoDuration(s)).toEqual({ error });
  });
});

describe('formatGoDuration', () => {
  it.each([
    [12_000, '12s'],
    [90_000, '1m30s'],
    [3_600_000, '1h0m0s'],
    [300, '300ms'],
    [0, '0s'],
  ])('prints %d ms as %s, as Duration.String does', (ms, s) => {
    expect(formatGoDuration(ms)).toBe(s);
  });
});
