// Not a port: an implementation cache beside the ported DaemonSet functions (upstream recomputes everything).
/**
 * The DaemonSet controller's per-node memo. Upstream's syncDaemonSet lists the DaemonSet's pods,
 * groups them by node and asks every node, several times per sync, what nodeShouldRunDaemonPod,
 * podsShouldBeOnNode, findUpdatedPodsOnNode and the status counting make of it. Syncs come about
 * once per pod event, so a 5,000-node rolling update walked nodes ~5 × 5,000 times per sync, some
 * 2,200 syncs: 46 s of the engine's time for one rollout.
 *
 * The memo keeps those inputs and answers per DaemonSet and per node:
 * - the claimed pods in claim order (getDaemonPods) and grouped by node (getNodesToDaemonPods);
 * - per node, NodeFacts: the two nodeShouldRunDaemonPod answers, whether podsShouldBeOnNode has
 *   nothing to do there whatever the time (quiet), the pod the status counts, and
 *   findUpdatedPodsOnNode; plus the status counters summed over the nodes.
 * The DaemonSet controller's own watch handler (memoOnWatch) moves a pod between node groups and
 * marks its node dirty; a node event marks that node; a new template, revision hash, template
 * generation or surge setting marks every node. A sync recomputes only the dirty nodes, with the
 * ported functions themselves, so an answer is always what the full walk would give. Rolling out
 * 5,000 nodes, a typical sync then recomputes a handful of nodes instead of 25,000 node visits;
 * the rolling update still visits every node, because its node order takes one PRNG draw per
 * node and it records one decision per node.
 *
 * The memo is engine state (EngineState.dsMemo, copied by cloneEngineState), because it is built
 * from the history of watch events. It trusts that history only while it has seen every change
 * of the informer cache (CacheState.version); otherwise the next sync rebuilds it from the cache.
 */
import type { DaemonSet, LabelSelector, Node, Pod, PodTemplateSpec } from '../../api/types.ts';
import { getControllerOf } from '../../api/ownerRefs.ts';
import { jsonEqual, objectKey, type WatchRecord } from '../../apiserver/store.ts';
import { type CacheState, list, podsOwnedBy } from '../../client/cache.ts';
import { selectorMatches } from '../../lib/labels.ts';
import type { ShouldRunResult } from './shouldRun.ts';
import { getNodesToDaemonPods, groupedUnder } from './daemonPods.ts';
import { type NodeFacts, noCounts, sameLonePodFacts, type StatusCounts } from './nodeFacts.ts';
import { cloneTable, type RollingUpdateTable } from './rollingUpdateTable.ts';
import { getTargetNodeName } from './util/daemonsetUtil.ts';

/** One DaemonSet's memo. Arrays and NodeFacts are replaced, never changed, so copies may share them. */
export interface DaemonSetMemo {
  uid: string;
  namespace: string;
  /** The selector the pods were claimed with (immutable upstream; a change rebuilds the memo). */
  selector: LabelSelector;
  /** CacheState.version of the last watch event the memo took in. */
  cacheVersion: number;
  /**
   * getDaemonPods: the claimed pods by key. Their claim order is the cache's (last-written last),
   * which is resourceVersion order (claimedPods sorts by it): a changed pod is set in its place,
   * not moved to the end of the map, one probe of the 5,000-entry map per pod event fewer.
   */
  claimed: Map<string, Pod>;
  /** The pods it controls in its namespace that its selector no longer matches: getDaemonPods releases them. */
  unmatched: Map<string, Pod>;
  /** getNodesToDaemonPods(claimed, false), kept as pods come, change and go. */
  byNode: Record<string, readonly Pod[]>;
  /** The cached node list, or null after a node event (relisted by the next sync). */
  nodeList: readonly Node[] | null;
  /** Each listed node's position in nodeList. */
  nodeIndex: ReadonlyMap<string, number>;
  /** What the facts were computed for: a change makes every node dirty. */
  template: PodTemplateSpec | null;
  hash: string;
  generation: number | null;
  surge: boolean;
  /** Facts of every listed node and every other node name that has pods. */
  facts: Map<string, NodeFacts>;
  /** Node names whose facts are stale. */
  dirty: Set<string>;
  counts: StatusCounts;
  /** Listed nodes that are not quiet: the only ones manage must visit. */
  active: Set<string>;
  /** Node names with pods that are not in the list (getUnscheduledPodsWithoutNode looks there). */
  offList: Set<string>;
  /** The rolling update's packed view of the facts, or null after updatedDesiredNodeCounts' map lost or gained a node. */
  ru: RollingUpdateTable | null;
  /**
   * nodeShouldRunDaemonPod's answer by node-list position, for the node object in answerNodes at
   * that position and the template answerTemplate. Its own cache finds an answer through a
   * WeakMap keyed by the node object: ~45,000 lookups in a 5,000-node rollout, each reading a
   * node object the sync otherwise leaves alone. Emptied when the node list is listed again.
   */
  answers: ShouldRunResult[];
  answerNodes: Node[];
  answerTemplate: PodTemplateSpec | null;
}

declare module '../../client/state.ts' {
  interface EngineState {
    /** The DaemonSet controller's per-node memo of its syncs, by DaemonSet key (controller/daemon/nodeMemo.ts). */
    dsMemo: Map<string, DaemonSetMemo>;
  }
}

/** claims reports whether getDaemonPods would list the pod: controlled by the memo's DaemonSet, same namespace, selected. */
function claims(m: DaemonSetMemo, pod: Pod): boolean {
  return (
    getControllerOf(pod)?.uid === m.uid &&
    (pod.metadata.namespace ?? 'default') === m.namespace &&
    selectorMatches(m.selector, pod.metadata.labels)
  );
}

/**
 * claimsAgain is claims(m, pod) for a new version of a claimed pod: the answer reads only the
 * owner references, the namespace and the labels (the selector stays: another one rebuilds the
 * memo), so while the new version keeps those very objects the pod is still claimed. Status and
 * binding writes keep them: ~45,000 of the 5,000-node row's pod events skip a selector match
 * that lists the selector's entries anew each time.
 */
function claimsAgain(m: DaemonSetMemo, pod: Pod, prev: Pod | undefined): boolean {
  const a = pod.metadata;
  const b = prev?.metadata;
  if (b !== undefined && a.ownerReferences === b.ownerReferences && a.labels === b.labels && a.namespace === b.namespace) return true;
  return claims(m, pod);
}

/** buildMemo lists and groups the DaemonSet's pods from the cache; every node starts dirty. */
function buildMemo(c: CacheState, ds: DaemonSet): DaemonSetMemo {
  const m: DaemonSetMemo = {
    uid: ds.metadata.uid ?? '',
    namespace: ds.metadata.namespace ?? 'default',
    selector: ds.spec.selector,
    cacheVersion: c.version,
    claimed: new Map(),
    unmatched: new Map(),
    byNode: {},
    nodeList: null,
    nodeIndex: new Map(),
    template: null,
    hash: '',
    generation: null,
    surge: false,
    facts: new Map(),
    dirty: new Set(),
    counts: noCounts(),
    active: new Set(),
    offList: new Set(),
    ru: null,
    answers: [],
    answerNodes: [],
    answerTemplate: null,
  };
  for (const pod of podsOwnedBy(c, m.uid)) {
    if (claims(m, pod)) m.claimed.set(objectKey(pod), pod);
    else if ((pod.metadata.namespace ?? 'default') === m.namespace) m.unmatched.set(objectKey(pod), pod);
  }
  m.byNode = getNodesToDaemonPods([...m.claimed.values()], false);
  // No facts yet: template null makes the first refreshFacts compute every node.
  return m;
}

/**
 * syncMemo returns the DaemonSet's memo with the pods and the node list up to date (facts come
 * with refreshFacts, memoFacts.ts, once the sync knows the revision hash): the kept one while it
 * has seen every cache change, else one rebuilt from the cache.
 */
export function syncMemo(memos: Map<string, DaemonSetMemo>, c: CacheState, key: string, ds: DaemonSet): DaemonSetMemo {
  let m = memos.get(key);
  const stale =
    m === undefined ||
    m.cacheVersion !== c.version ||
    m.uid !== (ds.metadata.uid ?? '') ||
    m.namespace !== (ds.metadata.namespace ?? 'default') ||
    (m.selector !== ds.spec.selector && !jsonEqual(m.selector, ds.spec.selector));
  if (m === undefined || stale) {
    m = buildMemo(c, ds);
    memos.set(key, m);
  }
  // An equal selector in a new DaemonSet object: compare by identity from now on.
  m.selector = ds.spec.selector;
  if (m.nodeList === null) {
    const nodeList = list(c, 'Node');
    m.nodeList = nodeList;
    m.nodeIndex = new Map(nodeList.map((n, i) => [n.metadata.name, i] as const));
    m.answers = [];
    m.answerNodes = [];
  }
  return m;
}

/**
 * claimedPods is getDaemonPods' list, from the memo: in the cache's order, last-written last. The
 * watch delivers writes in the store's order, each with a higher resourceVersion than the writes
 * before it, so that is resourceVersion order. Only a revision's clean-up or a duplicate revision
 * lists them.
 */
export function claimedPods(m: DaemonSetMemo): Pod[] {
  return [...m.claimed.values()].sort((a, b) => Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion));
}

/** nodeListOf returns the memo's node list (syncMemo has listed it). */
export function nodeListOf(m: DaemonSetMemo): readonly Node[] {
  return m.nodeList ?? [];
}

/** removePod takes a pod out of its node's group, marking the node dirty when it was there. */
function removePod(m: DaemonSetMemo, node: string, name: string): void {
  const pods = m.byNode[node];
  const rest = pods === undefined ? pods : withoutNamed(pods, name, null);
  if (rest === undefined || rest.length === pods?.length) return;
  if (rest.length > 0) m.byNode[node] = rest;
  else delete m.byNode[node];
  m.dirty.add(node);
}

/**
 * replacePod files a changed pod that stays on its node: out of the group, back in last, in one
 * write. Removing and adding it separately deletes and re-creates the node's key whenever it is
 * the node's only pod, and deleting keys from a 5,000-key object costs ~1 µs a time.
 */
function replacePod(m: DaemonSetMemo, node: string, prev: Pod, pod: Pod): void {
  const pods = m.byNode[node];
  // The node's lone pod, changed where its facts do not look: the node stays clean.
  if (pods !== undefined && pods.length === 1 && pods[0] === prev && sameLonePodFacts(prev, pod)) {
    m.byNode[node] = [pod];
    return;
  }
  m.byNode[node] = withoutNamed(pods ?? [], prev.metadata.name, pod);
  m.dirty.add(node);
}

/** withoutNamed is `pods` less those named `name`, then `last`: a loop, not some, filter and a spread (~60,000 pod events at 5,000 nodes). */
function withoutNamed(pods: readonly Pod[], name: string, last: Pod | null): Pod[] {
  // Grown by push, as filter and the spread grew theirs: a packed array like every other group
  // (one made by new Array(n) stays holey, and the walks over the groups would see both kinds).
  const out: Pod[] = [];
  for (const p of pods) if (p.metadata.name !== name) out.push(p);
  if (last !== null) out.push(last);
  return out;
}

/** trackUnmatched files a pod the memo does not claim: among the unmatched while this DaemonSet still controls it in its namespace. */
function trackUnmatched(m: DaemonSetMemo, key: string, pod: Pod | undefined): void {
  if (pod !== undefined && getControllerOf(pod)?.uid === m.uid && (pod.metadata.namespace ?? 'default') === m.namespace) m.unmatched.set(key, pod);
  else if (m.unmatched.size > 0) m.unmatched.delete(key);
}

/** podChanged replays one pod's watch event on the memo: out of its old place, claimed again at the end. */
function podChanged(m: DaemonSetMemo, key: string, pod: Pod | undefined): void {
  const prev = m.claimed.get(key);
  const kept = pod !== undefined && claimsAgain(m, pod, prev) ? pod : undefined;
  if (kept !== undefined) m.claimed.set(key, kept);
  else if (prev !== undefined) m.claimed.delete(key);
  if (kept === undefined) trackUnmatched(m, key, pod);
  else if (m.unmatched.size > 0) m.unmatched.delete(key);
  const from = prev === undefined ? null : getTargetNodeName(prev);
  // Last in claim order, so last of its node's pods, as getNodesToDaemonPods(claimed, false) files it.
  const to = kept === undefined ? null : groupedUnder(kept, false);
  if (prev !== undefined && kept !== undefined && from !== null && from === to) {
    replacePod(m, to, prev, kept);
    return;
  }
  if (prev !== undefined && from !== null) removePod(m, from, prev.metadata.name);
  if (kept === undefined || to === null) return;
  m.byNode[to] = [...(m.byNode[to] ?? []), kept];
  m.dirty.add(to);
}

/**
 * memoOnWatch is the memo's part of the DaemonSet controller's watch handlers, run right after
 * the informer cache took the event in: a pod event regroups the pod and dirties its node(s); a
 * node event dirties the node and drops the node list. A memo that missed a cache change is left
 * stale for the next sync to rebuild. key, when given, is objectKey(rec.object).
 */
export function memoOnWatch(memos: Map<string, DaemonSetMemo>, c: CacheState, rec: WatchRecord, key?: string): void {
  if (memos.size === 0) return;
  const obj = rec.object;
  // The delivery's own key string when given (its hash known): not one built again per event.
  if (key === undefined) key = objectKey(obj);
  const now = c.objects[obj.kind].get(key);
  // applyWatch ignores an event older than what it holds: then the cache did not change.
  const applied = rec.type === 'DELETED' ? now === undefined : now === obj;
  for (const m of memos.values()) {
    if (m.cacheVersion !== c.version - 1) continue;
    m.cacheVersion = c.version;
    if (!applied) continue;
    if (obj.kind === 'Pod') podChanged(m, key, now?.kind === 'Pod' ? now : undefined);
    else if (obj.kind === 'Node') {
      m.nodeList = null;
      m.dirty.add(obj.metadata.name);
    }
  }
}

/** cloneDaemonSetMemos copies the memos for a keyframe: containers and the table copied, pods, arrays and facts shared. */
export function cloneDaemonSetMemos(memos: ReadonlyMap<string, DaemonSetMemo>): Map<string, DaemonSetMemo> {
  const out = new Map<string, DaemonSetMemo>();
  for (const [key, m] of memos) {
    out.set(key, {
      ...m,
      claimed: new Map(m.claimed),
      unmatched: new Map(m.unmatched),
      byNode: { ...m.byNode },
      facts: new Map(m.facts),
      dirty: new Set(m.dirty),
      counts: { ...m.counts },
      active: new Set(m.active),
      offList: new Set(m.offList),
      ru: m.ru && cloneTable(m.ru),
      // Answers only: a copy starts without them and asks nodeShouldRunDaemonPod again.
      answers: [],
      answerNodes: [],
      answerTemplate: null,
    });
  }
  return out;
}
