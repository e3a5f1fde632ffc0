import { afterEach, describe, expect, it } from 'vitest';
import type { Lesson } from '../lessons/format.ts';
import { decodeShareHash } from '../scenario/shareUrl.ts';
import { WorkerHost } from './host.ts';
import type { ScenarioMessage } from './protocol.ts';
import type { RequestBody } from './simClient.ts';
import { FakeEnv } from './testEnv.ts';

let env: FakeEnv;
let host: WorkerHost;
let nextId = 1;

function ask(body: RequestBody) {
  const id = nextId++;
  host.handle({ ...body, id });
  return env.reply(id);
}

function ok(body: RequestBody) {
  const r = ask(body);
  if (!r.ok) throw new Error(r.error);
  return r.result;
}

function lastScenario(): ScenarioMessage {
  const m = [...env.posted].reverse().find((p) => p.message.type === 'scenario')?.message;
  if (m?.type !== 'scenario') throw new Error('no scenario message');
  return m;
}

const lesson: Lesson = {
  id: 'two-steps',
  title: { en: 'Two steps' },
  steps: [
    { text: { en: 'start' }, at: { tick: 0 } },
    {
      text: { en: 'the new ReplicaSet' },
      at: { decision: { fn: 'getNewReplicaSet', key: 'create', where: { revision: '2' } } },
      question: {
        text: { en: 'size?' },
        answer: { fn: 'newRSNewReplicas', key: 'rollingUpdate', value: 'newReplicasCount' },
      },
    },
  ],
};

function start(): void {
  env = new FakeEnv();
  host = new WorkerHost(env);
  ok({ type: 'loadPreset', presetId: 'seed' });
}

afterEach(() => host?.dispose());

describe('stepDecision', () => {
  it('moves to the next and previous decision, recording ahead as needed', () => {
    start();
    expect(ok({ type: 'stepDecision', direction: 1, follow: 'all' })).toEqual({ kind: 'tick', tick: 3 });
    expect(host.currentTick).toBe(3);
    expect(ok({ type: 'stepDecision', direction: 1, follow: 'deployment-controller' })).toEqual({
      kind: 'tick',
      tick: 185,
    });
    expect(ok({ type: 'stepDecision', direction: -1, follow: 'replicaset-controller' })).toEqual({
      kind: 'tick',
      tick: 13,
    });
    expect(ok({ type: 'stepDecision', direction: -1, follow: 'all' })).toEqual({ kind: 'tick', tick: 3 });
    expect(ok({ type: 'stepDecision', direction: -1, follow: 'all' })).toEqual({ kind: 'tick', tick: null });
    expect(host.currentTick).toBe(3);
  });
});

describe('lessons in the worker', () => {
  it('opens a lesson over a preset, resolves its steps and carries it in the scenario and its link', () => {
    start();
    ok({ type: 'openLesson', presetId: 'seed', text: null, lesson, tick: null });
    const m = lastScenario();
    expect(m.lesson).toEqual(lesson);
    expect(m.text).toContain('lesson:\n  id: two-steps');
    const link = decodeShareHash(m.shareHash);
    expect(link.ok && link.value.scenario.lesson).toEqual(lesson);
    const r = ok({ type: 'resolveLesson' });
    expect(r.kind === 'lessonPoints' && r.points.map((p) => [p.tick, p.answer, p.problem])).toEqual([
      [0, null, null],
      [185, 3, null],
    ]);
    expect(r.kind === 'lessonPoints' && r.points[1]?.formula[0]?.text).toBe(
      'newRSReplicas = 0 + min(replicas 10 + maxSurge 3 − currentPodCount 10, replicas 10 − 0) = 3',
    );
  });

  it('replaces or drops the lesson without re-running, and refuses one that is not a lesson', () => {
    start();
    ok({ type: 'seek', tick: 200 });
    ok({ type: 'setLesson', lesson });
    expect(lastScenario()).toMatchObject({ cause: 'fork', lesson });
    expect(host.currentTick).toBe(200);
    const bad = ask({
      type: 'setLesson',
      lesson: { ...lesson, steps: [{ text: { en: 'x' }, at: {} }] } as unknown as Lesson,
    });
    expect(bad.ok ? null : bad.error).toBe(
      'lesson.steps[0].at: must have exactly one of tick, time, decision or note',
    );
    ok({ type: 'setLesson', lesson: null });
    expect(lastScenario().lesson).toBeNull();
    expect(ask({ type: 'resolveLesson' })).toMatchObject({ ok: false, error: 'the scenario has no lesson' });
  });
});
