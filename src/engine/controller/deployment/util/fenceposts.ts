// Port of kubernetes pkg/controller/deployment/util/deployment_util.go (v1.36), part 1: the
// rollout maths (fenceposts, surge, new RS size, proportions). deploymentUtil.ts re-exports it.
import type { Deployment, IntOrString, ReplicaSet } from '../../../api/types.ts';
import { getScaledValueFromIntOrPercent } from '../../../lib/intstr.ts';
import { specReplicas } from '../../sort.ts';
import { getDesiredReplicasAnnotation, getMaxReplicasAnnotation } from './replicasAnnotations.ts';

/** math.MaxInt32: a progressDeadlineSeconds or revisionHistoryLimit of this value means "none". */
export const MaxInt32 = 2147483647;

/** deploymentReplicas reads spec.replicas, which the API server defaults to 1. */
export function deploymentReplicas(d: Deployment): number {
  return d.spec.replicas ?? 1;
}

/** isRollingUpdate reports whether the strategy type is RollingUpdate. */
export function isRollingUpdate(d: Deployment): boolean {
  return d.spec.strategy?.type === 'RollingUpdate';
}

/**
 * resolveFenceposts turns maxSurge and maxUnavailable into absolute numbers against desired:
 * surge rounds up, unavailable rounds down, an unset value counts as 0, and if both come out
 * 0 unavailable becomes 1 (otherwise the rollout could never move). 25%/25% of 10 → 3 surge
 * (2.5 up), 2 unavailable (2.5 down); 1%/1% of 2 → 0/0 → 0 surge, 1 unavailable.
 * Throws the intstr error for a malformed string (e.g. "oops").
 */
export function resolveFenceposts(
  maxSurge: IntOrString | undefined | null,
  maxUnavailable: IntOrString | undefined | null,
  desired: number,
): { surge: number; unavailable: number } {
  const surge = getScaledValueFromIntOrPercent(maxSurge ?? 0, desired, true);
  let unavailable = getScaledValueFromIntOrPercent(maxUnavailable ?? 0, desired, false);
  if (surge === 0 && unavailable === 0) unavailable = 1;
  return { surge, unavailable };
}

/** resolveOrZero is resolveFenceposts with upstream's "error caught by validation" fallback to 0/0. */
function resolveOrZero(d: Deployment): { surge: number; unavailable: number } {
  const ru = d.spec.strategy?.rollingUpdate;
  try {
    return resolveFenceposts(ru?.maxSurge, ru?.maxUnavailable, deploymentReplicas(d));
  } catch {
    return { surge: 0, unavailable: 0 };
  }
}

/** maxSurge is the resolved surge for RollingUpdate, 0 for any other strategy. */
export function maxSurge(d: Deployment): number {
  if (!isRollingUpdate(d)) return 0;
  return resolveOrZero(d).surge;
}

/**
 * maxUnavailable is the resolved unavailable count, capped at replicas: 0 unless RollingUpdate,
 * 0 when replicas is 0; 10 unavailable of 5 replicas → 5.
 */
export function maxUnavailable(d: Deployment): number {
  const replicas = deploymentReplicas(d);
  if (!isRollingUpdate(d) || replicas === 0) return 0;
  return Math.min(resolveOrZero(d).unavailable, replicas);
}

/** minAvailable is replicas − maxUnavailable for RollingUpdate and 0 otherwise (10 − 2 = 8). */
export function minAvailable(d: Deployment): number {
  if (!isRollingUpdate(d)) return 0;
  return deploymentReplicas(d) - maxUnavailable(d);
}

/**
 * newRSNewReplicas is the size the new ReplicaSet may grow to now (NewRSNewReplicas).
 * RollingUpdate: with surge = maxSurge rounded up against replicas, current = Σ spec.replicas
 * of allRSs and maxTotal = replicas + surge, keep the size when current ≥ maxTotal, else grow by
 * min(maxTotal − current, replicas − newRS). 10 replicas, 25% surge, old RS at 10, new at 0:
 * min(13 − 10, 10 − 0) = 3. Recreate: replicas. Throws for any other strategy type, and with
 * the intstr error for a nil or malformed maxSurge.
 */
export function newRSNewReplicas(d: Deployment, allRSs: readonly ReplicaSet[], newRS: ReplicaSet): number {
  const replicas = deploymentReplicas(d);
  switch (d.spec.strategy?.type) {
    case 'RollingUpdate': {
      const surge = getScaledValueFromIntOrPercent(d.spec.strategy.rollingUpdate?.maxSurge, replicas, true);
      const currentPodCount = allRSs.reduce((n, rs) => n + specReplicas(rs), 0);
      const maxTotalPods = replicas + surge;
      if (currentPodCount >= maxTotalPods) return specReplicas(newRS);
      const scaleUpCount = Math.min(maxTotalPods - currentPodCount, replicas - specReplicas(newRS));
      return specReplicas(newRS) + scaleUpCount;
    }
    case 'Recreate':
      return replicas;
    default:
      throw new Error(`deployment type ${d.spec.strategy?.type ?? ''} isn't supported`);
  }
}

/**
 * isSaturated reports whether the new ReplicaSet owns every desired replica: its size, its
 * desired-replicas annotation and its available count all equal the deployment's replicas.
 */
export function isSaturated(d: Deployment, rs: ReplicaSet | null | undefined): boolean {
  if (!rs) return false;
  const desired = getDesiredReplicasAnnotation(rs);
  if (desired === null) return false;
  const replicas = deploymentReplicas(d);
  return (
    specReplicas(rs) === replicas &&
    desired === replicas &&
    (rs.status?.availableReplicas ?? 0) === replicas
  );
}

/** goRound rounds half away from zero, as Go's math.Round (integer.RoundToInt32). */
function goRound(x: number): number {
  return Math.sign(x) * Math.round(Math.abs(x));
}

/**
 * getReplicaSetFraction estimates how many replicas this ReplicaSet gains or loses when the
 * deployment is resized: round(rs × (replicas + maxSurge) / maxReplicasBefore) − rs, where
 * maxReplicasBefore is the RS's max-replicas annotation, or d.status.replicas when that is
 * missing or 0 (and 0 when both are). Scaling to 0 returns −rs. 50 of 100 → 120: +10.
 */
export function getReplicaSetFraction(rs: ReplicaSet, d: Deployment): number {
  const replicas = deploymentReplicas(d);
  if (replicas === 0) return -specReplicas(rs);
  const deploymentMaxReplicas = replicas + maxSurge(d);
  let before = getMaxReplicasAnnotation(rs);
  if (before === null || before === 0) {
    before = d.status?.replicas ?? 0;
    if (before === 0) return 0;
  }
  const newRSsize = (specReplicas(rs) * deploymentMaxReplicas) / before;
  return goRound(newRSsize) - specReplicas(rs);
}

/**
 * getReplicaSetProportion is this ReplicaSet's share of toAdd given added so far: its fraction,
 * but never past what is left (min when growing, max when shrinking); 0 for an empty RS or
 * when nothing is left to hand out.
 */
export function getReplicaSetProportion(
  rs: ReplicaSet | null | undefined,
  d: Deployment,
  deploymentReplicasToAdd: number,
  deploymentReplicasAdded: number,
): number {
  if (!rs || specReplicas(rs) === 0 || deploymentReplicasToAdd === 0 || deploymentReplicasToAdd === deploymentReplicasAdded) {
    return 0;
  }
  const rsFraction = getReplicaSetFraction(rs, d);
  const allowed = deploymentReplicasToAdd - deploymentReplicasAdded;
  return deploymentReplicasToAdd > 0 ? Math.min(rsFraction, allowed) : Math.max(rsFraction, allowed);
}
