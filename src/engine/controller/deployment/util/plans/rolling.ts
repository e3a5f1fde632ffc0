// Port of the decisions of kubernetes pkg/controller/deployment/rolling.go (v1.36) as pure plans:
// the shell (deployment/rolling.ts) carries out the scale moves, one per call to
// scaleReplicaSetAndRecordEvent, in the order listed.
import { decide, type DecisionLog } from '../../../../api/decision.ts';
import type { Deployment, ReplicaSet } from '../../../../api/types.ts';
import { getScaledValueFromIntOrPercent } from '../../../../lib/intstr.ts';
import { replicaSetsByCreationTimestamp, specReplicas } from '../../../sort.ts';
import { deploymentReplicas, maxUnavailable, newRSNewReplicas } from '../fenceposts.ts';
import { getAvailableReplicaCountForReplicaSets, getReplicaCountForReplicaSets } from '../replicaSetUtil.ts';
import { explainSurge, explainUnavailable } from './fenceposts.ts';

/**
 * One planned call of scaleReplicaSetAndRecordEvent: rs from `from` to `to`. `rs` is the plan's
 * view (an earlier move of the same plan may already be applied to it); the shell scales the
 * live object of that name. Moves of one RS are sequential: the second starts at the first's `to`.
 */
export interface ScaleMove {
  rs: ReplicaSet;
  from: number;
  to: number;
  /** The Go function that decided the move. */
  fn: 'reconcileNewReplicaSet' | 'cleanupUnhealthyReplicas' | 'scaleDownOldReplicaSetsForRollingUpdate';
}

function withReplicas(rs: ReplicaSet, replicas: number): ReplicaSet {
  return { ...rs, spec: { ...rs.spec, replicas } };
}

function rsName(rs: ReplicaSet): string {
  return rs.metadata.name;
}

/**
 * reconcileNewReplicaSetPlan returns the size the new ReplicaSet is scaled to, or null when it
 * stays: equal to replicas → null; above replicas → replicas (scale down); otherwise
 * newRSNewReplicas (null if that equals its size). Throws what newRSNewReplicas throws.
 */
export function reconcileNewReplicaSetPlan(
  d: Deployment,
  allRSs: readonly ReplicaSet[],
  newRS: ReplicaSet,
  log?: DecisionLog,
): number | null {
  const fn = 'reconcileNewReplicaSet';
  const replicas = deploymentReplicas(d);
  const newRSReplicas = specReplicas(newRS);
  if (newRSReplicas === replicas) {
    decide(log, fn, 'newRSSaturated', { rs: rsName(newRS), newRSReplicas, replicas });
    return null;
  }
  if (newRSReplicas > replicas) {
    decide(log, fn, 'scaleDownNewRS', { rs: rsName(newRS), newRSReplicas, replicas });
    return replicas;
  }
  const newReplicasCount = newRSNewReplicas(d, allRSs, newRS);
  if (d.spec.strategy?.type === 'RollingUpdate') {
    explainSurge(d, log);
    const maxSurge = getScaledValueFromIntOrPercent(d.spec.strategy.rollingUpdate?.maxSurge, replicas, true);
    const currentPodCount = getReplicaCountForReplicaSets(allRSs);
    const maxTotalPods = replicas + maxSurge;
    if (currentPodCount >= maxTotalPods) {
      decide(log, fn, 'cannotScaleUp', { currentPodCount, maxTotalPods, replicas, maxSurge });
    } else {
      decide(log, fn, 'scaleUpCount', {
        maxTotalPods,
        currentPodCount,
        replicas,
        newRSReplicas,
        scaleUpCount: newReplicasCount - newRSReplicas,
      });
    }
  }
  if (newReplicasCount === newRSReplicas) return null;
  decide(log, fn, 'scaleNewRS', { rs: rsName(newRS), from: newRSReplicas, to: newReplicasCount });
  return newReplicasCount;
}

/** The outcome of cleanupUnhealthyReplicasPlan. */
export interface CleanupUnhealthyPlan {
  moves: ScaleMove[];
  /** The old ReplicaSets, oldest first, with the planned sizes applied. */
  oldRSs: ReplicaSet[];
  cleanupCount: number;
  /** Set when upstream returns an error (an RS reports more available pods than its spec). */
  error: string | null;
}

/**
 * cleanupUnhealthyReplicasPlan scales down the unavailable replicas of the old ReplicaSets,
 * oldest first, within maxCleanupCount: each RS with spec ≠ available gives
 * min(budget left, spec − available). Removing pods that are not available never lowers
 * availability. An RS whose available count exceeds its spec (status not caught up after a
 * scale-down) makes upstream fail the step: the moves before it stand and error is set.
 */
export function cleanupUnhealthyReplicasPlan(
  oldRSs: readonly ReplicaSet[],
  _d: Deployment,
  maxCleanupCount: number,
  log?: DecisionLog,
): CleanupUnhealthyPlan {
  const fn = 'cleanupUnhealthyReplicas';
  const sorted = replicaSetsByCreationTimestamp(oldRSs);
  const moves: ScaleMove[] = [];
  let totalScaledDown = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (totalScaledDown >= maxCleanupCount) break;
    const target = sorted[i] as ReplicaSet;
    const spec = specReplicas(target);
    const available = target.status?.availableReplicas ?? 0;
    if (spec === 0 || spec === available) continue;
    const scaledDownCount = Math.min(maxCleanupCount - totalScaledDown, spec - available);
    const newReplicasCount = spec - scaledDownCount;
    if (newReplicasCount > spec) {
      const error = `when cleaning up unhealthy replicas, got invalid request to scale down ${target.metadata.namespace ?? ''}/${target.metadata.name} ${spec} -> ${newReplicasCount}`;
      decide(log, fn, 'invalidScaleDown', { rs: rsName(target), specReplicas: spec, availableReplicas: available });
      return { moves, oldRSs: sorted, cleanupCount: totalScaledDown, error };
    }
    decide(log, fn, 'unhealthyReplicas', {
      rs: rsName(target),
      specReplicas: spec,
      availableReplicas: available,
      maxCleanupCount,
      totalScaledDown,
      scaledDownCount,
      newReplicasCount,
    });
    if (newReplicasCount !== spec) moves.push({ rs: target, from: spec, to: newReplicasCount, fn });
    sorted[i] = withReplicas(target, newReplicasCount);
    totalScaledDown += scaledDownCount;
  }
  return { moves, oldRSs: sorted, cleanupCount: totalScaledDown, error: null };
}

/** The outcome of scaleDownOldReplicaSetsForRollingUpdatePlan. */
export interface ScaleDownOldPlan {
  moves: ScaleMove[];
  availablePodCount: number;
  minAvailable: number;
  totalScaleDownCount: number;
  scaledDownCount: number;
}

/**
 * scaleDownOldReplicaSetsForRollingUpdatePlan removes old replicas while availability stays at
 * minAvailable: with available = Σ availableReplicas over allRSs, it takes available −
 * minAvailable replicas from the old ReplicaSets, oldest first, each giving as much as it has.
 * Not capped by maxScaledDown. 10 available, minAvailable 8 → old RS 10 → 8.
 */
export function scaleDownOldReplicaSetsForRollingUpdatePlan(
  allRSs: readonly ReplicaSet[],
  oldRSs: readonly ReplicaSet[],
  d: Deployment,
  log?: DecisionLog,
): ScaleDownOldPlan {
  const fn = 'scaleDownOldReplicaSetsForRollingUpdate';
  const maxUnavail = maxUnavailable(d);
  const minAvailable = deploymentReplicas(d) - maxUnavail;
  const availablePodCount = getAvailableReplicaCountForReplicaSets(allRSs);
  if (availablePodCount <= minAvailable) {
    decide(log, fn, 'cannotScaleDown', { availablePodCount, minAvailable });
    return { moves: [], availablePodCount, minAvailable, totalScaleDownCount: 0, scaledDownCount: 0 };
  }
  const totalScaleDownCount = availablePodCount - minAvailable;
  decide(log, fn, 'totalScaleDownCount', { availablePodCount, minAvailable, totalScaleDownCount });
  const moves: ScaleMove[] = [];
  let totalScaledDown = 0;
  for (const target of replicaSetsByCreationTimestamp(oldRSs)) {
    if (totalScaledDown >= totalScaleDownCount) break;
    const spec = specReplicas(target);
    if (spec === 0) continue;
    const scaleDownCount = Math.min(spec, totalScaleDownCount - totalScaledDown);
    const newReplicasCount = spec - scaleDownCount;
    decide(log, fn, 'scaleDownOldRS', { rs: rsName(target), from: spec, scaleDownCount, to: newReplicasCount });
    moves.push({ rs: target, from: spec, to: newReplicasCount, fn });
    totalScaledDown += scaleDownCount;
  }
  return { moves, availablePodCount, minAvailable, totalScaleDownCount, scaledDownCount: totalScaledDown };
}

/** The outcome of reconcileOldReplicaSetsPlan: the ordered moves and the numbers behind them. */
export interface ReconcileOldPlan {
  moves: ScaleMove[];
  /** What upstream returns: true when a replica was scaled down (false after a swallowed error). */
  scaled: boolean;
  oldPodsCount: number;
  allPodsCount: number;
  maxUnavailable: number;
  minAvailable: number;
  newRSUnavailablePodCount: number;
  maxScaledDown: number;
  cleanupCount: number;
  scaledDownCount: number;
  error: string | null;
}

/**
 * reconcileOldReplicaSetsPlan plans the scale-down half of a rolling update. Pass the active
 * old ReplicaSets, as rolloutRolling does. maxScaledDown = allPodsCount − minAvailable −
 * newRSUnavailablePodCount (13 − 8 − 3 = 2 on the first sync of the Seed rollout); when > 0,
 * unhealthy old replicas are cleaned up first within it, then old ReplicaSets shrink while
 * availability stays ≥ minAvailable. Upstream swallows a cleanup error (scaled false).
 */
export function reconcileOldReplicaSetsPlan(
  allRSs: readonly ReplicaSet[],
  oldRSs: readonly ReplicaSet[],
  newRS: ReplicaSet,
  d: Deployment,
  log?: DecisionLog,
): ReconcileOldPlan {
  const fn = 'reconcileOldReplicaSets';
  const oldPodsCount = getReplicaCountForReplicaSets(oldRSs);
  const empty: ReconcileOldPlan = {
    moves: [],
    scaled: false,
    oldPodsCount,
    allPodsCount: 0,
    maxUnavailable: 0,
    minAvailable: 0,
    newRSUnavailablePodCount: 0,
    maxScaledDown: 0,
    cleanupCount: 0,
    scaledDownCount: 0,
    error: null,
  };
  if (oldPodsCount === 0) {
    decide(log, fn, 'noOldPods', { oldPodsCount });
    return empty;
  }
  const allPodsCount = getReplicaCountForReplicaSets(allRSs);
  const maxUnavail = maxUnavailable(d);
  const replicas = deploymentReplicas(d);
  const minAvailable = replicas - maxUnavail;
  const newRSUnavailablePodCount = specReplicas(newRS) - (newRS.status?.availableReplicas ?? 0);
  const maxScaledDown = allPodsCount - minAvailable - newRSUnavailablePodCount;
  explainUnavailable(d, log);
  decide(log, fn, 'minAvailable', { replicas, maxUnavailable: maxUnavail, minAvailable });
  decide(log, fn, 'maxScaledDown', { allPodsCount, minAvailable, newRSUnavailablePodCount, maxScaledDown });
  const numbers = { ...empty, allPodsCount, maxUnavailable: maxUnavail, minAvailable, newRSUnavailablePodCount, maxScaledDown };
  if (maxScaledDown <= 0) {
    decide(log, fn, 'cannotScaleDown', { maxScaledDown });
    return numbers;
  }
  const cleanup = cleanupUnhealthyReplicasPlan(oldRSs, d, maxScaledDown, log);
  if (cleanup.error !== null) {
    return { ...numbers, moves: cleanup.moves, cleanupCount: cleanup.cleanupCount, error: cleanup.error };
  }
  const scaleDown = scaleDownOldReplicaSetsForRollingUpdatePlan([...cleanup.oldRSs, newRS], cleanup.oldRSs, d, log);
  const totalScaledDown = cleanup.cleanupCount + scaleDown.scaledDownCount;
  decide(log, fn, 'totalScaledDown', {
    cleanupCount: cleanup.cleanupCount,
    scaledDownCount: scaleDown.scaledDownCount,
    totalScaledDown,
  });
  return {
    ...numbers,
    moves: [...cleanup.moves, ...scaleDown.moves],
    scaled: totalScaledDown > 0,
    cleanupCount: cleanup.cleanupCount,
    scaledDownCount: scaleDown.scaledDownCount,
  };
}
