import { describe, expect, it } from 'vitest';
import type { PodTemplateSpec } from '../api/types.ts';
import { computeHash, deepEqual, fnv32a, safeEncodeString, stableStringify, utf8Bytes } from './hash.ts';

const template: PodTemplateSpec = {
  metadata: { labels: { app: 'nginx' } },
  spec: { containers: [{ name: 'nginx', image: 'nginx:1.8' }] },
};

describe('fnv32a', () => {
  it.each([
    ['', 0x811c9dc5],
    ['a', 0xe40c292c],
    ['foobar', 0xbf9cf968],
  ])('hashes %j to the FNV-1a reference value', (s, want) => {
    expect(fnv32a(utf8Bytes(s))).toBe(want);
  });
});

describe('utf8Bytes', () => {
  it.each([
    ['ascii', 'web-1', [0x77, 0x65, 0x62, 0x2d, 0x31]],
    ['ascii then two-byte', 'aé', [0x61, 0xc3, 0xa9]],
    ['three-byte', '中', [0xe4, 0xb8, 0xad]],
    ['a surrogate pair', '😀', [0xf0, 0x9f, 0x98, 0x80]],
  ])('encodes %s as UTF-8', (_name, s, want) => {
    expect(utf8Bytes(s)).toEqual(want);
  });
});

describe('safeEncodeString', () => {
  it('maps digits 0-9 onto 4-9 and b, c, d, f', () => {
    expect(safeEncodeString('0123456789')).toBe('456789bcdf');
  });
});

describe('computeHash', () => {
  it('uses only the safe-encoded digit alphabet when hashing a template', () => {
    expect(computeHash(template)).toMatch(/^[4-9bcdf]+$/);
  });

  it('returns the same hash when keys come in another order', () => {
    const reordered: PodTemplateSpec = {
      spec: { containers: [{ image: 'nginx:1.8', name: 'nginx' }] },
      metadata: { labels: { app: 'nginx' } },
    };
    expect(computeHash(reordered)).toBe(computeHash(template));
  });

  it('changes the hash when the collision count changes', () => {
    const h0 = computeHash(template);
    const h1 = computeHash(template, 1);
    const h2 = computeHash(template, 2);
    expect(new Set([h0, h1, h2]).size).toBe(3);
    expect(computeHash(template, 0)).not.toBe(h0);
  });

  it('changes the hash when the image changes', () => {
    const other: PodTemplateSpec = { ...template, spec: { containers: [{ name: 'nginx', image: 'nginx:1.9.3' }] } };
    expect(computeHash(other)).not.toBe(computeHash(template));
  });
});

describe('stableStringify', () => {
  it('sorts keys and drops undefined values when dumping objects', () => {
    expect(stableStringify({ b: 1, a: { d: undefined, c: [2, 'x'] } })).toBe('{"a":{"c":[2,"x"]},"b":1}');
  });
});

describe('deepEqual', () => {
  it.each([
    [{ a: 1 }, { a: 1 }, true],
    [{ a: 1 }, { a: 2 }, false],
    [{ a: {} }, {}, true],
    [{ a: [] }, { a: undefined }, true],
    [{ a: '' }, {}, false],
    [[1, 2], [2, 1], false],
  ])('compares %j and %j as %s', (a, b, want) => {
    expect(deepEqual(a, b)).toBe(want);
  });
});
