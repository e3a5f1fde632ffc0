// Port of kubernetes pkg/controller/replicaset/replica_set_utils.go (v1.36): calculateStatus
// and updateReplicaSetStatus.
import type { Pod, ReplicaSet, ReplicaSetCondition, ReplicaSetStatus } from '../../api/types.ts';
import { decide } from '../../api/decision.ts';
import { jsonEqual } from '../../apiserver/store.ts';
import { enqueueAfter, type Tx, writeStatus } from '../../client/tx.ts';
import type { OwnerStats } from '../../client/cache.ts';
import { isPodAvailable } from '../podUtil.ts';
import { specReplicas } from '../sort.ts';
import { toRFC3339 } from '../../lib/time.ts';

/**
 * calculateStatus counts the active pods (replicas), those carrying every template label,
 * the Ready ones, the available ones (Ready for minReadySeconds) and, since 1.35 where the
 * DeploymentReplicaSetTerminatingReplicas gate is on by default, the terminating ones. The
 * counts come from the informer's running tally (client/cache.ts ownerStats); only
 * availability with minReadySeconds > 0 needs a walk over the Ready pods.
 */
export function calculateStatus(
  rs: ReplicaSet,
  stats: OwnerStats,
  activePods: () => Pod[],
  nowMs: number,
  manageReplicasErr: string | null = null,
): ReplicaSetStatus {
  const minReady = rs.spec.minReadySeconds ?? 0;
  let available = stats.ready;
  if (minReady > 0) {
    available = 0;
    for (const p of activePods()) if (isPodAvailable(p, minReady, nowMs)) available++;
  }
  const status: ReplicaSetStatus = {
    replicas: stats.active,
    fullyLabeledReplicas: stats.fullyLabeled,
    readyReplicas: stats.ready,
    availableReplicas: available,
    terminatingReplicas: stats.terminating,
    observedGeneration: rs.metadata.generation ?? 1,
  };
  let conditions: ReplicaSetCondition[] | undefined = rs.status?.conditions;
  const failure = conditions?.find((c) => c.type === 'ReplicaFailure');
  if (manageReplicasErr !== null && failure === undefined) {
    // Set once, with the first error's message; later failures leave it as it is.
    const diff = stats.active - specReplicas(rs);
    const reason = diff < 0 ? 'FailedCreate' : diff > 0 ? 'FailedDelete' : '';
    const cond: ReplicaSetCondition = { type: 'ReplicaFailure', status: 'True', lastTransitionTime: toRFC3339(nowMs), reason, message: manageReplicasErr };
    conditions = [...(conditions ?? []), cond];
  } else if (manageReplicasErr === null && failure !== undefined) {
    // A sync without an error (or one that waited for expectations) clears it.
    conditions = conditions?.filter((c) => c.type !== 'ReplicaFailure');
  }
  if (conditions?.length) status.conditions = conditions;
  return status;
}

/**
 * updateReplicaSetStatus writes the status only when it changed; a Conflict is retried once
 * against the API server's copy (statusUpdateRetries = 1), then the key is requeued. It also
 * requeues after minReadySeconds when every replica is Ready but not all are available yet.
 */
export function updateReplicaSetStatus(
  tx: Tx,
  rs: ReplicaSet,
  stats: OwnerStats,
  activePods: () => Pod[],
  manageReplicasErr: string | null = null,
): string | null {
  const status = calculateStatus(rs, stats, activePods, tx.now, manageReplicasErr);
  const key = `${rs.metadata.namespace ?? 'default'}/${rs.metadata.name}`;
  if (!jsonEqual(rs.status, status)) {
    decide(tx.decisions, 'updateReplicaSetStatus', 'status', {
      replicas: status.replicas,
      readyReplicas: status.readyReplicas ?? 0,
      availableReplicas: status.availableReplicas ?? 0,
      terminatingReplicas: status.terminatingReplicas ?? 0,
    });
    let res = writeStatus(tx, { ...rs, status });
    if (!res.ok && res.error.reason === 'Conflict') {
      const fresh = tx.st.store.objects.ReplicaSet.get(key) as ReplicaSet | undefined;
      if (fresh) res = writeStatus(tx, { ...fresh, status });
    }
    if (!res.ok) return res.error.message;
  }
  const minReady = rs.spec.minReadySeconds ?? 0;
  const replicas = specReplicas(rs);
  if (manageReplicasErr === null && minReady > 0 && status.readyReplicas === replicas && status.availableReplicas !== replicas) {
    enqueueAfter(tx, 'replicaset', key, minReady * 1000);
  }
  return null;
}
