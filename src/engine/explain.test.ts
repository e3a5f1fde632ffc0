import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_DECISION_CATALOGS } from './explain.ts';

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

describe('ALL_DECISION_CATALOGS', () => {
  it('has a template for every (fn, key) the engine emits with decide()', () => {
    const emitted = new Set<string>();
    for (const file of sources(new URL('.', import.meta.url).pathname)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/decide\([^,]+,\s*'([A-Za-z]+)',\s*'([A-Za-z]+)'/g)) {
        emitted.add(`${m[1]}.${m[2]}`);
      }
    }
    expect(emitted.size).toBeGreaterThan(40);
    const known = new Set<string>();
    for (const c of ALL_DECISION_CATALOGS) for (const [fn, keys] of Object.entries(c)) for (const k of Object.keys(keys)) known.add(`${fn}.${k}`);
    const missing = [...emitted].filter((e) => !known.has(e));
    expect(missing).toEqual([]);
  });
});
