// Port (in part) of kubernetes pkg/controller/tainteviction/taint_eviction.go (v1.36): addConditionAndDeletePod.
/**
 * When a pod's toleration of a NoExecute taint runs out (the 300 s of
 * `node.kubernetes.io/unreachable`), the taint-eviction controller records TaintManagerEviction,
 * marks the pod DisruptionTarget=True (DeletionByTaintManager, "Taint manager: deleting due to
 * NoExecute taint": a status write, skipped when it would change nothing, as UpdatePodCondition
 * answers) and deletes it gracefully, so whoever reads it before it goes can tell why.
 */
import type { Pod } from '../../api/types.ts';
import { updatePodCondition } from '../../api/podConditions.ts';
import { del, recordEvent, type Tx, writeStatusOf } from '../../client/tx.ts';

/** The taint-eviction controller's DisruptionTarget condition. */
const DeletionByTaintManager = { type: 'DisruptionTarget', status: 'True', reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint' } as const;

/** taintEvictPod: emitPodDeletionEvent, then addConditionAndDeletePod (the condition, then a graceful delete). */
export function taintEvictPod(tx: Tx, pod: Pod, key: string): void {
  recordEvent(tx, pod, 'Normal', 'TaintManagerEviction', `Marking for deletion Pod ${key}`, 'taint-eviction-controller', 'clock');
  const conditions = updatePodCondition(pod.status?.conditions ?? [], DeletionByTaintManager, tx.nowIso);
  if (conditions !== null) writeStatusOf(tx, pod, { ...pod.status, conditions }, key);
  del(tx, 'Pod', key);
}
