/**
 * base64url (RFC 4648 §5, no padding) over bytes, without `btoa`/`atob`: those need a binary
 * string of the whole input, and building one with `String.fromCharCode(...bytes)` overflows the
 * call stack on large inputs. Output is built in chunks and joined once.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** DECODE[c] is the 6-bit value of character code c, or -1 when c is not in the alphabet. */
const DECODE: Int8Array = (() => {
  const t = new Int8Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) t[ALPHABET.charCodeAt(i)] = i;
  return t;
})();

/** Characters built per chunk before joining (keeps intermediate strings small). */
const CHUNK = 8192;

/** encodeBase64Url encodes bytes as base64url without padding: 3 bytes → 4 characters. */
export function encodeBase64Url(bytes: Uint8Array): string {
  const chunks: string[] = [];
  let chunk: string[] = [];
  const n = bytes.length;
  for (let i = 0; i < n; i += 3) {
    const b0 = bytes[i] as number;
    const b1 = i + 1 < n ? (bytes[i + 1] as number) : 0;
    const b2 = i + 2 < n ? (bytes[i + 2] as number) : 0;
    const v = (b0 << 16) | (b1 << 8) | b2;
    chunk.push(ALPHABET[(v >> 18) & 63] as string, ALPHABET[(v >> 12) & 63] as string);
    if (i + 1 < n) chunk.push(ALPHABET[(v >> 6) & 63] as string);
    if (i + 2 < n) chunk.push(ALPHABET[v & 63] as string);
    if (chunk.length >= CHUNK) {
      chunks.push(chunk.join(''));
      chunk = [];
    }
  }
  chunks.push(chunk.join(''));
  return chunks.join('');
}

/**
 * decodeBase64Url decodes base64url text (padding `=` tolerated at the end), or returns a
 * message saying what is wrong. A length of 4k+1 characters cannot come from any byte string.
 */
export function decodeBase64Url(text: string): { ok: true; bytes: Uint8Array } | { ok: false; message: string } {
  const s = text.replace(/={1,2}$/, '');
  if (s.length % 4 === 1) return { ok: false, message: `its length (${s.length} characters) is impossible for base64url` };
  const out = new Uint8Array(Math.floor((s.length * 3) / 4));
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const v = c < 128 ? (DECODE[c] as number) : -1;
    if (v < 0) {
      return { ok: false, message: `character ${JSON.stringify(s[i])} at position ${i + 1} is not base64url` };
    }
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return { ok: true, bytes: out.subarray(0, o) };
}
