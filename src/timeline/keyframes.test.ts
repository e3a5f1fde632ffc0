import { describe, expect, it } from 'vitest';
import { KeyframeList, MIN_TICKS, OWN_ENTRIES_PER_TICK } from './keyframes.ts';
import type { Scenario } from '../scenario/types.ts';
import { freshRun, preset } from './testScenarios.ts';

/** scaled is a preset with its workload at `replicas`. */
function scaled(id: string, replicas: number): Scenario {
  const s = preset(id);
  return { ...s, objects: s.objects.map((o) => ('replicas' in (o.spec ?? {}) ? { ...o, spec: { ...o.spec, replicas } } : o)) } as Scenario;
}

describe('KeyframeList.due', () => {
  it.each([
    // A keyframe packed alone owns all its entries: the bigger state waits longer for the next one.
    ['seed', 300, 2000],
    ['statefulset-parallel', 100, 600],
  ])('waits own / OWN_ENTRIES_PER_TICK ticks after a keyframe, however slow the ticks (%s, %i replicas, tick %i)', (id, replicas, tick) => {
    const { st } = freshRun(scaled(id, replicas), tick);
    const list = new KeyframeList(null, () => 0);
    list.add(st);
    const own = (list.list[0]?.state.own ?? 0) / OWN_ENTRIES_PER_TICK;
    const wait = Math.ceil(Math.max(MIN_TICKS, own));
    expect(own).toBeGreaterThan(MIN_TICKS);
    let due = 0;
    // Every tick took 100 ms of stepping: the work rule alone would take one each MIN_TICKS ticks.
    for (let k = 1; due === 0 && k < 10_000; k++) {
      list.stepped(100);
      if (list.due(st.tick + k)) due = k;
    }
    expect(due).toBe(wait);
  });
});
