// Port of the decisions of kubernetes pkg/controller/deployment/sync.go (v1.36) as pure plans:
// proportional scaling, scaling-event detection, history cleanup and the status calculation.
import { Reason } from '../../../../api/constants.ts';
import { decide, type DecisionLog } from '../../../../api/decision.ts';
import type { Deployment, DeploymentStatus, ReplicaSet } from '../../../../api/types.ts';
import { deepEqual } from '../../../../lib/hash.ts';
import {
  filterActiveReplicaSets,
  replicaSetsByCreationTimestampLess,
  replicaSetsByRevision,
  replicaSetsBySizeNewer,
  replicaSetsBySizeOlder,
  sortByLess,
  specReplicas,
} from '../../../sort.ts';
import {
  deploymentReplicas,
  findActiveOrLatest,
  getActualReplicaCountForReplicaSets,
  getAvailableReplicaCountForReplicaSets,
  getDeploymentCondition,
  getDesiredReplicasAnnotation,
  getReadyReplicaCountForReplicaSets,
  getReplicaCountForReplicaSets,
  getReplicaSetProportion,
  getTerminatingReplicaCountForReplicaSets,
  hasProgressDeadline,
  hasRevisionHistoryLimit,
  isRollingUpdate,
  isSaturated,
  maxSurge,
  maxUnavailable,
  newDeploymentCondition,
  replicasAnnotationsNeedUpdate,
  setDeploymentCondition,
} from '../deploymentUtil.ts';
import type { TimeInput } from '../instant.ts';
import { proportionInputs } from './fenceposts.ts';

/**
 * One planned scale call of `scale`. `via` names the upstream helper: scaleReplicaSetAndRecordEvent
 * (skipped when the size is unchanged, so only real changes are listed) or scaleReplicaSet
 * (listed for every active RS; it writes when the size or the desired/max-replicas annotations
 * differ, which `write` reports).
 */
export interface ScaleStep {
  rs: ReplicaSet;
  to: number;
  via: 'scaleReplicaSetAndRecordEvent' | 'scaleReplicaSet';
  write: boolean;
}

/**
 * scalePlan is `scale` of sync.go: the moves of a scaling event or a paused deployment.
 * 1. One active RS (or none: the new RS, else the newest old one) takes all the replicas.
 * 2. A saturated new RS: every active old RS goes to 0.
 * 3. RollingUpdate: toAdd = (replicas + maxSurge, or 0 for 0 replicas) − Σ active; each active
 *    RS, largest first (ties newer first when growing, older first when shrinking), gets its
 *    proportion, the first one the leftover (floored at 0). 5 → 10 with (new 2, old 3): old
 *    +3 → 6, new +2 → 4.
 */
export function scalePlan(d: Deployment, newRS: ReplicaSet | null | undefined, oldRSs: readonly ReplicaSet[], log?: DecisionLog): ScaleStep[] {
  const fn = 'scale';
  const replicas = deploymentReplicas(d);
  const surge = maxSurge(d);
  const activeOrLatest = findActiveOrLatest(newRS, oldRSs);
  if (activeOrLatest) {
    decide(log, fn, 'activeOrLatest', { rs: activeOrLatest.metadata.name, from: specReplicas(activeOrLatest), replicas });
    if (specReplicas(activeOrLatest) === replicas) return [];
    return [{ rs: activeOrLatest, to: replicas, via: 'scaleReplicaSetAndRecordEvent', write: true }];
  }
  // FindActiveOrLatest sorts the caller's old RSs newest first in place; later steps see that order.
  const newestFirst = sortByLess(oldRSs, (a, b) => replicaSetsByCreationTimestampLess(b, a));
  if (isSaturated(d, newRS)) {
    const olds = filterActiveReplicaSets(newestFirst);
    decide(log, fn, 'saturated', { rs: newRS?.metadata.name ?? '', replicas, oldActive: olds.length });
    return olds.map((rs) => ({ rs, to: 0, via: 'scaleReplicaSetAndRecordEvent' as const, write: true }));
  }
  if (!isRollingUpdate(d)) return [];
  const active = filterActiveReplicaSets([...newestFirst, newRS]);
  const allRSsReplicas = getReplicaCountForReplicaSets(active);
  const allowedSize = replicas > 0 ? replicas + surge : 0;
  const toAdd = allowedSize - allRSsReplicas;
  decide(log, fn, 'deploymentReplicasToAdd', { allowedSize, replicas, maxSurge: surge, allRSsReplicas, deploymentReplicasToAdd: toAdd });
  const ordered = toAdd > 0 ? replicaSetsBySizeNewer(active) : toAdd < 0 ? replicaSetsBySizeOlder(active) : active;
  const sizes = new Map<ReplicaSet, number>();
  let added = 0;
  for (const rs of ordered) {
    if (toAdd !== 0) {
      const proportion = getReplicaSetProportion(rs, d, toAdd, added);
      const { after, before } = proportionInputs(rs, d);
      decide(log, fn, toAdd > 0 ? 'proportion' : 'proportionDown', {
        rs: rs.metadata.name,
        from: specReplicas(rs),
        after,
        before,
        allowed: toAdd - added,
        proportion,
        to: specReplicas(rs) + proportion,
      });
      sizes.set(rs, specReplicas(rs) + proportion);
      added += proportion;
    } else {
      sizes.set(rs, specReplicas(rs));
    }
  }
  return ordered.map((rs, i) => {
    let to = sizes.get(rs) ?? specReplicas(rs);
    if (i === 0 && toAdd !== 0) {
      const leftover = toAdd - added;
      to = Math.max(0, to + leftover);
      decide(log, fn, 'leftover', { rs: rs.metadata.name, leftover, to });
    }
    const write = to !== specReplicas(rs) || replicasAnnotationsNeedUpdate(rs, replicas, replicas + surge);
    return { rs, to, via: 'scaleReplicaSet' as const, write };
  });
}

/**
 * isScalingEventPlan reports whether an active ReplicaSet's desired-replicas annotation disagrees with
 * spec.replicas (RSs without a usable annotation are ignored). Pass the new RS and the old ones.
 */
export function isScalingEventPlan(
  d: Deployment,
  rsList: readonly (ReplicaSet | null | undefined)[],
  log?: DecisionLog,
): boolean {
  const replicas = deploymentReplicas(d);
  for (const rs of filterActiveReplicaSets(rsList)) {
    const desired = getDesiredReplicasAnnotation(rs);
    if (desired === null) continue;
    if (desired !== replicas) {
      decide(log, 'isScalingEvent', 'scalingEvent', { rs: rs.metadata.name, desiredReplicas: desired, replicas });
      return true;
    }
  }
  return false;
}

/** isScalingEvent is isScalingEventPlan without a decision log. */
export function isScalingEvent(d: Deployment, rsList: readonly (ReplicaSet | null | undefined)[]): boolean {
  return isScalingEventPlan(d, rsList);
}

/**
 * cleanupDeploymentPlan returns the old ReplicaSets to delete for revisionHistoryLimit: of the
 * old RSs not being deleted, sorted by revision, only the first (count − limit) are looked at,
 * and each is deleted only if empty (status and spec replicas 0) and observed. Skipped ones are
 * not replaced by later ones: limit 1 with revisions 1 (non-empty), 2, 3 deletes only 2.
 */
export function cleanupDeploymentPlan(d: Deployment, oldRSs: readonly (ReplicaSet | null | undefined)[], log?: DecisionLog): ReplicaSet[] {
  const fn = 'cleanupDeployment';
  if (!hasRevisionHistoryLimit(d)) return [];
  const cleanable = oldRSs.filter((rs): rs is ReplicaSet => !!rs && !rs.metadata.deletionTimestamp);
  const limit = d.spec.revisionHistoryLimit ?? 0;
  const diff = cleanable.length - limit;
  if (diff <= 0) return [];
  decide(log, fn, 'diff', { cleanable: cleanable.length, revisionHistoryLimit: limit, diff });
  const out: ReplicaSet[] = [];
  for (const rs of replicaSetsByRevision(cleanable).slice(0, diff)) {
    if (
      (rs.status?.replicas ?? 0) !== 0 ||
      specReplicas(rs) !== 0 ||
      (rs.metadata.generation ?? 0) > (rs.status?.observedGeneration ?? 0) ||
      rs.metadata.deletionTimestamp
    ) {
      decide(log, fn, 'keep', { rs: rs.metadata.name });
      continue;
    }
    decide(log, fn, 'delete', { rs: rs.metadata.name });
    out.push(rs);
  }
  return out;
}

/**
 * calculateStatus computes the deployment status from its ReplicaSets: replicas, ready and
 * available from the RS statuses, updated from the new RS, unavailable = max(0, Σ spec −
 * available), terminatingReplicas (DeploymentReplicaSetTerminatingReplicas, on by default since
 * 1.35; omitted when unknown), the conditions carried over and Available set True
 * (MinimumReplicasAvailable) when available ≥ replicas − maxUnavailable, else False. Zero counts
 * are omitted, as the API's omitempty fields are.
 */
export function calculateStatus(
  allRSs: readonly (ReplicaSet | null | undefined)[],
  newRS: ReplicaSet | null | undefined,
  d: Deployment,
  now: TimeInput,
  terminatingReplicasGate = true,
): DeploymentStatus {
  const availableReplicas = getAvailableReplicaCountForReplicaSets(allRSs);
  const totalReplicas = getReplicaCountForReplicaSets(allRSs);
  const unavailableReplicas = Math.max(0, totalReplicas - availableReplicas);
  const terminating = terminatingReplicasGate ? getTerminatingReplicaCountForReplicaSets(allRSs) : null;
  const counts = {
    observedGeneration: d.metadata.generation ?? 0,
    replicas: getActualReplicaCountForReplicaSets(allRSs),
    updatedReplicas: getActualReplicaCountForReplicaSets([newRS]),
    readyReplicas: getReadyReplicaCountForReplicaSets(allRSs),
    availableReplicas,
    unavailableReplicas,
  };
  const status: DeploymentStatus = {};
  for (const [k, v] of Object.entries(counts) as [keyof typeof counts, number][]) if (v !== 0) status[k] = v;
  if (terminating !== null) status.terminatingReplicas = terminating;
  const carried = d.status?.conditions ?? [];
  if (carried.length) status.conditions = [...carried];
  if (d.status?.collisionCount !== undefined) status.collisionCount = d.status.collisionCount;
  const replicas = deploymentReplicas(d);
  const cond =
    availableReplicas >= replicas - maxUnavailable(d)
      ? newDeploymentCondition('Available', 'True', Reason.MinimumReplicasAvailable, 'Deployment has minimum availability.', now)
      : newDeploymentCondition('Available', 'False', Reason.MinimumReplicasUnavailable, 'Deployment does not have minimum availability.', now);
  return setDeploymentCondition(status, cond);
}

/**
 * syncDeploymentStatusPlan is syncDeploymentStatus (the `sync` path, no progress estimate): the
 * calculated status and whether it differs from the current one (only then is it written).
 */
export function syncDeploymentStatusPlan(
  allRSs: readonly (ReplicaSet | null | undefined)[],
  newRS: ReplicaSet | null | undefined,
  d: Deployment,
  now: TimeInput,
): { status: DeploymentStatus; changed: boolean } {
  const status = calculateStatus(allRSs, newRS, d, now);
  return { status, changed: !deepEqual(d.status ?? {}, status) };
}

/**
 * checkPausedConditionsPlan returns the status with the Progressing condition a pause or resume
 * calls for, or null when nothing changes: only with a progress deadline, never over
 * ProgressDeadlineExceeded; paused without a DeploymentPaused condition → Unknown
 * "Deployment is paused"; resumed with one → Unknown "Deployment is resumed".
 */
export function checkPausedConditionsPlan(d: Deployment, now: TimeInput): DeploymentStatus | null {
  if (!hasProgressDeadline(d)) return null;
  const cond = getDeploymentCondition(d.status, 'Progressing');
  if (cond?.reason === Reason.TimedOut) return null;
  const pausedCondExists = cond?.reason === Reason.Paused;
  const status = d.status ?? {};
  if (d.spec.paused && !pausedCondExists) {
    return setDeploymentCondition(status, newDeploymentCondition('Progressing', 'Unknown', Reason.Paused, 'Deployment is paused', now));
  }
  if (!d.spec.paused && pausedCondExists) {
    return setDeploymentCondition(status, newDeploymentCondition('Progressing', 'Unknown', Reason.Resumed, 'Deployment is resumed', now));
  }
  return null;
}
