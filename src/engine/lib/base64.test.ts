import { describe, expect, it } from 'vitest';
import { base64String, decodeBase64, encodeBase64, utf8Decode } from './base64.ts';

// Expected offsets follow Go's decodeQuantum (encoding/base64, read for this port): a cut-short quantum
// counts back to its start, a bad '=' names the byte before the one read.
describe('decodeBase64', () => {
  it.each([
    ['', { bytes: [] }],
    ['YQ==', { bytes: [97] }],
    ['YWI=', { bytes: [97, 98] }],
    ['YWJj', { bytes: [97, 98, 99] }],
    ['YW\nJj', { bytes: [97, 98, 99] }],
    ['abc', { errorAt: 0 }],
    ['a', { errorAt: 0 }],
    ['YWJjZ', { errorAt: 4 }],
    ['ab=c', { errorAt: 2 }],
    ['YQ=', { errorAt: 3 }],
    ['YWJj=', { errorAt: 4 }],
    ['YQ==YQ==', { errorAt: 4 }],
    ['hello world', { errorAt: 5 }],
    ['=abc', { errorAt: 0 }],
  ])('decodes %j as Go does', (s, want) => {
    expect(decodeBase64(s)).toEqual(want);
  });
});

describe('encodeBase64', () => {
  it.each([
    [[], ''],
    [[97], 'YQ=='],
    [[97, 98], 'YWI='],
    [[97, 98, 99], 'YWJj'],
  ])('encodes %j as %s', (bytes, want) => {
    expect(encodeBase64(bytes)).toBe(want);
  });

  it('round-trips UTF-8 text through base64String and utf8Decode', () => {
    for (const s of ['postgres://db:5432', 'pässwörd', '中文', '🙂x']) {
      const d = decodeBase64(base64String(s));
      expect('bytes' in d && utf8Decode(d.bytes)).toBe(s);
    }
    expect(base64String('admin')).toBe('YWRtaW4=');
  });
});
