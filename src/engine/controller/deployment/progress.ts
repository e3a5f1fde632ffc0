// Port of kubernetes pkg/controller/deployment/progress.go (v1.36): syncRolloutStatus and
// requeueStuckDeployment. The condition maths lives in util/plans/progress.ts.
import { decide } from '../../api/decision.ts';
import type { Deployment, ReplicaSet } from '../../api/types.ts';
import { objectKey } from '../../apiserver/store.ts';
import { enqueueAfter, enqueueRateLimited, type Tx, writeStatus } from '../../client/tx.ts';
import { requeueStuckDeployment, syncRolloutStatusPlan } from './util/plans/progress.ts';

/**
 * syncRolloutStatus updates the Progressing (NewReplicaSetAvailable / ReplicaSetUpdated /
 * ProgressDeadlineExceeded), Available and ReplicaFailure conditions. When nothing changed it
 * requeues the Deployment to re-check the progress deadline when it would pass.
 */
export function syncRolloutStatus(tx: Tx, allRSs: ReplicaSet[], newRS: ReplicaSet | null, d: Deployment): string | null {
  const plan = syncRolloutStatusPlan(allRSs, newRS, d, tx.nowIso, tx.decisions);
  if (!plan.changed) {
    const after = requeueStuckDeployment(d, plan.status, tx.now);
    if (after === 0) {
      // enqueueRateLimited, as upstream: the check comes back after the queue's limiter delay
      // (5 ms the first time), so the clock reaches the deadline instead of standing still.
      const key = objectKey(d);
      const delay = enqueueRateLimited(tx, 'deployment', key);
      decide(tx.decisions, 'requeueStuckDeployment', 'requeueNow', { ms: delay });
    } else if (after > 0) {
      decide(tx.decisions, 'requeueStuckDeployment', 'requeueAfter', { seconds: Math.round(after / 1000) + 1 });
      enqueueAfter(tx, 'deployment', objectKey(d), after + 1000);
    }
    return null;
  }
  const res = writeStatus(tx, { ...d, status: plan.status });
  return res.ok ? null : res.error.message;
}
