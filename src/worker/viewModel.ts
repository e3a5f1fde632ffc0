/**
 * View models: the engine's objects and internals at one tick, turned into the plain data of
 * views.ts that the panels render. Pure: the same objects and time give the same views.
 */
import { getControllerOf } from '../engine/api/ownerRefs.ts';
import {
  ControllerRevisionHashLabelKey,
  DefaultDeploymentUniqueLabelKey,
  RevisionAnnotation,
} from '../engine/api/constants.ts';
import type { ControllerRevision, DaemonSet, Pod, ReplicaSet } from '../engine/api/types.ts';
import { isPodAvailable } from '../engine/controller/podUtil.ts';
import { ExpectationsTimeoutMs } from '../engine/api/constants.ts';
import type { StatefulSet } from '../engine/api/statefulTypes.ts';
import { parseRFC3339 } from '../engine/lib/time.ts';
import type { Internals } from '../timeline/internals.ts';
import type { ObjectMaps } from '../timeline/objectCursor.ts';
import { isRestartableInitContainer } from '../engine/kubelet/status.ts';
import { basePhase } from '../timeline/podColumns.ts';
import { podColumns } from '../engine/kubectl/printers/pod.ts';
import { statefulSetRevisions } from './statefulSetView.ts';
import {
  type BackoffView,
  type ExpectationView,
  POD_DISPLAY_PHASES,
  type PodConditionView,
  type PodDetailView,
  type PodDisplayPhase,
  type PodView,
  type QueueView,
} from './views.ts';

const seconds = (ts: string | undefined): number | null => {
  const ms = parseRFC3339(ts);
  return Number.isNaN(ms) ? null : ms / 1000;
};

/** Owner facts of the pods, looked up once per frame. */
export interface OwnerIndex {
  /** ReplicaSet name → revision, minReadySeconds, Deployment. */
  rs: Map<string, { revision: number; minReady: number; workload: string }>;
  /** DaemonSet name → minReadySeconds and its ControllerRevisions' numbers by hash. */
  ds: Map<string, { minReady: number; revisions: Map<string, number> }>;
  /** StatefulSet name → minReadySeconds and its ControllerRevisions' numbers by name (a pod's label is the name). */
  sts: Map<string, { minReady: number; revisions: Map<string, number> }>;
}

/** ownerIndex reads the ReplicaSets, DaemonSets and ControllerRevisions the pods refer to. */
export function ownerIndex(objs: Readonly<ObjectMaps>): OwnerIndex {
  const rs = new Map<string, { revision: number; minReady: number; workload: string }>();
  for (const o of objs.ReplicaSet.values()) {
    const r = o as ReplicaSet;
    const revision = Number(r.metadata.annotations?.[RevisionAnnotation] ?? 0);
    rs.set(r.metadata.name, {
      revision: Number.isFinite(revision) ? revision : 0,
      minReady: r.spec.minReadySeconds ?? 0,
      workload: getControllerOf(r)?.name ?? r.metadata.name,
    });
  }
  const ds = new Map<string, { minReady: number; revisions: Map<string, number> }>();
  for (const o of objs.DaemonSet.values()) {
    const d = o as DaemonSet;
    ds.set(d.metadata.name, { minReady: d.spec.minReadySeconds ?? 0, revisions: new Map() });
  }
  for (const o of objs.ControllerRevision.values()) {
    const cr = o as ControllerRevision;
    const owner = getControllerOf(cr);
    const hash = cr.metadata.labels?.[ControllerRevisionHashLabelKey];
    if (owner?.kind === 'DaemonSet' && hash !== undefined)
      ds.get(owner.name)?.revisions.set(hash, cr.revision);
  }
  const sts = new Map<string, { minReady: number; revisions: Map<string, number> }>();
  const stsRevisions = statefulSetRevisions(objs);
  for (const o of objs.StatefulSet.values()) {
    const s = o as StatefulSet;
    const key = `${s.metadata.namespace ?? 'default'}/${s.metadata.name}`;
    sts.set(s.metadata.name, {
      minReady: s.spec.minReadySeconds ?? 0,
      revisions: stsRevisions.get(key) ?? new Map(),
    });
  }
  return { rs, ds, sts };
}

/**
 * podDisplayPhase: what a person would call the pod now. Being deleted → Terminating; Failed /
 * Succeeded; not bound → Pending; a waiting container's image or crash reason; no running
 * container → ContainerCreating; running: Ready for minReadySeconds → Available (isPodAvailable),
 * Ready → Ready, else RunningNotReady.
 */
export function podDisplayPhase(pod: Pod, minReadySeconds: number, nowMs: number): PodDisplayPhase {
  const base = podEntry(pod).base;
  if (base !== 'ready') return base;
  return minReadySeconds === 0 || isPodAvailable(pod, minReadySeconds, nowMs) ? 'Available' : 'Ready';
}

/**
 * PodEntry: what the views need of one pod object, read once (objects are immutable, and a
 * frame of 10,000 pods reads these fields 10,000 times: one lookup and monomorphic fields).
 */
export class PodEntry {
  constructor(
    readonly name: string,
    readonly nodeName: string | null,
    /** The controller's kind and name ('' when none). */
    readonly ownerKind: string,
    readonly ownerName: string,
    /** controller-revision-hash (DaemonSet pods). */
    readonly hash: string,
    /** podDisplayPhase before availability: 'ready' for a running, Ready pod. */
    readonly base: PodDisplayPhase | 'ready',
  ) {}
}

const entries = new WeakMap<Pod, PodEntry>();
/**
 * The last pod asked for: a frame asks for a pod's entry and then its display phase, and the second
 * lookup then skips the WeakMap (a lookup costs ~200 ns among 10,000 scattered pods: ~2 ms a frame).
 */
let lastPod: Pod | null = null;
let lastEntry: PodEntry | null = null;

/** podEntry reads (once per object) what the views need of a pod. */
export function podEntry(pod: Pod): PodEntry {
  if (pod === lastPod && lastEntry !== null) return lastEntry;
  let e = entries.get(pod);
  if (!e) {
    const ref = getControllerOf(pod);
    const hash = pod.metadata.labels?.[ControllerRevisionHashLabelKey] ?? '';
    e = new PodEntry(
      pod.metadata.name,
      pod.spec.nodeName ?? null,
      ref?.kind ?? '',
      ref?.name ?? '',
      hash,
      basePhase(pod),
    );
    entries.set(pod, e);
  }
  lastPod = pod;
  lastEntry = e;
  return e;
}

/** podFacts: the owner, workload, revision and minReadySeconds of a pod. */
export function podFacts(pod: Pod, idx: OwnerIndex) {
  const e = podEntry(pod);
  if (e.ownerKind === 'ReplicaSet') {
    const rs = idx.rs.get(e.ownerName);
    return {
      owner: `ReplicaSet/${e.ownerName}`,
      workload: rs?.workload ?? e.ownerName,
      revision: rs?.revision ?? 0,
      minReady: rs?.minReady ?? 0,
    };
  }
  if (e.ownerKind === 'DaemonSet') {
    const ds = idx.ds.get(e.ownerName);
    return {
      owner: `DaemonSet/${e.ownerName}`,
      workload: e.ownerName,
      revision: ds?.revisions.get(e.hash) ?? 0,
      minReady: ds?.minReady ?? 0,
    };
  }
  if (e.ownerKind === 'StatefulSet') {
    const sts = idx.sts.get(e.ownerName);
    return {
      owner: `StatefulSet/${e.ownerName}`,
      workload: e.ownerName,
      revision: sts?.revisions.get(e.hash) ?? 0,
      minReady: sts?.minReady ?? 0,
    };
  }
  return { owner: '', workload: '', revision: 0, minReady: 0 };
}

/** podDetailView builds one pod's view with its labels and conditions (its details dialog). */
export function podDetailView(pod: Pod, idx: OwnerIndex, nowMs: number): PodDetailView {
  const conditions: PodConditionView[] = (pod.status?.conditions ?? []).map((c) => {
    const v: PodConditionView = { type: c.type, status: c.status, since: seconds(c.lastTransitionTime) };
    if (c.reason !== undefined) v.reason = c.reason;
    return v;
  });
  const status = podColumns(pod, nowMs).status;
  return { ...podView(pod, idx, nowMs), status, labels: { ...pod.metadata.labels }, conditions };
}

/**
 * restartsOf counts restarts as kubectl's RESTARTS column does: an initializing pod's init
 * containers' (Init:CrashLoopBackOff), else its containers' and its sidecars'.
 */
export function restartsOf(pod: Pod): number {
  const st = pod.status;
  const init = st?.initContainerStatuses;
  let n = 0;
  if (init !== undefined) {
    const initialized = st?.conditions?.some((c) => c.type === 'Initialized' && c.status === 'True') ?? false;
    const sidecars = new Set(
      (pod.spec.initContainers ?? []).filter(isRestartableInitContainer).map((c) => c.name),
    );
    for (const cs of init) if (!initialized || sidecars.has(cs.name)) n += cs.restartCount;
    if (!initialized) return n;
  }
  for (const cs of st?.containerStatuses ?? []) n += cs.restartCount;
  return n;
}

/** podView builds one pod's view. */
export function podView(pod: Pod, idx: OwnerIndex, nowMs: number): PodView {
  const f = podFacts(pod, idx);
  const labels = pod.metadata.labels ?? {};
  return {
    name: pod.metadata.name,
    namespace: pod.metadata.namespace ?? 'default',
    node: pod.spec.nodeName ?? null,
    phase: podDisplayPhase(pod, f.minReady, nowMs),
    revision: f.revision,
    owner: f.owner,
    workload: f.workload,
    hash: labels[DefaultDeploymentUniqueLabelKey] ?? labels[ControllerRevisionHashLabelKey] ?? '',
    image: pod.spec.containers.map((c) => c.image).join(', '),
    restarts: restartsOf(pod),
    created: seconds(pod.metadata.creationTimestamp) ?? 0,
  };
}

export const byName = (a: { metadata: { name: string } }, b: { metadata: { name: string } }): number =>
  a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0;

/** sortedPodKeys lists the pod keys in code-unit order (by name within a namespace). */
export function sortedPodKeys(objs: Readonly<ObjectMaps>): string[] {
  const keys = [...objs.Pod.keys()];
  return objs.Pod.sortedByKey ? keys : keys.sort();
}

/**
 * sortedPods lists the pods by key (a stable order for the grid and the canvas). When the table
 * lists its keys in that very order (the object cursor lists pods by key), its values are the
 * answer: two walks over the table instead of a lookup per key (~0.3 ms instead of ~1 ms and more
 * for 14,000 pods, the lookups being scattered in memory).
 */
export function sortedPods(objs: Readonly<ObjectMaps>, given?: readonly string[]): Pod[] {
  // The cursor's table already lists its pods by key: its values are the answer, no keys needed.
  if (given === undefined && objs.Pod.sortedByKey) return [...objs.Pod.values()] as Pod[];
  const keys = given ?? sortedPodKeys(objs);
  if (objs.Pod.size === keys.length) {
    const listed = [...objs.Pod.keys()];
    let same = listed.length === keys.length;
    for (let i = 0; same && i < keys.length; i++) same = listed[i] === keys[i];
    if (same) return [...objs.Pod.values()] as Pod[];
  }
  const out: Pod[] = new Array(keys.length);
  for (let i = 0; i < keys.length; i++) out[i] = objs.Pod.get(keys[i] as string) as Pod;
  return out;
}

/** internalsViews turns the recorded internals into the Expectations panel's views. */
export function internalsViews(
  x: Internals,
  nowMs: number,
): {
  expectations: ExpectationView[];
  queues: QueueView[];
  backoffs: BackoffView[];
} {
  return {
    expectations: x.expectations.map((e) => ({
      controller: e.controller,
      key: e.key,
      add: e.add,
      del: e.del,
      satisfied: (e.add <= 0 && e.del <= 0) || nowMs - e.timestamp > ExpectationsTimeoutMs,
      age: (nowMs - e.timestamp) / 1000,
    })),
    queues: x.queues.map((q) => ({
      controller: q.controller,
      keys: [...q.keys],
      retries: q.retries.map((r) => ({ ...r })),
    })),
    backoffs: x.backoffs.map((b) => ({
      key: b.key,
      node: b.key.slice(b.key.lastIndexOf('/') + 1),
      delaySeconds: b.backoffMs / 1000,
    })),
  };
}

/** PHASE_INDEX maps a display phase to its index in POD_DISPLAY_PHASES (the packed encoding). */
export const PHASE_INDEX: Record<PodDisplayPhase, number> = Object.fromEntries(
  POD_DISPLAY_PHASES.map((p, i) => [p, i]),
) as Record<PodDisplayPhase, number>;
