// Port (in part) of kubernetes pkg/controller/podgc/gc_controller.go (v1.36): gcOrphaned and
// markFailedAndDeletePodWithCondition.
/**
 * The pod garbage collector, 40 s after a node object is gone (its quarantine), deletes every pod
 * still bound to it: a pod not yet Succeeded or Failed is first written Failed with
 * DisruptionTarget=True (DeletionByPodGC, "PodGC: node no longer exists"), since no kubelet is left
 * to end it, then deleted with grace 0 (removed at once), so its controller replaces it elsewhere.
 */
import type { Pod, PodStatus } from '../../api/types.ts';
import { note, remove, type Tx, writeStatusOf } from '../../client/tx.ts';
import { updatePodCondition } from '../../api/podConditions.ts';

/** The pod garbage collector's DisruptionTarget condition for a pod whose node is gone. */
const DeletionByPodGC = { type: 'DisruptionTarget', status: 'True', reason: 'DeletionByPodGC', message: 'PodGC: node no longer exists' } as const;

/** markFailedAndDeletePodWithCondition: Failed with PodGC's condition unless already terminal, then removed. */
function markFailedAndDeletePodWithCondition(tx: Tx, pod: Pod, key: string): void {
  const phase = pod.status?.phase;
  if (phase !== 'Succeeded' && phase !== 'Failed') {
    const status: PodStatus = { ...pod.status, phase: 'Failed' };
    const conditions = updatePodCondition(pod.status?.conditions ?? [], DeletionByPodGC, tx.nowIso);
    if (conditions !== null) status.conditions = conditions;
    writeStatusOf(tx, pod, status, key);
  }
  remove(tx, 'Pod', key);
}

/**
 * gcOrphaned is the pod garbage collector's sweep for a deleted node: every pod still bound to
 * it is marked Failed (DisruptionTarget DeletionByPodGC) and deleted at once (grace 0), so its
 * controller can replace it elsewhere.
 */
export function gcOrphaned(tx: Tx, nodeName: string): void {
  if (tx.st.store.objects.Node.has(nodeName)) {
    note(tx, 'nodeExistsAgain', { node: nodeName });
    return;
  }
  let n = 0;
  for (const [key, pod] of [...tx.st.store.objects.Pod]) {
    if (pod.kind !== 'Pod' || pod.spec.nodeName !== nodeName) continue;
    markFailedAndDeletePodWithCondition(tx, pod, key);
    n++;
  }
  note(tx, 'orphansDeleted', { count: n, node: nodeName });
}
