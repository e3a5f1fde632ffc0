import { describe, expect, it } from 'vitest';
import { decodeBase64Url, encodeBase64Url } from './base64url.ts';

const bytes = (...b: number[]) => new Uint8Array(b);

describe('encodeBase64Url', () => {
  it.each<[string, Uint8Array, string]>([
    ['empty', bytes(), ''],
    ['one byte', bytes(0xff), '_w'],
    ['two bytes', bytes(0xfb, 0xff), '-_8'],
    ['three bytes', bytes(0x66, 0x6f, 0x6f), 'Zm9v'],
    ['RFC 4648 "foobar"', new TextEncoder().encode('foobar'), 'Zm9vYmFy'],
  ])('encodes without padding when the input is %s', (_what, input, out) => {
    expect(encodeBase64Url(input)).toBe(out);
  });

  it('matches Node base64url when the input is 3 MiB', () => {
    const big = new Uint8Array(3 * 1024 * 1024 + 1).map((_, i) => (i * 7919) & 0xff);
    expect(encodeBase64Url(big)).toBe(Buffer.from(big).toString('base64url'));
  });
});

describe('decodeBase64Url', () => {
  it.each<[string, string, number[]]>([
    ['empty', '', []],
    ['two characters', '_w', [0xff]],
    ['padded', 'Zm9vYg==', [0x66, 0x6f, 0x6f, 0x62]],
  ])('decodes when the text is %s', (_what, text, out) => {
    const r = decodeBase64Url(text);
    expect(r.ok && Array.from(r.bytes)).toEqual(out);
  });

  it.each<[string, string, string]>([
    ['a standard base64 character', 'ab+c', 'character "+" at position 3 is not base64url'],
    ['a space', 'ab c', 'character " " at position 3 is not base64url'],
    ['a non-ASCII character', 'abé', 'character "é" at position 3 is not base64url'],
    ['an impossible length', 'abcde', 'its length (5 characters) is impossible for base64url'],
  ])('says what is wrong when the text has %s', (_what, text, message) => {
    expect(decodeBase64Url(text)).toEqual({ ok: false, message });
  });
});
