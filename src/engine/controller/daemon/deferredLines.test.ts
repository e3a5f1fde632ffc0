import { describe, expect, it } from 'vitest';
import type { Decision } from '../../api/decision.ts';
import { deferLines } from './deferredLines.ts';

const line = (key: string, n = 0): Decision => ({ fn: 'rollingUpdate', key, values: { n } });

/** tick builds a log of a, a deferred run [b1, b2], then c (appended through the view), and counts expansions. */
function tick(): { tx: { decisions: Decision[] }; raw: Decision[]; expansions: () => number } {
  const raw: Decision[] = [line('a')];
  const tx = { decisions: raw };
  let expanded = 0;
  deferLines(tx, () => {
    expanded++;
    return [line('b', 1), line('b', 2)];
  });
  tx.decisions.push(line('c'));
  return { tx, raw, expansions: () => expanded };
}

const want = [line('a'), line('b', 1), line('b', 2), line('c')];

describe('deferLines', () => {
  it.each<[string, (log: Decision[]) => unknown, unknown]>([
    ['length', (log) => log.length, 4],
    ['an index', (log) => log[2], line('b', 2)],
    ['map', (log) => log.map((d) => d.key).join(''), 'abbc'],
    ['iteration', (log) => [...log], want],
    ['JSON', (log) => JSON.parse(JSON.stringify(log)), want],
    ['Array.isArray', (log) => Array.isArray(log), true],
    ['Object.keys', (log) => Object.keys(log), ['0', '1', '2', '3']],
  ])('shows the deferred lines in their place when read by %s', (_name, read, expected) => {
    expect(read(tick().tx.decisions)).toEqual(expected);
  });

  it('makes the lines once, on the first read, not on an append', () => {
    const t = tick();
    t.tx.decisions.push(line('d'));
    expect(t.expansions()).toBe(0);
    expect(t.tx.decisions).toEqual([...want, line('d')]);
    expect(t.tx.decisions.length).toBe(5);
    expect(t.expansions()).toBe(1);
  });

  it('keeps the order of appends made to the array itself and of a second run in the same tick', () => {
    const t = tick();
    t.raw.push(line('d'));
    deferLines(t.tx, () => [line('e', 1)]);
    t.tx.decisions.push(line('f'));
    expect(t.tx.decisions.map((d) => d.key).join('')).toBe('abbcdef');
  });

  it('leaves the array itself holding the lines once read', () => {
    const t = tick();
    void t.tx.decisions.length;
    expect(t.raw).toEqual(want);
  });
});
