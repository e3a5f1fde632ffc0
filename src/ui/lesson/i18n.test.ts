import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en as ui } from '../../i18n/en.ts';
import { LESSON_STRINGS } from './i18n.ts';

function leaves(o: object, prefix = ''): [string, string][] {
  return Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );
}
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('LESSON_STRINGS', () => {
  const en = new Map(leaves(LESSON_STRINGS.en));
  const zh = new Map(leaves(LESSON_STRINGS['zh-CN']));

  it('has the same keys in English and Chinese', () => {
    expect([...zh.keys()]).toEqual([...en.keys()]);
  });

  it.each([...en.keys()])('keeps the placeholders of %s in Chinese', (key) => {
    expect(placeholders(zh.get(key) ?? '')).toEqual(placeholders(en.get(key) ?? ''));
  });

  it('holds every key the lesson components ask for (teach.* from the page’s strings)', () => {
    const dir = 'src/ui/lesson';
    const used = new Set<string>();
    for (const name of readdirSync(dir).filter((n) => /\.tsx?$/.test(n) && !n.includes('.test.'))) {
      for (const m of readFileSync(join(dir, name), 'utf8').matchAll(/\bt\(\s*'([a-zA-Z]+\.[\w.]+)'/g))
        used.add(m[1] as string);
    }
    const page = new Set(leaves(ui).map(([k]) => k));
    expect([...used].filter((k) => !en.has(k) && !page.has(k))).toEqual([]);
    expect(used.size).toBeGreaterThan(20);
  });
});
