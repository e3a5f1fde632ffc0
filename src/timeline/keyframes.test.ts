import { describe, expect, it } from 'vitest';
import { KeyframeList, MIN_TICKS, OWN_ENTRIES_PER_TICK } from './keyframes.ts';
import type { Scenario } from '../scenario/types.ts';
import type { TickRecord } from '../engine/sim.ts';
import { freshRun, preset } from './testScenarios.ts';
import { Timeline } from './timeline.ts';

/** scaled is a preset with its workload at `replicas`. */
function scaled(id: string, replicas: number): Scenario {
  const s = preset(id);
  return { ...s, objects: s.objects.map((o) => ('spec' in o && 'replicas' in (o.spec ?? {}) ? { ...o, spec: { ...o.spec, replicas } } : o)) } as Scenario;
}

describe('KeyframeList.due', () => {
  it.each([
    // A keyframe packed alone owns all its entries: the bigger state waits longer for the next one.
    ['seed', 300, 2000],
    ['statefulset-parallel', 100, 600],
  ])('waits own / OWN_ENTRIES_PER_TICK ticks after a keyframe, however slow the ticks (%s, %i replicas, tick %i)', (id, replicas, tick) => {
    const { st } = freshRun(scaled(id, replicas), tick);
    const list = new KeyframeList(null);
    list.add(st);
    const own = (list.list[0]?.state.own ?? 0) / OWN_ENTRIES_PER_TICK;
    const wait = Math.ceil(Math.max(MIN_TICKS, own));
    expect(own).toBeGreaterThan(MIN_TICKS);
    let due = 0;
    // Every tick wrote 10,000 objects: the work rule alone would take one each MIN_TICKS ticks.
    const heavy = { writes: { length: 10_000 } } as unknown as TickRecord;
    for (let k = 1; due === 0 && k < 10_000; k++) {
      list.stepped(heavy);
      if (list.due(st.tick + k)) due = k;
    }
    expect(due).toBe(wait);
  });
});

describe('KeyframeList placement', () => {
  it.each([
    ['seed', 300],
    ['statefulset-parallel', 100],
  ])('keeps the same keyframes whatever the wall clock says (%s, %i replicas)', (id, replicas) => {
    const ticksOf = (clock: () => number): number[] => {
      const tl = new Timeline(scaled(id, replicas), { clock });
      tl.record({ untilTick: 4000 });
      return tl.keyframes.list.map((k) => k.tick);
    };
    let slow = 0;
    const quiet = ticksOf(() => 0);
    // A machine a thousand times busier: each reading of the clock 50 ms after the last.
    const busy = ticksOf(() => (slow += 50));
    expect(quiet.length).toBeGreaterThan(2);
    expect(busy).toEqual(quiet);
  });
});
