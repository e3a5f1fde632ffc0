import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DAEMONSET_DECISION_KEYS, renderDaemonSetDecision } from './explainCatalog.ts';

/**
 * emittedKeys scans the DaemonSet sources for decide(log, fn, key, …) calls and returns every
 * `fn/key` they can emit: fn is a literal or the nearest `const fn = '…'` above the call, and every
 * quoted word of the key argument counts (keys chosen by a ternary).
 */
function emittedKeys(): Set<string> {
  const dir = dirname(fileURLToPath(import.meta.url));
  const out = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const src = readFileSync(join(dir, file), 'utf8');
    for (const m of src.matchAll(/decide\(\s*log,\s*([^,]+),\s*([^,]+?),\s*[{\w]/g)) {
      const [, fnArg = '', keyArg = ''] = m;
      const before = src.slice(0, m.index);
      const fn = fnArg.startsWith("'") ? fnArg.slice(1, -1) : ([...before.matchAll(/const fn = '(\w+)'/g)].pop()?.[1] ?? '?');
      for (const k of keyArg.matchAll(/'(\w+)'/g)) out.add(`${fn}/${k[1]}`);
    }
  }
  return out;
}

const catalogued = new Set(
  Object.entries(DAEMONSET_DECISION_KEYS).flatMap(([fn, keys]) => Object.keys(keys).map((k) => `${fn}/${k}`)),
);

describe('DAEMONSET_DECISION_KEYS', () => {
  it('has a sentence for every decision the DaemonSet helpers record', () => {
    const emitted = emittedKeys();
    expect(emitted.size).toBeGreaterThan(40);
    expect([...emitted].filter((k) => !catalogued.has(k))).toEqual([]);
  });

  it('has no sentence that nothing records', () => {
    const emitted = emittedKeys();
    expect([...catalogued].filter((k) => !emitted.has(k))).toEqual([]);
  });
});

describe('renderDaemonSetDecision', () => {
  it.each<[string, string, string, Record<string, string | number | boolean>, string | null]>([
    ['renders a surge candidate with its numbers', 'rollingUpdate', 'surgeCandidate', { node: 'node-2', pod: 'ds-x', maxSurge: 1, numSurge: 0 }, 'maxSurge 1, numSurge 0 → node-2 is a surge candidate (old pod ds-x available)'],
    ['renders the budget arithmetic', 'rollingUpdate', 'unavailableSummary', { maxUnavailable: 2, numUnavailable: 1, remaining: 1, candidates: 3, replacements: 0 }, 'maxUnavailable 2 − numUnavailable 1 → delete 1 of 3 candidates, plus 0 unavailable old pods'],
    ['leaves a missing value as its placeholder', 'podsShouldBeOnNode', 'createMissing', {}, '{node} should run a daemon pod and has none → create one'],
    ['returns null for an unknown key', 'rollingUpdate', 'nope', {}, null],
  ])('%s', (_name, fn, key, values, want) => {
    expect(renderDaemonSetDecision({ fn, key, values })).toBe(want);
  });
});
