/**
 * Seeded PRNG (mulberry32). Its whole state is one uint32 kept in the engine state, so a
 * keyframe that copies the state also copies the random stream: same seed → same ticks.
 */

export interface PrngState {
  /** Current uint32 state. */
  s: number;
}

/** seedPrng turns any integer seed into a non-zero starting state. */
export function seedPrng(seed: number): PrngState {
  // Mix the seed so that seeds 1, 2, 3 start far apart in the stream.
  let s = (seed ^ 0x9e3779b9) >>> 0;
  s = Math.imul(s ^ (s >>> 16), 0x85ebca6b) >>> 0;
  s = Math.imul(s ^ (s >>> 13), 0xc2b2ae35) >>> 0;
  return { s: (s ^ (s >>> 16)) >>> 0 };
}

/** The step mulberry32 adds to its state per draw. */
const STEP = 0x6d2b79f5;

/** floatOf is mulberry32's output for a state just stepped to: a float in [0, 1). */
function floatOf(state: number): number {
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** nextFloat advances the state and returns a float in [0, 1). */
export function nextFloat(p: PrngState): number {
  p.s = (p.s + STEP) >>> 0;
  return floatOf(p.s);
}

/**
 * shuffleInPlace is a Fisher–Yates shuffle of `out` drawing j = ⌊nextFloat · (i + 1)⌋ for
 * i = n−1 … 1, the very draws a loop over nextFloat makes, with the state kept in a local until
 * the end: 600 shuffles of 5,000 slots took 80 ms through nextFloat and take 30–40 ms so.
 */
export function shuffleInPlace(p: PrngState, out: Int32Array): void {
  let s = p.s;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s + STEP) >>> 0;
    const j = Math.floor(floatOf(s) * (i + 1));
    const t = out[i] as number;
    out[i] = out[j] as number;
    out[j] = t;
  }
  p.s = s;
}

/**
 * skipDraws steps the state past k draws without making them: each draw adds STEP, so k draws add
 * k·STEP modulo 2³² (Math.imul keeps the low 32 bits). The DaemonSet's rolling update skips the
 * 4,999 draws of a 5,000-slot shuffle whose order it does not need.
 */
export function skipDraws(p: PrngState, k: number): void {
  p.s = (p.s + Math.imul(STEP, k)) >>> 0;
}

/** nextInt returns an integer in [0, n). */
export function nextInt(p: PrngState, n: number): number {
  return Math.floor(nextFloat(p) * n);
}

/** The alphabet of apimachinery's rand.String: no vowels, no confusable characters. */
export const RAND_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** randString draws n characters from RAND_ALPHABET (pod-name suffixes, as utilrand.String). */
export function randString(p: PrngState, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += RAND_ALPHABET[nextInt(p, RAND_ALPHABET.length)];
  return out;
}

const HEX_CODES = Array.from('0123456789abcdef', (c) => c.charCodeAt(0));

/**
 * hexString draws n lowercase hex digits as one flat string. Built character by character with
 * `+=`, a 16- or 36-character string is a chain of 4 or 24 ConsStrings that the heap keeps for
 * as long as the object naming it lives (about 800 bytes for a uid, kept by every pod and Event).
 */
export function hexString(p: PrngState, n: number): string {
  const codes: number[] = new Array(n);
  for (let i = 0; i < n; i++) codes[i] = HEX_CODES[nextInt(p, 16)] as number;
  return String.fromCharCode(...codes);
}

/**
 * The 36 codes of the uid uuid makes, the dashes in place: reused, as uuid makes one string of
 * them and keeps nothing. A new array for each uid (a pod's, an Event's: 60,000 in the
 * 10,000-replica rollout) was ~300 bytes made and dropped. Not engine state.
 */
const UUID_CODES: number[] = Array.from('00000000-0000-0000-0000-000000000000', (ch) => ch.charCodeAt(0));

/** uuid draws an RFC 4122 version-4 shaped UID, as the API server assigns to new objects. */
export function uuid(p: PrngState): string {
  const codes = UUID_CODES;
  // The 32 draws of nextInt(p, 16), with the state in a local as shuffleInPlace keeps it.
  let s = p.s;
  let at = 0;
  for (let i = 0; i < 32; i++) {
    s = (s + STEP) >>> 0;
    let v = Math.floor(floatOf(s) * 16);
    if (i === 12) v = 4;
    if (i === 16) v = (v & 0x3) | 0x8;
    codes[at++] = HEX_CODES[v] as number;
    // The dashes stay where they are.
    if (i === 7 || i === 11 || i === 15 || i === 19) at++;
  }
  p.s = s;
  return String.fromCharCode.apply(null, codes);
}
