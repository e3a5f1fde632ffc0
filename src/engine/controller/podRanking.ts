// Port of kubernetes pkg/controller/controller_utils.go (ActivePodsWithRanks) and the pod ranking
// of pkg/controller/replicaset/replica_set.go (getPodsToDelete) (v1.36). The pod facts it ranks
// by are podUtil.ts's; the sort keys podRankKey.ts's (both import only down: podUtil ← podRankKey ← podRanking).
import type { Pod } from '../api/types.ts';
import { getDeletionCostFromPodAnnotations, isPodActive, isPodReady, isZeroTime, podReadyTime } from './podUtil.ts';
import { type RankKey, rankKey, sortRankKeys } from './podRankKey.ts';
import { sortByLess, timestampMs } from './sort.ts';

/** Pending < Unknown < Running; any other phase (or none) counts as Pending, like a Go map miss. */
const podPhaseToOrdinal: Readonly<Record<string, number>> = { Pending: 0, Unknown: 1, Running: 2 };

function phaseOrdinal(pod: Pod): number {
  return podPhaseToOrdinal[pod.status?.phase ?? ''] ?? 0;
}

/** afterOrZero: t1 is after t2, with a zero time counting as after any real one. */
function afterOrZero(t1: string | undefined, t2: string | undefined): boolean {
  if (isZeroTime(t1) || isZeroTime(t2)) return isZeroTime(t1);
  return timestampMs(t1) > timestampMs(t2);
}

/** sameTime mirrors metav1.Time.Equal on two optional timestamps. */
function sameTime(t1: string | undefined, t2: string | undefined): boolean {
  if (isZeroTime(t1) || isZeroTime(t2)) return isZeroTime(t1) === isZeroTime(t2);
  return timestampMs(t1) === timestampMs(t2);
}

/**
 * logarithmicRankDiff compares the ages of two instants in floor(log2(nanoseconds)) buckets:
 * 5 h (1.8e13 ns → 44) and 8 h (2.9e13 ns → 44) share a bucket; 2 h (7.2e12 ns → 42) does not.
 * A non-positive age is bucket -1.
 */
function logarithmicRankDiff(t1: string | undefined, t2: string | undefined, nowMs: number): number {
  const rank = (t: string | undefined): number => {
    const dNs = (nowMs - timestampMs(t)) * 1e6;
    return dNs > 0 ? Math.floor(Math.log2(dNs)) : -1;
  };
  return rank(t1) - rank(t2);
}

function maxContainerRestarts(pod: Pod): number {
  let m = 0;
  for (const c of pod.status?.containerStatuses ?? []) m = Math.max(m, c.restartCount);
  return m;
}

function uidLess(p1: Pod, p2: Pod): boolean {
  return (p1.metadata.uid ?? '') < (p2.metadata.uid ?? '');
}

/**
 * activePodsWithRanksLess reports whether p1 should be deleted before p2
 * (ActivePodsWithRanks.Less), rule by rule: unassigned first; Pending < Unknown < Running; not
 * ready first; lower pod-deletion-cost first (PodDeletionCost gate); higher rank (more related
 * pods on its node) first; when both are ready, ready more recently first; more container
 * restarts first; created more recently first. With LogarithmicScaleDown the two time rules
 * compare log2 age buckets and break ties by UID.
 */
export function activePodsWithRanksLess(
  p1: Pod,
  p2: Pod,
  rank1: number,
  rank2: number,
  nowMs: number,
  logarithmicScaleDown = true,
  podDeletionCost = true,
): boolean {
  const n1 = p1.spec.nodeName ?? '';
  const n2 = p2.spec.nodeName ?? '';
  if (n1 !== n2 && (n1 === '' || n2 === '')) return n1 === '';
  if (phaseOrdinal(p1) !== phaseOrdinal(p2)) return phaseOrdinal(p1) < phaseOrdinal(p2);
  const r1 = isPodReady(p1);
  const r2 = isPodReady(p2);
  if (r1 !== r2) return !r1;
  if (podDeletionCost) {
    const c1 = getDeletionCostFromPodAnnotations(p1.metadata.annotations);
    const c2 = getDeletionCostFromPodAnnotations(p2.metadata.annotations);
    if (c1 !== c2) return c1 < c2;
  }
  if (rank1 !== rank2) return rank1 > rank2;
  if (r1 && r2) {
    const t1 = podReadyTime(p1);
    const t2 = podReadyTime(p2);
    if (!sameTime(t1, t2)) {
      if (!logarithmicScaleDown || isZeroTime(t1) || isZeroTime(t2)) return afterOrZero(t1, t2);
      const diff = logarithmicRankDiff(t1, t2, nowMs);
      if (diff === 0) return uidLess(p1, p2);
      return diff < 0;
    }
  }
  const m1 = maxContainerRestarts(p1);
  const m2 = maxContainerRestarts(p2);
  if (m1 !== m2) return m1 > m2;
  const c1 = p1.metadata.creationTimestamp;
  const c2 = p2.metadata.creationTimestamp;
  if (!sameTime(c1, c2)) {
    if (!logarithmicScaleDown || isZeroTime(c1) || isZeroTime(c2)) return afterOrZero(c1, c2);
    const diff = logarithmicRankDiff(c1, c2, nowMs);
    if (diff === 0) return uidLess(p1, p2);
    return diff < 0;
  }
  return false;
}

/**
 * activePodsLess is ActivePods.Less, the plain order without ranks, deletion cost or log
 * buckets: unassigned, Pending < Unknown < Running, not ready, ready more recently, more
 * restarts, created more recently.
 */
export function activePodsLess(p1: Pod, p2: Pod): boolean {
  const n1 = p1.spec.nodeName ?? '';
  const n2 = p2.spec.nodeName ?? '';
  if (n1 !== n2 && (n1 === '' || n2 === '')) return n1 === '';
  if (phaseOrdinal(p1) !== phaseOrdinal(p2)) return phaseOrdinal(p1) < phaseOrdinal(p2);
  const r1 = isPodReady(p1);
  const r2 = isPodReady(p2);
  if (r1 !== r2) return !r1;
  if (r1 && r2) {
    const t1 = podReadyTime(p1);
    const t2 = podReadyTime(p2);
    if (!sameTime(t1, t2)) return afterOrZero(t1, t2);
  }
  const m1 = maxContainerRestarts(p1);
  const m2 = maxContainerRestarts(p2);
  if (m1 !== m2) return m1 > m2;
  const c1 = p1.metadata.creationTimestamp;
  const c2 = p2.metadata.creationTimestamp;
  if (!sameTime(c1, c2)) return afterOrZero(c1, c2);
  return false;
}

/** sortActivePods returns the pods in ActivePods order (deleted-first first). */
export function sortActivePods(pods: readonly Pod[]): Pod[] {
  return sortByLess(pods, activePodsLess);
}

/**
 * activeRelatedPodsPerNode counts the active related pods on each node ('' for unbound pods):
 * the rank getPodsRankedByRelatedPodsOnSameNode gives every pod on that node.
 */
export function activeRelatedPodsPerNode(relatedPods: readonly Pod[]): Map<string, number> {
  const podsOnNode = new Map<string, number>();
  for (const p of relatedPods) {
    if (!isPodActive(p)) continue;
    const node = p.spec.nodeName ?? '';
    podsOnNode.set(node, (podsOnNode.get(node) ?? 0) + 1);
  }
  return podsOnNode;
}

/**
 * getPodsRankedByRelatedPodsOnSameNode ranks each pod by the number of active related pods on
 * its node (for a Deployment: the pods of all its ReplicaSets), so doubled-up nodes lose first.
 */
export function getPodsRankedByRelatedPodsOnSameNode(
  podsToRank: readonly Pod[],
  relatedPods: readonly Pod[],
): { pod: Pod; rank: number }[] {
  const podsOnNode = activeRelatedPodsPerNode(relatedPods);
  return podsToRank.map((pod) => ({ pod, rank: podsOnNode.get(pod.spec.nodeName ?? '') ?? 0 }));
}

/**
 * getPodsToDelete picks the diff pods a ReplicaSet deletes first. When every pod goes, they are
 * taken as listed; otherwise they are sorted by activePodsWithRanksLess with ranks from
 * getPodsRankedByRelatedPodsOnSameNode. Returns a new array of length min(diff, pods).
 */
export function getPodsToDelete(
  filteredPods: readonly Pod[],
  relatedPods: readonly Pod[],
  diff: number,
  nowMs: number,
): Pod[] {
  if (diff >= filteredPods.length) return [...filteredPods];
  return getPodsToDeleteByNodeCounts(filteredPods, activeRelatedPodsPerNode(relatedPods), diff, nowMs);
}

/**
 * getPodsToDeleteByNodeCounts is getPodsToDelete with the related pods already counted per node
 * (activeRelatedPodsPerNode).
 */
export function getPodsToDeleteByNodeCounts(
  filteredPods: readonly Pod[],
  podsOnNode: ReadonlyMap<string, number>,
  diff: number,
  nowMs: number,
): Pod[] {
  if (diff >= filteredPods.length) return [...filteredPods];
  const keys = filteredPods.map((pod) => rankKey(pod, podsOnNode.get(pod.spec.nodeName ?? '') ?? 0, nowMs));
  return podsToDeleteFromKeys(keys, diff);
}

/**
 * podsToDeleteFromKeys is the end of getPodsToDelete over ranked keys of the filtered pods (in
 * their listed order): all of them when diff covers them, else the first diff in the order of
 * activePodsWithRanksLess (podRankKey.ts computes it from keys read once per pod).
 */
export function podsToDeleteFromKeys(keys: RankKey[], diff: number): Pod[] {
  if (diff < keys.length) sortRankKeys(keys);
  const n = Math.max(0, Math.min(diff, keys.length));
  const out: Pod[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = (keys[i] as RankKey).pod;
  return out;
}
