// Port of kubernetes pkg/controller/controller_utils.go (ReplicaSet sort orders) and the
// ReplicaSetsByRevision order of pkg/controller/deployment/util/deployment_util.go (v1.36).
import { RevisionAnnotation } from '../api/constants.ts';
import type { ReplicaSet } from '../api/types.ts';
import { parseRFC3339 } from '../lib/time.ts';

/** A strict "a sorts before b" predicate, the shape of Go's sort.Interface Less. */
export type Less<T> = (a: T, b: T) => boolean;

/**
 * sortByLess returns a new array sorted with a Go-style Less. The sort is stable, so items the
 * predicate calls equal keep their input order; upstream's sort.Sort is not stable, but every
 * order below breaks ties by name, so only identical keys could land differently.
 */
export function sortByLess<T>(items: readonly T[], less: Less<T>): T[] {
  return [...items].sort((a, b) => (less(a, b) ? -1 : less(b, a) ? 1 : 0));
}

/**
 * timestampMs reads a metav1.Time as virtual ms. A missing timestamp is Go's zero time, which
 * is before every real instant, so it reads as -Infinity (never stored, only compared).
 */
export function timestampMs(ts: string | undefined | null): number {
  const ms = parseRFC3339(ts);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** replicas reads spec.replicas, which the API server defaults to 1 (apps/v1 defaults). */
export function specReplicas(rs: ReplicaSet): number {
  return rs.spec.replicas ?? 1;
}

/**
 * replicaSetsByCreationTimestampLess orders older ReplicaSets first; equal timestamps fall back
 * to the name (ReplicaSetsByCreationTimestamp.Less).
 */
export function replicaSetsByCreationTimestampLess(a: ReplicaSet, b: ReplicaSet): boolean {
  const ta = timestampMs(a.metadata.creationTimestamp);
  const tb = timestampMs(b.metadata.creationTimestamp);
  if (ta === tb) return a.metadata.name < b.metadata.name;
  return ta < tb;
}

/** replicaSetsByCreationTimestamp returns the ReplicaSets oldest first (ties by name). */
export function replicaSetsByCreationTimestamp(rss: readonly ReplicaSet[]): ReplicaSet[] {
  return sortByLess(rss, replicaSetsByCreationTimestampLess);
}

/**
 * replicaSetsBySizeOlderLess puts larger spec.replicas first; equal sizes go oldest first
 * (ReplicaSetsBySizeOlder: used when scaling down, so the oldest gives up the leftover).
 */
export function replicaSetsBySizeOlderLess(a: ReplicaSet, b: ReplicaSet): boolean {
  if (specReplicas(a) === specReplicas(b)) return replicaSetsByCreationTimestampLess(a, b);
  return specReplicas(a) > specReplicas(b);
}

/** replicaSetsBySizeOlder returns the ReplicaSets largest first, ties oldest first. */
export function replicaSetsBySizeOlder(rss: readonly ReplicaSet[]): ReplicaSet[] {
  return sortByLess(rss, replicaSetsBySizeOlderLess);
}

/**
 * replicaSetsBySizeNewerLess puts larger spec.replicas first; equal sizes go newest first
 * (ReplicaSetsBySizeNewer: used when scaling up, so the newest takes the leftover).
 */
export function replicaSetsBySizeNewerLess(a: ReplicaSet, b: ReplicaSet): boolean {
  if (specReplicas(a) === specReplicas(b)) return replicaSetsByCreationTimestampLess(b, a);
  return specReplicas(a) > specReplicas(b);
}

/** replicaSetsBySizeNewer returns the ReplicaSets largest first, ties newest first. */
export function replicaSetsBySizeNewer(rss: readonly ReplicaSet[]): ReplicaSet[] {
  return sortByLess(rss, replicaSetsBySizeNewerLess);
}

/**
 * parseRevisionAnnotation reads deployment.kubernetes.io/revision as strconv.ParseInt(v, 10, 64)
 * does: a missing annotation is revision 0; a present but malformed one is an error
 * (`strconv.ParseInt: parsing "x": invalid syntax`).
 */
export function parseRevisionAnnotation(rs: ReplicaSet): { value: number } | { error: string } {
  const v = rs.metadata.annotations?.[RevisionAnnotation];
  if (v === undefined) return { value: 0 };
  if (!/^[+-]?[0-9]+$/.test(v)) return { error: `strconv.ParseInt: parsing ${JSON.stringify(v)}: invalid syntax` };
  const big = BigInt(v);
  if (big > 9223372036854775807n || big < -9223372036854775808n) {
    return { error: `strconv.ParseInt: parsing ${JSON.stringify(v)}: value out of range` };
  }
  return { value: Number(big) };
}

/**
 * replicaSetsByRevisionLess orders by revision ascending; equal or unparseable revisions fall
 * back to creation time, then name (ReplicaSetsByRevision.Less).
 */
export function replicaSetsByRevisionLess(a: ReplicaSet, b: ReplicaSet): boolean {
  const ra = parseRevisionAnnotation(a);
  const rb = parseRevisionAnnotation(b);
  if ('error' in ra || 'error' in rb || ra.value === rb.value) return replicaSetsByCreationTimestampLess(a, b);
  return ra.value < rb.value;
}

/** replicaSetsByRevision returns the ReplicaSets lowest revision first. */
export function replicaSetsByRevision(rss: readonly ReplicaSet[]): ReplicaSet[] {
  return sortByLess(rss, replicaSetsByRevisionLess);
}

/** filterActiveReplicaSets keeps the ReplicaSets that have (or ought to have) pods: spec.replicas > 0. */
export function filterActiveReplicaSets(rss: readonly (ReplicaSet | null | undefined)[]): ReplicaSet[] {
  return rss.filter((rs): rs is ReplicaSet => !!rs && specReplicas(rs) > 0);
}
