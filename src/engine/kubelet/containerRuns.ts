/**
 * A container's runs on the simulated kubelet (kuberuntime_container.go's startContainer, and the
 * restart back-off of kuberuntime_manager's doBackOff): a start makes it Running (Ready later, by
 * its probes or `readySeconds`), an exit waits in CrashLoopBackOff, 10 s doubling to 5 min.
 */
import { podFinished, shouldContainerBeRestarted } from './restartPolicy.ts';
import type { ContainerState, Pod } from '../api/types.ts';
import type { ImageBehaviour } from '../config.ts';
import { keysAre } from '../apiserver/store.ts';
import { note, recordEvent, schedule, type Tx } from '../client/tx.ts';
import { appStarted, trafficOn } from './apps.ts';
import { containerFieldPath, crashBackOffMessage, crashLoopMessage, recordStartEvents } from './containerEvents.ts';
import { BACKOFF_MAX_MS, drawMs, kubeletState } from './kubeletState.ts';
import { proberOf, proberReschedule, proberRunDue, proberStarted } from './probes.ts';
import { startedOf } from './prober/proberManager.ts';
import { containerID, imageID, imageRef } from './runtime.ts';
import { ACCEPTED_STATUS, containerStatus, containerStatuses, podConditions, podIP, setStatus } from './status.ts';

/** terminatedState is a run that ended with exitCode (reason Error, as every exit here is non-zero), in the API's key order. */
export function terminatedState(exitCode: number, startedAt: string, finishedAt: string, id: string | undefined): ContainerState {
  if (id === undefined) return { terminated: { exitCode, reason: 'Error', startedAt, finishedAt } };
  return { terminated: { exitCode, reason: 'Error', startedAt, finishedAt, containerID: id } };
}

/**
 * crashLoop: the container exited (`exitCode`; a kill passes its lastState) and waits out its
 * restart back-off in CrashLoopBackOff (10 s, doubling to 5 min).
 */
export function crashLoop(tx: Tx, pod: Pod, podKey: string, uid: string, exitCode: number, last: ContainerState | null): void {
  const name = pod.spec.containers[0]?.name ?? '';
  if (!shouldContainerBeRestarted(pod, exitCode)) {
    podFinished(tx, pod, podKey, uid, name, exitCode);
    return;
  }
  const ks = kubeletState(tx, podKey);
  const message = crashLoopMessage(ks.crashBackoffMs, pod.spec.containers[0]?.name ?? '', pod, uid);
  setStatus(tx, pod, {
    ...pod.status,
    conditions: podConditions(pod, tx.nowIso, true, false),
    // The exited run keeps its IDs: status.containerID and lastState's name the container whose log `kubectl logs` reads.
    containerStatuses: containerStatuses(pod, (c, prev) =>
      containerStatus(
        c.name,
        { waiting: { reason: 'CrashLoopBackOff', message } },
        last ?? terminatedState(exitCode, prev?.state.running?.startedAt ?? tx.nowIso, tx.nowIso, prev?.containerID),
        false,
        (prev?.restartCount ?? 0) + 1,
        prev?.image ?? c.image,
        prev?.imageID ?? '',
        prev?.containerID,
        false,
      ),
    ),
  }, podKey);
  const c0 = pod.spec.containers[0]?.name ?? '';
  recordEvent(tx, pod, 'Warning', 'BackOff', crashBackOffMessage(pod, c0), 'kubelet', 'prng', containerFieldPath(c0));
  schedule(tx, tx.now + ks.crashBackoffMs, { type: 'kubelet', podKey, uid, step: 'backoffRetry' });
  tx.st.kubelet.set(podKey, { ...ks, crashBackoffMs: Math.min(ks.crashBackoffMs * 2, BACKOFF_MAX_MS) });
  note(tx, 'crashLoopBackOff', { pod: pod.metadata.name, seconds: ks.crashBackoffMs / 1000 });
}

/**
 * startContainer runs the container (the `started` step, and a restart): Running, not ready yet;
 * a crashing image exits a second later; otherwise its application answers after readySeconds,
 * which makes a pod without probes Ready and tells a pod's prober when its probes can pass.
 * `restartedFrom` is the state of the container a probe's kill just ended (restartCount + 1).
 */
export function startContainer(tx: Tx, pod0: Pod, podKey: string, uid: string, b: ImageBehaviour, restartedFrom: ContainerState | null = null): void {
  let pod = pod0;
  let ps = proberOf(tx, podKey, uid);
  let listenAt = -1;
  if (ps) {
    ps = proberRunDue(tx, pod, podKey, ps);
    pod = tx.st.store.objects.Pod.get(podKey) as Pod;
    // The same draw as for a pod without probes: when the application starts answering.
    const appReadyAt = !b.crash && b.ready === 'ok' ? tx.now + drawMs(tx, b.readySeconds) : -1;
    listenAt = appReadyAt;
    ps = proberStarted(tx, podKey, ps, appReadyAt, b.ready === 'never');
  }
  const startedAt = tx.nowIso;
  const conditions = podConditions(pod, tx.nowIso, true, false);
  const ip = podIP(pod);
  const probes = ps;
  const statuses = containerStatuses(pod, (c, prev) => {
    const restartCount = (prev?.restartCount ?? 0) + (restartedFrom ? 1 : 0);
    const started = probes ? startedOf(probes, pod.spec.containers.findIndex((x) => x.name === c.name)) : true;
    // A new run, a new container ID; the image is pulled, so the runtime's name and digest.
    return containerStatus(
      c.name,
      { running: { startedAt } },
      restartedFrom ?? prev?.lastState,
      false,
      restartCount,
      imageRef(c.image),
      imageID(c.image),
      containerID(uid, c.name, restartCount),
      started,
    );
  });
  // The status the accept step wrote has these keys; podIP is new and goes last.
  const s = pod.status;
  setStatus(
    tx,
    pod,
    s !== undefined && keysAre(s, ACCEPTED_STATUS)
      ? { phase: 'Running', conditions, hostIP: s.hostIP, startTime: s.startTime, containerStatuses: statuses, podIP: ip }
      : { ...s, phase: 'Running', conditions, podIP: ip, containerStatuses: statuses },
    podKey,
  );
  recordStartEvents(tx, pod, takePulledMs(tx, podKey));
  const traffic = trafficOn(tx);
  if (b.crash) schedule(tx, tx.now + 1000, { type: 'kubelet', podKey, uid, step: 'crash' });
  else if (!ps && b.ready === 'ok') {
    const readyMs = drawMs(tx, b.readySeconds);
    listenAt = tx.now + readyMs;
    // Without a readinessProbe a running container is Ready at once (prober_manager
    // UpdatePodStatus: no readiness worker → ready). With clients, the application model says
    // when it listens (readySeconds) and Ready no longer waits for it; without clients, the
    // engine keeps Ready at readySeconds, as every run before traffic did.
    schedule(tx, tx.now + (traffic ? 0 : readyMs), { type: 'kubelet', podKey, uid, step: 'ready' });
  }
  if (traffic) appStarted(tx, pod, podKey, b, listenAt);
  if (ps) proberReschedule(tx, tx.st.store.objects.Pod.get(podKey) as Pod, podKey, ps);
  note(tx, b.ready === 'never' ? 'runningNeverReady' : 'running', { pod: pod.metadata.name });
}

/**
 * takePulledMs is the first start's pull time (null on a restart). The entry that held it holds
 * nothing else (no back-off comes before a first start), so it goes.
 */
export function takePulledMs(tx: Tx, podKey: string): number | null {
  const ms = tx.st.kubelet.get(podKey)?.pulledMs;
  if (ms === undefined) return null;
  tx.st.kubelet.delete(podKey);
  return ms;
}
