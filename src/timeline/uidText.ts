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

/** unpackUuid is the uid packUuid packed, read from t at `from` (after the tag). */
export function unpackUuid(t: string, from: number): string {
  let hex = '';
  let at = from;
  for (const [digits, chars] of PIECES) {
    let n = 0;
    for (let c = 0; c < chars; c++) n = n * 128 + (t.charCodeAt(at++) - 0x80);
    hex += n.toString(16).padStart(digits, '0');
  }
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
