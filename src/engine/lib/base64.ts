// Port of Go's encoding/base64 StdEncoding (padded, newlines skipped), v1.24: how the API decodes a
// []byte field from JSON (a Secret's data, a ConfigMap's binaryData) and how it writes one back.
import { utf8Bytes } from './hash.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Int16Array(256).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

/** encodeBase64 is StdEncoding.EncodeToString of the bytes. */
export function encodeBase64(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const n = (a << 16) | (b << 8) | c;
    out += ALPHABET[(n >> 18) & 63];
    out += ALPHABET[(n >> 12) & 63];
    out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? ALPHABET[n & 63] : '=';
  }
  return out;
}

/** base64String is the base64 of a string's UTF-8 bytes: a Secret's stringData value as data stores it. */
export function base64String(s: string): string {
  return encodeBase64(utf8Bytes(s));
}

const isNewline = (c: number): boolean => c === 10 || c === 13;

/**
 * decodeBase64 is StdEncoding.DecodeString: the bytes, or the offset Go's CorruptInputError names
 * (`illegal base64 data at input byte 4`). "abc" fails at 0: a quantum cut short counts back to its
 * start; "ab=c" at 2: one '=' where two were due; "abcd=" at 4: trailing garbage after the padding.
 */
export function decodeBase64(s: string): { bytes: number[] } | { errorAt: number } {
  const out: number[] = [];
  let si = 0;
  while (si < s.length) {
    const q: number[] = [];
    let dlen = 4;
    let j = 0;
    for (; j < 4; j++) {
      if (si === s.length) {
        if (j === 0) return { bytes: out };
        return { errorAt: si - j };
      }
      const c = s.charCodeAt(si++);
      const v = c < 256 ? (DECODE[c] ?? -1) : -1;
      if (v >= 0) {
        q[j] = v;
        continue;
      }
      if (isNewline(c)) {
        j--;
        continue;
      }
      if (c !== 61 /* = */ || j < 2) return { errorAt: si - 1 };
      if (j === 2) {
        // The first '=' of "==" is read; the second must follow, newlines aside.
        while (si < s.length && isNewline(s.charCodeAt(si))) si++;
        if (si === s.length) return { errorAt: s.length };
        if (s.charCodeAt(si) !== 61) return { errorAt: si - 1 };
        si++;
      }
      while (si < s.length && isNewline(s.charCodeAt(si))) si++;
      if (si < s.length) return { errorAt: si };
      dlen = j;
      break;
    }
    const n = ((q[0] ?? 0) << 18) | ((q[1] ?? 0) << 12) | ((q[2] ?? 0) << 6) | (q[3] ?? 0);
    out.push((n >> 16) & 255);
    if (dlen > 2) out.push((n >> 8) & 255);
    if (dlen > 3) out.push(n & 255);
    if (dlen < 4) return { bytes: out };
  }
  return { bytes: out };
}

/** base64Length is the length of the bytes a base64 value holds (0 for one that does not decode: the decoder refused it first). */
export function base64Length(b64: string): number {
  const d = decodeBase64(b64);
  return 'bytes' in d ? d.bytes.length : 0;
}

/** utf8Decode reads UTF-8 bytes as a string, U+FFFD for what is not UTF-8 (as Go's string conversion prints it). */
export function utf8Decode(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i] ?? 0;
    const need = b < 0x80 ? 0 : b >= 0xf0 && b < 0xf8 ? 3 : b >= 0xe0 ? 2 : b >= 0xc0 ? 1 : -1;
    if (need < 0 || i + need >= bytes.length + (need === 0 ? 1 : 0)) {
      out += need === 0 ? String.fromCharCode(b) : '\uFFFD';
      i++;
      continue;
    }
    let cp = need === 0 ? b : b & (0x3f >> need);
    let ok = true;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k] ?? 0;
      if ((c & 0xc0) !== 0x80) ok = false;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (!ok) {
      out += '\uFFFD';
      i++;
      continue;
    }
    out += String.fromCodePoint(cp);
    i += need + 1;
  }
  return out;
}
