// Port of kubernetes pkg/controller/daemon/update.go rollingUpdate, findUpdatedPodsOnNode, updatedDesiredNodeCounts (v1.36).
/**
 * The RollingUpdate step of a DaemonSet sync, as a plan of pods to delete and nodes to create on.
 * It runs only when manage left nothing pending. Upstream walks `nodeToDaemonPods`, a Go map, so
 * the node order is random; here the node names are sorted and then shuffled (Fisher–Yates) with
 * the passed-in PRNG, so a plan is a pure function of its inputs and the PRNG draws.
 */
import { type Decision, type DecisionLog, decide } from '../../api/decision.ts';
import type { DaemonSet, Node, Pod } from '../../api/types.ts';
import type { NodeToDaemonPods } from './daemonPods.ts';
import type { RollingUpdateTable } from './rollingUpdateTable.ts';
import type { DesiredNodeCounts, NodeUpdate, RollingUpdatePlan, WalkOrder } from './updateTypes.ts';
import { type PrngState, shuffleInPlace, skipDraws } from '../../lib/prng.ts';
import { nodeShouldRunDaemonPod } from './shouldRun.ts';
import { rollingUpdateSurge, rollingUpdateUnavailable } from './updateBranches.ts';
import {
  getTemplateGeneration,
  isPodUpdated,
  podReadiness,
  surgeCount,
  unavailableCount,
} from './util/daemonsetUtil.ts';

/**
 * What the DaemonSet's node memo (nodeMemo.ts) already knows, so that a rolling update neither
 * counts the desired nodes again nor sorts the node names nor looks at any node's pods again.
 */
export interface RollingUpdateMemo {
  /** updatedDesiredNodeCounts' desiredNumberScheduled. */
  desiredNumberScheduled: number;
  /** The keys of updatedDesiredNodeCounts' map (nodes with pods, nodes that should run), sorted. */
  sortedNodeNames: readonly string[];
  /**
   * nodeUpdate (findUpdatedPodsOnNode) of the node at a position of sortedNodeNames. The answer
   * may be a record the next call refills: the walk reads it before it asks for the next node.
   */
  nodeUpdateAt: (slot: number) => NodeUpdate;
  /** nodeShouldRunDaemonPod's shouldRun of the node at a position, null when it is not a listed node. */
  shouldRunAt: (slot: number) => boolean | null;
  /** The packed table nodeUpdateAt reads, for the maxSurge == 0 walk to read directly. */
  table?: RollingUpdateTable;
  /** Where the per-node lines go unexpanded (deferredLines.ts); unset, they go into the log. */
  defer?: (expand: () => Decision[]) => void;
}

/**
 * failedCounts is updatedDesiredNodeCounts' answer for a budget that does not parse. A function of
 * its own, not an arrow made per call: the bench runs under tsx, whose keepNames names each arrow
 * it makes (741 calls of a 5,000-node rollout, 32 ms of its profile on a loaded machine).
 */
function failedCounts(map: NodeToDaemonPods, error: string): DesiredNodeCounts {
  return { maxSurge: -1, maxUnavailable: -1, desiredNumberScheduled: -1, nodeToDaemonPods: map, error };
}

/**
 * updatedDesiredNodeCounts counts the nodes that should run the pod (desiredNumberScheduled),
 * resolves maxUnavailable and maxSurge against it (both rounding up: 50% of 3 → 2), and when the
 * DaemonSet wants pods but both come out 0 (e.g. maxSurge 0% from a stale client) falls back to
 * maxUnavailable 1 so the update can still progress. With a memo the count is the memo's and
 * the map is the input (the memo lists its keys).
 */
export function updatedDesiredNodeCounts(
  ds: DaemonSet,
  nodeList: readonly Node[],
  nodeToDaemonPods: NodeToDaemonPods,
  log?: DecisionLog,
  memo?: RollingUpdateMemo,
): DesiredNodeCounts {
  const fn = 'updatedDesiredNodeCounts';
  let desiredNumberScheduled = memo?.desiredNumberScheduled ?? 0;
  const missing: string[] = [];
  for (const node of memo === undefined ? nodeList : []) {
    if (!nodeShouldRunDaemonPod(node, ds).shouldRun) continue;
    desiredNumberScheduled++;
    if (!Object.hasOwn(nodeToDaemonPods, node.metadata.name)) missing.push(node.metadata.name);
  }
  // The input is never changed: it is copied only when a desired node must be added.
  let map: Readonly<Record<string, readonly Pod[]>> = nodeToDaemonPods;
  if (missing.length > 0) {
    const copy: Record<string, readonly Pod[]> = { ...nodeToDaemonPods };
    for (const name of missing) copy[name] = [];
    map = copy;
  }
  let maxUnavailable: number;
  let maxSurge: number;
  try {
    maxUnavailable = unavailableCount(ds, desiredNumberScheduled);
  } catch (e) {
    return failedCounts(map, `invalid value for MaxUnavailable: ${(e as Error).message}`);
  }
  try {
    maxSurge = surgeCount(ds, desiredNumberScheduled);
  } catch (e) {
    return failedCounts(map, `invalid value for MaxSurge: ${(e as Error).message}`);
  }
  if (desiredNumberScheduled > 0 && maxUnavailable === 0 && maxSurge === 0) {
    decide(log, fn, 'defaultUnavailable', { desired: desiredNumberScheduled });
    maxUnavailable = 1;
  }
  decide(log, fn, 'counts', { desired: desiredNumberScheduled, maxSurge, maxUnavailable });
  return { maxSurge, maxUnavailable, desiredNumberScheduled, nodeToDaemonPods: map };
}

/** The at-most-one new and one old pod of a node, or ok=false when there are more. */
export interface UpdatedPodsOnNode {
  newPod: Pod | null;
  oldPod: Pod | null;
  ok: boolean;
}

/**
 * findUpdatedPodsOnNode splits a node's pods that are not being deleted into the current
 * revision's pod and an old one. Two new or two old pods make the node not ok: the rolling
 * update skips it and lets manage prune it first.
 */
export function findUpdatedPodsOnNode(ds: DaemonSet, podsOnNode: readonly Pod[], hash: string): UpdatedPodsOnNode {
  let newPod: Pod | null = null;
  let oldPod: Pod | null = null;
  const generation = getTemplateGeneration(ds);
  for (const pod of podsOnNode) {
    if (pod.metadata.deletionTimestamp) continue;
    if (isPodUpdated(pod, hash, generation)) {
      if (newPod !== null) return { newPod: null, oldPod: null, ok: false };
      newPod = pod;
    } else {
      if (oldPod !== null) return { newPod: null, oldPod: null, ok: false };
      oldPod = pod;
    }
  }
  return { newPod, oldPod, ok: true };
}

/** nodeUpdate runs findUpdatedPodsOnNode on a node's pods and reads the two pods it finds. */
export function nodeUpdate(ds: DaemonSet, podsOnNode: readonly Pod[], hash: string): NodeUpdate {
  const { newPod, oldPod, ok } = findUpdatedPodsOnNode(ds, podsOnNode, hash);
  return { ok, newPod: newPod && podReadiness(newPod), oldPod: oldPod && podReadiness(oldPod) };
}

/**
 * Where the shuffle's draws come from: a function, or the engine's PRNG itself, which the shuffle
 * then steps directly (shuffleInPlace, the same draws): 5,000 draws per rolling-update sync, and
 * a closure call per draw cost ~20 ns more each (measured with --cpu-prof).
 */
export type Rand = (() => number) | PrngState;

/** shuffledNodeNames sorts the names, then Fisher–Yates shuffles them with `rand` (Go map order). */
export function shuffledNodeNames(names: readonly string[], rand: Rand): string[] {
  const sorted = [...names].sort();
  return Array.from(shuffledSlots(sorted.length, rand), (i) => sorted[i] as string);
}

/**
 * A reused buffer for the walk's order. Each walk overwrites all of it before reading it, so no
 * walk sees another's; a walk that needs its order later makes it again (orderAgain).
 * 5,000 slots are a 20 kB ArrayBuffer: allocated per walk, 616 of them per 5,000-node rollout.
 */
let scratch = new Int32Array(0);

/**
 * shuffledSlots is the same Fisher–Yates shuffle applied to the positions 0…n−1 of the sorted
 * names: one `rand` draw per position but the first, so the order and the draws are the same.
 * `into`, when given with length n, receives the order instead of a new array.
 */
function shuffledSlots(n: number, rand: Rand, into?: Int32Array): Int32Array {
  const out = into !== undefined && into.length === n ? into : new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  if (typeof rand !== 'function') {
    shuffleInPlace(rand, out);
    return out;
  }
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const t = out[i] as number;
    out[i] = out[j] as number;
    out[j] = t;
  }
  return out;
}

/**
 * ShuffleOrder is a walk's order (WalkOrder): shuffledSlots of n slots drawn from `rand` on first
 * need. The PRNG's state before the draws makes the same order again; a function's draws are
 * gone, so its order is kept, and skipping one draws it (its draws cannot be stepped past).
 * A class, not closures: the bench runs under tsx, whose keepNames names each arrow made.
 */
class ShuffleOrder implements WalkOrder {
  private drawn: Int32Array | null = null;
  private readonly seed: number | null;
  constructor(
    private readonly n: number,
    private readonly rand: Rand,
  ) {
    this.seed = typeof rand === 'function' ? null : rand.s;
  }

  draw(): Int32Array {
    if (this.drawn !== null) return this.drawn;
    if (this.seed !== null && scratch.length !== this.n) scratch = new Int32Array(this.n);
    this.drawn = shuffledSlots(this.n, this.rand, this.seed === null ? undefined : scratch);
    return this.drawn;
  }

  skip(): void {
    // The shuffle draws once per slot but the first: 4,999 draws for 5,000 slots.
    if (typeof this.rand === 'function') this.draw();
    else skipDraws(this.rand, Math.max(this.n - 1, 0));
  }

  again(): Int32Array {
    return this.seed === null ? this.draw() : shuffledSlots(this.n, { s: this.seed });
  }
}

/**
 * rollingUpdatePlan picks the old pods to delete (maxSurge 0) or the nodes to surge onto
 * (maxSurge > 0) within the DaemonSet's budgets.
 *
 * maxSurge 0 — Assumptions: manage keeps at most one pod per node, creates the missing pods and
 * handles failed ones; deleted pods do not count as unavailable. Invariants: unavailable new
 * pods count against maxUnavailable; an available old pod is a deletion candidate while the
 * budget lasts; an unavailable old pod is always replaced.
 *
 * maxSurge > 0 — Assumptions: manage keeps at most two pods per node (one old, one new).
 * Invariants: a node whose old pod is unavailable gets a new pod at once; an old pod is deleted
 * once its node's new pod is available; at most maxSurge new pods replace available old pods at
 * a time; old pods on nodes that no longer fit go only while more than `desired` are available.
 */
export function rollingUpdatePlan(
  ds: DaemonSet,
  nodeList: readonly Node[],
  nodeToDaemonPods: NodeToDaemonPods,
  hash: string,
  nowMs: number,
  rand: Rand,
  log?: DecisionLog,
  memo?: RollingUpdateMemo,
): RollingUpdatePlan {
  const counts = updatedDesiredNodeCounts(ds, nodeList, nodeToDaemonPods, log, memo);
  if (counts.error !== undefined) {
    return { podsToDelete: [], nodesNeedingPods: [], error: `couldn't get unavailable numbers: ${counts.error}` };
  }
  // The nodes go by slot, their position in the sorted names, so a memo can answer by position.
  const names = memo?.sortedNodeNames ?? Object.keys(counts.nodeToDaemonPods).sort();
  const n = names.length;
  const order = new ShuffleOrder(n, rand);
  const podsOn = memo?.nodeUpdateAt ?? ((slot: number) => nodeUpdate(ds, counts.nodeToDaemonPods[names[slot] as string] ?? [], hash));
  const args = { ds, counts, names, order, podsOn, nowMs, log, defer: memo?.defer, table: memo?.table };
  return counts.maxSurge === 0 ? rollingUpdateUnavailable(args) : rollingUpdateSurge(args, shouldRunOn(ds, nodeList, names, memo));
}

/**
 * shouldRunOn answers nodeShouldRunDaemonPod's shouldRun by slot for the surge branch, or
 * upstream's error text for a name that is not a listed node.
 */
function shouldRunOn(
  ds: DaemonSet,
  nodeList: readonly Node[],
  names: readonly string[],
  memo: RollingUpdateMemo | undefined,
): (slot: number) => boolean | string {
  const notFound = (node: string): string => `couldn't get node for nodeName "${node}": node "${node}" not found`;
  if (memo) return (slot) => memo.shouldRunAt(slot) ?? notFound(names[slot] as string);
  const nodesByName = new Map(nodeList.map((n) => [n.metadata.name, n] as const));
  return (slot) => {
    const node = names[slot] as string;
    const n = nodesByName.get(node);
    return n === undefined ? notFound(node) : nodeShouldRunDaemonPod(n, ds).shouldRun;
  };
}
