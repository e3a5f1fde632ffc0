// Port of the decisions of kubernetes pkg/controller/deployment/progress.go (v1.36):
// syncRolloutStatus's new status and requeueStuckDeployment's delay.
import { Reason } from '../../../../api/constants.ts';
import { decide, type DecisionLog } from '../../../../api/decision.ts';
import type { Deployment, DeploymentCondition, DeploymentStatus, ReplicaSet } from '../../../../api/types.ts';
import { spreadAdding } from '../../../../apiserver/layout.ts';
import { deepEqual } from '../../../../lib/hash.ts';
import {
  deploymentComplete,
  deploymentProgressing,
  deploymentTimedOut,
  getDeploymentCondition,
  hasProgressDeadline,
  newDeploymentCondition,
  removeDeploymentCondition,
  replicaSetToDeploymentCondition,
  setDeploymentCondition,
} from '../deploymentUtil.ts';
import { msBetween, type TimeInput } from '../instant.ts';
import { calculateStatus } from './sync.ts';

/**
 * getReplicaFailures returns the ReplicaFailure conditions to promote to the deployment: those of
 * the new ReplicaSet if it has any, else those of every ReplicaSet.
 */
export function getReplicaFailures(allRSs: readonly (ReplicaSet | null | undefined)[], newRS: ReplicaSet | null | undefined): DeploymentCondition[] {
  const fromRS = (rs: ReplicaSet) =>
    (rs.status?.conditions ?? []).filter((c) => c.type === 'ReplicaFailure').map(replicaSetToDeploymentCondition);
  const mine = newRS ? fromRS(newRS) : [];
  if (mine.length) return mine;
  return allRSs.filter((rs): rs is ReplicaSet => !!rs).flatMap(fromRS);
}

/** The outcome of syncRolloutStatusPlan. */
export interface RolloutStatusPlan {
  status: DeploymentStatus;
  /** Whether status differs from d.status (upstream writes it only then). */
  changed: boolean;
}

/**
 * syncRolloutStatusPlan computes the status syncRolloutStatus writes: calculateStatus, minus the
 * Progressing condition when there is no deadline; then, with a deadline and unless the rollout
 * already completed (replicas == updated and the current reason is NewReplicaSetAvailable), the
 * first that holds of: complete → True NewReplicaSetAvailable `ReplicaSet "x" has successfully
 * progressed.`; progressing → True ReplicaSetUpdated `ReplicaSet "x" is progressing.` (always
 * rewritten, refreshing lastUpdateTime, keeping lastTransitionTime while True); timed out →
 * False ProgressDeadlineExceeded `ReplicaSet "x" has timed out progressing.` (`Deployment "d"`
 * when there is no new RS). Finally the ReplicaFailure condition is copied from the RSs or removed.
 */
export function syncRolloutStatusPlan(
  allRSs: readonly (ReplicaSet | null | undefined)[],
  newRS: ReplicaSet | null | undefined,
  d: Deployment,
  now: TimeInput,
  log?: DecisionLog,
): RolloutStatusPlan {
  const fn = 'syncRolloutStatus';
  let status = calculateStatus(allRSs, newRS, d, now);
  if (!hasProgressDeadline(d)) status = removeDeploymentCondition(status, 'Progressing');
  const currentCond = getDeploymentCondition(d.status, 'Progressing');
  const isCompleteDeployment =
    (status.replicas ?? 0) === (status.updatedReplicas ?? 0) && currentCond?.reason === Reason.NewReplicaSetAvailable;
  const subject = newRS ? `ReplicaSet "${newRS.metadata.name}"` : `Deployment "${d.metadata.name}"`;
  if (hasProgressDeadline(d) && !isCompleteDeployment) {
    if (deploymentComplete(d, status)) {
      decide(log, fn, 'complete', { subject });
      const c = newDeploymentCondition('Progressing', 'True', Reason.NewReplicaSetAvailable, `${subject} has successfully progressed.`, now);
      status = setDeploymentCondition(status, c);
    } else if (deploymentProgressing(d, status)) {
      decide(log, fn, 'progressing', {
        subject,
        updatedReplicas: status.updatedReplicas ?? 0,
        readyReplicas: status.readyReplicas ?? 0,
        availableReplicas: status.availableReplicas ?? 0,
      });
      let c = newDeploymentCondition('Progressing', 'True', Reason.ReplicaSetUpdated, `${subject} is progressing.`, now);
      if (currentCond) {
        if (currentCond.status === 'True') {
          const { lastTransitionTime: _t, ...rest } = c;
          // Added by spreadAdding, not a spread that gains the key: that gave each condition its
          // own hidden class (132 classes for the 281 conditions of the 1,000-replica rollout).
          c = currentCond.lastTransitionTime === undefined ? rest : spreadAdding<DeploymentCondition>(rest, { lastTransitionTime: currentCond.lastTransitionTime });
        }
        status = removeDeploymentCondition(status, 'Progressing');
      }
      status = setDeploymentCondition(status, c);
    } else if (deploymentTimedOut(d, status, now)) {
      decide(log, fn, 'timedOut', { subject, progressDeadlineSeconds: d.spec.progressDeadlineSeconds ?? 0 });
      const c = newDeploymentCondition('Progressing', 'False', Reason.TimedOut, `${subject} has timed out progressing.`, now);
      status = setDeploymentCondition(status, c);
    }
  }
  const failures = getReplicaFailures(allRSs, newRS);
  const first = failures[0];
  status = first ? setDeploymentCondition(status, first) : removeDeploymentCondition(status, 'ReplicaFailure');
  return { status, changed: !deepEqual(d.status ?? {}, status) };
}

/**
 * requeueStuckDeployment says when to check the progress deadline again: -1 for never (no
 * deadline, no Progressing condition, complete, or already timed out), 0 for now (rate-limited;
 * less than 1 s left), else the ms left until lastUpdateTime + deadline. The shell enqueues
 * after that plus 1 s, as upstream does. Last update 18:49:00, deadline 60 s, now 18:49:30 → 30 000.
 */
export function requeueStuckDeployment(d: Deployment, newStatus: DeploymentStatus, now: TimeInput): number {
  const currentCond = getDeploymentCondition(d.status, 'Progressing');
  if (!hasProgressDeadline(d) || !currentCond) return -1;
  if (deploymentComplete(d, newStatus) || currentCond.reason === Reason.TimedOut) return -1;
  const from = currentCond.lastUpdateTime ?? '0001-01-01T00:00:00Z';
  const after = (d.spec.progressDeadlineSeconds ?? 0) * 1000 - msBetween(now, from);
  if (after < 1000) return 0;
  return after;
}
