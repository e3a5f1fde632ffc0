/**
 * Worker frames into the store. The worker sends up to one frame per display refresh; the
 * packed pod buffer (big clusters) is replaced with every one and its listeners called
 * (podBuffer.ts), but while playing the store takes them at most every PLAYING_STORE_MS, in three
 * stages a frame apart, so the panels re-render a few times a second and the main thread keeps
 * its frames (TOOLCHAIN.md §6-7).
 * Paused, stepping or seeking, each frame goes into the store at once. Chart, watch and marker
 * increments are never dropped: the ones of skipped frames go in with the next update.
 */
import type {
  DerivedDelta,
  FrameMessage,
  FrameView,
  PackedPodsWire,
  RolloutView,
} from '../worker/protocol.ts';
import { getPackedPods, type PackedPods, setPackedPods } from './podBuffer.ts';
import type { SimData } from './simSlice.ts';
import { attachEndpoints } from '../worker/endpointCodes.ts';
import type { AppStore } from './store.ts';

/** PackedNames keeps the pod names the worker sent last (it sends them only when they change). */
export interface PackedNames {
  version: number;
  /** One name a line, or its bytes (PackedPods.names). */
  names: string | Uint8Array;
}

function unpack(wire: PackedPodsWire, memo: PackedNames) {
  if (wire.names !== null) {
    memo.names = wire.names;
    memo.version = wire.namesVersion;
  }
  const names = wire.names ?? (memo.version === wire.namesVersion ? memo.names : null);
  if (names === null) return null;
  const { namesVersion: _v, ...rest } = wire;
  return { ...rest, names };
}

function appendDerived(s: SimData, d: DerivedDelta): Partial<SimData> {
  if (d.reset)
    return {
      series: d.series,
      markers: d.markers,
      watch: d.watch,
      rollouts: d.rollouts ?? [],
      traffic: d.traffic ?? [],
    };
  const out: Partial<SimData> = {};
  if (d.rollouts) out.rollouts = d.rollouts;
  if (d.traffic?.length) out.traffic = [...s.traffic, ...d.traffic];
  if (d.series.length) out.series = [...s.series, ...d.series];
  if (d.markers.length) out.markers = [...s.markers, ...d.markers];
  const grown = (['rs', 'deploy', 'ds', 'sts', 'pods'] as const).filter((k) => d.watch[k].length > 0);
  if (grown.length) {
    const watch = { ...s.watch };
    for (const k of grown) watch[k] = [...watch[k], ...d.watch[k]];
    out.watch = watch;
  }
  return out;
}

/** applyFrame writes one frame into the store at once (its packed pods too). */
export function applyFrame(store: AppStore, f: FrameMessage, memo: PackedNames): void {
  const packed = f.packed ? unpack(f.packed, memo) : null;
  setPackedPods(packed);
  writeFrame(
    store,
    f,
    f.view,
    f.derived ? [f.derived] : [],
    packed !== null ? { count: packed.count } : null,
  );
}

/** mergeDeltas folds increments in order into one (a reset starts over). */
function mergeDeltas(deltas: readonly DerivedDelta[]): DerivedDelta | null {
  if (deltas.length === 0) return null;
  let from = 0;
  deltas.forEach((d, i) => {
    if (d.reset) from = i;
  });
  const list = deltas.slice(from);
  return {
    reset: list[0]?.reset ?? false,
    series: list.flatMap((d) => d.series),
    markers: list.flatMap((d) => d.markers),
    watch: {
      rs: list.flatMap((d) => d.watch.rs),
      deploy: list.flatMap((d) => d.watch.deploy),
      ds: list.flatMap((d) => d.watch.ds),
      sts: list.flatMap((d) => d.watch.sts),
      pods: list.flatMap((d) => d.watch.pods),
    },
    rollouts: list.reduce<RolloutView[] | null>((r, d) => d.rollouts ?? r, null),
    traffic: list.flatMap((d) => d.traffic ?? []),
  };
}

/** framePatch is what the store takes from a frame, its latest view and the increments since the last write. */
function framePatch(
  store: AppStore,
  f: FrameMessage,
  view: FrameView | null,
  deltas: readonly DerivedDelta[],
  packed: { count: number } | null,
): Partial<SimData> {
  const s = store.getState();
  const patch: Partial<SimData> = {
    tick: f.tick,
    totalTicks: f.totalTicks,
    time: f.time,
    endTime: f.endTime,
    lastChangeTime: f.lastChangeTime,
    playing: f.playing,
    speed: f.speed,
    recording: f.recording,
    recordingNote: f.recordingNote,
    podCount: f.podCount,
    podsPacked: packed ? { version: (s.podsPacked?.version ?? 0) + 1, count: packed.count } : null,
    // not in STAGES: it goes with the last stage, once the panels of every stage have the frame
    frameTick: f.tick,
  };
  if (view) {
    const { podEndpoints, ...rest } = view;
    attachEndpoints(rest.pods, podEndpoints);
    Object.assign(patch, rest);
    if (s.selectedPod !== null && packed === null && !view.pods.some((p) => p.name === s.selectedPod)) {
      s.selectPod(null);
    }
  }
  const derived = mergeDeltas(deltas);
  if (derived) Object.assign(patch, appendDerived(s, derived));
  return patch;
}

/** write merges a patch into the store, leaving out values that did not change (their selectors stay quiet). */
function write(store: AppStore, patch: Partial<SimData>): void {
  const s = store.getState();
  const changed: Partial<SimData> = {};
  for (const k of Object.keys(patch) as (keyof SimData)[])
    if (patch[k] !== s[k]) Object.assign(changed, { [k]: patch[k] });
  if (Object.keys(changed).length) s.simUpdate(changed);
}

function writeFrame(
  store: AppStore,
  f: FrameMessage,
  view: FrameView | null,
  deltas: readonly DerivedDelta[],
  packed: { count: number } | null,
): void {
  write(store, framePatch(store, f, view, deltas, packed));
}

/**
 * While playing, an update goes into the store in three stages, one display frame apart: the
 * playhead and the cluster, then the chart and the ReplicaSets panel, then the rest (Explain,
 * Expectations). Each stage's React work, and the layout and paint it causes, then fit in a frame
 * of their own, where the whole update at 5,000 pods took ~20 ms of CPU at once. The panels of a
 * stage agree with each other; across stages they differ by 2 × STAGE_MS at most, during play only.
 */
const STAGES: readonly (readonly string[])[] = [
  ['tick', 'totalTicks', 'time', 'playing', 'speed', 'recording', 'recordingNote', 'podCount'].concat([
    'podsPacked',
    'nodes',
    'pods',
  ]),
  ['endTime', 'series', 'markers', 'rollouts', 'traffic', 'replicaSets', 'workloads', 'watch'],
];
/** Time between two stages of an update (one display frame). */
export const STAGE_MS = 17;

/** stagesOf splits a patch by STAGES (the last stage takes every other field); empty stages are left out. */
function stagesOf(patch: Partial<SimData>): Partial<SimData>[] {
  const out: Partial<SimData>[] = STAGES.map(() => ({}));
  const rest: Partial<SimData> = {};
  for (const [k, v] of Object.entries(patch)) {
    const i = STAGES.findIndex((keys) => keys.includes(k));
    Object.assign(i < 0 ? rest : (out[i] as Partial<SimData>), { [k]: v });
  }
  return [...out, rest].filter((p) => Object.keys(p).length > 0);
}

/** Shortest time between two store updates while playing. */
export const PLAYING_STORE_MS = 250;

/** The timers FrameApplier uses (tests pass fakes). */
export interface ApplierClock {
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

const realClock: ApplierClock = {
  now: () => performance.now(),
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * FrameApplier takes every frame and writes the store at once, or, while playing, at most every
 * PLAYING_STORE_MS and in stages (STAGES).
 */
export class FrameApplier {
  readonly names: PackedNames = { version: -1, names: '' };
  private last: FrameMessage | null = null;
  private view: FrameView | null = null;
  private deltas: DerivedDelta[] = [];
  private lastWrite = Number.NEGATIVE_INFINITY;
  private timer: unknown = null;
  private staged: Partial<SimData>[] = [];
  private stageTimer: unknown = null;

  constructor(
    private readonly store: AppStore,
    private readonly clock: ApplierClock = realClock,
  ) {}

  /** push takes one frame from the worker. */
  push(f: FrameMessage): void {
    const packed: PackedPods | null = f.packed ? unpack(f.packed, this.names) : null;
    if (packed || getPackedPods() !== null) setPackedPods(packed);
    this.last = f;
    if (f.view) this.view = f.view;
    if (f.derived) this.deltas.push(f.derived);
    const since = this.clock.now() - this.lastWrite;
    if (!f.playing || since >= PLAYING_STORE_MS) this.flush();
    else if (this.timer === null)
      this.timer = this.clock.setTimer(() => this.flush(), PLAYING_STORE_MS - since);
  }

  /** flush writes what arrived since the last write into the store (in stages while playing). */
  flush(): void {
    if (this.timer !== null) this.clock.clearTimer(this.timer);
    this.timer = null;
    const f = this.last;
    if (!f) return;
    // The rest of the previous update first: the chart increments below append to its series.
    this.drain();
    const packed = getPackedPods();
    const patch = framePatch(this.store, f, this.view, this.deltas, packed ? { count: packed.count } : null);
    this.last = null;
    this.view = null;
    this.deltas = [];
    this.lastWrite = this.clock.now();
    if (!f.playing) {
      write(this.store, patch);
      return;
    }
    const [first = {}, ...rest] = stagesOf(patch);
    write(this.store, first);
    this.staged = rest;
    this.nextStage();
  }

  private nextStage(): void {
    if (this.staged.length === 0 || this.stageTimer !== null) return;
    this.stageTimer = this.clock.setTimer(() => {
      this.stageTimer = null;
      const next = this.staged.shift();
      if (next) write(this.store, next);
      this.nextStage();
    }, STAGE_MS);
  }

  /** drain writes the stages still waiting, at once. */
  private drain(): void {
    if (this.stageTimer !== null) this.clock.clearTimer(this.stageTimer);
    this.stageTimer = null;
    if (this.staged.length) write(this.store, Object.assign({}, ...this.staged));
    this.staged = [];
  }

  /** stop cancels a pending write (the worker is going away). */
  stop(): void {
    if (this.timer !== null) this.clock.clearTimer(this.timer);
    if (this.stageTimer !== null) this.clock.clearTimer(this.stageTimer);
    this.timer = this.stageTimer = null;
    this.staged = [];
  }
}
