import { describe, expect, it } from 'vitest';
import { formatAge, formatShortAge, humanDuration, shortHumanDuration } from './duration.ts';
import { toRFC3339 } from './time.ts';

describe('formatAge', () => {
  it.each([
    ['74s when the object is 74 s old', 105_000, 31_000, '74s'],
    ['0s when created this instant', 5_000, 5_000, '0s'],
    ['3m10s when 190 s old', 200_000, 10_000, '3m10s'],
    ['0s when the timestamp is 1.5 s in the future (clock skew)', 10_000, 11_000, '0s'],
    ['<invalid> when the timestamp is 2 s in the future', 10_000, 12_000, '<invalid>'],
  ])('prints %s', (_name, now, created, want) => {
    expect(formatAge(now, toRFC3339(created))).toBe(want);
  });

  it.each([[undefined], [''], ['not a time']])('prints <unknown> when the timestamp is %s', (ts) => {
    expect(formatAge(1000, ts)).toBe('<unknown>');
  });
});

describe('formatShortAge', () => {
  it('prints one unit when the age is 3m10s', () => {
    expect(formatShortAge(200_000, toRFC3339(10_000))).toBe('3m');
  });
  it('prints <unknown> when the timestamp is missing', () => {
    expect(formatShortAge(1, undefined)).toBe('<unknown>');
  });
});

describe('humanDuration', () => {
  it.each([
    [119_999, '119s'],
    [120_000, '2m'],
    [3 * 3600_000 + 60_000, '3h1m'],
  ])('prints %i ms as %s', (ms, want) => {
    expect(humanDuration(ms)).toBe(want);
  });
});

describe('shortHumanDuration', () => {
  it.each([
    [59_999, '59s'],
    [3600_000, '1h'],
  ])('prints %i ms as %s', (ms, want) => {
    expect(shortHumanDuration(ms)).toBe(want);
  });
});
