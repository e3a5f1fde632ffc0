import { describe, expect, it } from 'vitest';
import { createEngine, nextEventTime, step } from '../engine/sim.ts';
import { toSimConfig } from '../scenario/toSimConfig.ts';
import type { Action, Scenario } from '../scenario/types.ts';
import { diffStates, stateDigest } from './digest.ts';
import { forkScenario } from './rebase.ts';
import { firstRecordDiff, freshRun, numbers, preset } from './testScenarios.ts';
import { Timeline } from './timeline.ts';

const SCENARIOS = ['seed', 'daemonset-rolling', 'nodes-coming-and-going', 'broken-image', 'rollback'];

function recorded(s: Scenario, keyframeEvery: number | null = 50): Timeline {
  const t = new Timeline(s, { keyframeEvery });
  t.record();
  return t;
}

describe('Timeline.record', () => {
  it('records the same ticks as the engine run from scratch', () => {
    const s = preset('seed');
    const t = recorded(s);
    const { records } = freshRun(s, t.length);
    expect(t.end).toBe('until');
    expect(firstRecordDiff(t.records.slice(), records)).toBeNull();
  });

  it('stops at the tick cap and says so', () => {
    const t = new Timeline(preset('seed'), { maxTicks: 100 });
    t.record();
    expect(t.length).toBe(100);
    expect(t.end).toBe('cap');
  });

  it('records in chunks up to a tick or a time', () => {
    const t = new Timeline(preset('seed'));
    t.record({ untilTick: 40 });
    expect(t.length).toBe(40);
    t.record({ untilTimeMs: 31_000 });
    expect(t.endTimeMs()).toBeGreaterThanOrEqual(31_000);
    expect(t.timeAt(t.length - 1)).toBeLessThan(31_000);
  });
});

/**
 * A node deleted under a rollout: 40 s later PodGC writes each of its pods Failed, then deletes
 * it, two writes of one pod in one tick (what a seek must replay as the engine ran it).
 */
function nodeDeleted(): Scenario {
  const s = preset('seed');
  return { ...s, name: 'node deleted', actions: [...(s.actions ?? []), { at: 45, kubectl: 'delete node node-1' }] };
}

describe('Timeline.engineAt', () => {
  it('equals a fresh run at the ticks around a pod written and deleted in one tick (PodGC)', () => {
    const s = nodeDeleted();
    const t = recorded(s, 37);
    const fresh = freshRun(s, t.length);
    const gc = fresh.records.findIndex((r) => r.writes.some((w) => w.type === 'MODIFIED' && w.object.kind === 'Pod' && w.object.status?.phase === 'Failed'));
    expect(gc).toBeGreaterThan(0);
    const rec = fresh.records[gc] as (typeof fresh.records)[number];
    expect(rec.writes.filter((w) => w.object.kind === 'Pod').map((w) => w.type)).toContain('DELETED');
    for (const i of [gc, gc + 1, gc + 2, gc + 40]) {
      expect(diffStates(t.engineAt(i), freshRun(s, i).st)).toEqual([]);
      expect(diffStates(t.engineAt(i + 1), freshRun(s, i + 1).st)).toEqual([]);
    }
  });

  it.each(SCENARIOS)('equals a fresh run stopped at random ticks (%s)', (id) => {
    const s = preset(id);
    const t = recorded(s, 37);
    for (const i of [0, 1, t.length, ...numbers(id.length, 6, 0, t.length)]) {
      const seek = t.engineAt(i);
      const fresh = freshRun(s, i).st;
      expect(diffStates(seek, fresh)).toEqual([]);
    }
  });

  it('equals a fresh run with adaptive keyframes', () => {
    const s = preset('seed');
    const t = recorded(s, null);
    expect(t.keyframes.list.length).toBeGreaterThan(1);
    for (const i of numbers(5, 5, 0, t.length)) expect(stateDigest(t.engineAt(i))).toBe(stateDigest(freshRun(s, i).st));
  });

  it('never changes a keyframe: stepping a seek result leaves the next seek intact', () => {
    const s = preset('seed');
    const t = recorded(s, 20);
    const a = t.engineAt(45);
    const before = stateDigest(t.engineAt(45));
    for (let k = 0; k < 30; k++) step(a);
    expect(stateDigest(t.engineAt(45))).toBe(before);
  });

  it('steps the state kept while following the playhead on to later ticks, as a fresh run', () => {
    const s = preset('seed');
    const t = new Timeline(s, { keyframeEvery: 400 });
    t.record();
    // 151 follows 150 and is kept, 190 steps it on; 120 goes back; 380 follows 120 and is kept;
    // 401 has a nearer keyframe; 420 follows it; 419 goes back; the fork at 430 steps 420 on.
    for (const i of [150, 151, 190, 120, 380, 401, 420, 419]) {
      const seek = t.engineAt(i);
      expect(diffStates(seek, freshRun(s, i).st)).toEqual([]);
      // The caller owns the result: spoiling it must not change the next answer.
      seek.store.objects.Pod.clear();
      seek.prng.s ^= 1;
    }
    const f = t.fork(430, [SCALE]);
    if (!f.ok) throw new Error(f.output);
    t.record();
    for (const i of [431, 440]) expect(diffStates(t.engineAt(i), freshRun(f.scenario, i).st)).toEqual([]);
  });

  it.each([
    ['seed', 37],
    ['rollback', null],
  ] as const)('gives the stopped recording\'s last state, kept packed, as a fresh run (%s, keyframes %s)', (id, every) => {
    const s = preset(id);
    const t = recorded(s, every);
    expect(t.end).not.toBeNull();
    const fresh = freshRun(s, t.length).st;
    expect(t.liveTick()).toBe(t.length);
    expect(t.nextEventMs()).toBe(nextEventTime(fresh));
    const a = t.engineAt(t.length);
    expect(diffStates(a, fresh)).toEqual([]);
    // The caller owns it: spoiling it must not change the next answer.
    a.store.objects.Pod.clear();
    step(a);
    expect(diffStates(t.engineAt(t.length), fresh)).toEqual([]);
    expect(t.record()).toBe(0);
  });

  it('is the identity to step back then forward', () => {
    const t = recorded(preset('seed'), 16);
    for (const i of numbers(3, 5, 1, t.length - 1)) {
      const here = stateDigest(t.engineAt(i));
      t.engineAt(i - 1);
      expect(stateDigest(t.engineAt(i))).toBe(here);
      const back = t.engineAt(i - 1);
      step(back);
      expect(stateDigest(back)).toBe(here);
    }
  });
});

const SCALE: Action = { at: 0, kubectl: 'scale deployment/nginx-deployment-roll01 --replicas=6' };
const SURGE: Action = {
  at: 0,
  kubectl: `patch deployment/nginx-deployment-roll01 -p '{"spec":{"strategy":{"rollingUpdate":{"maxSurge":0}}}}'`,
};

describe('Timeline.fork', () => {
  it.each([
    ['before the scenario action', 30, SCALE],
    ['during the rollout', 0.6, SURGE],
    ['at the last tick', 1, SCALE],
    ['at the first tick', 1e-9, SCALE],
  ])('equals a fresh run of the forked scenario when forking %s', (_name, where, action) => {
    const s = preset('seed');
    const t = recorded(s, 25);
    const i = where > 1 ? t.tickAtTime(where * 1000 - 1) : Math.max(1, Math.round(where * t.length));
    const time = t.timeAt(i);
    const before = t.records.slice(0, i).map((r) => JSON.stringify(r));
    const r = t.fork(i, [action]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.actionMs).toBe(time + 1);
    const plan = forkScenario(s, time, [action]);
    expect(r.scenario).toEqual(plan.scenario);
    t.record();
    const fresh = recorded(r.scenario);
    expect(t.length).toBe(fresh.length);
    expect(t.records.slice(0, i).map((x) => JSON.stringify(x))).toEqual(before);
    expect(firstRecordDiff(t.records.slice(), fresh.records.slice())).toBeNull();
    for (const k of [i, ...numbers(i + 1, 4, 0, t.length)]) {
      expect(diffStates(t.engineAt(k), freshRun(r.scenario, k).st)).toEqual([]);
    }
  });

  it('keeps the scripted actions after a change before the run (time 0) when asked, and still equals a fresh run', () => {
    const s = preset('seed');
    const t = recorded(s, 25);
    // The last tick at time 0: the scenario's objects exist, nothing else has happened.
    const r = t.fork(t.tickAtTime(0), [SURGE], undefined, true);
    if (!r.ok) throw new Error(r.output);
    expect(r.actionMs).toBe(1);
    expect(r.scenario.actions).toEqual([{ ...SURGE, at: 0.001 }, ...(s.actions ?? [])]);
    t.record();
    const fresh = recorded(r.scenario);
    expect(firstRecordDiff(t.records.slice(), fresh.records.slice())).toBeNull();
    // the scripted set image still runs, against the patched Deployment
    expect(t.records.slice().some((x) => x.actor === 'user' && x.summary.includes('image'))).toBe(true);
    for (const k of numbers(1, 4, 0, t.length)) expect(diffStates(t.engineAt(k), freshRun(r.scenario, k).st)).toEqual([]);
  });

  it('puts the action right after the ticks at the fork time', () => {
    const t = recorded(preset('seed'));
    const i = t.tickAtTime(35_000);
    const r = t.fork(i, [SCALE]);
    if (!r.ok) throw new Error(r.output);
    t.record({ untilTimeMs: r.actionMs });
    const action = t.records.slice().find((x) => x.time === r.actionMs);
    expect(action?.actor).toBe('user');
    expect(action?.summary).toContain('scaled');
    expect(t.records.slice(i, (action?.tick ?? 0) - 1).every((x) => x.time === t.timeAt(i))).toBe(true);
  });

  it('keeps the first edit when a second one follows at the action tick', () => {
    const s = preset('seed');
    const t = recorded(s);
    const first = t.fork(t.tickAtTime(40_000), [SCALE]);
    if (!first.ok) throw new Error(first.output);
    t.record({ untilTimeMs: first.actionMs });
    const second = t.fork(t.tickAtTime(first.actionMs), [SURGE]);
    if (!second.ok) throw new Error(second.output);
    expect(second.scenario.actions?.map((a) => ('kubectl' in a ? a.kubectl : ''))).toEqual([
      'set image deployment/nginx-deployment-roll01 nginx=nginx:1.9.3',
      SCALE.kubectl,
      SURGE.kubectl,
    ]);
    t.record();
    expect(firstRecordDiff(t.records.slice(), recorded(second.scenario).records.slice())).toBeNull();
  });

  it('refuses an action at tick 0, before the scenario objects exist', () => {
    const r = recorded(preset('seed')).fork(0, [SCALE]);
    expect(r).toEqual({ ok: false, output: expect.stringContaining('NotFound') });
  });

  it('drops the later scenario actions when forking before them', () => {
    const t = recorded(preset('seed'));
    const r = t.fork(t.tickAtTime(10_000), [SCALE]);
    expect(r.ok && r.scenario.actions?.length).toBe(1);
  });

  it.each([
    ['an object that is not there', 'scale deployment/nope --replicas=3', 'NotFound'],
    ['an invalid value', 'scale deployment/nginx-deployment-roll01 --replicas=-1', 'replicas'],
    ['a malformed line', 'frobnicate', 'unknown command'],
  ])('refuses %s and changes nothing', (_name, line, message) => {
    const t = recorded(preset('seed'));
    const before = JSON.stringify(t.records.slice());
    const scenario = t.scenario;
    const r = t.fork(100, [{ at: 0, kubectl: line }]);
    expect(r.ok).toBe(false);
    expect(r.output).toContain(message);
    expect(JSON.stringify(t.records.slice())).toBe(before);
    expect(t.scenario).toBe(scenario);
  });

  it('refuses a node action the scenario validator rejects', () => {
    const t = recorded(preset('seed'));
    const r = t.fork(50, [{ at: 0, node: { name: 'node-9', ready: false } }]);
    expect(r.ok).toBe(false);
    expect(r.output).toContain('node-9');
  });

  it('forks at the same state whatever the keyframe spacing', () => {
    const s = preset('daemonset-rolling');
    const a = recorded(s, 7);
    const b = recorded(s, 300);
    const action: Action = { at: 0, kubectl: 'set image daemonset/log-agent fluentd=fluentd:v2' };
    const i = Math.floor(a.length / 3);
    const ra = a.fork(i, [action]);
    const rb = b.fork(i, [action]);
    expect(ra.ok && rb.ok).toBe(true);
    a.record();
    b.record();
    expect(firstRecordDiff(a.records.slice(), b.records.slice())).toBeNull();
  });
});

describe('createEngine of a forked scenario', () => {
  it('schedules the new action after every event of the fork time', () => {
    const s = preset('seed');
    const t = recorded(s);
    const i = t.tickAtTime(31_000);
    const plan = forkScenario(s, t.timeAt(i), [SCALE]);
    const st = createEngine(toSimConfig(plan.scenario));
    expect(st.events.filter((e) => e.ev.type === 'action').map((e) => e.time)).toEqual([30_000, t.timeAt(i) + 1]);
  });
});
