// The UI's string resources: English and Simplified Chinese hold the same keys (plural forms
// aside: English has _one/_other, Chinese only _other) and the same placeholders, and every key
// the panels ask for exists.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en.ts';
import { zhCN } from '../../src/i18n/zh-CN.ts';
import { POD_DISPLAY_PHASES } from '../../src/worker/views.ts';

type Tree = { [k: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');
const placeholders = (s: string) => [...new Set([...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]))].sort();

const EN = flatten(en as unknown as Tree);
const ZH = flatten(zhCN as unknown as Tree);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'scenario' || name === 'lesson' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('UI resources', () => {
  it('has the same keys in English and zh-CN', () => {
    const enKeys = [...new Set([...EN.keys()].map(base))].sort();
    const zhKeys = [...new Set([...ZH.keys()].map(base))].sort();
    expect(zhKeys).toEqual(enKeys);
  });

  it('gives zh-CN the _other form of every English plural', () => {
    const plurals = [...EN.keys()].filter((k) => PLURAL.test(k)).map((k) => `${base(k)}_other`);
    for (const key of new Set(plurals)) expect(ZH.has(key), key).toBe(true);
  });

  it.each([...EN.entries()])('keeps the placeholders of %s in zh-CN', (key, text) => {
    const zh = ZH.get(key) ?? ZH.get(`${base(key)}_other`);
    expect(placeholders(zh ?? ''), key).toEqual(placeholders(text));
  });

  it('has no empty string', () => {
    expect([...EN, ...ZH].filter(([, v]) => v.trim() === '')).toEqual([]);
  });

  it('names every pod phase the worker sends', () => {
    for (const phase of POD_DISPLAY_PHASES) {
      expect(EN.get(`phase.${phase}`), phase).toBeTypeOf('string');
      expect(ZH.get(`phase.${phase}`), phase).toBeTypeOf('string');
    }
  });

  it('holds every key the panels ask for with a literal t(…)', () => {
    const used = new Set<string>();
    for (const file of [...sourceFiles('src/ui'), ...sourceFiles('src/i18n')]) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z]+\.[\w.]+)'/g)) used.add(m[1] as string);
    }
    expect(used.size).toBeGreaterThan(50);
    const known = new Set([...EN.keys()].map(base));
    expect([...used].filter((k) => !known.has(k))).toEqual([]);
  });
});
