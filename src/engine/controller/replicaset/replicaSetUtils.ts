// Port of kubernetes pkg/controller/replicaset/replica_set_utils.go (v1.36): calculateStatus
// and updateReplicaSetStatus.
import type { Pod, ReplicaSet, ReplicaSetCondition, ReplicaSetStatus } from '../../api/types.ts';
import { decide } from '../../api/decision.ts';
import { jsonEqual } from '../../apiserver/store.ts';
import { selectorMatches } from '../../lib/labels.ts';
import { enqueueAfter, type Tx, writeStatus } from '../../sim/tx.ts';
import { isPodAvailable, isPodReady } from '../podRanking.ts';
import { specReplicas } from '../sort.ts';

/**
 * calculateStatus counts the active pods (replicas), those carrying every template label,
 * the Ready ones, the available ones (Ready for minReadySeconds) and, since 1.35 where the
 * DeploymentReplicaSetTerminatingReplicas gate is on by default, the terminating ones.
 */
export function calculateStatus(rs: ReplicaSet, owned: Pod[], filteredPods: Pod[], nowMs: number): ReplicaSetStatus {
  const templateLabels = rs.spec.template.metadata?.labels ?? {};
  const minReady = rs.spec.minReadySeconds ?? 0;
  let fullyLabeled = 0;
  let ready = 0;
  let available = 0;
  for (const p of filteredPods) {
    if (selectorMatches({ matchLabels: templateLabels }, p.metadata.labels)) fullyLabeled++;
    if (isPodReady(p)) {
      ready++;
      if (isPodAvailable(p, minReady, nowMs)) available++;
    }
  }
  let terminating = 0;
  for (const p of owned) {
    const phase = p.status?.phase;
    if (p.metadata.deletionTimestamp && phase !== 'Failed' && phase !== 'Succeeded') terminating++;
  }
  const status: ReplicaSetStatus = {
    replicas: filteredPods.length,
    fullyLabeledReplicas: fullyLabeled,
    readyReplicas: ready,
    availableReplicas: available,
    terminatingReplicas: terminating,
    observedGeneration: rs.metadata.generation ?? 1,
  };
  const conditions: ReplicaSetCondition[] | undefined = rs.status?.conditions;
  if (conditions?.length) status.conditions = conditions;
  return status;
}

/**
 * updateReplicaSetStatus writes the status only when it changed; a Conflict is retried once
 * against the API server's copy (statusUpdateRetries = 1), then the key is requeued. It also
 * requeues after minReadySeconds when every replica is Ready but not all are available yet.
 */
export function updateReplicaSetStatus(tx: Tx, rs: ReplicaSet, owned: Pod[], filteredPods: Pod[]): string | null {
  tx.cost += owned.length;
  const status = calculateStatus(rs, owned, filteredPods, tx.now);
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
  if (minReady > 0 && status.readyReplicas === replicas && status.availableReplicas !== replicas) {
    enqueueAfter(tx, 'replicaset', key, minReady * 1000);
  }
  return null;
}
