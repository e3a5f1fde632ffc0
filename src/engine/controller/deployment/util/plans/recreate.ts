// Port of the decisions of kubernetes pkg/controller/deployment/recreate.go (v1.36).
import type { Pod, ReplicaSet } from '../../../../api/types.ts';
import { filterActiveReplicaSets, specReplicas } from '../../../sort.ts';
import { getActualReplicaCountForReplicaSets } from '../replicaSetUtil.ts';

/** Pods grouped by the UID of the ReplicaSet that controls them (the controller's podMap). */
export type PodsByRSUid = ReadonlyMap<string, readonly Pod[]> | Readonly<Record<string, readonly Pod[]>>;

function entries(podMap: PodsByRSUid): [string, readonly Pod[]][] {
  return podMap instanceof Map ? [...podMap.entries()] : Object.entries(podMap as Record<string, readonly Pod[]>);
}

/** podCount is how many pods a podMap holds, every ReplicaSet's together (deletePod's numPods). */
export function podCount(podMap: PodsByRSUid): number {
  let n = 0;
  for (const [, pods] of entries(podMap)) n += pods.length;
  return n;
}

/**
 * oldPodsRunning reports whether Recreate must still wait: an old ReplicaSet reports
 * status.replicas > 0, or a pod of any ReplicaSet but the new one is not Failed or Succeeded
 * (Pending, Running, Unknown and phase-less pods all count, terminating ones too).
 */
export function oldPodsRunning(newRS: ReplicaSet | null | undefined, oldRSs: readonly ReplicaSet[], podsByRSUid: PodsByRSUid): boolean {
  if (getActualReplicaCountForReplicaSets(oldRSs) > 0) return true;
  for (const [rsUid, pods] of entries(podsByRSUid)) {
    if (newRS && newRS.metadata.uid === rsUid) continue;
    for (const pod of pods) {
      const phase = pod.status?.phase;
      if (phase === 'Failed' || phase === 'Succeeded') continue;
      return true;
    }
  }
  return false;
}

/**
 * scaleDownOldReplicaSetsForRecreatePlan lists the active old ReplicaSets with the size 0 they
 * are scaled to, in the order given (each is one scaleReplicaSetAndRecordEvent call).
 */
export function scaleDownOldReplicaSetsForRecreatePlan(oldRSs: readonly ReplicaSet[]): { rs: ReplicaSet; from: number; to: 0 }[] {
  return filterActiveReplicaSets(oldRSs).map((rs) => ({ rs, from: specReplicas(rs), to: 0 as const }));
}
