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
import type { LabelSelector } from '../../api/types.ts';
import { selectorMatches } from '../../lib/labels.ts';
import { objectKey, type WatchRecord } from '../../apiserver/store.ts';
import { type CacheState, ownedPods } from '../../client/cache.ts';
import { type PodFacts, podFacts } from './podFacts.ts';
import { count, newSlotFlags, newTally, type ReplicaSlots, type SetName, setFlags, type SlotFlags, type Tally, unavailableAt0, UnsettledFlags } from './replicaLayout.ts';
import { getStartOrdinal } from './statefulSetUtils.ts';

export { type ReplicaSlots, slotsOf, type Tally } from './replicaLayout.ts';

interface SetMemo {
  name: string;
  namespace: string;
  /** The selector the pods were sorted with (immutable on a StatefulSet; a change rebuilds). */
  selector: LabelSelector;
  /** Pods the set controls that its selector or isMemberOf does not match: ClaimPods releases them. */
  unmatched: Map<string, StatefulPod>;
  set: SetName;
  flags: SlotFlags;
  start: number;
  replicas: number;
  /** Every member (isMemberOf) the set controls, by cache key. */
  members: Map<string, StatefulPod>;
  /**
   * Each member's podFacts, by cache key: remove() takes back a pod's part without reading the
   * replaced pod object again (in the 1,000-replica run each re-read of an old pod version cost
   * more than computing its facts in isolation: its objects are far apart in a large heap).
   */
  factsOf: Map<string, PodFacts>;
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
  unsettled: UnsettledFlags;
}

interface MemoTable {
  /** CacheState.version the table has seen. */
  version: number;
  /** By set uid. */
  sets: Map<string, SetMemo>;
  /** Keys of the cached pods with no controller: the ones a set may adopt. */
  orphans: Set<string>;
}

const tables = new WeakMap<CacheState, MemoTable>();

/**
 * add lays out one pod the set controls. `was` is the member it replaces: its labels object
 * matched the selector (equal to the one kept, else the memo is rebuilt), and API objects are
 * never changed in place, so the same labels object matches without asking again. Of the
 * 1,000-replica update's 7,000 relaid pods, 5,000 (status writes) keep their labels object.
 */
function add(m: SetMemo, key: string, pod: StatefulPod, was?: StatefulPod): void {
  const f = podFacts(pod);
  // ClaimPods' match: the selector and isMemberOf, asked once per pod object the set controls.
  const labels = pod.metadata.labels;
  if (f.parent !== m.name || ((was === undefined || was.metadata.labels !== labels) && !selectorMatches(m.selector, labels))) {
    m.unmatched.set(key, pod);
    return;
  }
  m.members.set(key, pod);
  m.factsOf.set(key, f);
  const i = f.ordinal - m.start;
  if (i >= 0 && i < m.replicas) {
    // A second pod for the slot: the memo is dropped at the end of the sync, its counts unused.
    if (m.keys[i] !== undefined) m.shared = true;
    m.keys[i] = key;
    m.pods[i] = pod;
    m.facts[i] = f;
    m.filled++;
    if (unavailableAt0(f)) m.unavailable0++;
    setFlags(m.set, m.flags, i, f);
    m.unsettled.set(i, f);
    count(m.tally, f, 1);
  } else if (f.ordinal >= 0) {
    m.condemned.set(key, pod);
    count(m.tally, f, 1);
  }
}

function remove(m: SetMemo, key: string): void {
  m.unmatched.delete(key);
  const pod = m.members.get(key);
  if (pod === undefined) return;
  m.members.delete(key);
  const f = m.factsOf.get(key) ?? podFacts(pod);
  m.factsOf.delete(key);
  const i = f.ordinal - m.start;
  if (i >= 0 && i < m.replicas && m.keys[i] === key) {
    m.keys[i] = undefined;
    m.pods[i] = undefined;
    m.facts[i] = undefined;
    m.filled--;
    if (unavailableAt0(f)) m.unavailable0--;
    setFlags(m.set, m.flags, i, undefined);
    m.unsettled.set(i, undefined);
    count(m.tally, f, -1);
  } else if (m.condemned.delete(key)) count(m.tally, f, -1);
}

function build(c: CacheState, set: StatefulSet): SetMemo {
  const replicas = set.spec.replicas ?? 1;
  const name: SetName = { metadata: { name: set.metadata.name } };
  if (set.metadata.namespace !== undefined) name.metadata.namespace = set.metadata.namespace;
  const facts: (PodFacts | undefined)[] = new Array(replicas).fill(undefined);
  const m: SetMemo = {
    name: set.metadata.name,
    namespace: set.metadata.namespace ?? 'default',
    selector: set.spec.selector,
    unmatched: new Map(),
    set: name,
    flags: newSlotFlags(replicas, 1),
    start: getStartOrdinal(set),
    replicas,
    members: new Map(),
    factsOf: new Map(),
    keys: new Array(replicas).fill(undefined),
    pods: new Array(replicas).fill(undefined),
    facts,
    condemned: new Map(),
    dirty: new Set(),
    shared: false,
    filled: 0,
    unavailable0: 0,
    tally: newTally(),
    unsettled: new UnsettledFlags(facts),
  };
  for (const [key, pod] of ownedPods(c, set.metadata.uid ?? '')) add(m, key, pod as StatefulPod);
  return m;
}

/**
 * memoOnWatch: called after every event the informer folds in; marks the pod's key dirty for its
 * sets. `key` is the cache's own key string (deliver's): its hash is computed once and kept with
 * the string, and the dirty set, the member maps and the cache then look it up without hashing a
 * fresh `default/web-123` again (~10,000 pod events in the 1,000-replica update).
 */
export function memoOnWatch(c: CacheState, rec: WatchRecord, key: string = objectKey(rec.object)): void {
  const t = tables.get(c);
  if (t === undefined) return;
  if (t.version !== c.version - 1) {
    // A change went by unseen: forget every set's layout.
    t.sets.clear();
    t.version = c.version;
    return;
  }
  t.version = c.version;
  if (rec.object.kind !== 'Pod') return;
  const now = c.objects.Pod.get(key);
  const uid = now === undefined ? undefined : getControllerOf(now)?.uid;
  // The pod's own set is marked without asking its member maps; the others only if they hold the
  // key (a pod released, or gone). With one set, as in the 1,000-replica update's 7,000 pod
  // events, no member map is asked: that loop was ~0.4 % of the run's profile.
  const own = uid === undefined ? undefined : t.sets.get(uid);
  own?.dirty.add(key);
  if (t.sets.size > (own === undefined ? 0 : 1)) {
    for (const m of t.sets.values()) if (m !== own && (m.members.has(key) || m.unmatched.has(key))) m.dirty.add(key);
  }
  if (now !== undefined && uid === undefined) t.orphans.add(key);
  else t.orphans.delete(key);
}

function newTable(c: CacheState): MemoTable {
  const orphans = new Set<string>();
  for (const [key, pod] of c.objects.Pod) if (getControllerOf(pod) === undefined) orphans.add(key);
  return { version: c.version, sets: new Map(), orphans };
}

const byKey = (a: [string, StatefulPod], b: [string, StatefulPod]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

export interface Members {
  /** How many members the set has (the sync's cost). */
  readonly count: number;
  /** Every member, in no particular order (for counts, minima and sets of revisions). */
  list(): readonly StatefulPod[];
  /** The layout, or null when two members share an ordinal (lay out list() in cache order then). */
  readonly slots: ReplicaSlots | null;
  /** Pods the set controls that do not match it, by key order: to release. */
  readonly unmatched: readonly StatefulPod[];
  /** Orphan pods of its namespace that match it (selector and isMemberOf), by key order: to adopt. */
  readonly orphans: readonly StatefulPod[];
}

/** members returns the set's members and their layout, from the memo brought up to date. */
export function members(c: CacheState, set: StatefulSet): Members {
  let t = tables.get(c);
  if (t === undefined || t.version !== c.version) {
    t = newTable(c);
    tables.set(c, t);
  }
  const uid = set.metadata.uid ?? '';
  let m = t.sets.get(uid);
  if (
    m === undefined ||
    m.name !== set.metadata.name ||
    m.start !== getStartOrdinal(set) ||
    m.replicas !== (set.spec.replicas ?? 1) ||
    (m.selector !== set.spec.selector && JSON.stringify(m.selector) !== JSON.stringify(set.spec.selector))
  ) {
    m = build(c, set);
    t.sets.set(uid, m);
  } else if (m.dirty.size > 0) {
    for (const key of m.dirty) {
      const was = m.members.get(key);
      remove(m, key);
      const pod = c.objects.Pod.get(key);
      if (pod?.kind === 'Pod' && getControllerOf(pod)?.uid === uid) add(m, key, pod as StatefulPod, was);
    }
    m.dirty.clear();
  }
  // Equal to the set's selector here (else rebuilt above): keep the set's own object, so later
  // syncs compare by identity. A template change (`set image`) stores a new spec with an equal
  // selector, and the memo compared the two as JSON on every later sync: twice JSON.stringify a
  // sync, ~60 % of members()' own time in the 1,000-replica update's profile.
  m.selector = set.spec.selector;
  const memo = m;
  // Nothing below allocates when there is nothing condemned, released or to adopt (a rolling
  // update's every sync): the lists are a shared empty one and the result's list() a method.
  const condemned = memo.condemned.size === 0 ? NONE : [...memo.condemned.values()];
  // Condemned pods are sorted by ordinal, stably: two with one ordinal keep list order, which
  // the memo does not keep.
  const shared = memo.shared || (condemned.length > 1 && new Set(condemned.map((p) => podFacts(p).ordinal)).size < condemned.length);
  if (shared) t.sets.delete(uid);
  let orphans: [string, StatefulPod][] | undefined;
  for (const key of t.orphans) {
    const pod = c.objects.Pod.get(key) as StatefulPod | undefined;
    if (pod === undefined || (pod.metadata.namespace ?? 'default') !== memo.namespace) continue;
    if (podFacts(pod).parent !== memo.name || !selectorMatches(memo.selector, pod.metadata.labels)) continue;
    if (orphans === undefined) orphans = [];
    orphans.push([key, pod]);
  }
  return new MemberList(
    memo,
    memo.unmatched.size === 0 ? NONE : [...memo.unmatched].sort(byKey).map(([, p]) => p),
    orphans === undefined ? NONE : orphans.sort(byKey).map(([, p]) => p),
    shared
      ? null
      : {
          pods: memo.pods,
          facts: memo.facts,
          condemned,
          filled: memo.filled,
          unavailable0: memo.unavailable0,
          unavailableAt0: memo.flags.unavail.flags,
          firstUnavailableAt0: memo.flags.unavail.first(),
          loudAt0: memo.flags.loud.flags,
          firstLoudAt0: memo.flags.loud.first(),
          loudBurst: memo.flags.loudBurst,
          tally: memo.tally,
          unsettled: memo.unsettled,
        },
  );
}

const NONE: readonly StatefulPod[] = Object.freeze([]);

/** Members of one sync: list() copies the members only when the sync asks for them. */
class MemberList implements Members {
  readonly count: number;
  constructor(
    private readonly memo: SetMemo,
    readonly unmatched: readonly StatefulPod[],
    readonly orphans: readonly StatefulPod[],
    readonly slots: ReplicaSlots | null,
  ) {
    this.count = memo.members.size;
  }

  list(): readonly StatefulPod[] {
    return [...this.memo.members.values()];
  }
}
