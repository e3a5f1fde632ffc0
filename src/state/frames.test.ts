import { describe, expect, it } from 'vitest';
import type { FrameMessage, FrameView } from '../worker/protocol.ts';
import {
  type ApplierClock,
  applyFrame,
  FrameApplier,
  type PackedNames,
  PLAYING_STORE_MS,
  STAGE_MS,
} from './frames.ts';
import { getPackedPods, namesText, type PackedPods, podName } from './podBuffer.ts';
import { createAppStore } from './store.ts';

const base: FrameMessage = {
  type: 'frame',
  tick: 1,
  totalTicks: 10,
  time: 0.5,
  endTime: 3,
  lastChangeTime: 2,
  playing: false,
  speed: 1,
  recording: 'recording',
  recordingNote: null,
  podCount: 0,
  packed: null,
  view: null,
  derived: null,
};

function packed(names: string | null, namesVersion: number, count = 2) {
  return {
    count,
    node: new Int32Array(count),
    phase: new Uint8Array(count),
    revision: new Int32Array(count),
    workload: new Int32Array(count),
    names,
    namesVersion,
    nodeNames: ['node-1'],
    workloadNames: ['web'],
  };
}

const noWatch = { rs: [], deploy: [], ds: [], sts: [], pods: [] };

describe('applyFrame', () => {
  it('takes the scalars of every frame and leaves the aggregates to full frames', () => {
    const store = createAppStore();
    const memo: PackedNames = { version: -1, names: '' };
    applyFrame(store, { ...base, tick: 4, time: 1.25 }, memo);
    expect(store.getState()).toMatchObject({ tick: 4, time: 1.25, totalTicks: 10, nodes: [] });
    const node = {
      name: 'node-1',
      ready: true,
      unschedulable: false,
      taints: [],
      labels: {},
      podCount: 0,
      allocatable: { cpuMilli: 4000, memoryBytes: 1, pods: 110 },
      requested: { cpuMilli: 0, memoryBytes: 0 },
    };
    const view = {
      nodes: [node],
      pods: [],
      workloads: [],
      replicaSets: [],
      expectations: [],
      queues: [],
      backoffs: [],
      tickView: null,
      recentTicks: [],
    };
    applyFrame(store, { ...base, tick: 5, view }, memo);
    expect(store.getState().nodes).toEqual([node]);
  });

  it('reuses the pod names the worker sent before when a packed frame omits them', () => {
    const store = createAppStore();
    const memo: PackedNames = { version: -1, names: '' };
    applyFrame(store, { ...base, podCount: 2, packed: packed('a\nb', 1) }, memo);
    expect(getPackedPods()?.names).toBe('a\nb');
    expect(store.getState().podsPacked).toEqual({ version: 1, count: 2 });
    applyFrame(store, { ...base, podCount: 2, packed: packed(null, 1) }, memo);
    expect(getPackedPods()?.names).toBe('a\nb');
    expect(store.getState().podsPacked).toEqual({ version: 2, count: 2 });
    applyFrame(store, base, memo);
    expect(getPackedPods()).toBeNull();
    expect(store.getState().podsPacked).toBeNull();
  });

  it('appends chart and watch increments and replaces them on a reset', () => {
    const store = createAppStore();
    const memo: PackedNames = { version: -1, names: '' };
    const p = (tick: number) => ({ tick, time: tick / 10, values: {}, strategy: {} });
    const line = (tick: number) => ({ tick, text: `row ${tick}` });
    applyFrame(
      store,
      {
        ...base,
        derived: { reset: true, series: [p(1)], markers: [], watch: { ...noWatch, rs: [line(0)] } },
      },
      memo,
    );
    applyFrame(
      store,
      {
        ...base,
        derived: { reset: false, series: [p(2)], markers: [], watch: { ...noWatch, rs: [line(2)] } },
      },
      memo,
    );
    expect(store.getState().series.map((x) => x.tick)).toEqual([1, 2]);
    expect(store.getState().watch.rs.map((x) => x.tick)).toEqual([0, 2]);
    applyFrame(
      store,
      { ...base, derived: { reset: true, series: [p(7)], markers: [], watch: noWatch } },
      memo,
    );
    expect(store.getState().series.map((x) => x.tick)).toEqual([7]);
    expect(store.getState().watch.rs).toEqual([]);
  });

  it('appends traffic seconds, keeps them when a delta has none, and replaces them on a reset', () => {
    const store = createAppStore();
    const memo: PackedNames = { version: -1, names: '' };
    const sec = (second: number) => ({
      second,
      service: 'default/web',
      ok: 10,
      refused: 0,
      reset: 0,
      timeout: 0,
      http503: 0,
      byRevision: { '1': 10 },
      endpoints: 3,
    });
    const delta = (reset: boolean, traffic?: ReturnType<typeof sec>[]) => ({
      ...base,
      derived: { reset, series: [], markers: [], watch: noWatch, ...(traffic ? { traffic } : {}) },
    });
    applyFrame(store, delta(true, [sec(0), sec(1)]), memo);
    applyFrame(store, delta(false), memo);
    applyFrame(store, delta(false, [sec(2)]), memo);
    expect(store.getState().traffic.map((x) => x.second)).toEqual([0, 1, 2]);
    applyFrame(store, delta(true), memo);
    expect(store.getState().traffic).toEqual([]);
  });
});

function fakeClock() {
  let t = 0;
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let id = 0;
  const clock: ApplierClock = {
    now: () => t,
    setTimer: (fn, ms) => {
      timers.push({ at: t + ms, fn, id: ++id });
      return id;
    },
    clearTimer: (h) => {
      const k = timers.findIndex((x) => x.id === h);
      if (k >= 0) timers.splice(k, 1);
    },
  };
  const advance = (ms: number) => {
    t += ms;
    for (const x of timers.filter((y) => y.at <= t)) {
      timers.splice(timers.indexOf(x), 1);
      x.fn();
    }
  };
  return { clock, advance };
}

describe('FrameApplier', () => {
  it('writes the store at once when paused and a few times a second while playing', () => {
    const store = createAppStore();
    const { clock, advance } = fakeClock();
    const applier = new FrameApplier(store, clock);
    applier.push({ ...base, tick: 1 });
    expect(store.getState().tick).toBe(1);
    const writes: number[] = [];
    store.subscribe((s) => writes.push(s.tick));
    for (let k = 2; k <= 20; k++) {
      advance(16);
      applier.push({
        ...base,
        tick: k,
        playing: true,
        podCount: 2,
        packed: packed(k === 2 ? 'a\nb' : null, 1),
      });
      expect(getPackedPods()?.names).toBe('a\nb');
    }
    advance(PLAYING_STORE_MS);
    expect(store.getState().tick).toBe(20);
    expect(writes.length).toBeLessThanOrEqual(Math.ceil((19 * 16) / PLAYING_STORE_MS) + 1);
    applier.push({ ...base, tick: 21 });
    expect(store.getState().tick).toBe(21);
    expect(store.getState().podsPacked).toBeNull();
  });

  it('keeps every chart increment of the frames it skips', () => {
    const store = createAppStore();
    const { clock, advance } = fakeClock();
    const applier = new FrameApplier(store, clock);
    const p = (tick: number) => ({ tick, time: tick, values: {}, strategy: {} });
    applier.push({
      ...base,
      playing: true,
      derived: { reset: true, series: [p(1)], markers: [], watch: noWatch },
    });
    for (const t of [2, 3, 4]) {
      advance(10);
      applier.push({
        ...base,
        playing: true,
        derived: { reset: false, series: [p(t)], markers: [], watch: noWatch },
      });
    }
    advance(PLAYING_STORE_MS);
    advance(STAGE_MS);
    expect(store.getState().series.map((x) => x.tick)).toEqual([1, 2, 3, 4]);
  });

  it('writes an update in stages a frame apart while playing, and at once when paused', () => {
    const store = createAppStore();
    const { clock, advance } = fakeClock();
    const applier = new FrameApplier(store, clock);
    const p = (tick: number) => ({ tick, time: tick, values: {}, strategy: {} });
    const line = { tick: 9, text: 'rs-1   3   3   3   1s' };
    const view = {
      nodes: [],
      pods: [],
      workloads: [],
      replicaSets: [],
      expectations: [{ controller: 'replicaset', key: 'default/rs-1', add: 1, del: 0, satisfied: false }],
      queues: [],
      backoffs: [],
      tickView: null,
      recentTicks: [],
    } as unknown as FrameView;
    const playing = (tick: number) => ({
      ...base,
      tick,
      playing: true,
      view,
      derived: { reset: false, series: [p(tick)], markers: [], watch: { ...noWatch, rs: [line] } },
    });
    applier.push(playing(9));
    const s = () => store.getState();
    // the playhead and the cluster at once
    expect(s().tick).toBe(9);
    expect(s().series).toEqual([]);
    expect(s().expectations).toEqual([]);
    // then the chart and the watch log
    advance(STAGE_MS);
    expect(s().series.map((x) => x.tick)).toEqual([9]);
    expect(s().watch.rs).toEqual([line]);
    expect(s().expectations).toEqual([]);
    // then the rest
    advance(STAGE_MS);
    expect(s().expectations).toEqual(view.expectations);
    // a pause writes the stages still waiting and the paused frame at once, increments in order
    advance(PLAYING_STORE_MS);
    applier.push(playing(10));
    applier.push({
      ...base,
      tick: 11,
      derived: { reset: false, series: [p(11)], markers: [], watch: noWatch },
    });
    expect(s().tick).toBe(11);
    expect(s().series.map((x) => x.tick)).toEqual([9, 10, 11]);
  });
});

/** A packed snapshot of `names` for podName (packed() above without its namesVersion). */
function snapshot(names: string | Uint8Array, count: number): PackedPods {
  const { namesVersion: _v, ...rest } = packed(null, 0, count);
  return { ...rest, names };
}

describe('podName', () => {
  it.each([
    ['a string', 'web-1\nweb-2\ndb-0'],
    ['ASCII bytes', new TextEncoder().encode('web-1\nweb-2\ndb-0')],
  ])('names pod i of a snapshot whose names came as %s, null past the end', (_as, names) => {
    const p = snapshot(names, 3);
    expect([podName(p, 0), podName(p, 2), podName(p, 3)]).toEqual(['web-1', 'db-0', null]);
  });

  it('splits each snapshot anew, not the last one’s names', () => {
    expect(podName(snapshot(new TextEncoder().encode('a\nb'), 2), 1)).toBe('b');
    expect(podName(snapshot(new TextEncoder().encode('c\nd'), 2), 1)).toBe('d');
  });
});

describe('namesText', () => {
  it('is the text itself, or the bytes decoded', () => {
    expect([namesText('x\ny'), namesText(new Uint8Array([0x78, 0x0a, 0x79]))]).toEqual(['x\ny', 'x\ny']);
  });
});
