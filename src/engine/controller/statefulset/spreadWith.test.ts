import { describe, expect, it } from 'vitest';
import { spreadWith } from './spreadWith.ts';

describe('spreadWith', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['gains keys at the end', { a: 1, b: 2 }, { c: 3, d: 4 }],
    ['replaces a key in its place', { a: 1, b: 2, c: 3 }, { b: 9 }],
    ['replaces and gains', { name: 'web-0', labels: { app: 'web' } }, { labels: { app: 'x' }, namespace: 'default' }],
    ['keeps integer-like keys first, as objects order them', { b: 1, 10: 'x' }, { 2: 'y', a: 0 }],
    ['keeps undefined values as keys', { a: undefined, b: 1 }, { c: undefined }],
    ['copies an empty source', {}, { hostname: 'web-0' }],
    ['takes the spread for a __proto__ key', JSON.parse('{"__proto__": 1, "a": 2}') as Record<string, unknown>, { b: 3 }],
  ])('%s as a spread does', (_, src, extra) => {
    const got = spreadWith(src, extra);
    const want = { ...src, ...extra };
    expect(Object.keys(got)).toEqual(Object.keys(want));
    expect(JSON.stringify(got)).toBe(JSON.stringify(want));
    expect(got).not.toBe(src);
  });
});
