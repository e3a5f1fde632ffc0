import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Pod } from '../api/types.ts';
import { podIP } from './status.ts';

const podWith = (metadata: { uid?: string; name: string }): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata, spec: { containers: [] } }) as Pod;

/** The address as first written: the hash in doubles, reduced to a uint32 at each step. */
function podIPBySpec(s: string): string {
  let h = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h = (h * 31 + c) >>> 0;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return `10.244.${(h >>> 8) & 0xff}.${h & 0xff || 1}`;
}

describe('podIP', () => {
  it.each([
    { name: 'a pod with a uid', metadata: { uid: '2102bd7a-9f9c-42ac-871e-f82ae21c1e0f', name: 'web-7' }, want: '10.244.117.205' },
    { name: 'a pod without a uid, by its name', metadata: { name: 'web-7' }, want: '10.244.75.254' },
    { name: 'a surrogate pair, its high half only', metadata: { uid: '\ud83d\ude00x', name: 'n' }, want: '10.244.47.219' },
    { name: 'an empty uid, whose last byte 0 becomes 1', metadata: { uid: '', name: 'n' }, want: '10.244.0.1' },
  ])('gives $want for $name', ({ metadata, want }) => {
    expect(podIP(podWith(metadata))).toBe(want);
  });

  it('is the uint32 hash of the uid whatever its characters (int32 steps, the same low bits)', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (uid) => podIP(podWith({ uid, name: 'n' })) === podIPBySpec(uid)));
  });
});
