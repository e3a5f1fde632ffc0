/**
 * applyFrame: a worker frame into the store. Scalars (tick, time, totals) and the packed pods
 * go in with every frame; the aggregates come only in the frames that carry them (every pause,
 * seek and step, and a few times a second while playing), so panels re-render at that rate.
 * Chart, watch and marker data arrive as increments and are appended.
 */
import type { DerivedDelta, FrameMessage, PackedPodsWire } from '../worker/protocol.ts';
import { setPackedPods } from './podBuffer.ts';
import type { SimData } from './simSlice.ts';
import type { AppStore } from './store.ts';

/** PackedNames keeps the pod names the worker sent last (it sends them only when they change). */
export interface PackedNames {
  version: number;
  names: string[];
}

function unpack(wire: PackedPodsWire, memo: PackedNames) {
  if (wire.names !== null) {
    memo.names = wire.names;
    memo.version = wire.namesVersion;
  }
  const names = wire.names ?? (memo.version === wire.namesVersion ? memo.names : null);
  if (names === null || names.length !== wire.count) return null;
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

/** applyFrame writes one frame into the store. */
export function applyFrame(store: AppStore, f: FrameMessage, memo: PackedNames): void {
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
  };
  if (f.packed) {
    const packed = unpack(f.packed, memo);
    setPackedPods(packed);
    patch.podsPacked = packed ? { version: (s.podsPacked?.version ?? 0) + 1, count: packed.count } : null;
  } else if (s.podsPacked !== null) {
    setPackedPods(null);
    patch.podsPacked = null;
  }
  if (f.view) {
    Object.assign(patch, f.view);
    if (s.selectedPod !== null && f.podCount <= 1000 && !f.view.pods.some((p) => p.name === s.selectedPod)) {
      s.selectPod(null);
    }
  }
  if (f.derived) Object.assign(patch, appendDerived(s, f.derived));
  // Leave out scalars that did not change, so selectors of equal values stay quiet.
  for (const k of Object.keys(patch) as (keyof SimData)[]) if (patch[k] === s[k]) delete patch[k];
  if (Object.keys(patch).length) s.simUpdate(patch);
}
