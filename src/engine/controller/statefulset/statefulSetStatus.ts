// Port of kubernetes pkg/controller/statefulset/stateful_set_control.go computeReplicaStatus and
// updateStatus, and stateful_set_utils.go completeRollingUpdate and inconsistentStatus (v1.36).
import type { StatefulPod, StatefulSet, StatefulSetStatus } from '../../api/statefulTypes.ts';
import { getPodRevision, isCreated, isRunningAndAvailable, isRunningAndReady, isTerminating } from './statefulSetUtils.ts';

export interface ReplicaStatus {
  replicas: number;
  readyReplicas: number;
  availableReplicas: number;
  currentReplicas: number;
  updatedReplicas: number;
}

/**
 * computeReplicaStatus counts created pods (terminating ones included), Running+Ready ones,
 * available ones among those, and, over created pods that are not terminating, those labelled
 * with the current and with the update revision.
 */
export function computeReplicaStatus(
  pods: readonly StatefulPod[],
  minReadySeconds: number,
  currentRevision: string,
  updateRevision: string,
  nowMs: number,
): ReplicaStatus {
  const s: ReplicaStatus = { replicas: 0, readyReplicas: 0, availableReplicas: 0, currentReplicas: 0, updatedReplicas: 0 };
  for (const pod of pods) {
    // isCreated, asked once per pod (the recount of every sync visits all 1,000 replicas).
    const created = isCreated(pod);
    if (created) s.replicas++;
    if (isRunningAndReady(pod)) {
      s.readyReplicas++;
      if (isRunningAndAvailable(pod, minReadySeconds, nowMs)) s.availableReplicas++;
    }
    if (created && !isTerminating(pod)) {
      const rev = getPodRevision(pod);
      if (rev === currentRevision) s.currentReplicas++;
      if (rev === updateRevision) s.updatedReplicas++;
    }
  }
  return s;
}

/** updateStatus resets the five counts of `status` and sums computeReplicaStatus over the lists. */
export function updateStatus(
  status: StatefulSetStatus,
  minReadySeconds: number,
  currentRevision: string,
  updateRevision: string,
  nowMs: number,
  ...podLists: (readonly StatefulPod[])[]
): StatefulSetStatus {
  const out = { ...status, replicas: 0, readyReplicas: 0, availableReplicas: 0, currentReplicas: 0, updatedReplicas: 0 };
  for (const list of podLists) {
    const r = computeReplicaStatus(list, minReadySeconds, currentRevision, updateRevision, nowMs);
    out.replicas += r.replicas;
    out.readyReplicas += r.readyReplicas;
    out.availableReplicas += r.availableReplicas;
    out.currentReplicas += r.currentReplicas;
    out.updatedReplicas += r.updatedReplicas;
  }
  return out;
}

/**
 * completeRollingUpdate: a RollingUpdate whose updated, ready and total counts all equal
 * spec.replicas is done — currentRevision becomes updateRevision. Not with OnDelete (v1.36:
 * currentRevision stays stale until #136833 in 1.37), nor while a partition holds pods back, and
 * minReadySeconds is not part of it.
 */
export function completeRollingUpdate(set: StatefulSet, status: StatefulSetStatus): StatefulSetStatus {
  const replicas = set.spec.replicas ?? 1;
  if (
    set.spec.updateStrategy?.type === 'RollingUpdate' &&
    (status.updatedReplicas ?? 0) === replicas &&
    (status.readyReplicas ?? 0) === replicas &&
    status.replicas === replicas
  ) {
    const out = { ...status, currentReplicas: status.updatedReplicas ?? 0 };
    if (status.updateRevision !== undefined) out.currentRevision = status.updateRevision;
    else delete out.currentRevision;
    return out;
  }
  return status;
}

/** inconsistentStatus: a newer observedGeneration, or any count or revision differs from the set's. */
export function inconsistentStatus(set: StatefulSet, status: StatefulSetStatus): boolean {
  const cur = set.status;
  return (
    (status.observedGeneration ?? 0) > (cur?.observedGeneration ?? 0) ||
    status.replicas !== (cur?.replicas ?? 0) ||
    (status.currentReplicas ?? 0) !== (cur?.currentReplicas ?? 0) ||
    (status.readyReplicas ?? 0) !== (cur?.readyReplicas ?? 0) ||
    (status.updatedReplicas ?? 0) !== (cur?.updatedReplicas ?? 0) ||
    (status.currentRevision ?? '') !== (cur?.currentRevision ?? '') ||
    (status.availableReplicas ?? 0) !== (cur?.availableReplicas ?? 0) ||
    (status.updateRevision ?? '') !== (cur?.updateRevision ?? '')
  );
}

/**
 * updateStatefulSetStatus's decision: complete the rolling update if it is done, then write only
 * an inconsistent status. Returns the status to write, or null.
 */
export function statusToWrite(set: StatefulSet, status: StatefulSetStatus): StatefulSetStatus | null {
  const completed = completeRollingUpdate(set, status);
  return inconsistentStatus(set, completed) ? completed : null;
}
