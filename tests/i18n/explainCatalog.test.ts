// The UI's Explain templates against the engine: every decision the engine emits has an English
// sentence (the engine's catalogues or src/i18n/explain.en.ts) and a zh-CN template with the same
// placeholders. The emitted (fn, key) pairs are read from the `decide(` calls in src/engine.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_DECISION_CATALOGS } from '../../src/engine/explain.ts';
import { EXPLAIN_EN } from '../../src/i18n/explain.en.ts';
import { EXPLAIN_ZH_CN } from '../../src/i18n/explain.zh-CN.ts';

type Catalog = Readonly<Record<string, Readonly<Record<string, string>>>>;
const ENGINE: readonly Catalog[] = ALL_DECISION_CATALOGS;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** emittedDecisions reads every `decide(log, fn, key, …)` call: fn literal or the nearest `const fn = '…'`. */
function emittedDecisions(): { fn: string; key: string; where: string }[] {
  const out: { fn: string; key: string; where: string }[] = [];
  for (const file of files('src/engine')) {
    const src = readFileSync(file, 'utf8');
    const call = /\bdecide\(\s*[\w.?]+\s*,\s*('([^']+)'|(\w+))\s*,\s*([^,{)]+)/g;
    for (const m of src.matchAll(call)) {
      if (file.endsWith('decision.ts')) continue; // the definition itself
      let fn = m[2];
      if (!fn) {
        const before = src.slice(0, m.index);
        const consts = [...before.matchAll(new RegExp(`const ${m[3]} = '([^']+)'`, 'g'))];
        fn = consts.at(-1)?.[1];
      }
      const keys = [...(m[4] ?? '').matchAll(/'([^']+)'/g)].map((k) => k[1] as string);
      for (const key of keys) out.push({ fn: fn ?? `?${m[3]}`, key, where: file });
    }
  }
  return out;
}

/** placeholders of a template in either syntax: `{name}` (engine) or `{{name}}` (i18next). */
function placeholders(template: string): string[] {
  return [...new Set([...template.matchAll(/\{\{?\s*([A-Za-z0-9_]+)\s*\}?\}/g)].map((m) => m[1] as string))].sort();
}

function pairs(catalog: Catalog): [string, string, string][] {
  return Object.entries(catalog).flatMap(([fn, keys]) =>
    Object.entries(keys).map(([key, t]) => [fn, key, t] as [string, string, string]),
  );
}

const engineTemplate = (fn: string, key: string) => ENGINE.map((c) => c[fn]?.[key]).find((t) => t !== undefined);
const emitted = emittedDecisions();

describe('emittedDecisions', () => {
  it('finds the decisions of the three controllers', () => {
    const fns = new Set(emitted.map((d) => d.fn));
    for (const fn of ['reconcileOldReplicaSets', 'manageReplicas', 'rollingUpdate', 'syncDeployment']) {
      expect(fns, fn).toContain(fn);
    }
    expect(emitted.filter((d) => d.fn.startsWith('?'))).toEqual([]);
  });
});

describe('English Explain templates', () => {
  it('has an English sentence for every decision the engine emits', () => {
    const missing = emitted.filter((d) => !engineTemplate(d.fn, d.key) && !EXPLAIN_EN[d.fn]?.[d.key]);
    expect(missing).toEqual([]);
  });

  it('adds English only where the engine has none, so the engine text stays the English source', () => {
    const duplicated = pairs(EXPLAIN_EN).filter(([fn, key]) => engineTemplate(fn, key) !== undefined);
    expect(duplicated).toEqual([]);
    const unused = pairs(EXPLAIN_EN).filter(([fn, key]) => !emitted.some((d) => d.fn === fn && d.key === key));
    expect(unused).toEqual([]);
  });
});

describe('zh-CN Explain templates', () => {
  const english: [string, string, string][] = [...ENGINE.flatMap(pairs), ...pairs(EXPLAIN_EN)];

  it.each(english)('translates %s.%s with the same placeholders', (fn, key, template) => {
    const zh = EXPLAIN_ZH_CN[fn]?.[key];
    expect(zh, `${fn}.${key}`).toBeTypeOf('string');
    expect(placeholders(zh ?? '')).toEqual(placeholders(template));
  });

  it('holds no template the engine does not know', () => {
    const known = new Set(english.map(([fn, key]) => `${fn}.${key}`));
    expect(pairs(EXPLAIN_ZH_CN).filter(([fn, key]) => !known.has(`${fn}.${key}`))).toEqual([]);
  });

  it('uses only i18next {{name}} placeholders', () => {
    const single = pairs({ ...EXPLAIN_ZH_CN }).filter(([, , t]) => /(^|[^{])\{[A-Za-z]/.test(t));
    expect(single).toEqual([]);
  });
});

describe('sourceUrl', () => {
  it('links every function the engine explains to its Kubernetes source file', async () => {
    const { sourceUrl } = await import('../../src/ui/explain/sourceLinks.ts');
    const fns = new Set([...ENGINE.flatMap((c) => Object.keys(c)), ...emitted.map((d) => d.fn)]);
    expect([...fns].filter((fn) => sourceUrl(fn) === null)).toEqual([]);
  });
});
