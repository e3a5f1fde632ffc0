/**
 * Compact text pieces of the Event codec (eventCodec.ts): a uid in 19 characters of 7 bits, and
 * base-36 numbers read in place.
 */
/** A uid as the engine makes them: 32 lower-case hex digits in groups of 8-4-4-4-12. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Hex digits per packed piece (48 bits: a safe integer) and characters per piece (7 bits each). */
const PIECES: readonly [number, number][] = [
  [12, 7],
  [12, 7],
  [8, 5],
];

/**
 * packUuid is a uid as `H` and 19 characters of 7 bits each (0x80–0xFF, one byte each in a
 * Latin-1 string), not 36: every Event has its own (~17 characters an Event less).
 */
export function packUuid(v: string): string {
  const hex = v.replaceAll('-', '');
  let out = 'H';
  let at = 0;
  for (const [digits, chars] of PIECES) {
    let n = Number.parseInt(hex.slice(at, at + digits), 16);
    at += digits;
    let piece = '';
    for (let c = 0; c < chars; c++) {
      piece = String.fromCharCode(0x80 + (n % 128)) + piece;
      n = Math.floor(n / 128);
    }
    out += piece;
  }
  return out;
}

/** base36 is the number t[from..to) writes in base 36 (lower-case digits). */
export function base36(t: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = t.charCodeAt(i);
    n = n * 36 + (c <= 57 ? c - 48 : c - 87);
  }
  return n;
}

/** Each byte as two hex digits. */
const HEX: readonly string[] = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** hexOf is the low `digits` hex digits of n (digits even, n < 2^48), through HEX a byte at a time. */
function hexOf(n: number, digits: number): string {
  let out = '';
  for (let shift = digits * 4 - 8; shift >= 0; shift -= 8) out += HEX[Math.floor(n / 2 ** shift) % 256] as string;
  return out;
}

/**
 * unpackUuid is the uid packUuid packed, read from t at `from` (after the tag). Through HEX: with
 * toString(16) and padStart it took ~2.8 µs, and restoring a keyframe builds ~100,000.
 */
export function unpackUuid(t: string, from: number): string {
  let at = from;
  const hex: string[] = [];
  for (const [digits, chars] of PIECES) {
    let n = 0;
    for (let c = 0; c < chars; c++) n = n * 128 + (t.charCodeAt(at++) - 0x80);
    hex.push(hexOf(n, digits));
  }
  const [a, b, c] = hex as [string, string, string];
  // Joined: a flat string (a template of slices is a rope the engine flattens at each use).
  return [a.slice(0, 8), a.slice(8), b.slice(0, 4), b.slice(4, 8), b.slice(8) + c].join('-');
}
