/**
 * The shared informer cache of kube-controller-manager: one copy of every object, fed by watch
 * events after `controller.watchDelaySeconds`, so it lags the API store as in a cluster. The
 * indexes (pods by controller uid and by node) are derived from the objects, kept up to date by
 * applyWatch and copied with a keyframe.
 */
import { getControllerOf } from '../api/ownerRefs.ts';
import type { Kind, KubeObject, ObjectOf, OwnerReference, Pod, PodCondition } from '../api/types.ts';
import { KINDS } from '../api/types.ts';
import { objectKey, type WatchRecord } from '../apiserver/store.ts';

/**
 * Running counts of one controller's pods, kept as the watch delivers them so a ReplicaSet's
 * status costs O(1) instead of a walk over 10,000 pods (the numbers are the same ones
 * calculateStatus would count; see controller/replicaset/replicaSetUtils.ts).
 */
export interface OwnerStats {
  /** Pods not terminal and not being deleted (controller.FilterActivePods). */
  active: number;
  /** Active pods whose Ready condition is True. */
  ready: number;
  /** Active pods that carry every label of the owner's pod template. */
  fullyLabeled: number;
  /** Pods being deleted that are not terminal yet. */
  terminating: number;
}

export interface CacheState {
  objects: Record<Kind, Map<string, KubeObject>>;
  /** Pod counts per controller uid (derived). */
  ownerStats: Map<string, OwnerStats>;
  /**
   * Pods keyed by their controller's uid (the controllerUIDIndex of recent releases): cache key →
   * the cached pod, last-modified last. Holding the pod saves a lookup of every key in the
   * 20,000-entry pod map when a 10,000-pod ReplicaSet lists its pods. A pod no controller owns is
   * kept under its namespace's orphan key (orphanPodIndexKey), as upstream's index keeps it, for
   * a ReplicaSet to adopt.
   */
  podsByOwner: Map<string, Map<string, Pod>>;
  /** Pods keyed by spec.nodeName, or by the node of their required node affinity (key → pod). */
  podsByNode: Map<string, Map<string, Pod>>;
  /**
   * Active pods per node ('' for unbound) of each controller uid (derived): a scale-down ranks
   * 10,000 pods by their node's related pods from 100 counts instead of a walk over every pod.
   */
  activeByNode: Map<string, Map<string, number>>;
  /**
   * How many watch events applyWatch has folded in. A memo kept beside the cache (the DaemonSet
   * controller's, controller/daemon/nodeMemo.ts) compares it to the count it has seen, so a cache
   * changed behind its back (a test writing to the cache directly) is rebuilt, not trusted.
   */
  version: number;
}

export function newCacheState(): CacheState {
  const objects = {} as Record<Kind, Map<string, KubeObject>>;
  for (const k of KINDS) objects[k] = new Map();
  return { objects, ownerStats: new Map(), podsByOwner: new Map(), podsByNode: new Map(), activeByNode: new Map(), version: 0 };
}

/** podTargetNode is the node a pod runs on or is pinned to (DaemonSet pods before binding). */
export function podTargetNode(pod: Pod): string | undefined {
  if (pod.spec.nodeName) return pod.spec.nodeName;
  const terms = pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  for (const t of terms ?? []) {
    for (const f of t.matchFields ?? []) {
      if (f.key === 'metadata.name' && f.operator === 'In' && f.values?.length === 1) return f.values[0];
    }
  }
  return undefined;
}

function templateLabelsOf(c: CacheState, pod: Pod, ref: OwnerReference): Record<string, string> | undefined {
  if (ref.kind !== 'ReplicaSet') return undefined;
  const rs = c.objects.ReplicaSet.get(ownerKey(pod.metadata.namespace ?? 'default', ref.name));
  return rs?.kind === 'ReplicaSet' ? rs.spec.template.metadata?.labels : undefined;
}

let lastOwner = { ns: '', name: '', key: '/' };

/**
 * ownerKey is `namespace/name`, the last one handed out again for the same parts: a ReplicaSet's
 * pods come one after the other, and the same string is hashed once, not built and hashed per pod.
 */
function ownerKey(ns: string, name: string): string {
  if (lastOwner.ns !== ns || lastOwner.name !== name) lastOwner = { ns, name, key: `${ns}/${name}` };
  return lastOwner.key;
}

/**
 * countPod adds (sign 1) or removes (sign −1) a pod's contribution to its owner's stats; ref is
 * getControllerOf(pod), found once by the caller (a status write counts the pod out and in again
 * and moves it in the owner index: one search of its owner references instead of five).
 */
function countPod(c: CacheState, pod: Pod, ref: OwnerReference | undefined, sign: 1 | -1): void {
  const uid = ref?.uid;
  // Only the ReplicaSet controller reads these counts (by ReplicaSet uids): a StatefulSet's or a
  // DaemonSet's pods are not counted, and every keyframe of the 100-replica StatefulSet run no
  // longer copies a per-node map of its 100 nodes (~45 B a tick of that recording, issue 23).
  if (ref === undefined || uid === undefined || ref.kind !== 'ReplicaSet') return;
  let st = c.ownerStats.get(uid);
  if (!st) {
    st = { active: 0, ready: 0, fullyLabeled: 0, terminating: 0 };
    c.ownerStats.set(uid, st);
  }
  const terminal = isTerminal(pod);
  if (pod.metadata.deletionTimestamp) {
    if (!terminal) st.terminating += sign;
    return;
  }
  if (terminal) return;
  st.active += sign;
  let perNode = c.activeByNode.get(uid);
  if (!perNode) {
    perNode = new Map();
    c.activeByNode.set(uid, perNode);
  }
  const node = pod.spec.nodeName ?? '';
  const n = (perNode.get(node) ?? 0) + sign;
  if (n === 0) perNode.delete(node);
  else perNode.set(node, n);
  if (isReady(pod)) st.ready += sign;
  const want = templateLabelsOf(c, pod, ref);
  const labels = pod.metadata.labels ?? {};
  let all = true;
  for (const k in want) {
    if (labels[k] !== want[k]) {
      all = false;
      break;
    }
  }
  if (all) st.fullyLabeled += sign;
}

function isReady(pod: Pod): boolean {
  for (const x of pod.status?.conditions ?? NO_CONDITIONS) if (x.type === 'Ready' && x.status === 'True') return true;
  return false;
}

const NO_CONDITIONS: readonly PodCondition[] = [];

function isTerminal(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed';
}

/**
 * sameCounts reports that countPod would count the two versions of a pod alike: same controller
 * reference and labels (the same objects, as a status write leaves them), namespace and node, and
 * the same deleting, terminal and Ready state. Removing one and adding the other would then leave
 * every count as it was; most watch events of a rollout (binding aside) are such writes.
 */
function sameCounts(a: Pod, b: Pod): boolean {
  return (
    a.metadata.ownerReferences === b.metadata.ownerReferences &&
    a.metadata.labels === b.metadata.labels &&
    a.metadata.namespace === b.metadata.namespace &&
    a.spec.nodeName === b.spec.nodeName &&
    !a.metadata.deletionTimestamp === !b.metadata.deletionTimestamp &&
    isTerminal(a) === isTerminal(b) &&
    // The kubelet keeps an unchanged conditions list: then so is Ready.
    (a.status?.conditions === b.status?.conditions || isReady(a) === isReady(b))
  );
}

/** ownerStats returns the pod counts of a controller (zeros when it has no pods). */
/** orphanPodIndexKey is the podsByOwner key of a namespace's pods that no controller owns (OrphanPodIndexKeyForNamespace). */
export function orphanPodIndexKey(namespace: string): string {
  return `_ORPHAN_POD/${namespace}`;
}

/** ownerIndexKey: a pod's podsByOwner key, its controller's uid or its namespace's orphan key. */
function ownerIndexKey(pod: Pod, ref: OwnerReference | undefined): string {
  return ref !== undefined ? ref.uid : orphanPodIndexKey(pod.metadata.namespace ?? 'default');
}

export function ownerStats(c: CacheState, uid: string): OwnerStats {
  return c.ownerStats.get(uid) ?? { active: 0, ready: 0, fullyLabeled: 0, terminating: 0 };
}

function indexAdd(m: Map<string, Map<string, Pod>>, k: string | undefined, v: string, pod: Pod): void {
  if (k === undefined) return;
  let s = m.get(k);
  if (!s) {
    s = new Map();
    m.set(k, s);
  }
  s.set(v, pod);
}

function indexDel(m: Map<string, Map<string, Pod>>, k: string | undefined, v: string): void {
  if (k === undefined) return;
  const s = m.get(k);
  if (!s) return;
  s.delete(v);
  if (s.size === 0) m.delete(k);
}

/**
 * indexMove is indexDel(m, k, v) then indexAdd(m, k, v, pod) for a pod that stays under the same
 * index key (a status write): one lookup of k instead of two, and the same set afterwards. The
 * entry still moves to the end of its set, as the last-modified order wants. A set of one stays
 * where it is, k in its place in m: the long way emptied it, took k out of m, and put a new set of
 * one back in at the end (a Map and two probes of m's 5,000 nodes for each of the 25,000 status
 * writes of the 5,000-node DaemonSet row). Only the order of m's keys differs, which nothing reads:
 * every reader looks a key up (podsOwnedBy, ownedPods, podsOnNode); copies keep whatever order.
 */
export function indexMove(m: Map<string, Map<string, Pod>>, k: string | undefined, v: string, pod: Pod): void {
  if (k === undefined) return;
  const s = m.get(k);
  if (s === undefined) {
    indexAdd(m, k, v, pod);
    return;
  }
  // A set of one holds only v: set in place is the same set, where deleting its last entry made
  // V8 shrink the table, allocating a new one just before the set.
  if (s.size > 1) s.delete(v);
  s.set(v, pod);
}

/** applyWatch folds one watch event into the cache and returns the object it replaced; key is objectKey(rec.object). */
export function applyWatch(c: CacheState, rec: WatchRecord, key = objectKey(rec.object)): KubeObject | undefined {
  c.version++;
  const obj = rec.object;
  const old = c.objects[obj.kind].get(key);
  if (old && Number(old.metadata.resourceVersion) > Number(obj.metadata.resourceVersion)) return old;
  if (obj.kind === 'Pod') {
    const oldPod = old?.kind === 'Pod' ? old : undefined;
    const recount = !oldPod || rec.type === 'DELETED' || !sameCounts(oldPod, obj);
    if (oldPod && rec.type !== 'DELETED' && oldPod.metadata.ownerReferences === obj.metadata.ownerReferences && oldPod.spec === obj.spec) {
      // A status write keeps the owner references and the spec: the pod stays under the same
      // owner and node, so each index moves it in one step (20,000 such writes in a rollout).
      const ref = getControllerOf(obj);
      if (recount) countPod(c, oldPod, ref, -1);
      indexMove(c.podsByOwner, ownerIndexKey(obj, ref), key, obj);
      indexMove(c.podsByNode, podTargetNode(obj), key, obj);
      if (recount) countPod(c, obj, ref, 1);
    } else {
      if (oldPod) {
        const ref = getControllerOf(oldPod);
        indexDel(c.podsByOwner, ownerIndexKey(oldPod, ref), key);
        indexDel(c.podsByNode, podTargetNode(oldPod), key);
        if (recount) countPod(c, oldPod, ref, -1);
      }
      if (rec.type !== 'DELETED') {
        const ref = getControllerOf(obj);
        indexAdd(c.podsByOwner, ownerIndexKey(obj, ref), key, obj);
        indexAdd(c.podsByNode, podTargetNode(obj), key, obj);
        if (recount) countPod(c, obj, ref, 1);
      }
    }
  }
  if (rec.type === 'DELETED') c.objects[obj.kind].delete(key);
  else c.objects[obj.kind].set(key, obj);
  return old;
}

function copyIndex(m: Map<string, Map<string, Pod>>): Map<string, Map<string, Pod>> {
  const out = new Map<string, Map<string, Pod>>();
  for (const [k, v] of m) out.set(k, new Map(v));
  return out;
}

/**
 * cloneCache copies the cache for a keyframe: maps are copied, objects (immutable) shared. The
 * indexes are copied as they are, not rebuilt: their iteration order (last-modified) decides
 * ties downstream, and a restored run must choose exactly what the original run chose.
 */
export function cloneCache(c: CacheState): CacheState {
  const objects = {} as Record<Kind, Map<string, KubeObject>>;
  for (const k of KINDS) objects[k] = new Map(c.objects[k]);
  const ownerStats = new Map<string, OwnerStats>();
  for (const [k, v] of c.ownerStats) ownerStats.set(k, { ...v });
  const activeByNode = new Map<string, Map<string, number>>();
  for (const [k, v] of c.activeByNode) activeByNode.set(k, new Map(v));
  return {
    objects,
    ownerStats,
    podsByOwner: copyIndex(c.podsByOwner),
    podsByNode: copyIndex(c.podsByNode),
    activeByNode,
    version: c.version,
  };
}

/** list returns every cached object of a kind, in insertion order (deterministic). */
export function list<K extends Kind>(c: CacheState, kind: K): ObjectOf<K>[] {
  return [...c.objects[kind].values()] as ObjectOf<K>[];
}

export function get<K extends Kind>(c: CacheState, kind: K, key: string): ObjectOf<K> | undefined {
  return c.objects[kind].get(key) as ObjectOf<K> | undefined;
}

function podsOf(pods: Map<string, Pod> | undefined): Pod[] {
  return pods ? [...pods.values()] : [];
}

/** podsOwnedBy lists the cached pods whose controller is the object with this uid. */
export function podsOwnedBy(c: CacheState, uid: string): Pod[] {
  return podsOf(c.podsByOwner.get(uid));
}

/** ownedPods are the pods the object with this uid controls by cache key, in index order. */
export function ownedPods(c: CacheState, uid: string): ReadonlyMap<string, Pod> {
  return c.podsByOwner.get(uid) ?? EMPTY;
}

const EMPTY: ReadonlyMap<string, Pod> = new Map();

/** orphanPods are a namespace's cached pods that no controller owns, by cache key. */
export function orphanPods(c: CacheState, namespace: string): ReadonlyMap<string, Pod> {
  return c.podsByOwner.get(orphanPodIndexKey(namespace)) ?? EMPTY;
}

/** ownedPodCount is how many cached pods (any phase) the object with this uid controls. */
export function ownedPodCount(c: CacheState, uid: string): number {
  return c.podsByOwner.get(uid)?.size ?? 0;
}

/**
 * activePodsPerNode counts the active pods of the given controllers on each node ('' for
 * unbound pods): what getPodsRankedByRelatedPodsOnSameNode counts from a list of the pods.
 */
export function activePodsPerNode(c: CacheState, uids: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const uid of uids) {
    for (const [node, n] of c.activeByNode.get(uid) ?? []) out.set(node, (out.get(node) ?? 0) + n);
  }
  return out;
}

/** podsOnNode lists the cached pods bound or pinned to a node. */
export function podsOnNode(c: CacheState, node: string): Pod[] {
  return podsOf(c.podsByNode.get(node));
}
