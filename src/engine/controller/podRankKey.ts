// getPodsToDelete's sort, with each pod's ranking inputs read once (v1.36 ActivePodsWithRanks).
// activePodsWithRanksLess in podRanking.ts is the rule-by-rule port the conformance tables run
// against; this file computes the same order from per-pod keys, so a 10,000-pod scale-down does
// not parse timestamps and take logarithms O(n log n) times. podRankKey.test.ts checks the two
// orders agree on random pods.
import type { Pod } from '../api/types.ts';
import { getDeletionCostFromPodAnnotations, isPodActive, isPodReady, podReadyTime } from './podUtil.ts';
import { timestampMs } from './sort.ts';

const PHASE: Readonly<Record<string, number>> = { Pending: 0, Unknown: 1, Running: 2 };

export interface RankKey {
  pod: Pod;
  /** Not terminal and not being deleted (isPodActive). */
  active: boolean;
  /** spec.nodeName, '' when unbound: the node whose related pods give the rank. */
  node: string;
  unassigned: boolean;
  phase: number;
  ready: boolean;
  cost: number;
  /** Related active pods on the pod's node (getPodsRankedByRelatedPodsOnSameNode). */
  rank: number;
  /** The first five rules' fields as one number (headBase), without the rank. */
  headBase: number;
  /** headBase with the rank: comparing two heads is comparing the first five rules (see RANK_MAX). */
  head: number;
  /** Go's zero time (absent or 0001-01-01) for the Ready transition; readyMs is then 0. */
  readyZero: boolean;
  readyMs: number;
  /** floor(log2(age in ns)) of the Ready transition at the ranking's now (0 for a zero time). */
  readyBucket: number;
  restarts: number;
  createdZero: boolean;
  createdMs: number;
  createdBucket: number;
  uid: string;
  /** Its index in the last walk of activeRankedKeys that listed it (-1: none yet). */
  pos: number;
}

/**
 * One key per pod object, reused by every ranking. Pods are immutable values (a write stores a
 * new object), so what a key reads from its pod never changes; a rolling update of 10,000 pods
 * ranks the same old pods about 25 times and reads each one once. Only rank and the two buckets
 * depend on the ranking (node counts and clock), and each ranking sets them before its sort.
 *
 * The keys are found by the pod object itself, in a WeakMap: a key lives as long as its pod, so
 * the 10,000 pods a rolling update deletes are not kept after the store lets them go (a memo by
 * name kept each one, ~9 MB, until it was emptied at 100,000 names). This memo is no engine state:
 * a run restored from a keyframe computes the same keys.
 */
const keyByPod = new WeakMap<Pod, RankKey>();

function isZero(ts: string | undefined): boolean {
  return !ts || ts.startsWith('0001-01-01T00:00:00');
}

function podKeyOf(pod: Pod): RankKey {
  let k = keyByPod.get(pod);
  if (k === undefined) {
    k = readKey(pod);
    keyByPod.set(pod, k);
  }
  return k;
}

/**
 * The first five rules (unassigned, phase, ready, deletion cost, rank) are lexicographic and
 * transitive, so they pack into one number that orders as they do: (unassigned ? 0 : 1, phase,
 * ready) as 0–11 above 32 bits of cost + 2^31 above 17 bits of RANK_MAX − rank. The largest,
 * 11 · 2^49 + (2^32 − 1) · 2^17 + 2^17 − 1 < 12 · 2^49, is below 2^53: every head is an exact
 * integer. Worked example: assigned, Running, ready, cost 0, rank 3 → ((1·3 + 2)·2 + 1) = 11;
 * (11 · 2^32 + 2^31) · 2^17 + (131,071 − 3). A rank above RANK_MAX (a node with 131,072 related
 * pods) turns the packed compare off for that sort.
 */
const RANK_MAX = 131_071;
const RANK_SPAN = 131_072;
const COST_SPAN = 4_294_967_296;
const COST_OFFSET = 2_147_483_648;

function headBaseOf(unassigned: boolean, phase: number, ready: boolean, cost: number): number {
  return (((unassigned ? 0 : 3) + phase) * 2 + (ready ? 1 : 0)) * COST_SPAN * RANK_SPAN + (cost + COST_OFFSET) * RANK_SPAN;
}

function readKey(pod: Pod): RankKey {
  let restarts = 0;
  for (const c of pod.status?.containerStatuses ?? []) restarts = Math.max(restarts, c.restartCount);
  const readyAt = podReadyTime(pod);
  const created = pod.metadata.creationTimestamp;
  const readyZero = isZero(readyAt);
  const createdZero = isZero(created);
  const phase = PHASE[pod.status?.phase ?? ''] ?? 0;
  const unassigned = !pod.spec.nodeName;
  const ready = isPodReady(pod);
  const cost = getDeletionCostFromPodAnnotations(pod.metadata.annotations);
  const headBase = headBaseOf(unassigned, phase, ready, cost);
  return {
    pod,
    active: isPodActive(pod),
    node: pod.spec.nodeName ?? '',
    unassigned,
    phase,
    ready,
    cost,
    rank: 0,
    headBase,
    head: headBase + RANK_MAX,
    readyZero,
    readyMs: readyZero ? 0 : timestampMs(readyAt),
    readyBucket: 0,
    restarts,
    createdZero,
    createdMs: createdZero ? 0 : timestampMs(created),
    createdBucket: 0,
    uid: pod.metadata.uid ?? '',
    pos: -1,
  };
}

/** ageBucket is floor(log2(age in ns)), or -1 for an age that is not positive. */
function ageBucket(ms: number, nowMs: number): number {
  const dNs = (nowMs - ms) * 1e6;
  return dNs > 0 ? Math.floor(Math.log2(dNs)) : -1;
}

function setRank(k: RankKey, rank: number, nowMs: number): void {
  k.rank = rank;
  k.head = k.headBase + (RANK_MAX - rank);
  k.readyBucket = k.readyZero ? 0 : ageBucket(k.readyMs, nowMs);
  k.createdBucket = k.createdZero ? 0 : ageBucket(k.createdMs, nowMs);
}

/** rankKey reads once everything activePodsWithRanksLess looks at for one pod (a fresh copy). */
export function rankKey(pod: Pod, rank: number, nowMs: number): RankKey {
  const k = readKey(pod);
  setRank(k, rank, nowMs);
  return k;
}

/**
 * activeRankedKeys returns the keys of the active pods among `pods` (cache key → pod, in the
 * cache's index order), ranked by the active related pods on their node, ready for
 * sortRankKeys. The keys are shared with later rankings: use them before the next call.
 */
export function activeRankedKeys(pods: ReadonlyMap<string, Pod>, podsOnNode: ReadonlyMap<string, number>, nowMs: number): RankKey[] {
  const keys: RankKey[] = [];
  // The last walk of this pod list, in its order; j follows it (see walks).
  const last = walks.get(pods);
  const walk: RankKey[] = [];
  let j = 0;
  // Timestamps have whole seconds, so pods listed one after the other mostly share their creation
  // and Ready second (a ReplicaSet creates 500 pods a second): each bucket's logarithm is taken
  // once per run of equal seconds, not twice per pod (20,000 Math.log2 per 10,000-pod ranking).
  let createdMs = Number.NaN;
  let createdBucket = 0;
  let readyMs = Number.NaN;
  let readyBucket = 0;
  let node = '';
  let rank = podsOnNode.get(node) ?? 0;
  for (const pod of pods.values()) {
    let k = last?.[j];
    // The pod the last walk had here was written since (deleted, most often): the next one.
    const after = last?.[j + 1];
    if (k !== undefined && k.pod === pod) j++;
    else if (after !== undefined && after.pod === pod) {
      k = after;
      j += 2;
    } else {
      k = keyByPod.get(pod);
      if (k === undefined) {
        // A pod being deleted (or done) is no candidate: it is passed over without a key. Each of a
        // rollout's 10,000 deletions writes a new pod object, and keying it (timestamps parsed, a key
        // kept as long as the pod) only to read `active: false` was half of all the keys made.
        if (!isPodActive(pod)) continue;
        k = podKeyOf(pod);
      } else if (last !== undefined && last[k.pos] === k) j = k.pos + 1;
    }
    if (!k.active) continue;
    k.pos = walk.length;
    walk.push(k);
    if (k.node !== node) {
      node = k.node;
      rank = podsOnNode.get(node) ?? 0;
    }
    k.rank = rank;
    k.head = k.headBase + (RANK_MAX - rank);
    if (k.readyZero) k.readyBucket = 0;
    else {
      if (k.readyMs !== readyMs) {
        readyMs = k.readyMs;
        readyBucket = ageBucket(readyMs, nowMs);
      }
      k.readyBucket = readyBucket;
    }
    if (k.createdZero) k.createdBucket = 0;
    else {
      if (k.createdMs !== createdMs) {
        createdMs = k.createdMs;
        createdBucket = ageBucket(createdMs, nowMs);
      }
      k.createdBucket = createdBucket;
    }
    keys.push(k);
  }
  walks.set(pods, walk);
  return keys;
}

/**
 * Each pod list's last walk: its active pods' keys in the list's order. A pod list (a ReplicaSet's
 * pods in the cache, last-modified last) keeps its order between two scale-downs but for the pods
 * written since, so the next walk finds most keys at the next place of the last walk, without the
 * WeakMap lookup that reads each pod object (10,000 a ranking, ~1 µs each in the rollout's large
 * heap). A key found there is the pod's own key (keyByPod's, the only one made for that object);
 * a pod found elsewhere is looked up and, when the last walk listed it, the walk goes on after it.
 * Not engine state: a restored cache's lists are new objects and are looked up pod by pod.
 */
const walks = new WeakMap<ReadonlyMap<string, Pod>, RankKey[]>();

/** timeCompare's answer for two equal instants: neither -1, 0 nor 1. */
const SAME_INSTANT = 2;

function timeCompare(aZero: boolean, aMs: number, aBucket: number, bZero: boolean, bMs: number, bBucket: number, aUid: string, bUid: string): number {
  if (aZero && bZero) return SAME_INSTANT;
  if (!aZero && !bZero && aMs === bMs) return SAME_INSTANT;
  if (aZero || bZero) return aZero ? -1 : 1;
  if (aBucket !== bBucket) return aBucket < bBucket ? -1 : 1;
  return aUid < bUid ? -1 : bUid < aUid ? 1 : 0;
}

/**
 * compareRankKeys is `keyedLess(a, b) ? -1 : keyedLess(b, a) ? 1 : 0` in one pass: every rule
 * applies to (a, b) exactly when it applies to (b, a), so the first rule that tells them apart
 * gives both answers.
 */
export function compareRankKeys(a: RankKey, b: RankKey): number {
  if (a.unassigned !== b.unassigned) return a.unassigned ? -1 : 1;
  if (a.phase !== b.phase) return a.phase < b.phase ? -1 : 1;
  if (a.ready !== b.ready) return a.ready ? 1 : -1;
  if (a.cost !== b.cost) return a.cost < b.cost ? -1 : 1;
  if (a.rank !== b.rank) return a.rank > b.rank ? -1 : 1;
  return compareAfterRank(a, b);
}

/** compareAfterRank is the rules after the rank: Ready time, restarts, creation time (with the uid inside a bucket). */
function compareAfterRank(a: RankKey, b: RankKey): number {
  if (a.ready && b.ready) {
    const r = timeCompare(a.readyZero, a.readyMs, a.readyBucket, b.readyZero, b.readyMs, b.readyBucket, a.uid, b.uid);
    if (r !== SAME_INSTANT) return r;
  }
  if (a.restarts !== b.restarts) return a.restarts > b.restarts ? -1 : 1;
  const c = timeCompare(a.createdZero, a.createdMs, a.createdBucket, b.createdZero, b.createdMs, b.createdBucket, a.uid, b.uid);
  return c === SAME_INSTANT ? 0 : c;
}

/**
 * compareHeads is compareRankKeys with the first five rules as one comparison of heads: equal
 * heads are equal fields, and unequal heads order as the first rule that tells the fields apart.
 * Valid while every rank is at most RANK_MAX (sortRankKeys checks).
 */
export function compareHeads(a: RankKey, b: RankKey): number {
  if (a.head !== b.head) return a.head < b.head ? -1 : 1;
  return compareAfterRank(a, b);
}

/** keyedLess is activePodsWithRanksLess (both gates on) over precomputed keys. */
export function keyedLess(a: RankKey, b: RankKey): boolean {
  return compareRankKeys(a, b) < 0;
}

/**
 * sortRankKeys sorts keys stably, deleted-first first. The sort must see every answer
 * compareRankKeys would give (the rules are not transitive, so the order depends on each
 * comparison made): compareHeads gives the same answers, faster, whenever the ranks fit a head.
 */
export function sortRankKeys(keys: RankKey[]): RankKey[] {
  for (let i = 0; i < keys.length; i++) if ((keys[i] as RankKey).rank > RANK_MAX) return keys.sort(compareRankKeys);
  return keys.sort(compareHeads);
}
