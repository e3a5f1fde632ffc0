import { describe, expect, it } from 'vitest';
import type { Decision } from '../engine/api/decision.ts';
import { StringTable } from './stringTable.ts';
import { TickDecisions } from './tickDecisions.ts';

const d = (fn: string, key: string, values: Decision['values']): Decision => ({ fn, key, values });

describe('TickDecisions', () => {
  const ticks: Decision[][] = [
    [],
    [d('syncReplicaSet', 'diff', { want: 3, have: 1 }), d('syncReplicaSet', 'diff', { want: 3, have: 2 })],
    [],
    [d('addPod', 'worker', { pod: 'web-0', probe: 'readiness', first: 2.15 }), d('syncReplicaSet', 'diff', { have: 1, want: 3 })],
    [d('scheduleOne', 'fit', { node: 'node-1', ok: true, reason: null })],
  ];
  it.each(ticks.map((t, k) => [k, t] as const))('gives back tick %i\'s decisions, value names in their order', (k, want) => {
    const log = new TickDecisions();
    for (const t of ticks) log.push(t);
    const got = log.at(k);
    expect(got).toEqual(want);
    expect(got.map((x) => Object.keys(x.values))).toEqual(want.map((x) => Object.keys(x.values)));
  });

  it.each([0, 1, 3, 5])('keeps the first %i ticks after truncate, and appends after them', (k) => {
    const log = new TickDecisions();
    for (const t of ticks) log.push(t);
    log.truncate(k);
    log.trim();
    const last = [d('gc', 'orphan', { pod: 'web-9' })];
    log.push(last);
    for (let i = 0; i < k; i++) expect(log.at(i)).toEqual(ticks[i]);
    expect(log.at(k)).toEqual(last);
  });
});

describe('StringTable', () => {
  it.each([
    [['a', 'b', 'a'], [0, 1, 0]],
    [['x', 'x', 'y', 'x'], [0, 0, 1, 0]],
  ])('numbers %j as %j, before and after trim', (strings, want) => {
    const t = new StringTable();
    expect(strings.map((s) => t.add(s))).toEqual(want);
    t.trim();
    expect(strings.map((s) => t.add(s))).toEqual(want);
    expect(want.map((i) => t.at(i))).toEqual(strings);
  });
});
