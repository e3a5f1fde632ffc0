import { describe, expect, it } from 'vitest';
import { msBetween, timeToIso, timeToMs } from './instant.ts';

describe('msBetween', () => {
  it('keeps nanoseconds when both inputs are RFC 3339 strings', () => {
    expect(msBetween('2017-02-15T18:49:59.000000001Z', '2017-02-15T18:49:00Z')).toBeCloseTo(59000.000001, 9);
    expect(msBetween('2017-02-15T18:49:59.000000001Z', '2017-02-15T18:49:00Z')).toBeGreaterThan(59000);
  });

  it('mixes virtual ms and timestamps on the same clock', () => {
    expect(msBetween(31_000, '2026-01-01T00:00:30Z')).toBe(1000);
  });
});

describe('timeToIso / timeToMs', () => {
  it('round-trips whole seconds of the virtual clock', () => {
    expect(timeToIso(31_999)).toBe('2026-01-01T00:00:31Z');
    expect(timeToMs('2026-01-01T00:00:31Z')).toBe(31_000);
    expect(timeToIso('2016-01-01T00:00:00Z')).toBe('2016-01-01T00:00:00Z');
  });
});
