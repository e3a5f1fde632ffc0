// Port of kubernetes pkg/controller/daemon/daemon_controller.go syncNodes: its arithmetic (v1.36).
/**
 * How many pods one sync creates and deletes and in which batches; syncNodes.ts carries it out.
 */
import { DaemonSetBurstReplicas, SlowStartInitialBatchSize } from '../../api/constants.ts';

/** The part of syncNodes that is arithmetic: what to create and delete this sync, in which batches. */
export interface SyncNodesPlan {
  /** Nodes to create a pod on, capped at burstReplicas (the expectations' add count). */
  creates: string[];
  /** Pods to delete, capped at burstReplicas (the expectations' delete count). */
  deletes: string[];
  /** Slow-start batch sizes for the creates: 1, 2, 4, … (sum = creates.length). */
  createBatches: number[];
}

/** slowStartBatches splits n creations into batches 1, 2, 4, …, the last cut to what is left (10 → 1, 2, 4, 3). */
export function slowStartBatches(n: number, initial: number = SlowStartInitialBatchSize): number[] {
  const out: number[] = [];
  let pos = 0;
  let size = Math.min(n, initial);
  while (pos < n) {
    out.push(size);
    pos += size;
    size = Math.min(2 * size, n - pos);
  }
  return out;
}

/**
 * syncNodesPlan caps both lists at burstReplicas (250 for DaemonSets: 600 missing pods take three
 * syncs) and splits the creates into slow-start batches. A failed batch stops the later ones;
 * that part, like the writes, belongs to the shell.
 */
export function syncNodesPlan(
  podsToDelete: readonly string[],
  nodesNeedingDaemonPods: readonly string[],
  burstReplicas: number = DaemonSetBurstReplicas,
): SyncNodesPlan {
  const creates = nodesNeedingDaemonPods.slice(0, burstReplicas);
  return { creates, deletes: podsToDelete.slice(0, burstReplicas), createBatches: slowStartBatches(creates.length) };
}
