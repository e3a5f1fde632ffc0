// Port of kubernetes pkg/scheduler/backend/cache (cache.go, node_tree.go, snapshot.go) (v1.36): the
// scheduler's view of every node and the pods bound to it.
//
// Modelling choice: the view is derived from the API store, kept up to date by the store's own
// writes (apiserver/store.ts calls schedulerCacheOnWrite). A pod the scheduler binds is in it at
// once (the "assumed" pod of a real scheduler), and a pod stays in it, with its requests, until it
// is removed from the store: a terminating pod still holds its cpu and memory, as in a cluster.
// The view is not part of a keyframe: it is a function of the store, rebuilt on first use after a
// restore (buildSchedulerCache), so a seek costs nothing here until the scheduler next runs.
import type { KubeObject, Node, Pod } from '../../api/types.ts';
import { isPodPhaseTerminal } from '../../api/podConditions.ts';
import type { StoreIndex, StoreState } from '../../apiserver/store.ts';
import { addPod, newNodeInfo, type NodeInfo, removePod, setDeleting, setNode } from '../framework/nodeInfo.ts';
import type { VerdictTable } from '../nodeVerdicts.ts';
import { LabelFailureDomainBetaRegion, LabelFailureDomainBetaZone, LabelTopologyRegion, LabelTopologyZone } from '../framework/types.ts';

/** What ImageLocality knows of an image (ImageStateSummary): its size and on how many nodes it is. */
export interface ImageState {
  size: number;
  numNodes: number;
}

export interface SchedulerCache {
  /** NodeInfo by node name; a node that is gone keeps its entry while pods still name it. */
  readonly nodes: Map<string, NodeInfo>;
  /** The existing nodes in nodeTree order (zones round-robin), or null until listed again. */
  order: NodeInfo[] | null;
  /** Image name → state, or null until computed again (a node's images changed). */
  images: Map<string, ImageState> | null;
  /** Bound pods with any inter-pod (anti-)affinity, and with a required anti-affinity term, cluster-wide. */
  podsWithAffinity: number;
  podsWithRequiredAntiAffinity: number;
  /** Bumped by every node write; labelKeys holds its answers for one value of it. */
  nodeVersion: number;
  labelKeys: { version: number; has: Map<string, boolean> };
  /** The node-local verdicts of the last cycles, row by row of `order` (nodeVerdicts.ts), or null. */
  verdicts: VerdictTable | null;
  /**
   * Pods assumed on a node while their binding cycle waits (bindingCycle.ts syncAssumed), as
   * counted on that node: not in the store's view until bound, so kept here beside it.
   */
  readonly assumed: Map<string, Pod>;
}

/** The store's parts the cache is built from (StoreState.objects). */
interface StoreObjects {
  objects: { Node: Map<string, KubeObject>; Pod: Map<string, KubeObject> };
}

/** GetZoneKey: `region:\0:zone`, or "" for a node with neither label. */
export function getZoneKey(node: Node): string {
  const l = node.metadata.labels ?? {};
  const region = l[LabelTopologyRegion] ?? l[LabelFailureDomainBetaRegion] ?? '';
  const zone = l[LabelTopologyZone] ?? l[LabelFailureDomainBetaZone] ?? '';
  if (region === '' && zone === '') return '';
  return `${region}:\u0000:${zone}`;
}

function nodeInfoFor(c: SchedulerCache, name: string): NodeInfo {
  let ni = c.nodes.get(name);
  if (ni === undefined) {
    ni = newNodeInfo(name);
    c.nodes.set(name, ni);
  }
  return ni;
}

/** The store's index that keeps the scheduler's cache: each pod and node write folds into `cache`. */
interface SchedulerCacheIndex extends StoreIndex {
  readonly cache: SchedulerCache;
}

/** schedulerCache is the scheduler's view of the store's nodes and bound pods, built on first use. */
export function schedulerCache(st: StoreState): SchedulerCache {
  // The store keeps one index, this one (StoreState.schedCache): only this function sets it.
  let index = st.schedCache as SchedulerCacheIndex | undefined;
  if (index === undefined) {
    const cache = buildSchedulerCache(st);
    index = { cache, onWrite: (prev, next, key) => schedulerCacheOnWrite(cache, prev, next, key) };
    st.schedCache = index;
  }
  return index.cache;
}

/** buildSchedulerCache makes the view from the store's nodes and bound pods. */
export function buildSchedulerCache(st: StoreObjects): SchedulerCache {
  const c: SchedulerCache = {
    nodes: new Map(),
    order: null,
    images: null,
    podsWithAffinity: 0,
    podsWithRequiredAntiAffinity: 0,
    nodeVersion: 0,
    labelKeys: { version: 0, has: new Map() },
    verdicts: null,
    assumed: new Map(),
  };
  for (const n of st.objects.Node.values()) if (n.kind === 'Node') setNode(nodeInfoFor(c, n.metadata.name), n);
  for (const [key, p] of st.objects.Pod) {
    if (p.kind === 'Pod' && p.spec.nodeName) add(c, key, p);
  }
  return c;
}

/**
 * schedulerCacheOnWrite folds one store write into the view: `prev` is what the store held under
 * `key`, `next` what it holds now (undefined once deleted). A pod status write that leaves the
 * node, spec, labels and deletion state alone (most writes of a rollout) changes nothing here.
 */
export function schedulerCacheOnWrite(c: SchedulerCache, prev: KubeObject | undefined, next: KubeObject | undefined, key: string): void {
  const obj = next ?? prev;
  if (obj === undefined) return;
  if (obj.kind === 'Node') {
    onNode(c, prev as Node | undefined, next as Node | undefined);
    return;
  }
  if (obj.kind !== 'Pod') return;
  // The scheduler's pod informer leaves terminal pods out (status.phase!=Succeeded,status.phase!=Failed):
  // a pod that finished frees its node's room as a deleted one does.
  const a = prev?.kind === 'Pod' && prev.spec.nodeName && !isTerminal(prev) ? prev : undefined;
  const b = next?.kind === 'Pod' && next.spec.nodeName && !isTerminal(next) ? next : undefined;
  if (
    a !== undefined &&
    b !== undefined &&
    a.spec === b.spec &&
    a.metadata.labels === b.metadata.labels &&
    a.metadata.namespace === b.metadata.namespace &&
    !a.metadata.deletionTimestamp === !b.metadata.deletionTimestamp
  ) {
    return;
  }
  if (a !== undefined && b !== undefined && a.spec === b.spec && a.metadata.labels === b.metadata.labels && a.metadata.namespace === b.metadata.namespace) {
    // Only the deletion state changed (a graceful delete): the pod's requests, ports and affinity
    // stay on its node; only the label groups, which leave terminating pods out, move.
    const ni = c.nodes.get(a.spec.nodeName as string);
    if (ni?.node !== undefined && ni.pods.has(key)) {
      setDeleting(ni, key, a, b);
      return;
    }
  }
  if (a !== undefined) {
    const ni = c.nodes.get(a.spec.nodeName as string);
    if (ni !== undefined) {
      const x = ni.podsWithAffinity;
      const y = ni.podsWithRequiredAntiAffinity;
      removePod(ni, key, a);
      c.podsWithAffinity += ni.podsWithAffinity - x;
      c.podsWithRequiredAntiAffinity += ni.podsWithRequiredAntiAffinity - y;
      if (ni.node === undefined && ni.pods.size === 0) c.nodes.delete(ni.name);
    }
  }
  if (b !== undefined) add(c, key, b);
}

/** add records a bound pod on its node and in the cluster-wide affinity counts. */
function add(c: SchedulerCache, key: string, pod: Pod): void {
  const ni = nodeInfoFor(c, pod.spec.nodeName as string);
  const x = ni.podsWithAffinity;
  const y = ni.podsWithRequiredAntiAffinity;
  addPod(ni, key, pod);
  c.podsWithAffinity += ni.podsWithAffinity - x;
  c.podsWithRequiredAntiAffinity += ni.podsWithRequiredAntiAffinity - y;
}

function onNode(c: SchedulerCache, prev: Node | undefined, next: Node | undefined): void {
  const name = (next ?? prev)?.metadata.name as string;
  c.nodeVersion++;
  if (next === undefined) {
    const ni = c.nodes.get(name);
    if (ni !== undefined) {
      setNode(ni, undefined);
      if (ni.pods.size === 0) c.nodes.delete(name);
    }
    c.order = null;
    if (prev?.status?.images?.length) c.images = null;
    return;
  }
  setNode(nodeInfoFor(c, name), next);
  if (prev === undefined || getZoneKey(prev) !== getZoneKey(next)) c.order = null;
  if (prev?.status?.images !== next.status?.images) c.images = null;
}

/**
 * nodeList is the snapshot's node list: nodes grouped by zone, zones in order of first appearance,
 * taken round-robin (nodeTree.list), so consecutive nodes are in different zones.
 * Worked example: a1 a2 b1 (zones a, b) → a1, b1, a2.
 */
export function nodeList(c: SchedulerCache, storeNodes: Map<string, KubeObject>): NodeInfo[] {
  if (c.order !== null) return c.order;
  const zones: NodeInfo[][] = [];
  const byZone = new Map<string, NodeInfo[]>();
  for (const n of storeNodes.values()) {
    if (n.kind !== 'Node') continue;
    const ni = c.nodes.get(n.metadata.name);
    if (ni === undefined) continue;
    const z = getZoneKey(n);
    let list = byZone.get(z);
    if (list === undefined) {
      list = [];
      byZone.set(z, list);
      zones.push(list);
    }
    list.push(ni);
  }
  let order: NodeInfo[];
  if (zones.length === 1) order = zones[0] as NodeInfo[];
  else {
    order = [];
    for (let i = 0; zones.some((z) => i < z.length); i++) {
      for (const z of zones) if (i < z.length) order.push(z[i] as NodeInfo);
    }
  }
  for (let i = 0; i < order.length; i++) (order[i] as NodeInfo).index = i;
  c.order = order;
  return order;
}

/**
 * anyNodeHasLabel tells whether some node carries the label key: the system default zone spreading
 * has nothing to count on a cluster without zones, and a cycle need not look at every node to learn it.
 */
export function anyNodeHasLabel(c: SchedulerCache, key: string): boolean {
  if (c.labelKeys.version !== c.nodeVersion) c.labelKeys = { version: c.nodeVersion, has: new Map() };
  let has = c.labelKeys.has.get(key);
  if (has === undefined) {
    has = false;
    for (const ni of c.nodes.values()) {
      if (ni.node !== undefined && Object.hasOwn(ni.node.metadata.labels ?? {}, key)) {
        has = true;
        break;
      }
    }
    c.labelKeys.has.set(key, has);
  }
  return has;
}

/** normalizedImageName adds `:latest` to a name without a tag (imagelocality). */
export function normalizedImageName(name: string): string {
  return name.lastIndexOf(':') <= name.lastIndexOf('/') ? `${name}:latest` : name;
}

/** imageStates is the cache's image table: for every image name on some node, its size and node count. */
export function imageStates(c: SchedulerCache): Map<string, ImageState> {
  if (c.images !== null) return c.images;
  const m = new Map<string, ImageState>();
  for (const ni of c.nodes.values()) {
    for (const img of ni.node?.status?.images ?? []) {
      for (const name of img.names) {
        const s = m.get(name);
        if (s === undefined) m.set(name, { size: img.sizeBytes ?? 0, numNodes: 1 });
        else s.numNodes++;
      }
    }
  }
  c.images = m;
  return m;
}

/** isTerminal: the pod's phase is Succeeded or Failed (none of its containers will run again). */
export function isTerminal(pod: Pod): boolean {
  return isPodPhaseTerminal(pod.status?.phase);
}
