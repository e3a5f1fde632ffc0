// Port of kubernetes pkg/controller/deployment/rolling.go (v1.36): rolloutRolling and its
// one-move-per-sync steps. The maths lives in util/plans/rolling.ts; this file carries it out.
import { decide } from '../../api/decision.ts';
import type { Deployment, ReplicaSet } from '../../api/types.ts';
import type { Tx } from '../../client/tx.ts';
import { deploymentComplete } from './util/deploymentUtil.ts';
import { reconcileNewReplicaSetPlan, reconcileOldReplicaSetsPlan } from './util/plans/rolling.ts';
import { syncRolloutStatus } from './progress.ts';
import { cleanupDeployment, getAllReplicaSetsAndSyncRevision, scaleReplicaSetAndRecordEvent } from './sync.ts';

/** allRSs is the old ReplicaSets and the new one (a function, not a closure per sync). */
function allRSs(oldRSs: readonly ReplicaSet[], newRS: ReplicaSet | null | undefined): ReplicaSet[] {
  return newRS ? [...oldRSs, newRS] : [...oldRSs];
}

/**
 * rolloutRolling makes one move per sync: create the new RS if missing, then scale the new RS
 * up (and return), else scale old RSs down (and return), else clean up and update status.
 * Worked example (Seed, 10 replicas, 25%/25%): the first sync creates the new RS at 3 and,
 * since creating is not a scale-up, also scales the old RS 10 → 8 (maxScaledDown = 13 − 8 − 3 = 2).
 */
export function rolloutRolling(tx: Tx, d: Deployment, rsList: ReplicaSet[]): string | null {
  const r = getAllReplicaSetsAndSyncRevision(tx, d, rsList, true);
  if (typeof r === 'string') return r;
  const newRS = r.newRS;
  let oldRSs = r.oldRSs;

  // Scale up, if we can.
  const scaledUp = reconcileNewReplicaSet(tx, allRSs(oldRSs, newRS), newRS, d);
  if (typeof scaledUp === 'string') return scaledUp;
  if (scaledUp.scaled) {
    return syncRolloutStatus(tx, [...oldRSs, scaledUp.rs], scaledUp.rs, d);
  }

  // Scale down, if we can.
  const scaledDown = reconcileOldReplicaSets(tx, allRSs(oldRSs, newRS), oldRSs, newRS, d);
  if (typeof scaledDown === 'string') return scaledDown;
  oldRSs = scaledDown.oldRSs;
  if (scaledDown.scaled) {
    return syncRolloutStatus(tx, allRSs(oldRSs, newRS), newRS, d);
  }

  if (deploymentComplete(d, d.status ?? {})) {
    decide(tx.decisions, 'rolloutRolling', 'complete', {});
    cleanupDeployment(tx, oldRSs, d);
  }
  return syncRolloutStatus(tx, allRSs(oldRSs, newRS), newRS, d);
}

/** reconcileNewReplicaSet scales the new RS towards spec.replicas within the surge budget. */
function reconcileNewReplicaSet(tx: Tx, allRSs: ReplicaSet[], newRS: ReplicaSet | null, d: Deployment): { scaled: boolean; rs: ReplicaSet } | string {
  if (!newRS) return { scaled: false, rs: newRS as unknown as ReplicaSet };
  const target = reconcileNewReplicaSetPlan(d, allRSs, newRS, tx.decisions);
  if (target === null) return { scaled: false, rs: newRS };
  return scaleReplicaSetAndRecordEvent(tx, newRS, target, d);
}

/**
 * reconcileOldReplicaSets scales old RSs down within the availability budget: unhealthy
 * replicas first (cleanupUnhealthyReplicas), then the oldest RSs while available pods exceed
 * minAvailable (scaleDownOldReplicaSetsForRollingUpdate).
 */
function reconcileOldReplicaSets(
  tx: Tx,
  allRSs: ReplicaSet[],
  oldRSs: ReplicaSet[],
  newRS: ReplicaSet | null,
  d: Deployment,
): { scaled: boolean; oldRSs: ReplicaSet[] } | string {
  if (!newRS) return { scaled: false, oldRSs };
  const plan = reconcileOldReplicaSetsPlan(allRSs, oldRSs, newRS, d, tx.decisions);
  const olds = oldRSs.slice();
  let scaled = false;
  for (const move of plan.moves) {
    const i = olds.findIndex((o) => o.metadata.uid === move.rs.metadata.uid);
    const current = i >= 0 ? (olds[i] as ReplicaSet) : move.rs;
    const res = scaleReplicaSetAndRecordEvent(tx, current, move.to, d);
    if (typeof res === 'string') return res;
    if (res.scaled) scaled = true;
    if (i >= 0) olds[i] = res.rs;
  }
  return { scaled, oldRSs: olds };
}
