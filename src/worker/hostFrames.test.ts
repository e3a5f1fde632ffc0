// WorkerHost: the frames it sends while seeking, stepping, playing and recording in the background.
import { afterEach, describe, expect, it } from 'vitest';
import type { Pod } from '../engine/api/types.ts';
import { Timeline } from '../timeline/timeline.ts';
import { preset } from '../timeline/testScenarios.ts';
import { FRAME_MS, PLAYING_FRAME_MS, WorkerHost } from './host.ts';
import { POD_VIEW_LIMIT } from './protocol.ts';
import type { RequestBody } from './simClient.ts';
import { FakeEnv } from './testEnv.ts';
import { ownerIndex, podView } from './viewModel.ts';
import { VIEW_KINDS } from '../timeline/objectCursor.ts';

let env: FakeEnv;
let host: WorkerHost;
let nextId = 1;

function send(body: RequestBody): number {
  const id = nextId++;
  host.handle({ ...body, id });
  return id;
}

function ok(body: RequestBody) {
  const r = env.reply(send(body));
  if (!r.ok) throw new Error(r.error);
  return r.result;
}

function start(presetId = 'seed'): void {
  env = new FakeEnv();
  host = new WorkerHost(env);
  ok({ type: 'loadPreset', presetId });
  env.advance(20);
}

afterEach(() => host?.dispose());

describe('WorkerHost frames', () => {
  it('shows at a seeked tick exactly the pods of the engine at that tick', () => {
    start();
    for (const tick of [250, 40, 400]) {
      ok({ type: 'seek', tick });
      env.advance(20);
      const view = env.lastView();
      expect(view.tick).toBe(tick);
      const t = new Timeline(preset('seed'));
      const st = t.engineAt(tick);
      const objs = Object.fromEntries(VIEW_KINDS.map((k) => [k, st.store.objects[k]])) as never;
      const idx = ownerIndex(objs);
      const expected = ([...st.store.objects.Pod.values()] as Pod[])
        .sort((a, b) => a.metadata.name.localeCompare(b.metadata.name))
        .map((p) => podView(p, idx, st.now));
      expect(view.pods).toEqual(expected);
      expect(view.tickView?.tick).toBe(tick);
      expect(view.recentTicks.at(-1)?.tick).toBe(tick);
    }
  });

  it('steps one tick back and forward', () => {
    start();
    ok({ type: 'seek', tick: 100 });
    ok({ type: 'step', delta: 1 });
    env.advance(20);
    expect(env.lastFrame().tick).toBe(101);
    ok({ type: 'step', delta: -1 });
    env.advance(20);
    expect(env.lastView().tick).toBe(100);
  });

  it('plays at virtual time × speed, light frames at most every PLAYING_FRAME_MS, full ones a few times a second', () => {
    start();
    ok({ type: 'seekTime', seconds: 29 });
    ok({ type: 'setSpeed', speed: 2 });
    env.advance(20);
    const from = env.posted.length;
    ok({ type: 'play' });
    env.advance(1000);
    const frames = env.posted.slice(from).filter((p) => p.message.type === 'frame');
    const f = env.lastFrame();
    expect(f.playing).toBe(true);
    expect(f.time).toBeGreaterThan(30);
    expect(f.time).toBeLessThanOrEqual(31.05);
    const isFull = (p: (typeof frames)[number]) => p.message.type === 'frame' && p.message.view !== null;
    for (let k = 1; k < frames.length; k++) {
      const gap = (frames[k]?.at ?? 0) - (frames[k - 1]?.at ?? 0);
      expect(gap).toBeGreaterThanOrEqual(FRAME_MS);
      if (!isFull(frames[k] as (typeof frames)[number])) expect(gap).toBeGreaterThanOrEqual(PLAYING_FRAME_MS);
    }
    expect(frames.filter(isFull).length).toBeLessThanOrEqual(7);
    expect(frames.length).toBeGreaterThanOrEqual(1000 / PLAYING_FRAME_MS - 2);
  });

  it('pauses where it is and stops at the end of the run', () => {
    start();
    ok({ type: 'setSpeed', speed: 0 });
    ok({ type: 'play' });
    env.advance(200);
    ok({ type: 'pause' });
    env.advance(20);
    const paused = env.lastFrame();
    expect(paused.playing).toBe(false);
    env.advance(200);
    expect(env.lastView().tick).toBe(paused.tick);
    ok({ type: 'play' });
    env.settle();
    const end = env.lastFrame();
    expect(end.playing).toBe(false);
    expect(end.recording).toBe('until');
    expect(end.tick).toBe(end.totalTicks);
  });

  it('records the whole run in the background and sends the chart as increments', () => {
    start();
    env.settle();
    const frames = env.frames();
    const series = frames.flatMap((f) => f.derived?.series ?? []);
    const t = new Timeline(preset('seed'));
    t.record();
    expect(env.lastFrame().totalTicks).toBe(t.length);
    expect(series.at(-1)?.tick).toBeLessThanOrEqual(t.length);
    expect(new Set(series.map((p) => p.tick)).size).toBe(series.length);
    const rs = frames.flatMap((f) => f.derived?.watch.rs ?? []);
    expect(rs[0]?.text).toMatch(/^NAME\s+DESIRED\s+CURRENT\s+READY\s+AGE$/);
  });

  it('packs the pods of a big cluster into transferred typed arrays', () => {
    env = new FakeEnv();
    host = new WorkerHost(env);
    const s = preset('seed');
    const big = { ...s, objects: s.objects.map((o) => ({ ...o, spec: { ...o.spec, replicas: 1500 } })) };
    ok({ type: 'load', text: JSON.stringify(big), presetId: null, tick: 6000 });
    env.advance(20);
    const first = env.posted.find((p) => p.message.type === 'frame' && p.message.packed !== null);
    const f = first?.message;
    if (f?.type !== 'frame') throw new Error('no packed frame');
    expect(f.podCount).toBeGreaterThan(POD_VIEW_LIMIT);
    expect(f.view?.pods).toEqual([]);
    expect(f.packed?.count).toBe(f.podCount);
    expect(f.packed?.names?.split('\n')).toHaveLength(f.podCount);
    expect(first?.transfer).toHaveLength(4);
    ok({ type: 'seek', tick: f.tick });
    env.advance(20);
    expect(env.lastFrame().packed?.names).toBeNull();
  });
});
