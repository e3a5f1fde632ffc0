/**
 * Worker frames into the store. The worker sends up to one frame per display refresh; the
 * packed pod buffer (big clusters) is replaced with every one and its listeners called
 * (podBuffer.ts), but while playing the store takes them at most every PLAYING_STORE_MS, so the
 * panels re-render a few times a second and the main thread keeps its frames (TOOLCHAIN.md §6-7).
 * Paused, stepping or seeking, each frame goes into the store at once. Chart, watch and marker
 * increments are never dropped: the ones of skipped frames go in with the next update.
 */
import type { DerivedDelta, FrameMessage, FrameView, PackedPodsWire } from '../worker/protocol.ts';
import { getPackedPods, type PackedPods, setPackedPods } from './podBuffer.ts';
import type { SimData } from './simSlice.ts';
import type { AppStore } from './store.ts';

/** PackedNames keeps the pod names the worker sent last (it sends them only when they change). */
export interface PackedNames {
  version: number;
  /** One name a line (PackedPods.names). */
  names: string;
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
  if (d.reset) return { series: d.series, markers: d.markers, watch: d.watch };
  const out: Partial<SimData> = {};
  if (d.series.length) out.series = [...s.series, ...d.series];
  if (d.markers.length) out.markers = [...s.markers, ...d.markers];
  const grown = (['rs', 'deploy', 'ds', 'pods'] as const).filter((k) => d.watch[k].length > 0);
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
      pods: list.flatMap((d) => d.watch.pods),
    },
  };
}

function writeFrame(
  store: AppStore,
  f: FrameMessage,
  view: FrameView | null,
  deltas: readonly DerivedDelta[],
  packed: { count: number } | null,
): void {
  const s = store.getState();
  const patch: Partial<SimData> = {
    tick: f.tick,
    totalTicks: f.totalTicks,
    time: f.time,
    endTime: f.endTime,
    playing: f.playing,
    speed: f.speed,
    recording: f.recording,
    recordingNote: f.recordingNote,
    podCount: f.podCount,
    podsPacked: packed ? { version: (s.podsPacked?.version ?? 0) + 1, count: packed.count } : null,
  };
  if (view) {
    Object.assign(patch, view);
    if (s.selectedPod !== null && packed === null && !view.pods.some((p) => p.name === s.selectedPod)) {
      s.selectPod(null);
    }
  }
  const derived = mergeDeltas(deltas);
  if (derived) Object.assign(patch, appendDerived(s, derived));
  // Leave out scalars that did not change, so selectors of equal values stay quiet.
  for (const k of Object.keys(patch) as (keyof SimData)[]) if (patch[k] === s[k]) delete patch[k];
  if (Object.keys(patch).length) s.simUpdate(patch);
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

/** FrameApplier takes every frame and writes the store at once, or at most every PLAYING_STORE_MS while playing. */
export class FrameApplier {
  readonly names: PackedNames = { version: -1, names: '' };
  private last: FrameMessage | null = null;
  private view: FrameView | null = null;
  private deltas: DerivedDelta[] = [];
  private lastWrite = Number.NEGATIVE_INFINITY;
  private timer: unknown = null;

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

  /** flush writes what arrived since the last write into the store. */
  flush(): void {
    if (this.timer !== null) this.clock.clearTimer(this.timer);
    this.timer = null;
    const f = this.last;
    if (!f) return;
    const packed = getPackedPods();
    writeFrame(this.store, f, this.view, this.deltas, packed ? { count: packed.count } : null);
    this.last = null;
    this.view = null;
    this.deltas = [];
    this.lastWrite = this.clock.now();
  }

  /** stop cancels a pending write (the worker is going away). */
  stop(): void {
    if (this.timer !== null) this.clock.clearTimer(this.timer);
    this.timer = null;
  }
}
