// Port of kubernetes pkg/kubelet/active_deadline.go (activeDeadlineHandler) and of what syncPod does
// with its verdict (v1.36): the pod is failed and its containers killed.
/**
 * A pod with spec.activeDeadlineSeconds may be active on its node that long from its startTime.
 * Past it, the kubelet records `DeadlineExceeded` ("Pod was active on the node longer than the
 * specified deadline"), writes the pod Failed with that reason and message at once (kubectl get pods
 * shows STATUS DeadlineExceeded while its containers stop; then, as printPod reads the stopped
 * containers' reasons first, theirs), and stops its containers within the grace period. Nothing
 * starts them again: a terminal pod's containers never run again, whatever its restartPolicy.
 */
import type { Pod } from '../api/types.ts';
import { decide } from '../api/decision.ts';
import { isPodPhaseTerminal } from '../api/podConditions.ts';
import { note, recordEvent, schedule, type Tx } from '../client/tx.ts';
import { parseRFC3339 } from '../lib/time.ts';
import { killPodContainers } from './killPod.ts';
import { setStatus } from './status.ts';
import { terminalPodStatus } from './terminalStatus.ts';

export const DeadlineExceededReason = 'DeadlineExceeded';
export const deadlineExceededMessage = 'Pod was active on the node longer than the specified deadline';

/** deadlineMs is when the pod's active deadline passes (virtual ms), or null without a deadline or a start. */
export function deadlineMs(pod: Pod): number | null {
  const seconds = (pod.spec as { activeDeadlineSeconds?: number | null }).activeDeadlineSeconds;
  const start = parseRFC3339(pod.status?.startTime);
  if (seconds === undefined || seconds === null || Number.isNaN(start)) return null;
  return start + seconds * 1000;
}

/**
 * scheduleDeadline asks for the kubelet's deadline check when the pod's deadline passes, once the
 * pod has started or its deadline changed (`old`, the version the watch had before).
 */
export function scheduleDeadline(tx: Tx, pod: Pod, old: Pod | undefined, podKey: string, uid: string): void {
  const at = deadlineMs(pod);
  if (at === null || (old !== undefined && deadlineMs(old) === at)) return;
  schedule(tx, Math.max(tx.now, at), { type: 'kubelet', podKey, uid, step: 'deadline' });
}

/** isTerminalPhase: Succeeded or Failed, a pod none of whose containers runs again. */
export function isTerminalPhase(pod: Pod): boolean {
  return isPodPhaseTerminal(pod.status?.phase);
}

/**
 * activeDeadlineExceeded is the kubelet's check at the deadline: past it, the Event, the Failed
 * status with its reason, and each running container stopped as killContainer stops it.
 */
export function activeDeadlineExceeded(tx: Tx, pod: Pod, podKey: string, uid: string): void {
  const at = deadlineMs(pod);
  if (at === null || tx.now < at) {
    note(tx, 'deadlineNotYet', { pod: pod.metadata.name });
    return;
  }
  const seconds = (pod.spec as { activeDeadlineSeconds?: number }).activeDeadlineSeconds ?? 0;
  recordEvent(tx, pod, 'Normal', DeadlineExceededReason, deadlineExceededMessage, 'kubelet', 'clock');
  decide(tx.decisions, 'activeDeadline', 'exceeded', { pod: pod.metadata.name, seconds, started: pod.status?.startTime ?? '' });
  setStatus(tx, pod, { ...pod.status, phase: 'Failed', reason: DeadlineExceededReason, message: deadlineExceededMessage }, podKey);
  // A terminal pod's probes stop: killPodContainers then finds none to keep.
  tx.st.probes.delete(podKey);
  const { exitMs } = killPodContainers(tx, pod, podKey, uid);
  schedule(tx, tx.now + exitMs, { type: 'kubelet', podKey, uid, step: 'deadlineKilled' });
  note(tx, 'deadlineExceeded', { pod: pod.metadata.name, seconds });
}

/** deadlineKilled: the containers have stopped; the pod's last status keeps the reason and message. */
export function deadlineKilled(tx: Tx, pod: Pod, podKey: string): void {
  const last = terminalPodStatus(pod, tx.nowIso, tx.st.kubelet.get(podKey)?.sigkilled);
  setStatus(tx, pod, { ...last, phase: 'Failed' }, podKey);
  note(tx, 'podFinished', { pod: pod.metadata.name, container: pod.spec.containers.map((c) => c.name).join(', '), phase: 'Failed' });
}
