import { describe, expect, it } from 'vitest';
import { SCENARIO_STRINGS } from './i18n.ts';

function leaves(o: object, prefix = ''): [string, string][] {
  return Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );
}
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('SCENARIO_STRINGS', () => {
  const en = new Map(leaves(SCENARIO_STRINGS.en));
  const zh = new Map(leaves(SCENARIO_STRINGS['zh-CN']));

  it('has the same keys in English and Chinese', () => {
    expect([...zh.keys()]).toEqual([...en.keys()]);
  });

  it.each([...en.keys()])('keeps the placeholders of %s in Chinese', (key) => {
    expect(placeholders(zh.get(key) ?? '')).toEqual(placeholders(en.get(key) ?? ''));
  });

  it('translates every string that is not a proper name', () => {
    const same = [...en].filter(([k, v]) => zh.get(k) === v).map(([k]) => k);
    expect(same).toEqual([]);
  });
});
