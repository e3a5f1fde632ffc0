// Port of kubernetes pkg/kubelet/container/helpers.go ShouldContainerBeRestarted (the pod's
// restartPolicy) and of the terminal phase kubelet_pods.go getPhase gives a pod none of whose
// containers will run again (v1.36).
/**
 * What the kubelet does when a container exits: with restartPolicy Always it starts it again (after
 * the restart back-off), with OnFailure only when it failed (exit code ≠ 0), with Never not at all.
 * A pod whose container will not run again is finished: Succeeded when it exited 0, else Failed
 * (`0/1 Error` in kubectl get pods), and it stays so until it is deleted. A Deployment's,
 * DaemonSet's or StatefulSet's pods are always Always (their validation says so): this is for the
 * pods clients make (`kubectl run --restart=Never`).
 */
import type { Pod } from '../api/types.ts';
import { decide } from '../api/decision.ts';
import { note, type Tx } from '../client/tx.ts';
import { appDown, trafficOn } from './apps.ts';
import { setStatus } from './status.ts';
import { terminalPodStatus } from './terminalStatus.ts';

/** shouldContainerBeRestarted: whether a container that exited with `exitCode` starts again. */
export function shouldContainerBeRestarted(pod: Pod, exitCode: number): boolean {
  const policy = pod.spec.restartPolicy ?? 'Always';
  if (policy === 'Never') return false;
  if (policy === 'OnFailure') return exitCode !== 0;
  return true;
}

/**
 * podFinished writes the last status of a pod whose container `container` exited with `exitCode`
 * and will not run again: terminated with its code, Ready False (PodFailed or PodCompleted), the
 * phase terminal. Its probes stop; a Service's clients lose it.
 */
export function podFinished(tx: Tx, pod: Pod, podKey: string, uid: string, container: string, exitCode: number): void {
  const status = terminalPodStatus(pod, tx.nowIso, [], { [container]: exitCode });
  setStatus(tx, pod, status, podKey);
  tx.st.probes.delete(podKey);
  if (trafficOn(tx)) appDown(tx, podKey, uid);
  const policy = pod.spec.restartPolicy ?? 'Always';
  decide(tx.decisions, 'computePodActions', 'noRestart', { pod: pod.metadata.name, container, exitCode, policy, phase: status.phase ?? 'Failed' });
  note(tx, 'podFinished', { pod: pod.metadata.name, container, phase: status.phase ?? 'Failed' });
}
