import { describe, expect, it } from 'vitest';
import { type BackoffState, gc, get, isInBackOffSince, isInBackOffSinceUpdate, newBackOff, next, reset } from './backoff.ts';

/** advance calls next for the key at each time and returns the delays seen after each call. */
function delays(times: number[]): number[] {
  let s = newBackOff();
  return times.map((t) => {
    s = next(s, 'k', t);
    return get(s, 'k');
  });
}

describe('next', () => {
  it.each<[string, number[], number[]]>([
    ['starts at 1 s and doubles', [0, 1_000, 3_000, 7_000], [1_000, 2_000, 4_000, 8_000]],
    ['caps the delay at 15 min', Array.from({ length: 12 }, (_, i) => i * 1_000), [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900].map((s) => s * 1_000)],
    ['starts again after more than 30 min idle', [0, 1_000, 1_000 + 30 * 60_000 + 1], [1_000, 2_000, 1_000]],
    ['keeps doubling after exactly 30 min idle', [0, 30 * 60_000], [1_000, 2_000]],
  ])('%s', (_name, times, want) => {
    expect(delays(times)).toEqual(want);
  });

  it('returns a new state and leaves the old one untouched', () => {
    const s0 = newBackOff();
    const s1 = next(s0, 'k', 0);
    expect(s0.entries).toEqual({});
    expect(s1.entries).toEqual({ k: { backoffMs: 1_000, lastUpdateMs: 0 } });
  });
});

describe('isInBackOffSinceUpdate', () => {
  const s = next(newBackOff(), 'k', 10_000);
  it.each<[string, string, number, boolean]>([
    ['is in back-off just before the delay ends', 'k', 10_999, true],
    ['is free once the delay has passed', 'k', 11_000, false],
    ['is free for an unknown key', 'other', 10_000, false],
    ['is free for an expired entry', 'k', 10_000 + 30 * 60_000 + 1, false],
  ])('%s', (_name, key, at, want) => {
    expect(isInBackOffSinceUpdate(s, key, at)).toBe(want);
  });
});

describe('isInBackOffSince', () => {
  it('measures from the event time to now', () => {
    const s = next(newBackOff(), 'k', 0);
    expect(isInBackOffSince(s, 'k', 5_000, 5_999)).toBe(true);
    expect(isInBackOffSince(s, 'k', 5_000, 6_000)).toBe(false);
  });
});

describe('gc', () => {
  it('drops entries idle for more than 2 × max and keeps the rest', () => {
    let s: BackoffState = newBackOff();
    s = next(s, 'old', 0);
    s = next(s, 'fresh', 20 * 60_000);
    const after = gc(s, 30 * 60_000 + 1);
    expect(Object.keys(after.entries)).toEqual(['fresh']);
  });

  it('returns the same state when nothing expires', () => {
    const s = next(newBackOff(), 'k', 0);
    expect(gc(s, 1_000)).toBe(s);
  });
});

describe('reset', () => {
  it('forgets a key', () => {
    const s = next(next(newBackOff(), 'a', 0), 'b', 0);
    expect(Object.keys(reset(s, 'a').entries)).toEqual(['b']);
  });
});
