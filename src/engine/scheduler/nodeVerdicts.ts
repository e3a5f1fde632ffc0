// The node-local verdicts a scheduling cycle may reuse from the last one: a pod's signature, and
// the memo table (one row per node of the snapshot's node list) the cycle reads them from.
import { getControllerOf } from '../api/ownerRefs.ts';
import type { Pod } from '../api/types.ts';
import { labelsKey, type NodeInfo } from './framework/nodeInfo.ts';
import type { Status } from './framework/types.ts';

/** A pod's signature: pods with equal ones get equal node-local verdicts (VerdictTable). */
export interface Signature {
  readonly spec: object;
  readonly key: string;
}

/**
 * signature: the admitted spec (one object for all the unbound pods of a ReplicaSet; for a
 * StatefulSet's pods, schedulingSpec's stand-in), the namespace, the controller and, when the pod
 * spreads by its own constraints, the labels: everything the node-local plugins and the kept
 * spreading counts read of the pod.
 */
export function signature(pod: Pod): Signature {
  const owner = getControllerOf(pod)?.uid ?? '';
  // The labels enter a verdict only through the pod's own constraints (matchLabelKeys merges
  // them into the selector); the system defaults take the controller's selector (the owner).
  // A StatefulSet's pods carry their own name in their labels: without this, each of the
  // 1,000-replica update's pods had a key of its own and no row was ever reused.
  const labels = (pod.spec.topologySpreadConstraints?.length ?? 0) > 0 ? labelsKey(pod.metadata.labels ?? {}) : '';
  const ns = pod.metadata.namespace ?? 'default';
  const spec = schedulingSpec(pod.spec);
  // The pods of one ReplicaSet come one after the other: the same parts (labelsKey hands out one
  // string for equal label sets) give the last key, without building and hashing it again.
  const l = last;
  if (l.spec === spec && l.labels === labels && l.ns === ns && l.owner === owner) return l.sig;
  // Joined, not a template literal: one flat string, not a tree of concatenations.
  const sig = { spec, key: intern([labels, ns, owner].join('\u0001')) };
  last = { spec, labels, ns, owner, sig };
  return sig;
}

let last: { spec: object | null; labels: string; ns: string; owner: string; sig: Signature } = { spec: null, labels: '', ns: '', owner: '', sig: { spec: {}, key: '' } };

/**
 * Spec fields no scheduler plugin reads: a StatefulSet's pods differ in them (hostname `web-7`,
 * subdomain) and in little else.
 */
const UNREAD = new Set(['hostname', 'subdomain']);

/**
 * Spec fields each pod gets a copy of even when its template is shared: volumes (the StatefulSet
 * controller's list, a claim per template) and tolerations (admission adds the default ones to a
 * fresh list). They are compared by content; every other field by identity, so a pod of another
 * template (a DaemonSet's pods each name their node in their affinity) is told apart at once.
 */
const COPIED = new Set(['volumes', 'tolerations']);

let lastSpec: { raw: object | null; canon: object } = { raw: null, canon: {} };

/**
 * schedulingSpec is the spec object that stands for this one in the verdict table: the last
 * pod's stand-in when the two specs are equal apart from UNREAD (a StatefulSet's pods, made one
 * after the other from one template, each with its own hostname and its own admitted copy of the
 * tolerations), else the spec itself. Equal here means equal to every reader: the same values
 * under the same own keys, so each plugin gives the same verdict and the same scores.
 * Not engine state: a stand-in is only ever compared by identity.
 */
export function schedulingSpec(spec: object): object {
  const l = lastSpec;
  if (spec === l.raw) return l.canon;
  const canon = l.raw !== null && sameExcept(spec, l.canon) ? l.canon : spec;
  lastSpec = { raw: spec, canon };
  return canon;
}

function sameExcept(a: object, b: object): boolean {
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let n = 0;
  for (const k in ra) {
    if (!Object.hasOwn(ra, k) || UNREAD.has(k)) continue;
    if (!Object.hasOwn(rb, k)) return false;
    if (ra[k] !== rb[k] && !(COPIED.has(k) && sameValue(ra[k], rb[k]))) return false;
    n++;
  }
  for (const k in rb) if (Object.hasOwn(rb, k) && !UNREAD.has(k)) n--;
  return n === 0;
}

/** sameValue: deep equality of API values (own keys and their values; arrays element by element). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const arr = Array.isArray(a);
  if (arr !== Array.isArray(b)) return false;
  if (arr) {
    const x = a as unknown[];
    const y = b as unknown[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!sameValue(x[i], y[i])) return false;
    return true;
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let n = 0;
  for (const k in ra) {
    if (!Object.hasOwn(ra, k)) continue;
    if (!Object.hasOwn(rb, k) || !sameValue(ra[k], rb[k])) return false;
    n++;
  }
  for (const k in rb) if (Object.hasOwn(rb, k)) n--;
  return n === 0;
}

/**
 * Signature keys seen, each kept as one string: a row's key and the next cycle's are then the
 * same string, and the check on each of 420 nodes compares two pointers instead of 60 characters.
 * Not engine state (equal keys give equal answers); cleared when it grows past any real run's.
 */
const interned = new Map<string, string>();

function intern(key: string): string {
  const k = interned.get(key);
  if (k !== undefined) return k;
  if (interned.size >= 10_000) interned.clear();
  interned.set(key, key);
  return key;
}

/**
 * VerdictTable: what the node-local plugins said about each node of one node list (row i is
 * order[i], NodeInfo.index) for pods of the row's signature (the same admitted spec, labels,
 * namespace and owner: a ReplicaSet's pods), at the node's generation then. The cycle for the next
 * such pod reuses a row whose node did not change since; kube-scheduler recomputes them (its
 * OpportunisticBatching reuses whole results for equal signatures). Every value is what
 * recomputing would give, so the choice of node is the same either way.
 *
 * Columns, not an object per node: a cycle over 420 nodes reads each score from one contiguous
 * array instead of 420 scattered objects (the reads were most of the cycle), and a changed node
 * allocates nothing.
 */
export interface VerdictTable {
  /** The node list the rows follow (SchedulerCache.order); a new list gets a new table. */
  readonly order: readonly NodeInfo[];
  readonly spec: (object | null)[];
  readonly key: (string | null)[];
  /** The node's generation the row was computed at; −1: never. */
  readonly generation: Float64Array;
  /** The node-local filters' verdict (null: fits). */
  readonly status: (Status | null)[];
  /** Raw scores, filled the first time the node is scored at this generation (NaN until then). */
  readonly fit: Float64Array;
  readonly balanced: Float64Array;
  readonly taint: Float64Array;
  readonly nodeAffinity: Float64Array;
  readonly image: Float64Array;
  /** Matching pods on the node for each hostname spreading constraint. */
  readonly hostCounts: (number[] | null)[];
  /**
   * The raw PodTopologySpread score, for the normalizing weights `spreadWeights` (they follow the
   * number of feasible nodes, so they change between cycles); kept only while no other domain's
   * count enters it (prioritizeNodes.ts).
   */
  readonly spread: Float64Array;
  readonly spreadWeights: (readonly number[] | null)[];
  /** Scratch for one cycle: the feasible nodes and their rows (read only within the cycle). */
  readonly feasible: NodeInfo[];
  readonly rows: Int32Array;
}

/** newVerdictTable makes an empty table for a node list. */
export function newVerdictTable(order: readonly NodeInfo[]): VerdictTable {
  const n = order.length;
  return {
    order,
    spec: new Array<object | null>(n).fill(null),
    key: new Array<string | null>(n).fill(null),
    generation: new Float64Array(n).fill(-1),
    status: new Array<Status | null>(n).fill(null),
    fit: new Float64Array(n).fill(Number.NaN),
    balanced: new Float64Array(n).fill(Number.NaN),
    taint: new Float64Array(n).fill(Number.NaN),
    nodeAffinity: new Float64Array(n).fill(Number.NaN),
    image: new Float64Array(n).fill(Number.NaN),
    hostCounts: new Array<number[] | null>(n).fill(null),
    spread: new Float64Array(n).fill(Number.NaN),
    spreadWeights: new Array<readonly number[] | null>(n).fill(null),
    feasible: new Array<NodeInfo>(n),
    rows: new Int32Array(n),
  };
}

/**
 * rowOf is the node's row in the table, or −1 for a node not in its list (then nothing is kept).
 */
export function rowOf(t: VerdictTable, ni: NodeInfo): number {
  const i = ni.index;
  return i >= 0 && i < t.order.length && t.order[i] === ni ? i : -1;
}

/**
 * isFresh: row r holds this signature's verdicts at the node's current generation.
 */
export function isFresh(t: VerdictTable, r: number, ni: NodeInfo, sig: Signature): boolean {
  return t.generation[r] === ni.generation && t.spec[r] === sig.spec && t.key[r] === sig.key;
}

/** store records a freshly filtered verdict in row r; the scores are to come. */
export function store(t: VerdictTable, r: number, ni: NodeInfo, sig: Signature, status: Status | null): void {
  t.spec[r] = sig.spec;
  t.key[r] = sig.key;
  t.generation[r] = ni.generation;
  t.status[r] = status;
  t.fit[r] = Number.NaN;
  t.balanced[r] = Number.NaN;
  t.taint[r] = Number.NaN;
  t.nodeAffinity[r] = Number.NaN;
  t.image[r] = Number.NaN;
  t.hostCounts[r] = null;
  t.spread[r] = Number.NaN;
  t.spreadWeights[r] = null;
}
