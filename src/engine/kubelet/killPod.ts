/**
 * How the simulated kubelet stops containers (kuberuntime_container.go killContainer, timed by
 * termination.ts): a deleted pod's running containers each get a Killing Event ("Stopping
 * container nginx"), their preStop hooks, SIGTERM, and SIGKILL at the grace period's end; the pod
 * object goes when the last one has stopped. A container a liveness or startup probe killed
 * (probes.ts startKill) exits here and is started again: at once the first time, then after the
 * restart back-off (flowcontrol.Backoff: 10 s, doubling to 5 min).
 */
import { decide } from '../api/decision.ts';
import type { Container, ContainerState, Pod } from '../api/types.ts';
import type { ImageBehaviour } from '../config.ts';
import { note, recordEvent, schedule, type Tx } from '../client/tx.ts';
import { crashLoop, startContainer, terminatedState } from './containerRuns.ts';
import { podFinished, shouldContainerBeRestarted } from './restartPolicy.ts';
import { kubeletState } from './kubeletState.ts';
import { containerFieldPath } from './containerEvents.ts';
import { initFieldPath } from './initContainers.ts';
import { killingMessage } from './prober/prober.ts';
import { explainPlan, preStopMs, proberOf, proberReschedule, proberRunDue, proberStopped, proberTerminating } from './probes.ts';
import { graceSecondsOf, type KillPlan, killPlan, preStopOf } from './termination.ts';
import { hasRestartableInitContainer, newTerminationOrdering } from './terminationOrder.ts';
import { isRestartableInitContainer } from './status.ts';
import { appStopping, trafficOn } from './apps.ts';

/**
 * kubeletOnPodDeleting: the kubelet saw the pod's deletionTimestamp. Every running container is
 * stopped with the pod's grace period (killPodContainers); the pod is removed (`terminated`) when
 * the last is gone, and a `sigterm` step marks the end of the preStop hooks.
 */
export function kubeletOnPodDeleting(tx: Tx, podKey: string, uid: string): void {
  const pod = tx.st.store.objects.Pod.get(podKey);
  if (pod?.kind !== 'Pod' || pod.metadata.uid !== uid) return;
  const grace = graceSecondsOf(pod);
  const stop = killPodContainers(tx, pod, podKey, uid);
  if (stop.sigtermMs > 0) schedule(tx, tx.now + stop.sigtermMs, { type: 'kubelet', podKey, uid, step: 'sigterm' });
  schedule(tx, tx.now + stop.exitMs, { type: 'kubelet', podKey, uid, step: 'terminated' });
  note(tx, 'stopping', { pod: pod.metadata.name, grace, seconds: stop.exitMs / 1000 });
}

/**
 * killPodContainers is killPod's stop of every running container of the pod with its grace period:
 * a Killing Event and the timing of each (its preStop hook, SIGTERM, the exit or SIGKILL), the
 * containers SIGKILLed at the deadline kept for the last status (terminalStatus.ts), and a
 * Service's clients told. A pod with a sidecar stops in order (terminationOrder.ts): its sidecars
 * get SIGTERM only once the app containers have exited, the last sidecar first. Returns when the
 * last one is gone and when the preStop hooks end (ms from now; 0: no hook). Liveness and startup
 * probes stop with it.
 */
export function killPodContainers(tx: Tx, pod: Pod, podKey: string, uid: string): { exitMs: number; sigtermMs: number } {
  const grace = graceSecondsOf(pod);
  const appExitMs = Math.round(tx.st.config.terminationSeconds * 1000);
  const statuses = pod.status?.containerStatuses;
  let exitMs = -1;
  let sigtermMs = 0;
  let preStop = '';
  // Each running container's exit (ms from now), for the sidecars that wait for it.
  const exits = new Map<string, number>();
  // The containers SIGKILLed at their deadline: their last status says 137 (terminalStatus.ts).
  const sigkilled: string[] = [];
  for (const c of pod.spec.containers) {
    // A container that never started has nothing to stop: no Event, no hook.
    if (!statuses?.find((x) => x.name === c.name)?.state.running) continue;
    const plan = killPlan(c.name, grace, preStopOf(c, () => preStopMs(tx, c.image)), appExitMs);
    recordEvent(tx, pod, 'Normal', 'Killing', killingMessage(c.name, null), 'kubelet', 'clock', containerFieldPath(c.name));
    explainPlan(tx, pod.metadata.name, plan);
    exits.set(c.name, plan.exitMs);
    if (plan.sigkill) sigkilled.push(c.name);
    exitMs = Math.max(exitMs, plan.exitMs);
    if (plan.preStop) {
      sigtermMs = Math.max(sigtermMs, plan.sigtermMs);
      preStop = plan.preStop.kind;
    }
  }
  // The application is gone when its containers are; sidecars may outlive it.
  const appGoneMs = exitMs;
  const sidecarsLast = stopInitContainers(tx, pod, grace, appExitMs, exits, sigkilled);
  exitMs = Math.max(exitMs, sidecarsLast);
  if (sigkilled.length > 0) tx.st.kubelet.set(podKey, { ...kubeletState(tx, podKey), sigkilled });
  if (exitMs < 0) exitMs = killPlan('', grace, null, appExitMs).exitMs;
  // Liveness and startup probes stop; readiness probes go on while it stops.
  const ps = proberOf(tx, podKey, uid);
  if (ps) proberTerminating(tx, pod, podKey, ps);
  if (trafficOn(tx)) appStopping(tx, podKey, uid, sigtermMs, appGoneMs >= 0 ? appGoneMs : exitMs, preStop, sigtermMs);
  return { exitMs, sigtermMs };
}

function stopInitContainers(tx: Tx, pod: Pod, grace: number, appExitMs: number, exits: Map<string, number>, sigkilled: string[]): number {
  const initStatuses = pod.status?.initContainerStatuses;
  const inits = pod.spec.initContainers ?? [];
  if (initStatuses === undefined || inits.length === 0) return -1;
  const running = new Set<string>();
  for (const c of inits) if (initStatuses.find((x) => x.name === c.name)?.state.running) running.add(c.name);
  if (running.size === 0) return -1;
  for (const c of inits) if (running.has(c.name)) recordEvent(tx, pod, 'Normal', 'Killing', killingMessage(c.name, null), 'kubelet', 'clock', initFieldPath(c.name));
  const ordered = hasRestartableInitContainer(inits);
  const prereqs = ordered ? newTerminationOrdering(inits, pod.spec.containers, new Set([...exits.keys(), ...running])) : new Map<string, string[]>();
  let last = -1;
  // Later containers first: a sidecar's turn needs the exit of the sidecar after it.
  for (let i = inits.length - 1; i >= 0; i--) {
    const c = inits[i] as Container;
    if (!running.has(c.name)) continue;
    const waitFor = prereqs.get(c.name) ?? [];
    const turnMs = waitFor.reduce((t, name) => Math.max(t, exits.get(name) ?? 0), 0);
    const plan = killPlan(c.name, grace, preStopOf(c, () => preStopMs(tx, c.image)), appExitMs, turnMs);
    if (ordered && isRestartableInitContainer(c)) explainTurn(tx, pod.metadata.name, plan, waitFor, turnMs);
    exits.set(c.name, plan.exitMs);
    if (plan.sigkill) sigkilled.push(c.name);
    last = Math.max(last, plan.exitMs);
  }
  return last;
}

/** explainTurn: a sidecar's stop, its wait for its turn (`turnMs`: the last of `waitFor` gone), then its exit or SIGKILL. */
function explainTurn(tx: Tx, pod: string, plan: KillPlan, waitFor: readonly string[], turnMs: number): void {
  const hookMs = plan.sigtermMs - plan.waitedMs;
  const kind = waitFor.length === 0 ? 'sidecarFirst' : turnMs - hookMs > plan.waitedMs ? 'sidecarTurnCut' : 'sidecarTurn';
  decide(tx.decisions, 'killContainer', kind, {
    pod,
    container: plan.container,
    waitFor: waitFor.join(', '),
    waited: plan.waitedMs / 1000,
    sigterm: plan.sigtermMs / 1000,
    left: plan.stopSeconds,
  });
  explainPlan(tx, pod, plan);
}

/**
 * containerExited: the container a probe killed has stopped (143 after SIGTERM, 137 when
 * SIGKILLed at the deadline). The first time it starts again at once; later exits wait out the
 * back-off in CrashLoopBackOff.
 */
export function containerExited(tx: Tx, pod: Pod, podKey: string, uid: string, b: ImageBehaviour): void {
  const ps0 = proberOf(tx, podKey, uid);
  const kill = ps0?.killing;
  if (!ps0 || !kill || kill.id !== ps0.facts.id || ps0.facts.stoppedAtMs >= 0) {
    note(tx, 'nothingToStop', { pod: pod.metadata.name });
    return;
  }
  const ps = proberStopped(tx, podKey, proberRunDue(tx, pod, podKey, ps0));
  const cur = tx.st.store.objects.Pod.get(podKey) as Pod;
  const run = cur.status?.containerStatuses?.[0];
  const startedAt = run?.state.running?.startedAt ?? tx.nowIso;
  const exitCode = kill.sigkill ? 137 : 143;
  const last: ContainerState = terminatedState(exitCode, startedAt, tx.nowIso, run?.containerID);
  // restartPolicy Never: the killed container stays stopped and the pod is finished (Failed).
  if (!shouldContainerBeRestarted(cur, exitCode)) {
    podFinished(tx, cur, podKey, uid, kill.container, exitCode);
    return;
  }
  const ks = kubeletState(tx, podKey);
  decide(tx.decisions, 'killContainer', ks.restarted ? 'backOff' : 'restartNow', {
    pod: pod.metadata.name,
    container: kill.container,
    exitCode,
    seconds: ks.crashBackoffMs / 1000,
  });
  if (!ks.restarted) {
    tx.st.kubelet.set(podKey, { ...ks, restarted: true });
    note(tx, 'containerExited', { pod: pod.metadata.name, container: kill.container });
    startContainer(tx, cur, podKey, uid, b, last);
    return;
  }
  crashLoop(tx, cur, podKey, uid, exitCode, last);
  proberReschedule(tx, tx.st.store.objects.Pod.get(podKey) as Pod, podKey, ps);
}
