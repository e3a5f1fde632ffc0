import { deflateSync, strToU8, zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { encodeBase64Url } from './base64url.ts';
import { decodeShareHash, encodeShareHash, inflateCapped, isBareLink } from './shareUrl.ts';
import type { Scenario } from './types.ts';

const scenario: Scenario = { version: 1, name: 'share me', seed: 3, cluster: { nodes: 2 }, objects: [] };
const hashOf = (text: string) => `#v1.${encodeBase64Url(deflateSync(strToU8(text)))}`;
const firstError = (hash: string) => {
  const r = decodeShareHash(hash);
  return r.ok ? '(decoded)' : r.errors[0];
};

describe('encodeShareHash', () => {
  it('writes v1, then base64url of raw DEFLATE of the JSON', () => {
    const hash = encodeShareHash(scenario);
    expect(hash).toMatch(/^#v1\.[A-Za-z0-9_-]+$/);
    // Raw DEFLATE has no zlib header: a zlib stream would start with 0x78 ("eA" in base64url).
    expect(hash.startsWith('#v1.eA')).toBe(false);
  });

  it.each<[string, { tick?: number; lang?: 'en' | 'zh-CN' }, RegExp]>([
    ['a tick', { tick: 41 }, /&t=41$/],
    ['a language', { lang: 'zh-CN' }, /&lang=zh-CN$/],
    ['both', { tick: 0, lang: 'en' }, /&t=0&lang=en$/],
  ])('appends parameters when given %s', (_what, opts, tail) => {
    expect(encodeShareHash(scenario, opts)).toMatch(tail);
  });

  it.each([-1, 1.5, Number.NaN])('leaves out a tick of %s', (tick) => {
    expect(encodeShareHash(scenario, { tick })).not.toContain('&t=');
  });

  it('gives the same hash for the same scenario', () => {
    expect(encodeShareHash(structuredClone(scenario))).toBe(encodeShareHash(scenario));
  });
});

describe('decodeShareHash', () => {
  it('reads back the scenario, tick and language when the hash is whole', () => {
    expect(decodeShareHash(encodeShareHash(scenario, { tick: 12, lang: 'zh-CN' }))).toEqual({
      ok: true,
      value: { scenario, tick: 12, lang: 'zh-CN' },
    });
  });

  it('reads a hash without the leading #', () => {
    expect(decodeShareHash(encodeShareHash(scenario).slice(1))).toEqual({ ok: true, value: { scenario } });
  });

  it('reads a lesson and its step, ignoring a lesson id or step that is not one', () => {
    expect(decodeShareHash(`${encodeShareHash(scenario)}&lesson=seed-rollout&step=3`)).toEqual({
      ok: true,
      value: { scenario, lesson: 'seed-rollout', step: 3 },
    });
    expect(decodeShareHash(`${encodeShareHash(scenario)}&lesson=<b>&step=0`)).toEqual({ ok: true, value: { scenario } });
  });

  it('ignores an unknown language and unknown parameters', () => {
    expect(decodeShareHash(`${encodeShareHash(scenario)}&lang=fr&zoom=2`)).toEqual({ ok: true, value: { scenario } });
  });

  it.each<[string, string, string]>([
    ['empty', '#', 'This link has no scenario in it (nothing after #)'],
    ['not a scenario link', '#section-2', 'This is not a Rollout Lab scenario link: the part after # should start with v1.'],
    [
      'from a newer version',
      '#v2.abcd',
      'This link was made by a newer version of Rollout Lab (v2); this version opens v1 links. Open it with the newer Rollout Lab, or ask for a link made with this one.',
    ],
    ['from version 0', '#v0.abcd', 'This link has an unknown format version (v0); this version opens v1 links.'],
    ['missing its data', '#v1.', 'This link is damaged: it has no scenario data after v1. Was it cut off or changed when it was copied?'],
    [
      'not base64url',
      '#v1.ab+/',
      'This link is damaged: its data is not base64url (character "+" at position 3 is not base64url). Was it cut off or changed when it was copied?',
    ],
    ['a bad tick', `${hashOf('{}')}&t=-1`, 'This link is damaged: its tick (t=-1) is not a whole number ≥ 0'],
    [
      'not DEFLATE data',
      `#v1.${encodeBase64Url(new Uint8Array([0xff, 0xff, 0xff, 0xff]))}`,
      'This link is damaged: its data does not decompress (invalid block type). Was it cut off or changed when it was copied?',
    ],
    ['not UTF-8', `#v1.${encodeBase64Url(deflateSync(new Uint8Array([0xc3, 0x28])))}`, 'This link is damaged: its scenario is not UTF-8 text. Was it cut off or changed when it was copied?'],
    ['not JSON', hashOf('version: 1'), 'This link is damaged: its scenario is not valid JSON (Unexpected token \'v\', "version: 1" is not valid JSON)'],
    ['an invalid scenario', hashOf('{"version":1,"name":"x","objects":[],"foo":1}'), "This link's scenario is invalid: foo: unknown field"],
  ])('explains the problem when the link is %s', (_what, hash, message) => {
    expect(firstError(hash)).toBe(message);
  });

  it('refuses zlib data when the link should hold raw DEFLATE', () => {
    expect(firstError(`#v1.${encodeBase64Url(zlibSync(strToU8('{}')))}`)).toMatch(
      /^This link is damaged: its data does not decompress \(/,
    );
  });

  it('says the link was cut off when the data ends early', () => {
    const hash = encodeShareHash(scenario);
    expect(firstError(hash.slice(0, hash.length - 8))).toMatch(
      /^This link is damaged: its data does not decompress \((unexpected EOF|unexpected end of data)\)/,
    );
  });

  it('stops inflating a zip bomb at 1 MiB', () => {
    // 8 MiB of spaces compress to about 8 KiB; the decoder must give up after 1 MiB of output.
    const bomb = deflateSync(new Uint8Array(8 * 1024 * 1024).fill(32), { level: 9 });
    expect(bomb.length).toBeLessThan(20_000);
    expect(firstError(`#v1.${encodeBase64Url(bomb)}`)).toBe(
      "This link's scenario is more than 1 MiB, over Rollout Lab's limit of 1 MiB (1,048,576 bytes) (it keeps the page responsive)",
    );
  });

  it('refuses a hash too long to hold 1 MiB of scenario', () => {
    expect(firstError(`#v1.${'A'.repeat(1_500_000)}`)).toMatch(/^This link is damaged: it is 1,500,003 characters long/);
  });
});

describe('inflateCapped', () => {
  it('returns the bytes when the output fits the cap', () => {
    const r = inflateCapped(deflateSync(strToU8('x'.repeat(5000))), 5000);
    expect(r.ok && r.bytes.length).toBe(5000);
  });

  it('reports too large when the output passes the cap by one byte', () => {
    expect(inflateCapped(deflateSync(strToU8('x'.repeat(5001))), 5000)).toEqual({
      ok: false,
      tooLarge: true,
      message: 'more than 5000 bytes',
    });
  });
});

describe('isBareLink', () => {
  it.each([
    ['#compare=maxSurge:0,100%25', true],
    ['compare=maxSurge:0,100%25', true],
    ['#compare=maxSurge:0,100%25&lang=zh-CN&present=1', true],
    ['#lesson=seed-rollout&step=3', true],
    ['#lang=zh-CN', true],
    // a field that does not read is still bare: the compare view says why
    ['#compare=surge:1,2', true],
  ])('is true for %s', (hash, bare) => {
    expect(isBareLink(hash)).toBe(bare);
  });

  it.each([
    ['nothing', ''],
    ['a lone #', '#'],
    ['a scenario', encodeShareHash(scenario)],
    ['a scenario with a compare', `${encodeShareHash(scenario)}&compare=maxSurge:0,1`],
    ['a cut-off scenario', '#v1.qwe&compare=maxSurge:0,1'],
    ['a word', '#hello'],
    ['a tick, which needs a scenario', '#t=5'],
    ['an unknown parameter', '#compare=maxSurge:0,1&x=1'],
    ['a stray part', '#compare=maxSurge:0,1&hello'],
    ['an empty value', '#compare='],
    ['an empty key', '#=1'],
  ])('is false for %s', (_what, hash) => {
    expect(isBareLink(hash)).toBe(false);
  });

  it('never holds for a hash that decodes', () => {
    const hash = encodeShareHash(scenario, { tick: 3, lang: 'zh-CN' });
    expect(decodeShareHash(hash).ok).toBe(true);
    expect(isBareLink(hash)).toBe(false);
  });
});
