/**
 * Frame pieces: a tick as the Explain panel shows it (decisions rendered to English with the
 * controllers' catalogues), and the pods of a big cluster packed into typed arrays.
 */
import type { Decision } from '../engine/api/decision.ts';
import type { KubeObject } from '../engine/api/types.ts';
import { ALL_DECISION_CATALOGS } from '../engine/explain.ts';
import { type DecisionCatalog, renderDecision } from '../engine/kubectl/explain.ts';
import type { TickRecord } from '../engine/sim.ts';
import { summaryNoteViews } from '../engine/client/summaryCatalog.ts';
import { classifyTick, retryOf } from '../timeline/decisions.ts';
import type { Recording } from '../timeline/recording.ts';
import type { TickRecords } from '../timeline/tickLog.ts';
import { type FrameView, POD_PACK_ABOVE, POD_VIEW_LIMIT, type PackedPodsWire } from './protocol.ts';
import { EndpointIndex } from './endpointIndex.ts';
import { PodPacker } from './podPacker.ts';
import { nodeViews } from './nodeViews.ts';
import { internalsViews, ownerIndex, podView, sortedPods } from './viewModel.ts';
import { replicaSetViews, workloadViews } from './workloadViews.ts';
import type { DecisionView, TickView } from './views.ts';

/** Ticks of the Explain list. */
export const RECENT_TICKS = 50;

/** Every engine catalogue: the controllers', the event recorder's, the kubelet's, admission's, the scheduler's and the policy controllers'. */
const CATALOGS: readonly DecisionCatalog[] = ALL_DECISION_CATALOGS;

/** decisionView is one decision as the UI takes it: its data and its English sentence. */
export function decisionView(d: Decision): DecisionView {
  return { fn: d.fn, key: d.key, values: { ...d.values }, text: renderDecision(d, CATALOGS) };
}

/**
 * tickView renders one recorded tick: who acted, what kind of tick it is, why (decisions in
 * English) and what it wrote. `records` (the recording) finds the sync a retry repeats.
 */
export function tickView(rec: TickRecord, records: TickRecords = [], labels?: string[]): TickView {
  const kind = classifyTick(rec);
  return {
    tick: rec.tick,
    kind,
    retryOf: kind === 'retry' ? retryOf(records, rec.tick) : null,
    time: rec.time / 1000,
    actor: rec.actor,
    key: rec.key ?? null,
    summary: rec.summary,
    notes: summaryNoteViews(rec.notes),
    decisions: rec.decisions.map(decisionView),
    writes: labels ?? rec.writes.map((w) => `${w.type} ${w.object.kind} ${w.object.metadata.name}`),
  };
}

/**
 * How many rendered ticks TickViewCache keeps: two frames' Explain ticks; when full it drops all
 * but the last frame's worth it rendered, so a panel following the playhead re-renders only the
 * ticks it has not shown. More only keeps garbage alive: a random seek of the 10,000-replica run
 * hits none of its 50 ticks, and with 4,000 kept the young generation's collections took 107–157
 * ms per 1,000 seeks against 44–66 ms with 200. Emptied when full, 200 kept 50 to 200 views
 * (the 100-replica Parallel StatefulSet run's frame caches after 1,000 seeks 34 B a tick; 31 then; frameAt
 * now keeps only its own frame's: keepOnly).
 */
export const TICK_VIEW_CACHE_SIZE = 2 * RECENT_TICKS;

/** TickViewCache keeps rendered ticks (a tick's record never changes until a fork cuts it). */
export class TickViewCache {
  private readonly cache = new Map<number, TickView>();

  /** get is tick `tick` of `log` rendered (its record is read back from the log only when not cached). */
  get(log: TickRecords, tick: number): TickView | undefined {
    let v = this.cache.get(tick);
    if (!v) {
      // The log's view leaves its Events as text (labels only): a tick's writes are mostly Events.
      const read = log.viewAt ? log.viewAt(tick - 1) : undefined;
      const rec = read?.rec ?? log.at(tick - 1);
      if (!rec) return undefined;
      if (this.cache.size >= TICK_VIEW_CACHE_SIZE) {
        // The oldest go first (a Map keeps insertion order): the last RECENT_TICKS rendered stay.
        let drop = this.cache.size - RECENT_TICKS;
        for (const k of this.cache.keys()) {
          if (drop-- <= 0) break;
          this.cache.delete(k);
        }
      }
      v = tickView(rec, log, read?.labels);
      this.cache.set(tick, v);
    }
    return v;
  }

  /**
   * keepOnly drops the rendered ticks outside `from`..`to` (the frame just built): a panel that
   * follows the playhead either way re-renders one tick a frame all the same, and a random seek
   * hits none of them. Without it 50 to 100 views stay (~2.3 KB each: the 100-replica Parallel
   * StatefulSet run's caches after 1,000 random seeks held 79, 29 B a tick of its 3,660).
   */
  keepOnly(from: number, to: number): void {
    for (const k of this.cache.keys()) if (k < from || k > to) this.cache.delete(k);
  }

  clear(): void {
    this.cache.clear();
  }

  /** size is how many rendered ticks are kept. */
  get size(): number {
    return this.cache.size;
  }
}

/** FrameCaches: what frameAt keeps between frames (packed names, rendered ticks, mode). */
export interface FrameCaches {
  packer: PodPacker;
  ticks: TickViewCache;
  /** Whether the last frame packed its pods (see packPods). */
  packed: boolean;
  /** The pods' endpoint states by tick, for the recording it was built for (null: build anew). */
  endpoints: { rec: Recording; index: EndpointIndex } | null;
}

/**
 * packPods decides whether `podCount` pods travel packed: always above POD_PACK_ABOVE, never at or
 * below POD_VIEW_LIMIT, and in between as the last frame did (hysteresis).
 */
export function packPods(podCount: number, packedBefore: boolean): boolean {
  return podCount > POD_PACK_ABOVE || (packedBefore && podCount > POD_VIEW_LIMIT);
}

/** newFrameCaches starts empty caches. */
export function newFrameCaches(): FrameCaches {
  return {
    packer: new PodPacker(),
    ticks: new TickViewCache(),
    packed: false,
    endpoints: null,
  };
}

/** What a frame shows at one tick: the pods (packed when many) and, when asked, the aggregates. */
export interface TickFrame {
  /** Whether `view` is set: asked for, or the pods just switched between views and packed. */
  full: boolean;
  podCount: number;
  packed: PackedPodsWire | null;
  view: FrameView | null;
}

/**
 * frameAt moves the recording's object cursor to `tick` and builds what the panels show there:
 * the packed pods of a big cluster (packPods), and with `full` the nodes, pods, workloads,
 * ReplicaSets, controller internals and the Explain ticks. A frame that switches the pods between
 * views and packed is always full, so the panel never waits for the pods in their new form.
 */
export function frameAt(rec: Recording, tick: number, asked: boolean, caches: FrameCaches): TickFrame {
  const { packer, ticks } = caches;
  const tl = rec.timeline;
  rec.cursor.moveTo(tick);
  const objs = rec.cursor.objects();
  const nowMs = tl.timeAt(tick);
  const podCount = objs.Pod.size;
  const idx = ownerIndex(objs);
  const pack = packPods(podCount, caches.packed);
  const full = asked || pack !== caches.packed;
  caches.packed = pack;
  const index = endpointIndex(rec, caches);
  const cursorPods = rec.cursor.podColumns();
  // The pods in listing order (the packed pods' order, and sortedPods' from the cursor's table).
  // A light frame of views carries no pods: no codes either.
  const codes =
    index.hasService && (pack || full)
      ? index.codes(tick, cursorPods.pods, cursorPods.pods.slotsListed())
      : null;
  let packed: PackedPodsWire | null = null;
  if (pack) {
    packed = packer.packColumns(cursorPods, idx, nowMs);
    if (codes) packed.endpoint = codes;
  }
  if (!full) return { full, podCount, packed, view: null };
  const recent: TickView[] = [];
  const first = Math.max(1, tick - RECENT_TICKS + 1);
  for (let t = first; t <= tick; t++) {
    const v = ticks.get(tl.records, t);
    if (v) recent.push(v);
  }
  ticks.keepOnly(first, tick);
  const totals = packed ? packer.nodeTotals() : undefined;
  const listed = pack ? [] : sortedPods(objs);
  const podEndpoints = pack || codes?.length !== listed.length ? null : codes;
  const view: FrameView = {
    nodes: nodeViews(objs, totals),
    pods: listed.map((p) => podView(p, idx, nowMs)),
    // Absent without a Service: a run without one sends what it sent before.
    ...(podEndpoints ? { podEndpoints } : {}),
    workloads: workloadViews(objs, nowMs),
    replicaSets: replicaSetViews(objs, idx),
    ...internalsViews(rec.internals.at(tick), nowMs),
    tickView: recent[recent.length - 1] ?? null,
    recentTicks: recent,
  };
  return { full, podCount, packed, view };
}

/**
 * endpointIndex is the caches' endpoint index for `rec`, read up to its last recorded tick: built
 * anew for another recording, or when the log is shorter than what it read (a fork cut it).
 */
function endpointIndex(rec: Recording, caches: FrameCaches): EndpointIndex {
  const records = rec.timeline.records;
  let e = caches.endpoints;
  if (e === null || e.rec !== rec || e.index.scannedTicks > records.length) {
    e = { rec, index: new EndpointIndex(rec.timeline.config.objects as KubeObject[]) };
    caches.endpoints = e;
  }
  e.index.sync(records);
  return e.index;
}
