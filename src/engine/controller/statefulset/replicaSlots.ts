// Not a port: updateStatefulSet's first step (replicas by ordinal, condemned pods) kept between
// syncs (issue 23); upstream lays the pods out again on every sync.
/**
 * A 1,000-replica rolling update syncs its set ~7 times per pod: 7,000 syncs, each of which
 * listed the set's pods, filtered the members and laid them out by ordinal (~100 µs of the
 * ~170 µs a sync took after podFacts). The memo keeps that layout per set and per informer cache:
 * the controller's watch handler marks a pod key dirty when an event touches it, and the next
 * sync lays out only the dirty keys again, from the cache itself. A memo is trusted only while it
 * has seen every change of the cache (CacheState.version, as the DaemonSet's nodeMemo); a copied
 * cache (a keyframe, a seek) has none and the first sync builds one. Two members with one ordinal
 * (`web-1` and `web-01`) make the layout depend on list order: the memo gives up and the sync
 * lays the list out as before.
 */
import { getControllerOf } from '../../api/ownerRefs.ts';
import type { StatefulPod, StatefulSet } from '../../api/statefulTypes.ts';
import { objectKey, type WatchRecord } from '../../apiserver/store.ts';
import { type CacheState, ownedPods } from '../../client/cache.ts';
import { type PodFacts, podFacts, quietReplica } from './podFacts.ts';
import { getEndOrdinal, getStartOrdinal } from './statefulSetUtils.ts';

/** The set's pods laid out for updateStatefulSet. The plan reads it and never changes it. */
export interface ReplicaSlots {
  /** By ordinal − start: the member pod, or undefined where none is. */
  readonly pods: readonly (StatefulPod | undefined)[];
  /** podFacts of each slot's pod. */
  readonly facts: readonly (PodFacts | undefined)[];
  /** Members with a valid ordinal outside [start, end], unsorted. */
  readonly condemned: readonly StatefulPod[];
  /** How many slots hold a pod. */
  readonly filled: number;
  /** Slots whose pod is unavailable at minReadySeconds 0: not Ready, or terminating. */
  readonly unavailable0: number;
  /**
   * Per slot, 1 where it is empty or its pod unavailable at minReadySeconds 0: indexOf(1) is the
   * first unavailable replica, found natively instead of in a loop over 1,000 pods.
   */
  readonly unavailableAt0: Uint8Array;
  /** Per slot, 1 where it is empty or its pod is not quietReplica under OrderedReady at minReadySeconds 0. */
  readonly loudAt0: Uint8Array;
  /** Counts over the slots' and the condemned pods (computeReplicaStatus at minReadySeconds 0). */
  readonly tally: Tally;
}

/** What computeReplicaStatus counts, kept as pods come and go. */
export interface Tally {
  created: number;
  runningAndReady: number;
  /** Created pods not terminating, by revision label. */
  byRevision: Map<string, number>;
}

/** count adds (sign 1) or takes back (−1) a pod's part of the tally. */
function count(t: Tally, f: PodFacts, sign: 1 | -1): void {
  if (f.created) t.created += sign;
  if (f.runningAndReady) t.runningAndReady += sign;
  if (f.created && !f.terminating) {
    const n = (t.byRevision.get(f.revision) ?? 0) + sign;
    if (n === 0) t.byRevision.delete(f.revision);
    else t.byRevision.set(f.revision, n);
  }
}

const unavailableAt0 = (f: PodFacts) => !f.readyTrue || f.terminating;

type SetName = { metadata: { name: string; namespace?: string } };

/** setFlags writes slot i's two flags for its pod's facts, or for an empty slot. */
function setFlags(set: SetName, unavail: Uint8Array, loud: Uint8Array, i: number, f: PodFacts | undefined): void {
  unavail[i] = f === undefined || unavailableAt0(f) ? 1 : 0;
  loud[i] = f === undefined || !quietReplica(f, set, true, 0, 0) ? 1 : 0;
}

const newTally = (): Tally => ({ created: 0, runningAndReady: 0, byRevision: new Map() });

/** slotsOf lays a member list out: a later pod with the same ordinal takes the slot (upstream's loop). */
export function slotsOf(set: StatefulSet, members: readonly StatefulPod[]): ReplicaSlots {
  const n = set.spec.replicas ?? 1;
  const start = getStartOrdinal(set);
  const end = getEndOrdinal(set);
  const pods: (StatefulPod | undefined)[] = new Array(n).fill(undefined);
  const facts: (PodFacts | undefined)[] = new Array(n).fill(undefined);
  const condemned: StatefulPod[] = [];
  for (const pod of members) {
    const f = podFacts(pod);
    if (f.ordinal >= start && f.ordinal <= end) {
      pods[f.ordinal - start] = pod;
      facts[f.ordinal - start] = f;
    } else if (f.ordinal >= 0) condemned.push(pod);
  }
  const tally = newTally();
  let filled = 0;
  let unavailable0 = 0;
  const unavail = new Uint8Array(n);
  const loud = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const f = facts[i];
    setFlags(set, unavail, loud, i, f);
    if (f === undefined) continue;
    filled++;
    if (unavailableAt0(f)) unavailable0++;
    count(tally, f, 1);
  }
  for (const pod of condemned) count(tally, podFacts(pod), 1);
  return { pods, facts, condemned, filled, unavailable0, unavailableAt0: unavail, loudAt0: loud, tally };
}

interface SetMemo {
  name: string;
  set: SetName;
  unavail: Uint8Array;
  loud: Uint8Array;
  start: number;
  replicas: number;
  /** Every member (isMemberOf) the set controls, by cache key. */
  members: Map<string, StatefulPod>;
  /** The key in each slot. */
  keys: (string | undefined)[];
  pods: (StatefulPod | undefined)[];
  facts: (PodFacts | undefined)[];
  condemned: Map<string, StatefulPod>;
  /** Keys an event touched since the last sync. */
  dirty: Set<string>;
  /** Two members share an ordinal. */
  shared: boolean;
  filled: number;
  unavailable0: number;
  tally: Tally;
}

interface MemoTable {
  /** CacheState.version the table has seen. */
  version: number;
  /** By set uid. */
  sets: Map<string, SetMemo>;
}

const tables = new WeakMap<CacheState, MemoTable>();

function add(m: SetMemo, key: string, pod: StatefulPod): void {
  const f = podFacts(pod);
  if (f.parent !== m.name) return;
  m.members.set(key, pod);
  const i = f.ordinal - m.start;
  if (i >= 0 && i < m.replicas) {
    // A second pod for the slot: the memo is dropped at the end of the sync, its counts unused.
    if (m.keys[i] !== undefined) m.shared = true;
    m.keys[i] = key;
    m.pods[i] = pod;
    m.facts[i] = f;
    m.filled++;
    if (unavailableAt0(f)) m.unavailable0++;
    setFlags(m.set, m.unavail, m.loud, i, f);
    count(m.tally, f, 1);
  } else if (f.ordinal >= 0) {
    m.condemned.set(key, pod);
    count(m.tally, f, 1);
  }
}

function remove(m: SetMemo, key: string): void {
  const pod = m.members.get(key);
  if (pod === undefined) return;
  m.members.delete(key);
  const f = podFacts(pod);
  const i = f.ordinal - m.start;
  if (i >= 0 && i < m.replicas && m.keys[i] === key) {
    m.keys[i] = undefined;
    m.pods[i] = undefined;
    m.facts[i] = undefined;
    m.filled--;
    if (unavailableAt0(f)) m.unavailable0--;
    setFlags(m.set, m.unavail, m.loud, i, undefined);
    count(m.tally, f, -1);
  } else if (m.condemned.delete(key)) count(m.tally, f, -1);
}

function build(c: CacheState, set: StatefulSet): SetMemo {
  const replicas = set.spec.replicas ?? 1;
  const name: SetName = { metadata: { name: set.metadata.name } };
  if (set.metadata.namespace !== undefined) name.metadata.namespace = set.metadata.namespace;
  const m: SetMemo = {
    name: set.metadata.name,
    set: name,
    unavail: new Uint8Array(replicas).fill(1),
    loud: new Uint8Array(replicas).fill(1),
    start: getStartOrdinal(set),
    replicas,
    members: new Map(),
    keys: new Array(replicas).fill(undefined),
    pods: new Array(replicas).fill(undefined),
    facts: new Array(replicas).fill(undefined),
    condemned: new Map(),
    dirty: new Set(),
    shared: false,
    filled: 0,
    unavailable0: 0,
    tally: newTally(),
  };
  for (const [key, pod] of ownedPods(c, set.metadata.uid ?? '')) add(m, key, pod as StatefulPod);
  return m;
}

/** memoOnWatch: called after every event the informer folds in; marks the pod's key dirty for its sets. */
export function memoOnWatch(c: CacheState, rec: WatchRecord): void {
  const t = tables.get(c);
  if (t === undefined) return;
  if (t.version !== c.version - 1) {
    // A change went by unseen: forget every set's layout.
    t.sets.clear();
    t.version = c.version;
    return;
  }
  t.version = c.version;
  if (rec.object.kind !== 'Pod' || t.sets.size === 0) return;
  const key = objectKey(rec.object);
  for (const m of t.sets.values()) if (m.members.has(key)) m.dirty.add(key);
  const now = c.objects.Pod.get(key);
  const uid = now === undefined ? undefined : getControllerOf(now)?.uid;
  if (uid !== undefined) t.sets.get(uid)?.dirty.add(key);
}

export interface Members {
  /** How many members the set has (the sync's cost). */
  readonly count: number;
  /** Every member, in no particular order (for counts, minima and sets of revisions). */
  list(): readonly StatefulPod[];
  /** The layout, or null when two members share an ordinal (lay out list() in cache order then). */
  readonly slots: ReplicaSlots | null;
}

/** members returns the set's members and their layout, from the memo brought up to date. */
export function members(c: CacheState, set: StatefulSet): Members {
  let t = tables.get(c);
  if (t === undefined || t.version !== c.version) {
    t = { version: c.version, sets: new Map() };
    tables.set(c, t);
  }
  const uid = set.metadata.uid ?? '';
  let m = t.sets.get(uid);
  if (m === undefined || m.name !== set.metadata.name || m.start !== getStartOrdinal(set) || m.replicas !== (set.spec.replicas ?? 1)) {
    m = build(c, set);
    t.sets.set(uid, m);
  } else if (m.dirty.size > 0) {
    for (const key of m.dirty) {
      remove(m, key);
      const pod = c.objects.Pod.get(key);
      if (pod?.kind === 'Pod' && getControllerOf(pod)?.uid === uid) add(m, key, pod as StatefulPod);
    }
    m.dirty.clear();
  }
  const memo = m;
  const condemned = [...memo.condemned.values()];
  // Condemned pods are sorted by ordinal, stably: two with one ordinal keep list order, which
  // the memo does not keep.
  const shared = memo.shared || (condemned.length > 1 && new Set(condemned.map((p) => podFacts(p).ordinal)).size < condemned.length);
  if (shared) t.sets.delete(uid);
  return {
    count: memo.members.size,
    list: () => [...memo.members.values()],
    slots: shared
      ? null
      : {
          pods: memo.pods,
          facts: memo.facts,
          condemned,
          filled: memo.filled,
          unavailable0: memo.unavailable0,
          unavailableAt0: memo.unavail,
          loudAt0: memo.loud,
          tally: memo.tally,
        },
  };
}
