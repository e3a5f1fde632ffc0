/**
 * The uids of the Events named from a name (eventNames.ts): client-go's recorder leaves an Event's
 * uid to the API server, which draws it; here a name's uid is made from the name, so the kubelet's
 * clock-named Events draw nothing from the engine's PRNG.
 */
import { FNV32_OFFSET, FNV32_PRIME, utf8Bytes } from '../lib/hash.ts';

/**
 * nameUid is a version-4-shaped uid made from an Event's name: the FNV-1a hashes of [i, ...its
 * UTF-8 bytes] for i = 0..3, in hex, as 8-4-4-4-12 with the version nibble 4 and the variant bits
 * 10. An Event named from the clock gets its uid the same way, so it draws nothing from the PRNG
 * either. The four hashes go over the bytes together, without arrays.
 */
export function nameUid(name: string): string {
  return nameUidOf(name, '');
}

/**
 * nameUidOf is nameUid(object + suffix), read from the two strings: the name itself, a string
 * made by `+`, is left unread (its characters read would be copied into a flat string it keeps).
 */
export function nameUidOf(object: string, suffix: string): string {
  SCRATCH.valid = false;
  return uidAfter(SCRATCH, object, suffix);
}

/** The four FNV-1a states before any byte: the offset basis with i = 0..3 hashed in. */
const SEED0 = Math.imul(FNV32_OFFSET, FNV32_PRIME) >>> 0;
const SEED1 = Math.imul(FNV32_OFFSET ^ 1, FNV32_PRIME) >>> 0;
const SEED2 = Math.imul(FNV32_OFFSET ^ 2, FNV32_PRIME) >>> 0;
const SEED3 = Math.imul(FNV32_OFFSET ^ 3, FNV32_PRIME) >>> 0;

/** utf8Uid is nameUid of a name with a character beyond ASCII: over its UTF-8 bytes (no engine-made name has one). */
function utf8Uid(name: string): string {
  const bytes = utf8Bytes(name);
  let h0 = SEED0;
  let h1 = SEED1;
  let h2 = SEED2;
  let h3 = SEED3;
  for (let j = 0; j < bytes.length; j++) {
    const b = (bytes[j] as number) & 0xff;
    h0 = Math.imul(h0 ^ b, FNV32_PRIME);
    h1 = Math.imul(h1 ^ b, FNV32_PRIME);
    h2 = Math.imul(h2 ^ b, FNV32_PRIME);
    h3 = Math.imul(h3 ^ b, FNV32_PRIME);
  }
  return uidOfHashes(h0, h1, h2, h3);
}

/** The four FNV states after an object's characters (nameUidOf's first part), and whether they are worked out. */
export interface UidPrefix {
  valid: boolean;
  h0: number;
  h1: number;
  h2: number;
  h3: number;
}

/**
 * uidAfter is nameUidOf(object, suffix) with the object's part hashed into `p` once (when not
 * valid) and read from it after: the caller says when `p` stops being the object's.
 */
export function uidAfter(p: UidPrefix, object: string, suffix: string): string {
  if (!p.valid) {
    let h0 = SEED0;
    let h1 = SEED1;
    let h2 = SEED2;
    let h3 = SEED3;
    for (let j = 0; j < object.length; j++) {
      const b = object.charCodeAt(j);
      // Not ASCII: the UTF-8 bytes, the long way.
      if (b >= 0x80) return utf8Uid(object + suffix);
      h0 = Math.imul(h0 ^ b, FNV32_PRIME);
      h1 = Math.imul(h1 ^ b, FNV32_PRIME);
      h2 = Math.imul(h2 ^ b, FNV32_PRIME);
      h3 = Math.imul(h3 ^ b, FNV32_PRIME);
    }
    p.h0 = h0;
    p.h1 = h1;
    p.h2 = h2;
    p.h3 = h3;
    p.valid = true;
  }
  let { h0, h1, h2, h3 } = p;
  for (let j = 0; j < suffix.length; j++) {
    const b = suffix.charCodeAt(j);
    if (b >= 0x80) return utf8Uid(object + suffix);
    h0 = Math.imul(h0 ^ b, FNV32_PRIME);
    h1 = Math.imul(h1 ^ b, FNV32_PRIME);
    h2 = Math.imul(h2 ^ b, FNV32_PRIME);
    h3 = Math.imul(h3 ^ b, FNV32_PRIME);
  }
  return uidOfHashes(h0, h1, h2, h3);
}

/** nameUidOf's prefix, worked out afresh at each call. */
const SCRATCH: UidPrefix = { valid: false, h0: 0, h1: 0, h2: 0, h3: 0 };

/**
 * uidOfHashes writes the four hashes as the uid's 8-4-4-4-12 hex digits. The hashes come as int32
 * (Math.imul's results, kept so: a small integer at every step of the loops above, where `>>> 0`
 * made a heap number past 2^31 until a loop was optimized); `>>>` and `&` below read their bits.
 */
function uidOfHashes(h0: number, h1: number, h2: number, h3: number): string {
  // hex digits 0–31 are h0..h3; digit 12 becomes the version 4, digit 16 takes the variant bits.
  // One flat string from its 36 codes (nested template pieces would keep a tree of them: 30,000
  // Events' uids weigh 2.4 MB flat, 6 MB as trees), passed to fromCharCode as 36 arguments: with
  // the codes written into an array and spread by `apply`, a uid with its hashing took ~3,400
  // instructions, this ~1,900 (callgrind, 200,000 uids; 21,000 of the 3,000-replica rollout's
  // Events are clock-named).
  return String.fromCharCode(
    hx(h0, 28), hx(h0, 24), hx(h0, 20), hx(h0, 16), hx(h0, 12), hx(h0, 8), hx(h0, 4), hx(h0, 0), DASH,
    hx(h1, 28), hx(h1, 24), hx(h1, 20), hx(h1, 16), DASH,
    VERSION_4, hx(h1, 8), hx(h1, 4), hx(h1, 0), DASH,
    HEX_CHARS[((h2 >>> 28) & 0x3) | 0x8] as number, hx(h2, 24), hx(h2, 20), hx(h2, 16), DASH,
    hx(h2, 12), hx(h2, 8), hx(h2, 4), hx(h2, 0),
    hx(h3, 28), hx(h3, 24), hx(h3, 20), hx(h3, 16), hx(h3, 12), hx(h3, 8), hx(h3, 4), hx(h3, 0),
  );
}

export const HEX_CHARS: readonly number[] = Array.from('0123456789abcdef', (ch) => ch.charCodeAt(0));
const DASH = 0x2d;
const VERSION_4 = 0x34;

/** hx is the code of n's hex digit at bit `shift` (28 is the most significant of the 8). */
function hx(n: number, shift: number): number {
  return HEX_CHARS[(n >>> shift) & 0xf] as number;
}
