/**
 * Frame pieces: a tick as the Explain panel shows it (decisions rendered to English with the
 * controllers' catalogues), and the pods of a big cluster packed into typed arrays.
 */
import type { Pod } from '../engine/api/types.ts';
import { DAEMONSET_DECISION_KEYS } from '../engine/controller/daemon/explainCatalog.ts';
import { DEPLOYMENT_DECISION_KEYS } from '../engine/controller/deployment/util/plans/explainCatalog.ts';
import { REPLICASET_DECISION_KEYS } from '../engine/controller/replicaset/explainCatalog.ts';
import { type DecisionCatalog, renderDecision } from '../engine/kubectl/explain.ts';
import type { TickRecord } from '../engine/sim.ts';
import { summaryNoteViews } from '../engine/sim/summaryCatalog.ts';
import type { Recording } from '../timeline/recording.ts';
import { type FrameView, POD_PACK_ABOVE, POD_VIEW_LIMIT, type PackedPodsWire } from './protocol.ts';
import {
  internalsViews,
  nodeViews,
  type OwnerIndex,
  ownerIndex,
  PHASE_INDEX,
  podDisplayPhase,
  podEntry,
  podView,
  replicaSetViews,
  sortedPods,
  workloadViews,
} from './viewModel.ts';
import type { TickView } from './views.ts';

/** Ticks of the Explain list. */
export const RECENT_TICKS = 50;

const CATALOGS: readonly DecisionCatalog[] = [
  DEPLOYMENT_DECISION_KEYS,
  REPLICASET_DECISION_KEYS,
  DAEMONSET_DECISION_KEYS as unknown as DecisionCatalog,
];

/** tickView renders one recorded tick: who acted, why (decisions in English) and what it wrote. */
export function tickView(rec: TickRecord): TickView {
  return {
    tick: rec.tick,
    time: rec.time / 1000,
    actor: rec.actor,
    key: rec.key ?? null,
    summary: rec.summary,
    notes: summaryNoteViews(rec.notes),
    decisions: rec.decisions.map((d) => ({
      fn: d.fn,
      key: d.key,
      values: { ...d.values },
      text: renderDecision(d, CATALOGS),
    })),
    writes: rec.writes.map((w) => `${w.type} ${w.object.kind} ${w.object.metadata.name}`),
  };
}

/** TickViewCache keeps rendered ticks (a tick's record never changes until a fork cuts it). */
export class TickViewCache {
  private readonly cache = new Map<number, TickView>();

  get(rec: TickRecord): TickView {
    let v = this.cache.get(rec.tick);
    if (!v) {
      if (this.cache.size >= 4000) this.cache.clear();
      v = tickView(rec);
      this.cache.set(rec.tick, v);
    }
    return v;
  }

  clear(): void {
    this.cache.clear();
  }
}

/** PodPacker packs pods for the canvas and remembers the names it sent last. */
export class PodPacker {
  private lastNames: string[] = [];
  private namesVersion = 0;

  /** pack encodes `pods` (sorted); names go along (one a line) only when they changed since the last pack. */
  pack(pods: readonly Pod[], nodeNames: readonly string[], idx: OwnerIndex, nowMs: number): PackedPodsWire {
    const n = pods.length;
    const node = new Int32Array(n);
    const phase = new Uint8Array(n);
    const revision = new Int32Array(n);
    const workload = new Int32Array(n);
    const nodeIndex = new Map(nodeNames.map((name, i) => [name, i]));
    const workloadNames: string[] = [];
    const workloadIndex = new Map<string, number>();
    const names: string[] = new Array(n);
    let same = n === this.lastNames.length;
    // Pods come sorted by name, so neighbours mostly share an owner: look it up once per run.
    let lastOwner = '';
    let rev = 0;
    let minReady = 0;
    let w = -1;
    for (let i = 0; i < n; i++) {
      const pod = pods[i] as Pod;
      const e = podEntry(pod);
      const owner = e.ownerKind === 'DaemonSet' ? `${e.ownerName}\u0000${e.hash}` : e.ownerName;
      if (owner !== lastOwner || w < 0) {
        lastOwner = owner;
        let wl = '';
        if (e.ownerKind === 'ReplicaSet') {
          const rs = idx.rs.get(e.ownerName);
          rev = rs?.revision ?? 0;
          minReady = rs?.minReady ?? 0;
          wl = rs?.workload ?? e.ownerName;
        } else if (e.ownerKind === 'DaemonSet') {
          const ds = idx.ds.get(e.ownerName);
          rev = ds?.revisions.get(e.hash) ?? 0;
          minReady = ds?.minReady ?? 0;
          wl = e.ownerName;
        } else {
          rev = 0;
          minReady = 0;
        }
        w = workloadIndex.get(wl) ?? -1;
        if (w < 0) {
          w = workloadNames.length;
          workloadNames.push(wl);
          workloadIndex.set(wl, w);
        }
      }
      names[i] = e.name;
      if (same && this.lastNames[i] !== e.name) same = false;
      node[i] = e.nodeName === null ? -1 : (nodeIndex.get(e.nodeName) ?? -1);
      phase[i] =
        e.base === 'ready' ? PHASE_INDEX[podDisplayPhase(pod, minReady, nowMs)] : PHASE_INDEX[e.base];
      revision[i] = rev;
      workload[i] = w;
    }
    if (!same) {
      this.lastNames = names;
      this.namesVersion++;
    }
    return {
      count: n,
      node,
      phase,
      revision,
      workload,
      names: same ? null : names.join('\n'),
      namesVersion: this.namesVersion,
      nodeNames: [...nodeNames],
      workloadNames,
    };
  }

  /** reset forgets the names (the next pack sends them). */
  reset(): void {
    this.lastNames = [];
  }
}

/** FrameCaches: what frameAt keeps between frames (packed names, rendered ticks, mode). */
export interface FrameCaches {
  packer: PodPacker;
  ticks: TickViewCache;
  /** Whether the last frame packed its pods (see packPods). */
  packed: boolean;
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
  const pods = sortedPods(objs);
  const pack = packPods(podCount, caches.packed);
  const full = asked || pack !== caches.packed;
  caches.packed = pack;
  let packed: PackedPodsWire | null = null;
  if (pack) {
    const nodeNames = [...objs.Node.values()].map((n) => n.metadata.name);
    packed = packer.pack(pods, nodeNames, idx, nowMs);
  }
  if (!full) return { full, podCount, packed, view: null };
  const recent: TickView[] = [];
  for (let t = Math.max(1, tick - RECENT_TICKS + 1); t <= tick; t++) {
    const r = tl.records[t - 1];
    if (r) recent.push(ticks.get(r));
  }
  let counts: Map<string, number> | undefined;
  if (packed) {
    const byIndex = new Int32Array(packed.nodeNames.length);
    for (const k of packed.node) if (k >= 0) byIndex[k] = (byIndex[k] ?? 0) + 1;
    counts = new Map(packed.nodeNames.map((name, k) => [name, byIndex[k] ?? 0]));
  }
  const view: FrameView = {
    nodes: nodeViews(objs, counts),
    pods: pack ? [] : pods.map((p) => podView(p, idx, nowMs)),
    workloads: workloadViews(objs),
    replicaSets: replicaSetViews(objs, idx),
    ...internalsViews(rec.internals.at(tick), nowMs),
    tickView: recent[recent.length - 1] ?? null,
    recentTicks: recent,
  };
  return { full, podCount, packed, view };
}
