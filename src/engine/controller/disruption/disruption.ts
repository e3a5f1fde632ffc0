// Port of kubernetes pkg/controller/disruption/disruption.go (v1.36) — the arithmetic — and of
// component-helpers apps/poddisruptionbudget (UpdateDisruptionAllowedCondition,
// ConditionsAreUpToDate). Pure functions over a budget, its pods and the controllers' scales.
/**
 * A budget's status, worked through: 5 pods of a 5-replica Deployment, `minAvailable: 80%`,
 * 4 of them Ready → expectedPods 5 (the Deployment's replicas), desiredHealthy ⌈80% × 5⌉ = 4,
 * currentHealthy 4, disruptionsAllowed 4 − 4 = 0: the eviction subresource refuses every
 * eviction (429) until a fifth pod is Ready again.
 */
import type { PodDisruptionBudget, PodDisruptionBudgetStatus } from '../../api/policyTypes.ts';
import {
  conditionsAreUpToDate,
  DisruptionAllowedCondition,
  setStatusCondition,
  updateDisruptionAllowedCondition,
} from '../../apimachinery/poddisruptionbudget.ts';
import type { IntOrString, Pod } from '../../api/types.ts';
import { getScaledValueFromIntOrPercent } from '../../lib/intstr.ts';
import { parseRFC3339, toRFC3339 } from '../../lib/time.ts';
import { getControllerOf } from '../../api/ownerRefs.ts';
import type { OwnerReference } from '../../api/types.ts';

/** DeletionTimeout: how long an admitted eviction waits in status.disruptedPods for its pod to be seen terminating. */
export const DeletionTimeout = 2 * 60 * 1000;

/** The SyncFailed reason of the DisruptionAllowed condition (policy/v1; the others are apimachinery/poddisruptionbudget.ts's). */
export const SyncFailedReason = 'SyncFailed';

/** A controller and its scale, as one of the finders found it (controllerAndScale). */
export interface ControllerAndScale {
  uid: string;
  scale: number;
}

/** A finder maps a pod's controllerRef to its scale controller, null when it is not its kind, or an error. */
export type PodControllerFinder = (ref: OwnerReference, namespace: string) => ControllerAndScale | null | { error: string };

/** getExpectedScale sums the scale of every controller of the budget's pods; an unmanaged pod is listed, a pod no finder knows is an error. */
export function getExpectedScale(
  pods: readonly Pod[],
  finders: readonly PodControllerFinder[],
): { expectedCount: number; unmanagedPods: string[] } | { error: string } {
  const scales = new Map<string, number>();
  const unmanagedPods: string[] = [];
  for (const pod of pods) {
    const ref = getControllerOf(pod);
    if (!ref) {
      unmanagedPods.push(pod.metadata.name);
      continue;
    }
    if (scales.has(ref.uid)) continue;
    let found = false;
    for (const finder of finders) {
      const r = finder(ref, pod.metadata.namespace ?? 'default');
      if (r === null) continue;
      if ('error' in r) return r;
      scales.set(r.uid, r.scale);
      found = true;
      break;
    }
    if (!found) return { error: `found no controllers for pod ${JSON.stringify(pod.metadata.name)}` };
  }
  let expectedCount = 0;
  for (const n of scales.values()) expectedCount += n;
  return { expectedCount, unmanagedPods };
}

/** The numbers getExpectedPodCount settles. */
export interface ExpectedPodCount {
  expectedCount: number;
  desiredHealthy: number;
  unmanagedPods: string[];
}

function scaled(v: IntOrString, total: number): number | { error: string } {
  try {
    return getScaledValueFromIntOrPercent(v, total, true);
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/**
 * getExpectedPodCount: maxUnavailable (int or %) → expected = the controllers' scale, desired =
 * expected − ⌈maxUnavailable⌉ (≥ 0); an int minAvailable → desired = it, expected = the pods
 * found; a percent minAvailable → expected = the scale, desired = ⌈minAvailable × expected⌉.
 */
export function getExpectedPodCount(
  pdb: PodDisruptionBudget,
  pods: readonly Pod[],
  finders: readonly PodControllerFinder[],
): ExpectedPodCount | { error: string } {
  const { minAvailable, maxUnavailable } = pdb.spec;
  if (maxUnavailable !== undefined) {
    const s = getExpectedScale(pods, finders);
    if ('error' in s) return s;
    const m = scaled(maxUnavailable, s.expectedCount);
    if (typeof m !== 'number') return m;
    return { expectedCount: s.expectedCount, desiredHealthy: Math.max(0, s.expectedCount - m), unmanagedPods: s.unmanagedPods };
  }
  if (minAvailable !== undefined) {
    if (typeof minAvailable === 'number') return { expectedCount: pods.length, desiredHealthy: minAvailable, unmanagedPods: [] };
    const s = getExpectedScale(pods, finders);
    if ('error' in s) return s;
    const m = scaled(minAvailable, s.expectedCount);
    if (typeof m !== 'number') return m;
    return { expectedCount: s.expectedCount, desiredHealthy: m, unmanagedPods: s.unmanagedPods };
  }
  return { expectedCount: 0, desiredHealthy: 0, unmanagedPods: [] };
}

function isPodReady(pod: Pod): boolean {
  return pod.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') === true;
}

/** countHealthyPods: Ready pods that are not being deleted and not waiting in disruptedPods. */
export function countHealthyPods(pods: readonly Pod[], disruptedPods: Readonly<Record<string, string>>, nowMs: number): number {
  let n = 0;
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    const t = disruptedPods[pod.metadata.name];
    if (t !== undefined && parseRFC3339(t) + DeletionTimeout > nowMs) continue;
    if (isPodReady(pod)) n++;
  }
  return n;
}

/**
 * buildDisruptedPodMap keeps the disruptedPods entries whose pod exists, is not terminating yet
 * and is within DeletionTimeout; an entry past it is dropped with a NotDeleted event on the pod.
 * recheckAt is the soonest expiry of the entries kept (the controller syncs again then).
 */
export function buildDisruptedPodMap(
  pods: readonly Pod[],
  pdb: PodDisruptionBudget,
  nowMs: number,
): { disruptedPods: Record<string, string>; recheckAt: number | null; notDeleted: Pod[] } {
  const given = pdb.status?.disruptedPods;
  const disruptedPods: Record<string, string> = {};
  const notDeleted: Pod[] = [];
  let recheckAt: number | null = null;
  if (!given) return { disruptedPods, recheckAt, notDeleted };
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    const t = given[pod.metadata.name];
    if (t === undefined) continue;
    const expected = parseRFC3339(t) + DeletionTimeout;
    if (expected < nowMs) notDeleted.push(pod);
    else {
      if (recheckAt === null || expected < recheckAt) recheckAt = expected;
      disruptedPods[pod.metadata.name] = t;
    }
  }
  return { disruptedPods: sortedRecord(disruptedPods), recheckAt, notDeleted };
}

function sortedRecord(r: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of Object.keys(r).sort()) out[k] = r[k] as string;
  return out;
}

function sameRecord(a: Readonly<Record<string, string>> | undefined, b: Readonly<Record<string, string>>): boolean {
  const ka = Object.keys(a ?? {});
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => a?.[k] === b[k]);
}

/**
 * updatePdbStatusPlan is updatePdbStatus: disruptionsAllowed = currentHealthy − desiredHealthy
 * (0 when negative or when no pods are expected), and the new status, or null when the stored
 * one already says all of it.
 */
export function updatePdbStatusPlan(
  pdb: PodDisruptionBudget,
  currentHealthy: number,
  desiredHealthy: number,
  expectedCount: number,
  disruptedPods: Record<string, string>,
  nowMs: number,
): PodDisruptionBudgetStatus | null {
  let disruptionsAllowed = currentHealthy - desiredHealthy;
  if (expectedCount <= 0 || disruptionsAllowed <= 0) disruptionsAllowed = 0;
  const s = pdb.status;
  const generation = pdb.metadata.generation ?? 0;
  if (
    s &&
    s.currentHealthy === currentHealthy &&
    s.desiredHealthy === desiredHealthy &&
    s.expectedPods === expectedCount &&
    s.disruptionsAllowed === disruptionsAllowed &&
    sameRecord(s.disruptedPods, disruptedPods) &&
    (s.observedGeneration ?? 0) === generation &&
    conditionsAreUpToDate(pdb)
  ) {
    return null;
  }
  const next: PodDisruptionBudgetStatus = {
    ...(generation === 0 ? {} : { observedGeneration: generation }),
    ...(Object.keys(disruptedPods).length === 0 ? {} : { disruptedPods }),
    disruptionsAllowed,
    currentHealthy,
    desiredHealthy,
    expectedPods: expectedCount,
    conditions: s?.conditions ?? [],
  };
  return updateDisruptionAllowedCondition(next, toRFC3339(nowMs));
}

/** failSafeStatus is failSafe: at least set disruptionsAllowed to 0 and DisruptionAllowed False/SyncFailed with the error. */
export function failSafeStatus(pdb: PodDisruptionBudget, error: string, nowMs: number): PodDisruptionBudgetStatus {
  const s: PodDisruptionBudgetStatus = pdb.status ?? { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 };
  const conditions = setStatusCondition(
    s.conditions ?? [],
    {
      type: DisruptionAllowedCondition,
      status: 'False',
      reason: SyncFailedReason,
      message: error,
      ...(s.observedGeneration === undefined ? {} : { observedGeneration: s.observedGeneration }),
    },
    toRFC3339(nowMs),
  );
  return { ...s, disruptionsAllowed: 0, conditions };
}

/** What one sync of a budget computes (trySync without its effects). */
export interface PdbSyncPlan {
  expected: ExpectedPodCount;
  currentHealthy: number;
  disruptedPods: Record<string, string>;
  recheckAt: number | null;
  notDeleted: Pod[];
  /** The status to write, or null when the stored one already says all of it. */
  status: PodDisruptionBudgetStatus | null;
}

/**
 * computePdbStatus is trySync's arithmetic: the expected count and desired health from the
 * controllers' scale, the disruptedPods still pending, the healthy pods, and the new status.
 */
export function computePdbStatus(
  pdb: PodDisruptionBudget,
  pods: readonly Pod[],
  finders: readonly PodControllerFinder[],
  nowMs: number,
): PdbSyncPlan | { error: string } {
  const expected = getExpectedPodCount(pdb, pods, finders);
  if ('error' in expected) return expected;
  const { disruptedPods, recheckAt, notDeleted } = buildDisruptedPodMap(pods, pdb, nowMs);
  const currentHealthy = countHealthyPods(pods, disruptedPods, nowMs);
  const status = updatePdbStatusPlan(pdb, currentHealthy, expected.desiredHealthy, expected.expectedCount, disruptedPods, nowMs);
  return { expected, currentHealthy, disruptedPods, recheckAt, notDeleted, status };
}
