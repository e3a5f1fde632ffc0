import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  renderSummaryNote,
  SUMMARY_KEYS,
  SUMMARY_PARAMS,
  SUMMARY_TEMPLATES,
  type SummaryKey,
  summaryNote,
  summaryNoteViews,
  appendNotes,
} from './summaryCatalog.ts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [p] : [];
  });
}

/** noted reads every `note(tx, <key>, …)` call of the engine: a literal key, or both keys of a ternary. */
function noted(): Set<string> {
  const out = new Set<string>();
  for (const file of sources(new URL('..', import.meta.url).pathname)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\bnote\(tx, ([^{]+?), \{/g)) {
      const arg = m[1] ?? '';
      const keys = /^'\w+'$/.test(arg) ? [arg] : [...arg.matchAll(/[?:] ('\w+')/g)].map((k) => k[1] as string);
      for (const k of keys) out.add(k.slice(1, -1));
    }
  }
  return out;
}

describe('SUMMARY_TEMPLATES', () => {
  it('has a template for every note the engine writes, and none that nothing writes', () => {
    const used = noted();
    expect(used.size).toBeGreaterThan(40);
    expect([...used].filter((k) => !(k in SUMMARY_TEMPLATES))).toEqual([]);
    expect(SUMMARY_KEYS.filter((k) => !used.has(k))).toEqual([]);
  });

  it('names the same placeholders in both forms of a counted template, count among them', () => {
    for (const [key, t] of Object.entries(SUMMARY_TEMPLATES)) {
      if (typeof t === 'string') continue;
      const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(t.one), key).toEqual(names(t.other));
      expect(names(t.one), key).toContain('count');
    }
  });
});

describe('renderSummaryNote', () => {
  it.each<[string, SummaryKey, Record<string, string | number>, string]>([
    ['a pod phase', 'ready', { pod: 'web-1' }, 'web-1: Ready'],
    ['a back-off in seconds', 'imagePullBackOff', { pod: 'web-1', seconds: 2.5 }, 'web-1: ImagePullBackOff (retry in 2.5s)'],
    ['one pod', 'podsCreated', { count: 1, rs: 'web-1' }, 'created 1 pod for web-1'],
    ['several pods', 'podsCreated', { count: 3, rs: 'web-1' }, 'created 3 pods for web-1'],
    ['no pods', 'orphansDeleted', { count: 0, node: 'node-2' }, 'deleted 0 orphaned pods of the deleted node node-2 (each marked Failed, DisruptionTarget DeletionByPodGC, then deleted with grace 0)'],
    ['a value used twice', 'replicaSetScaled', { rs: 'web-1', from: 10, to: 8 }, 'scaled web-1 10 → 8'],
    ['kubectl output as written', 'kubectl', { output: 'deployment.apps/web scaled' }, 'deployment.apps/web scaled'],
    ['an empty value', 'watch', { type: 'ADDED', kind: 'Pod', name: 'web-1', rv: '' }, 'watch ADDED Pod web-1 (rv )'],
  ])('renders %s', (_name, key, values, want) => {
    expect(renderSummaryNote(summaryNote(key, values as never))).toBe(want);
  });
});

describe('summaryNote', () => {
  it('packs the key index and the values in placeholder order into an exact-size array', () => {
    const n = summaryNote('bound', { node: 'node-2', pod: 'web-1' });
    expect(n).toEqual([SUMMARY_KEYS.indexOf('bound'), 'web-1', 'node-2']);
    expect(n.length).toBe(3);
    expect(SUMMARY_PARAMS[n[0] as number]).toEqual(['pod', 'node']);
  });
});

describe('summaryNoteViews', () => {
  it('unpacks the notes of a tick one after the other, by name', () => {
    const notes = appendNotes(
      appendNotes(summaryNote('watch', { type: 'ADDED', kind: 'Pod', name: 'web-1', rv: '7' }), summaryNote('ready', { pod: 'web-1' })),
      summaryNote('resync', { count: 2 }),
    );
    expect(summaryNoteViews(notes)).toEqual([
      { key: 'watch', values: { type: 'ADDED', kind: 'Pod', name: 'web-1', rv: '7' } },
      { key: 'ready', values: { pod: 'web-1' } },
      { key: 'resync', values: { count: 2 } },
    ]);
    expect(renderSummaryNote(notes, 5)).toBe('web-1: Ready');
    expect(summaryNoteViews([])).toEqual([]);
  });
});
