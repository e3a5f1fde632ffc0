import { describe, expect, it } from 'vitest';
import { EPOCH_UNIX_MS } from '../src/engine/lib/time.ts';
import { wallShift, wallTimes } from './wallClock.ts';

describe('wallShift', () => {
  it('puts the virtual now on the wall-clock now, in whole seconds', () => {
    const wall = Date.parse('2026-11-26T11:00:00.400Z');
    expect(wallShift(90_000, wall)).toBe(wall - 400 - EPOCH_UNIX_MS - 90_000);
  });
});

describe('wallTimes', () => {
  const shift = Date.parse('2026-11-26T11:00:00Z') - EPOCH_UNIX_MS;
  it.each([
    ['a creationTimestamp', '{"creationTimestamp":"2026-01-01T00:01:30Z"}', '{"creationTimestamp":"2026-11-26T11:01:30Z"}'],
    ['a MicroTime, keeping its fraction', '{"eventTime":"2026-01-01T00:00:05.123456Z"}', '{"eventTime":"2026-11-26T11:00:05.123456Z"}'],
    ['a wall-clock date a client wrote', '{"restartedAt":"2026-11-26T10:59:00Z"}', '{"restartedAt":"2026-11-26T10:59:00Z"}'],
    ['text that is not a timestamp', '{"image":"nginx:2026-01-01"}', '{"image":"nginx:2026-01-01"}'],
    [
      'a time inside a JSON string (an autoscaling/v1 conditions annotation)',
      String.raw`{"a":"[{\"lastTransitionTime\":\"2026-01-01T00:01:41Z\"}]"}`,
      String.raw`{"a":"[{\"lastTransitionTime\":\"2026-11-26T11:01:41Z\"}]"}`,
    ],
    [
      'a time in the JSON a quoted value holds (the patched object a patch\'s 422 quotes)',
      String.raw`{"message":"patch: Invalid value: \"{\\\"time\\\":\\\"2026-01-01T00:01:41Z\\\"}\""}`,
      String.raw`{"message":"patch: Invalid value: \"{\\\"time\\\":\\\"2026-11-26T11:01:41Z\\\"}\""}`,
    ],
  ])('moves %s as it should', (_, text, want) => {
    expect(wallTimes(text, shift)).toBe(want);
  });

  it('leaves the text as it is without a shift', () => {
    const t = '{"creationTimestamp":"2026-01-01T00:01:30Z"}';
    expect(wallTimes(t, 0)).toBe(t);
  });
});
