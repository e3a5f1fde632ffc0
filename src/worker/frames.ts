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
import type { Recording } from '../timeline/recording.ts';
import { type FrameView, type PackedPodsWire, POD_VIEW_LIMIT } from './protocol.ts';
import {
  internalsViews,
  nodeViews,
  type OwnerIndex,
  ownerIndex,
  PHASE_INDEX,
  podDisplayPhase,
  podFacts,
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

  /** pack encodes `pods` (sorted); names go along only when they changed since the last pack. */
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
    for (let i = 0; i < n; i++) {
      const pod = pods[i] as Pod;
      const f = podFacts(pod, idx);
      const name = pod.metadata.name;
      names[i] = name;
      if (same && this.lastNames[i] !== name) same = false;
      node[i] = pod.spec.nodeName ? (nodeIndex.get(pod.spec.nodeName) ?? -1) : -1;
      phase[i] = PHASE_INDEX[podDisplayPhase(pod, f.minReady, nowMs)];
      revision[i] = f.revision;
      let w = workloadIndex.get(f.workload);
      if (w === undefined) {
        w = workloadNames.length;
        workloadNames.push(f.workload);
        workloadIndex.set(f.workload, w);
      }
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
      names: same ? null : names,
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

/** What a frame shows at one tick: the pods (packed when many) and, when asked, the aggregates. */
export interface TickFrame {
  podCount: number;
  packed: PackedPodsWire | null;
  view: FrameView | null;
}

/**
 * frameAt moves the recording's object cursor to `tick` and builds what the panels show there:
 * the packed pods above POD_VIEW_LIMIT, and with `full` the nodes, pods, workloads,
 * ReplicaSets, controller internals and the Explain ticks.
 */
export function frameAt(
  rec: Recording,
  tick: number,
  full: boolean,
  packer: PodPacker,
  ticks: TickViewCache,
): TickFrame {
  const tl = rec.timeline;
  rec.cursor.moveTo(tick);
  const objs = rec.cursor.objects();
  const nowMs = tl.timeAt(tick);
  const podCount = objs.Pod.size;
  const idx = ownerIndex(objs);
  const pods = sortedPods(objs);
  let packed: PackedPodsWire | null = null;
  if (podCount > POD_VIEW_LIMIT) {
    const nodeNames = [...objs.Node.values()].map((n) => n.metadata.name);
    packed = packer.pack(pods, nodeNames, idx, nowMs);
  }
  if (!full) return { podCount, packed, view: null };
  const recent: TickView[] = [];
  for (let t = Math.max(1, tick - RECENT_TICKS + 1); t <= tick; t++) {
    const r = tl.records[t - 1];
    if (r) recent.push(ticks.get(r));
  }
  const view: FrameView = {
    nodes: nodeViews(objs),
    pods: podCount > POD_VIEW_LIMIT ? [] : pods.map((p) => podView(p, idx, nowMs)),
    workloads: workloadViews(objs),
    replicaSets: replicaSetViews(objs, idx),
    ...internalsViews(rec.internals.at(tick), nowMs),
    tickView: recent[recent.length - 1] ?? null,
    recentTicks: recent,
  };
  return { podCount, packed, view };
}
