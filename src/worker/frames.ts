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
import type { PackedPodsWire } from './protocol.ts';
import { type OwnerIndex, PHASE_INDEX, podDisplayPhase, podFacts } from './viewModel.ts';
import type { TickView } from './views.ts';

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
