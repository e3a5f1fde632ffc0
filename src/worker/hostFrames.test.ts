// WorkerHost: the frames it sends while seeking, stepping, playing and recording in the background.
import { namesText } from '../state/podBuffer.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { TestHost } from './testHost.ts';
import type { Pod } from '../engine/api/types.ts';
import { Timeline } from '../timeline/timeline.ts';
import { preset } from '../timeline/testScenarios.ts';
import { FRAME_MS, PLAYING_FRAME_MS } from './host.ts';
import { POD_VIEW_LIMIT } from './protocol.ts';
import { ownerIndex, podView } from './viewModel.ts';
import { VIEW_KINDS } from '../timeline/objectCursor.ts';

const h = new TestHost();

afterEach(() => h.dispose());

describe('WorkerHost frames', () => {
  it('shows at a seeked tick exactly the pods of the engine at that tick', () => {
    h.start();
    for (const tick of [250, 40, 400]) {
      h.ok({ type: 'seek', tick });
      h.env.advance(20);
      const view = h.env.lastView();
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
    h.start();
    h.ok({ type: 'seek', tick: 100 });
    h.ok({ type: 'step', delta: 1 });
    h.env.advance(20);
    expect(h.env.lastFrame().tick).toBe(101);
    h.ok({ type: 'step', delta: -1 });
    h.env.advance(20);
    expect(h.env.lastView().tick).toBe(100);
  });

  it('plays at virtual time × speed, light frames at most every PLAYING_FRAME_MS, full ones a few times a second', () => {
    h.start();
    h.ok({ type: 'seekTime', seconds: 29 });
    h.ok({ type: 'setSpeed', speed: 2 });
    h.env.advance(20);
    const from = h.env.posted.length;
    h.ok({ type: 'play' });
    h.env.advance(1000);
    const frames = h.env.posted.slice(from).filter((p) => p.message.type === 'frame');
    const f = h.env.lastFrame();
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
    h.start();
    h.ok({ type: 'setSpeed', speed: 0 });
    h.ok({ type: 'play' });
    h.env.advance(200);
    h.ok({ type: 'pause' });
    h.env.advance(20);
    const paused = h.env.lastFrame();
    expect(paused.playing).toBe(false);
    h.env.advance(200);
    expect(h.env.lastView().tick).toBe(paused.tick);
    h.ok({ type: 'play' });
    h.env.settle();
    const end = h.env.lastFrame();
    expect(end.playing).toBe(false);
    expect(end.recording).toBe('until');
    expect(end.tick).toBe(end.totalTicks);
  });

  it('records the whole run in the background and sends the chart as increments', () => {
    h.start();
    h.env.settle();
    const frames = h.env.frames();
    const series = frames.flatMap((f) => f.derived?.series ?? []);
    const t = new Timeline(preset('seed'));
    t.record();
    expect(h.env.lastFrame().totalTicks).toBe(t.length);
    expect(series.at(-1)?.tick).toBeLessThanOrEqual(t.length);
    expect(new Set(series.map((p) => p.tick)).size).toBe(series.length);
    const rs = frames.flatMap((f) => f.derived?.watch.rs ?? []);
    expect(rs[0]?.text).toMatch(/^NAME\s+DESIRED\s+CURRENT\s+READY\s+AGE$/);
  });

  it('packs the pods of a big cluster into transferred typed arrays', () => {
    h.fresh();
    const s = preset('seed');
    const big = {
      ...s,
      objects: s.objects.map((o) => ('spec' in o ? { ...o, spec: { ...o.spec, replicas: 1500 } } : o)),
    };
    h.ok({ type: 'load', text: JSON.stringify(big), presetId: null, tick: 6000 });
    h.env.advance(20);
    const first = h.env.posted.find((p) => p.message.type === 'frame' && p.message.packed !== null);
    const f = first?.message;
    if (f?.type !== 'frame') throw new Error('no packed frame');
    expect(f.podCount).toBeGreaterThan(POD_VIEW_LIMIT);
    expect(f.view?.pods).toEqual([]);
    expect(f.packed?.count).toBe(f.podCount);
    expect(namesText(f.packed?.names ?? '').split('\n')).toHaveLength(f.podCount);
    expect(first?.transfer).toHaveLength(4);
    h.ok({ type: 'seek', tick: f.tick });
    h.env.advance(20);
    expect(h.env.lastFrame().packed?.names).toBeNull();
    // Once the recording is done (13,671 ticks), seeks into the rollout: the first finds new slots
    // (a string), the next other pods (9,000: 1,875 of them), whose names go as bytes, transferred.
    h.env.advance(5000);
    const from = h.env.posted.length;
    for (const tick of [7000, 8000, 9000, 10000]) {
      h.ok({ type: 'seek', tick });
      h.env.advance(20);
    }
    const withNames = h.env.posted
      .slice(from)
      .filter((p) => p.message.type === 'frame' && p.message.packed?.names);
    const sent = withNames.at(-1);
    const packed = sent?.message.type === 'frame' ? sent.message.packed : null;
    const names = packed?.names;
    expect(names).toBeInstanceOf(Uint8Array);
    expect(sent?.transfer).toContain((names as Uint8Array).buffer);
    expect(namesText(names as Uint8Array).split('\n')).toHaveLength(packed?.count ?? -1);
  });
});
