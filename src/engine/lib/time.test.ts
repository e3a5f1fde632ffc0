import { describe, expect, it } from 'vitest';
import { EPOCH_UNIX_MS, parseRFC3339, toRFC3339 } from './time.ts';

describe('toRFC3339', () => {
  it.each([
    [0, '2026-01-01T00:00:00Z'],
    [31_270, '2026-01-01T00:00:31Z'],
    [86_400_000 * 59, '2026-03-01T00:00:00Z'],
    [86_400_000 * 365, '2027-01-01T00:00:00Z'],
    [-1000, '2025-12-31T23:59:59Z'],
  ])('formats %d ms as %s', (ms, want) => {
    expect(toRFC3339(ms)).toBe(want);
  });
});

describe('parseRFC3339', () => {
  it('round-trips whole seconds', () => {
    for (const ms of [0, 5000, 123_000, 86_400_000 * 400]) expect(parseRFC3339(toRFC3339(ms))).toBe(ms);
  });
  it('honours offsets and fractions when given', () => {
    expect(parseRFC3339('2026-01-01T01:00:00.5+01:00')).toBe(500);
  });
  it('returns NaN when the text is not a timestamp', () => {
    expect(parseRFC3339('yesterday')).toBeNaN();
    expect(parseRFC3339(undefined)).toBeNaN();
  });
});

describe('toRFC3339 alternating seconds', () => {
  it('formats each call right when two seconds alternate, as a graceful delete makes them', () => {
    const got = [0, 30_000, 999, 30_999, 61_000, 30_000, 0].map(toRFC3339);
    expect(got).toEqual([
      '2026-01-01T00:00:00Z',
      '2026-01-01T00:00:30Z',
      '2026-01-01T00:00:00Z',
      '2026-01-01T00:00:30Z',
      '2026-01-01T00:01:01Z',
      '2026-01-01T00:00:30Z',
      '2026-01-01T00:00:00Z',
    ]);
  });
});

/** The plain computation: count whole years, then months, from 1970 (Unix ms ≥ 0, whole seconds). */
function plainRFC3339(unixMs: number): string {
  let days = Math.floor(unixMs / 86_400_000);
  const secs = Math.floor(unixMs / 1000) - days * 86_400;
  const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  let y = 1970;
  while (days >= (leap(y) ? 366 : 365)) days -= leap(y++) ? 366 : 365;
  const months = [31, leap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  let m = 0;
  while (days >= (months[m] as number)) days -= months[m++] as number;
  const p2 = (n: number) => String(n).padStart(2, '0');
  return `${y}-${p2(m + 1)}-${p2(days + 1)}T${p2(Math.floor(secs / 3600))}:${p2(Math.floor((secs % 3600) / 60))}:${p2(secs % 60)}Z`;
}

describe('toRFC3339 over many seconds', () => {
  it('gives the ISO text of the instant, truncated to the second, across days, months and leap years', () => {
    // Steps of 1 s, 59 s, ~1 h and ~1 day from t = 0: every second, minute and hour text, month
    // ends and 2028's 29 February; the day's prefix is kept between calls and must change with the day.
    const steps = [1_000, 59_001, 3_599_777, 86_400_123, 86_399_999];
    let ms = 0;
    for (let i = 0; i < 6000; i++) {
      ms += steps[i % steps.length] as number;
      const want = plainRFC3339(EPOCH_UNIX_MS + Math.floor(ms / 1000) * 1000);
      expect(toRFC3339(ms)).toBe(want);
    }
  });
});
