// Port of the "definition changed" branch of kubernetes pkg/kubelet/kuberuntime/kuberuntime_manager.go
// computePodActions (v1.36), with the kill timed as killContainer times it (termination.ts).
/**
 * A client changed the image of a running container (`kubectl set image pod/web web=web:2`, the
 * one change ValidatePodUpdate allows a container): its spec hash no longer matches the running
 * container's, so the kubelet kills it (`Killing`: `Container web definition changed, will be
 * restarted`) and starts it again with the new image, whatever the pod's restartPolicy, at once:
 * the restart back-off is keyed by the container's spec hash, and this hash is new. The pod stays
 * Running, not Ready while the container is down; restartCount goes up by one and lastState keeps
 * the old container's end.
 */
import type { Pod } from '../api/types.ts';
import { decide } from '../api/decision.ts';
import { note, schedule, type Tx } from '../client/tx.ts';
import { terminatedState } from './containerRuns.ts';
import { recordContainerEvent } from './containerEvents.ts';
import { appDown, trafficOn } from './apps.ts';
import { kubeletState } from './kubeletState.ts';
import { explainPlan, preStopMs, proberOf, proberRunDue, proberStopped } from './probes.ts';
import { imageRef } from './runtime.ts';
import { containerStatus, containerStatuses, podConditions, setStatus } from './status.ts';
import { killPlan, preStopOf } from './termination.ts';

/** The state of a container stopped for a restart, until the new one is created. */
const CREATING = { waiting: { reason: 'ContainerCreating' } };

/** imagesChanged: some container of `pod` names another image than in `old` (the watch's two versions). */
export function imagesChanged(pod: Pod, old: Pod): boolean {
  const a = pod.spec.containers;
  const b = old.spec.containers;
  for (let i = 0; i < a.length; i++) if (a[i]?.image !== b[i]?.image) return true;
  return false;
}

/** changedContainers: the running containers whose image is not the one their spec names now. */
export function changedContainers(pod: Pod): string[] {
  const statuses = pod.status?.containerStatuses ?? [];
  const out: string[] = [];
  for (const c of pod.spec.containers) {
    const s = statuses.find((x) => x.name === c.name);
    if (s?.state.running !== undefined && s.image !== imageRef(c.image)) out.push(c.name);
  }
  return out;
}

/**
 * definitionChanged is the kubelet's sync after the change: a Killing Event for each changed
 * container, each stopped as killContainer stops it (the pod's grace period, its preStop hook),
 * and the restart once the last has exited (`definitionRestart`).
 */
export function definitionChanged(tx: Tx, pod: Pod, podKey: string, uid: string): void {
  const names = changedContainers(pod);
  if (names.length === 0) {
    note(tx, 'definitionUnchanged', { pod: pod.metadata.name });
    return;
  }
  const grace = pod.spec.terminationGracePeriodSeconds ?? 30;
  let exitMs = 0;
  const sigkill: string[] = [];
  for (const name of names) {
    const c = pod.spec.containers.find((x) => x.name === name);
    if (c === undefined) continue;
    const running = pod.status?.containerStatuses?.find((x) => x.name === name)?.image ?? '';
    const plan = killPlan(name, grace, preStopOf(c, () => preStopMs(tx, c.image)), Math.round(tx.st.config.terminationSeconds * 1000));
    recordContainerEvent(tx, pod, name, 'Normal', 'Killing', `Container ${name} definition changed, will be restarted`);
    decide(tx.decisions, 'killContainer', 'definitionChanged', { pod: pod.metadata.name, container: name, from: running, to: imageRef(c.image), grace });
    explainPlan(tx, pod.metadata.name, plan);
    exitMs = Math.max(exitMs, plan.exitMs);
    if (plan.sigkill) sigkill.push(name);
  }
  tx.st.kubelet.set(podKey, { ...kubeletState(tx, podKey), definitionKill: { containers: names, sigkill } });
  note(tx, 'definitionChanged', { pod: pod.metadata.name, container: names.join(', ') });
  schedule(tx, tx.now + exitMs, { type: 'kubelet', podKey, uid, step: 'definitionRestart' });
}

/**
 * definitionRestart: the changed containers have exited (143 after SIGTERM, 137 when SIGKILLed);
 * each waits as ContainerCreating with its end as lastState and restartCount + 1, and the new image
 * is pulled and the containers started (`pull`, the kubelet's own start of a pull).
 */
export function definitionRestart(tx: Tx, pod: Pod, podKey: string, uid: string, pull: (pod: Pod) => void): void {
  const ks = kubeletState(tx, podKey);
  const kill = ks.definitionKill;
  if (kill === undefined) {
    note(tx, 'definitionUnchanged', { pod: pod.metadata.name });
    return;
  }
  const { definitionKill: _done, ...rest } = ks;
  tx.st.kubelet.set(podKey, rest);
  if (trafficOn(tx)) appDown(tx, podKey, uid);
  const ps = proberOf(tx, podKey, uid);
  let cur = pod;
  if (ps) {
    proberStopped(tx, podKey, proberRunDue(tx, pod, podKey, ps));
    cur = tx.st.store.objects.Pod.get(podKey) as Pod;
  }
  const statuses = containerStatuses(cur, (c, prev) => {
    if (prev === undefined || !kill.containers.includes(c.name)) return prev as NonNullable<typeof prev>;
    const exitCode = kill.sigkill.includes(c.name) ? 137 : 143;
    const last = terminatedState(exitCode, prev.state.running?.startedAt ?? tx.nowIso, tx.nowIso, prev.containerID);
    return containerStatus(c.name, CREATING, last, false, prev.restartCount + 1, c.image, '', undefined, false);
  });
  setStatus(tx, cur, { ...cur.status, conditions: podConditions(cur, tx.nowIso, true, false), containerStatuses: statuses }, podKey);
  note(tx, 'definitionRestart', { pod: pod.metadata.name, container: kill.containers.join(', ') });
  pull(tx.st.store.objects.Pod.get(podKey) as Pod);
}
