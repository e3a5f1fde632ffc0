// The tick summaries in the UI against the engine: every summary key the engine writes has an
// English and a zh-CN template with the same placeholders (plural forms where the engine counts),
// and the English the UI renders through i18next is the engine's own line, byte for byte.
import { describe, expect, it } from 'vitest';
import {
  renderSummaryNote,
  SUMMARY_KEYS,
  SUMMARY_PARAMS,
  SUMMARY_TEMPLATES,
  summaryNote,
} from '../../src/engine/client/summaryCatalog.ts';
import { i18next } from '../../src/i18n/index.ts';
import { SUMMARY_EN } from '../../src/i18n/summary.en.ts';
import { SUMMARY_ZH_CN } from '../../src/i18n/summary.zh-CN.ts';
import { summaryText } from '../../src/ui/explain/summaryText.ts';
import type { SummaryNoteView } from '../../src/worker/protocol.ts';

const placeholders = (s: string) => [...new Set([...s.matchAll(/\{\{?(\w+)\}?\}/g)].map((m) => m[1]))].sort();
const counted = (key: string) => typeof SUMMARY_TEMPLATES[key as keyof typeof SUMMARY_TEMPLATES] !== 'string';

/** The i18next keys a language needs for an engine key: `key`, or its plural forms. */
function keysFor(key: string, language: 'en' | 'zh-CN'): string[] {
  if (!counted(key)) return [key];
  return language === 'en' ? [`${key}_one`, `${key}_other`] : [`${key}_other`];
}

/** Sample values: every name its own text, counts 1 and 3 for counted notes. */
function samples(i: number): Record<string, string | number>[] {
  const params = SUMMARY_PARAMS[i] ?? [];
  const base: Record<string, string | number> = {};
  for (const p of params) base[p] = p === 'count' ? 1 : `<${p}>`;
  return params.includes('count') ? [base, { ...base, count: 3 }] : [base];
}

describe('summary templates', () => {
  it.each([
    ['en', SUMMARY_EN],
    ['zh-CN', SUMMARY_ZH_CN],
  ] as const)('cover every engine summary key in %s with its placeholders, and nothing else', (language, table) => {
    const wanted = SUMMARY_KEYS.flatMap((k) => keysFor(k, language).map((name) => [k, name] as const));
    for (const [key, name] of wanted) {
      expect(table[name], `${language} ${name}`).toBeTypeOf('string');
      const engine = SUMMARY_TEMPLATES[key];
      const english = typeof engine === 'string' ? engine : engine.other;
      expect(placeholders(table[name] ?? ''), `${language} ${name}`).toEqual(placeholders(english));
    }
    expect(Object.keys(table).sort()).toEqual(wanted.map(([, name]) => name).sort());
  });

  it('renders every note in English exactly as the engine writes it', () => {
    const t = i18next.getFixedT('en');
    for (let i = 0; i < SUMMARY_KEYS.length; i++) {
      for (const values of samples(i)) {
        const n = summaryNote(SUMMARY_KEYS[i] as never, values as never);
        const ui = summaryText(t, [{ key: SUMMARY_KEYS[i] as string, values }], '');
        expect(ui, SUMMARY_KEYS[i]).toBe(renderSummaryNote(n));
      }
    }
  });

  it('joins the notes of a tick as the engine joins them', () => {
    const t = i18next.getFixedT('en');
    const notes: SummaryNoteView[] = [
      { key: 'watch', values: { type: 'ADDED', kind: 'Pod', name: 'web-1', rv: '7' } },
      { key: 'bound', values: { pod: 'web-1', node: 'node-2' } },
    ];
    expect(summaryText(t, notes, '')).toBe('watch ADDED Pod web-1 (rv 7); bound web-1 to node-2');
  });

  it('renders every note in zh-CN with every value filled in', () => {
    const t = i18next.getFixedT('zh-CN');
    for (let i = 0; i < SUMMARY_KEYS.length; i++) {
      for (const values of samples(i)) {
        const zh = summaryText(t, [{ key: SUMMARY_KEYS[i] as string, values }], 'ENGLISH');
        expect(zh, SUMMARY_KEYS[i]).not.toBe('ENGLISH');
        expect(zh, SUMMARY_KEYS[i]).not.toMatch(/\{\{/);
        for (const [name, v] of Object.entries(values)) expect(zh, `${SUMMARY_KEYS[i]} ${name}`).toContain(String(v));
      }
    }
  });
});
