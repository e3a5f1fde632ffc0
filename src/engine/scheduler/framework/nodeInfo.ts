// Port of kubernetes pkg/scheduler/framework/types.go NodeInfo (AddPod, RemovePod, SetNode) and
// HostPortInfo (v1.36): one node as the scheduler sees it, with running totals of what its pods
// request, kept up to date as pods come and go instead of summed again for every pod scheduled.
import type { LabelSelector, Node, Pod, ResourceList } from '../../api/types.ts';
import { selectorMatches } from '../../lib/labels.ts';
import { hasPodAffinity, hasRequiredAntiAffinity } from './podInfo.ts';
import { computePodResourceRequest, type HostPort, type NodeAllocatableResources, parseAllocatable } from './resource.ts';

/** Pods with equal labels (a ReplicaSet's pods have), by namespace: how many are not terminating. */
interface LabelGroup {
  readonly labels: Record<string, string>;
  readonly byNamespace: Map<string, number>;
}

export interface NodeInfo {
  readonly name: string;
  /** The Node; undefined for a node that is gone while pods still name it. */
  node: Node | undefined;
  allocatable: NodeAllocatableResources;
  /** The allocatable list allocatable was parsed from (Node objects are immutable: a new list means a change). */
  allocatableSource: ResourceList | undefined;
  /** Every pod bound here, terminating ones included: their requests hold until the pod is gone. */
  readonly pods: Map<string, Pod>;
  requestedMilliCPU: number;
  requestedMemory: number;
  requestedEphemeralStorage: number;
  requestedScalar: Record<string, number> | null;
  nonZeroMilliCPU: number;
  nonZeroMemory: number;
  podsWithAffinity: number;
  podsWithRequiredAntiAffinity: number;
  /** Bound host ports `ip/protocol/port` → pods binding it (HostPortInfo), null when none. */
  usedPorts: Map<string, number> | null;
  /**
   * Pods that are not terminating, grouped by equal labels (labelsKey): topology spreading counts
   * them. Read it through labelGroupsOf: it is kept only from the first time it is read.
   */
  readonly labelGroups: Map<string, LabelGroup>;
  /** labelGroups is kept up to date (set by labelGroupsOf's first read). */
  groupsLive: boolean;
  /** Bumped by every change to the node or its pods: a memo of this node's verdicts is good while it holds. */
  generation: number;
  /** The node's place in the snapshot's node list (nodeList), which a VerdictTable's rows follow; −1 before it is listed. */
  index: number;
}

const NO_LABELS: Record<string, string> = {};
const EMPTY_ALLOCATABLE = parseAllocatable(undefined);

/** newNodeInfo makes an empty NodeInfo for a node name. */
export function newNodeInfo(name: string): NodeInfo {
  return {
    name,
    node: undefined,
    allocatable: EMPTY_ALLOCATABLE,
    allocatableSource: undefined,
    pods: new Map(),
    requestedMilliCPU: 0,
    requestedMemory: 0,
    requestedEphemeralStorage: 0,
    requestedScalar: null,
    nonZeroMilliCPU: 0,
    nonZeroMemory: 0,
    podsWithAffinity: 0,
    podsWithRequiredAntiAffinity: 0,
    usedPorts: null,
    labelGroups: new Map(),
    groupsLive: false,
    generation: 0,
    index: -1,
  };
}

// V8 keeps a field that has only held small integers as a tagged integer (below 2^30); the first
// total past that (8 pods of 128Mi) changes the layout of every NodeInfo, and optimised code then
// falls back to the interpreter once for each node it meets still in the old layout (~150 times in
// a 2,000-pod rollout on 1,000 nodes). A first NodeInfo with fractional totals fixes the layout
// as double from the start.
{
  const warm = newNodeInfo('');
  warm.requestedMilliCPU = warm.requestedMemory = warm.requestedEphemeralStorage = 0.5;
  warm.nonZeroMilliCPU = warm.nonZeroMemory = 0.5;
}

/** setNode records the Node (NodeInfo.SetNode), parsing its allocatable when that list changed. */
export function setNode(ni: NodeInfo, node: Node | undefined): void {
  ni.node = node;
  ni.generation++;
  const src = node?.status?.allocatable;
  if (src !== ni.allocatableSource) {
    ni.allocatableSource = src;
    ni.allocatable = parseAllocatable(src);
  }
}

/** portKey is HostPortInfo's (ip, protocol, port) key. */
export function portKey(p: HostPort): string {
  return `${p.ip}/${p.protocol}/${p.port}`;
}

const keys = new WeakMap<Record<string, string>, string>();

/**
 * labelsKey names a label set by its content (`app=web\0pod-template-hash=5d…`, keys sorted): each
 * pod has its own labels object, but a ReplicaSet's pods have equal ones, so a node of 40 pods of
 * two ReplicaSets has two groups to test against a selector instead of 40 pods.
 */
export function labelsKey(labels: Record<string, string>): string {
  // Pods made one after the other from one template have equal labels in separate objects: the
  // last label set's key is reused after a comparison that allocates nothing (no sort, no join).
  if (labels === lastLabels || sameLabels(labels, lastLabels)) {
    lastLabels = labels;
    return lastKey;
  }
  let k = keys.get(labels);
  if (k === undefined) {
    k = Object.keys(labels)
      .sort()
      .map((n) => `${n}=${labels[n]}`)
      .join('\u0000');
    keys.set(labels, k);
  }
  lastLabels = labels;
  lastKey = k;
  return k;
}

let lastLabels: Record<string, string> = {};
let lastKey = '';

/** sameLabels: the two label sets have the same keys with the same values. */
function sameLabels(a: Record<string, string>, b: Record<string, string>): boolean {
  let n = 0;
  for (const k in a) {
    if (!Object.hasOwn(a, k)) continue;
    if (!Object.hasOwn(b, k) || a[k] !== b[k]) return false;
    n++;
  }
  for (const k in b) if (Object.hasOwn(b, k)) n--;
  return n === 0;
}

function countLabels(ni: NodeInfo, pod: Pod, sign: 1 | -1): void {
  if (!ni.groupsLive || pod.metadata.deletionTimestamp) return;
  const labels = pod.metadata.labels ?? NO_LABELS;
  const key = labelsKey(labels);
  const ns = pod.metadata.namespace ?? 'default';
  let g = ni.labelGroups.get(key);
  if (g === undefined) {
    g = { labels, byNamespace: new Map() };
    ni.labelGroups.set(key, g);
  }
  const n = (g.byNamespace.get(ns) ?? 0) + sign;
  if (n === 0) {
    g.byNamespace.delete(ns);
    if (g.byNamespace.size === 0) ni.labelGroups.delete(key);
  } else g.byNamespace.set(ns, n);
}

/** addPod adds (sign 1) or removes (sign −1) a pod's share of the node's totals (NodeInfo.AddPod / RemovePod). */
function account(ni: NodeInfo, pod: Pod, sign: 1 | -1): void {
  const r = computePodResourceRequest(pod.spec);
  ni.requestedMilliCPU += sign * r.milliCPU;
  ni.requestedMemory += sign * r.memory;
  ni.requestedEphemeralStorage += sign * r.ephemeralStorage;
  ni.nonZeroMilliCPU += sign * r.nonZeroMilliCPU;
  ni.nonZeroMemory += sign * r.nonZeroMemory;
  if (r.scalar !== null) {
    if (ni.requestedScalar === null) ni.requestedScalar = {};
    const s = ni.requestedScalar;
    for (const k of Object.keys(r.scalar)) s[k] = (s[k] ?? 0) + sign * (r.scalar[k] ?? 0);
  }
  if (hasPodAffinity(pod)) ni.podsWithAffinity += sign;
  if (hasRequiredAntiAffinity(pod)) ni.podsWithRequiredAntiAffinity += sign;
  if (r.hostPorts !== null) {
    if (ni.usedPorts === null) ni.usedPorts = new Map();
    const used = ni.usedPorts;
    for (const p of r.hostPorts) {
      const k = portKey(p);
      const n = (used.get(k) ?? 0) + sign;
      if (n <= 0) used.delete(k);
      else used.set(k, n);
    }
  }
  countLabels(ni, pod, sign);
}

/** addPod records a pod bound to the node (NodeInfo.AddPod). */
export function addPod(ni: NodeInfo, key: string, pod: Pod): void {
  ni.pods.set(key, pod);
  ni.generation++;
  account(ni, pod, 1);
}

/** removePod forgets a pod (NodeInfo.RemovePod). */
export function removePod(ni: NodeInfo, key: string, pod: Pod): void {
  if (!ni.pods.delete(key)) return;
  ni.generation++;
  account(ni, pod, -1);
}

/**
 * setDeleting replaces a pod bound here by its version with the deletion state changed (same
 * spec, labels and namespace): removePod then addPod, without taking its requests, ports and
 * affinity counts out and putting them back (they come to the same numbers).
 */
export function setDeleting(ni: NodeInfo, key: string, prev: Pod, next: Pod): void {
  // The node's only pod (a DaemonSet's, 5,000 times in its 5,000-node row) is replaced in place:
  // the same map, where deleting its last entry made V8 allocate a smaller table first.
  if (ni.pods.size > 1) ni.pods.delete(key);
  ni.generation++;
  countLabels(ni, prev, -1);
  ni.pods.set(key, next);
  ni.generation++;
  countLabels(ni, next, 1);
}

/**
 * labelGroupsOf is the node's label groups, counted from its pods the first time they are asked
 * for and kept up to date from then on. Only topology spreading reads them, and a StatefulSet's
 * pods spread by no constraint (the system defaults name a ReplicaSet's selector only): each of
 * its pods has labels of its own (its name), so keeping the groups cost a key (sorted and joined)
 * and a group for every pod bound, ~2 % of the 1,000-replica update, for nothing.
 */
export function labelGroupsOf(ni: NodeInfo): ReadonlyMap<string, LabelGroup> {
  if (!ni.groupsLive) {
    ni.groupsLive = true;
    ni.labelGroups.clear();
    for (const pod of ni.pods.values()) countLabels(ni, pod, 1);
  }
  return ni.labelGroups;
}

/**
 * countPodsMatchSelector counts the node's pods in namespace `ns` that the selector selects,
 * terminating pods left out (podtopologyspread/common.go, see kubernetes#87621). Pods are
 * counted by label set, so a node running 40 pods of two ReplicaSets tests two label sets;
 * `memo` remembers each set's verdict for the whole scheduling cycle.
 */
export function countPodsMatchSelector(
  ni: NodeInfo,
  selector: LabelSelector | undefined,
  ns: string,
  memo: Map<string, boolean>,
): number {
  if (selector === undefined) return 0;
  let count = 0;
  for (const [key, g] of labelGroupsOf(ni)) {
    const n = g.byNamespace.get(ns);
    if (n === undefined) continue;
    let m = memo.get(key);
    if (m === undefined) {
      m = selectorMatches(selector, g.labels);
      memo.set(key, m);
    }
    if (m) count += n;
  }
  return count;
}

/** checkConflict is HostPortInfo.CheckConflict: 0.0.0.0 conflicts with every address of the same protocol and port. */
export function portConflict(used: Map<string, number> | null, p: HostPort): boolean {
  if (used === null || p.port <= 0) return false;
  if (p.ip === '0.0.0.0') {
    const suffix = `/${p.protocol}/${p.port}`;
    for (const k of used.keys()) if (k.endsWith(suffix)) return true;
    return false;
  }
  return used.has(`0.0.0.0/${p.protocol}/${p.port}`) || used.has(portKey(p));
}
