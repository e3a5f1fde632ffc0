import { describe, expect, it } from 'vitest';
import { fileNameFor } from './fileExport.ts';
import { formatBytes, readFilesAsText, type TextSource } from './readFiles.ts';

const file = (name: string, text: string): TextSource => ({
  name,
  size: text.length,
  text: async () => text,
});

describe('readFilesAsText', () => {
  it('reads one file as it is, without trailing blank lines', async () => {
    expect(await readFilesAsText([file('a.yaml', 'kind: Deployment\n\n')])).toEqual({
      ok: true,
      text: 'kind: Deployment',
      names: ['a.yaml'],
    });
  });

  it('joins several files as YAML documents', async () => {
    const r = await readFilesAsText([
      file('d.yaml', 'kind: Deployment\n'),
      file('s.yaml', 'kind: Service\n'),
    ]);
    expect(r).toEqual({
      ok: true,
      text: 'kind: Deployment\n---\nkind: Service',
      names: ['d.yaml', 's.yaml'],
    });
  });

  it('refuses files over the limit without reading them', async () => {
    let read = false;
    const big: TextSource = {
      name: 'big.yaml',
      size: 2 * 1024 * 1024,
      text: async () => {
        read = true;
        return '';
      },
    };
    expect(await readFilesAsText([big])).toEqual({
      ok: false,
      reason: 'tooLarge',
      count: 1,
      name: 'big.yaml',
      size: '2.0 MiB',
      limit: '1.0 MiB',
    });
    expect(read).toBe(false);
  });

  it('names the file that could not be read', async () => {
    const broken: TextSource = { name: 'x.yaml', size: 3, text: () => Promise.reject(new Error('gone')) };
    expect(await readFilesAsText([broken])).toEqual({
      ok: false,
      reason: 'unreadable',
      name: 'x.yaml',
      why: 'gone',
    });
  });

  it('counts several files over the limit together', async () => {
    const half = { name: 'a.yaml', size: 600 * 1024, text: async () => '' };
    expect(await readFilesAsText([half, { ...half, name: 'b.yaml' }])).toMatchObject({
      ok: false,
      reason: 'tooLarge',
      count: 2,
      size: '1.2 MiB',
    });
  });

  it('says so when no file was chosen', async () => {
    expect(await readFilesAsText([])).toEqual({ ok: false, reason: 'noFile' });
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [1023, '1023 bytes'],
    [1536, '1.5 KiB'],
    [3 * 1024 * 1024, '3.0 MiB'],
  ])('formats %i as %s', (n, text) => {
    expect(formatBytes(n)).toBe(text);
  });
});

describe('fileNameFor', () => {
  it.each([
    ['Seed — nginx, 10 replicas, 25% / 25%', 'seed-nginx-10-replicas-25-25.yaml'],
    ['滚动更新 maxSurge 0', '滚动更新-maxsurge-0.yaml'],
    ['  --  ', 'scenario.yaml'],
    ['', 'scenario.yaml'],
    ['../../etc/passwd', 'etc-passwd.yaml'],
    ['Deployment-web', 'deployment-web.yaml'],
  ])('turns %j into %s', (name, fileName) => {
    expect(fileNameFor(name)).toBe(fileName);
  });

  it('keeps names short', () => {
    expect(fileNameFor('a'.repeat(200))).toBe(`${'a'.repeat(80)}.yaml`);
  });
});
