// getPodsToDelete's sort, with each pod's ranking inputs read once (v1.36 ActivePodsWithRanks).
// activePodsWithRanksLess in podRanking.ts is the rule-by-rule port the conformance tables run
// against; this file computes the same order from per-pod keys, so a 10,000-pod scale-down does
// not parse timestamps and take logarithms O(n log n) times. podRankKey.test.ts checks the two
// orders agree on random pods.
import type { Pod } from '../api/types.ts';
import { getDeletionCostFromPodAnnotations, isPodReady, podReadyTime } from './podRanking.ts';
import { timestampMs } from './sort.ts';

const PHASE: Readonly<Record<string, number>> = { Pending: 0, Unknown: 1, Running: 2 };

/** A point in time as the ranking compares it: Go's zero time, or ms plus its log2 age bucket. */
interface Instant {
  zero: boolean;
  ms: number;
  bucket: number;
}

export interface RankKey {
  pod: Pod;
  unassigned: boolean;
  phase: number;
  ready: boolean;
  cost: number;
  rank: number;
  readyAt: Instant;
  restarts: number;
  created: Instant;
  uid: string;
}

function instant(ts: string | undefined, nowMs: number): Instant {
  if (!ts || ts.startsWith('0001-01-01T00:00:00')) return { zero: true, ms: 0, bucket: 0 };
  const ms = timestampMs(ts);
  const dNs = (nowMs - ms) * 1e6;
  return { zero: false, ms, bucket: dNs > 0 ? Math.floor(Math.log2(dNs)) : -1 };
}

/** rankKey reads once everything activePodsWithRanksLess looks at for one pod. */
export function rankKey(pod: Pod, rank: number, nowMs: number): RankKey {
  let restarts = 0;
  for (const c of pod.status?.containerStatuses ?? []) restarts = Math.max(restarts, c.restartCount);
  return {
    pod,
    unassigned: !pod.spec.nodeName,
    phase: PHASE[pod.status?.phase ?? ''] ?? 0,
    ready: isPodReady(pod),
    cost: getDeletionCostFromPodAnnotations(pod.metadata.annotations),
    rank,
    readyAt: instant(podReadyTime(pod), nowMs),
    restarts,
    created: instant(pod.metadata.creationTimestamp, nowMs),
    uid: pod.metadata.uid ?? '',
  };
}

/** Older/newer by LogarithmicScaleDown: different instants compare by bucket, then by UID. */
function timeLess(a: RankKey, b: RankKey, ta: Instant, tb: Instant): boolean | null {
  if (ta.zero && tb.zero) return null;
  if (!ta.zero && !tb.zero && ta.ms === tb.ms) return null;
  if (ta.zero || tb.zero) return ta.zero; // a zero time counts as newest
  const diff = ta.bucket - tb.bucket;
  if (diff === 0) return a.uid < b.uid;
  return diff < 0;
}

/** keyedLess is activePodsWithRanksLess (both gates on) over precomputed keys. */
export function keyedLess(a: RankKey, b: RankKey): boolean {
  if (a.unassigned !== b.unassigned) return a.unassigned;
  if (a.phase !== b.phase) return a.phase < b.phase;
  if (a.ready !== b.ready) return !a.ready;
  if (a.cost !== b.cost) return a.cost < b.cost;
  if (a.rank !== b.rank) return a.rank > b.rank;
  if (a.ready && b.ready) {
    const r = timeLess(a, b, a.readyAt, b.readyAt);
    if (r !== null) return r;
  }
  if (a.restarts !== b.restarts) return a.restarts > b.restarts;
  const c = timeLess(a, b, a.created, b.created);
  return c ?? false;
}

/** sortRankKeys sorts keys stably, deleted-first first. */
export function sortRankKeys(keys: RankKey[]): RankKey[] {
  return keys.sort((a, b) => (keyedLess(a, b) ? -1 : keyedLess(b, a) ? 1 : 0));
}
