/**
 * The simulated kubelet: runs each bound pod through ContainerCreating (image pull and start),
 * Running, and Ready, with the image behaviours of the scenario (DESIGN.md §4): failing pulls
 * (ErrImagePull ⇄ ImagePullBackOff, back-off 10 s doubling to 5 min), crashing containers
 * (CrashLoopBackOff, same back-off), readiness that never passes; and removes a deleted pod once
 * its containers have stopped (killPod.ts: preStop hooks, SIGTERM, the application's
 * `terminationSeconds`, SIGKILL at the grace period). A pod with probes is Ready when its prober
 * says so (probes.ts, prober/); a pod without probes is Ready `readySeconds` after it starts.
 */
import type { ContainerState, ContainerStatus, Node, Pod } from '../api/types.ts';
import { DEFAULT_IMAGE_BEHAVIOUR, type ImageBehaviour, type SecondsSpec } from '../config.ts';
import { nextFloat } from '../lib/prng.ts';
import { keysAre, objectKey } from '../apiserver/store.ts';
import type { KubeletStep } from '../client/events.ts';
import { kubeletRecorder, note, recordEvent, remove, schedule, type Tx } from '../client/tx.ts';
import { ACCEPTED_STATUS, BOUND_STATUS, containerStatus, containerStatuses, podConditions, podIP, setStatus } from './status.ts';
import { containerID, imageID, imageRef } from './runtime.ts';
import { containerExited, kubeletOnPodDeleting } from './killPod.ts';
import { kubeletProbe, proberAccept, proberOf, proberReschedule, proberRunDue, proberStarted, proberStopped } from './probes.ts';
import { startedOf } from './prober/proberManager.ts';
import { isNodeReady } from '../lib/scheduling.ts';
import { appDown, appStarted, trafficOn } from './apps.ts';
import { containerFieldPath, crashBackOffMessage, recordContainerEvent, recordStartEvents } from './containerEvents.ts';

/** What the kubelet remembers about a pod between steps (image and crash back-off). */
export interface KubeletPodState {
  pullBackoffMs: number;
  crashBackoffMs: number;
  /**
   * A probe's kill restarted the container once: the restart back-off entry exists, so the next
   * exit waits crashBackoffMs (flowcontrol.Backoff: the first restart is immediate).
   */
  restarted?: true;
  /** The image pull the accept step drew (ms), until the first start's Pulled Event reports it. */
  pulledMs?: number;
}

declare module '../client/state.ts' {
  interface EngineState {
    kubelet: Map<string, KubeletPodState>;
  }
}

const BACKOFF_INITIAL_MS = 10_000;
const BACKOFF_MAX_MS = 300_000;

/** drawMs turns a SecondsSpec into ms with the engine PRNG: 2 → 2000; [1, 4] → uniform 1000–4000. */
export function drawMs(tx: Tx, spec: SecondsSpec): number {
  if (typeof spec === 'number') return Math.round(spec * 1000);
  const [lo, hi] = spec;
  return Math.round((lo + (hi - lo) * nextFloat(tx.st.prng)) * 1000);
}

export function imageBehaviour(tx: Tx, image: string): ImageBehaviour {
  const imgs = tx.st.config.images;
  // Own keys only: an image called `constructor` must not find Object.prototype's function.
  if (Object.hasOwn(imgs, image)) return imgs[image] as ImageBehaviour;
  return Object.hasOwn(imgs, 'default') ? (imgs.default as ImageBehaviour) : DEFAULT_IMAGE_BEHAVIOUR;
}

/** kubeletOnPodWatched reacts to a pod the kubelet's watch delivered (bound or being deleted); key is objectKey(pod). */
export function kubeletOnPodWatched(tx: Tx, pod: Pod, old: Pod | undefined, key = objectKey(pod)): void {
  const uid = pod.metadata.uid ?? '';
  if (!pod.spec.nodeName) return;
  if (pod.metadata.deletionTimestamp && !old?.metadata.deletionTimestamp) {
    const node = tx.st.cache.objects.Node.get(pod.spec.nodeName) as Node | undefined;
    if (node && !isNodeReady(node)) return; // an unreachable kubelet cannot confirm termination
    kubeletOnPodDeleting(tx, key, uid);
    return;
  }
  if (!old?.spec.nodeName && !pod.status?.startTime && !pod.metadata.deletionTimestamp) {
    schedule(tx, tx.now, { type: 'kubelet', podKey: key, uid, step: 'accept' });
  }
}

/**
 * kubeletState is what the kubelet remembers of a pod's back-offs. Only the back-off steps read
 * it, so the 40,000 steps of a healthy rollout make no default object.
 */
export function kubeletState(tx: Tx, podKey: string): KubeletPodState {
  return tx.st.kubelet.get(podKey) ?? { pullBackoffMs: BACKOFF_INITIAL_MS, crashBackoffMs: BACKOFF_INITIAL_MS };
}

/** kubeletStep performs one step of a pod's lifecycle on its node. */
export function kubeletStep(tx: Tx, podKey: string, uid: string, step: KubeletStep): void {
  tx.actor = 'kubelet';
  const pod = tx.st.store.objects.Pod.get(podKey) as Pod | undefined;
  if (!pod || pod.metadata.uid !== uid) {
    note(tx, 'podGone', { pod: podKey });
    return;
  }
  const nodeName = pod.spec.nodeName ?? '';
  // The node's recorder name, made once per node: a string built per tick is flattened and
  // hashed again wherever the actor is a key (the liveness guard counts ticks by actor).
  tx.actor = kubeletRecorder(nodeName);
  if (step === 'terminated') {
    remove(tx, 'Pod', podKey);
    tx.st.kubelet.delete(podKey);
    tx.st.probes.delete(podKey);
    note(tx, 'podRemoved', { pod: pod.metadata.name });
    return;
  }
  if (step === 'sigterm') {
    note(tx, 'sigterm', { pod: pod.metadata.name });
    return;
  }
  if (pod.metadata.deletionTimestamp) {
    note(tx, 'terminatingSkipped', { pod: pod.metadata.name, step });
    return;
  }
  const node = tx.st.store.objects.Node.get(nodeName) as Node | undefined;
  if (!node || !isNodeReady(node)) {
    note(tx, 'nodeNotReadyWaits', { node: nodeName, pod: pod.metadata.name });
    return;
  }
  const image = pod.spec.containers[0]?.image ?? '';
  const b = imageBehaviour(tx, image);
  switch (step) {
    case 'accept': {
      const conditions = podConditions(pod, tx.nowIso, false, false);
      const hostIP = '192.168.0.' + (1 + (nodeName.length % 250));
      const startTime = tx.nowIso;
      // Nothing pulled yet: imageID is empty and there is no container ID, as the kubelet reports.
      const statuses = containerStatuses(pod, (c) => containerStatus(c.name, CREATING, undefined, false, 0, c.image, '', undefined, false));
      // The status of a pod just bound has these keys: the literal gives the spread's key order.
      const s = pod.status;
      setStatus(
        tx,
        pod,
        s !== undefined && keysAre(s, BOUND_STATUS)
          ? { phase: 'Pending', conditions, hostIP, startTime, containerStatuses: statuses }
          : { ...s, phase: 'Pending', conditions, hostIP, startTime, containerStatuses: statuses },
        podKey,
      );
      const first = containerFieldPath(pod.spec.containers[0]?.name ?? '');
      recordEvent(tx, pod, 'Normal', 'Pulling', `Pulling image "${image}"`, 'kubelet', 'prng', first);
      if (b.pull === 'fail') schedule(tx, tx.now + drawMs(tx, b.pullSeconds), { type: 'kubelet', podKey, uid, step: 'pulled' });
      else {
        const pulledMs = drawMs(tx, b.pullSeconds);
        // Kept for the Pulled Event at the start (one entry per pod being started, gone then).
        // Before a first start there is no back-off yet: one literal, not a default object spread.
        const ks = tx.st.kubelet.get(podKey);
        tx.st.kubelet.set(podKey, ks === undefined ? { pullBackoffMs: BACKOFF_INITIAL_MS, crashBackoffMs: BACKOFF_INITIAL_MS, pulledMs } : { ...ks, pulledMs });
        schedule(tx, tx.now + pulledMs + drawMs(tx, b.startSeconds), { type: 'kubelet', podKey, uid, step: 'started' });
      }
      proberAccept(tx, pod, podKey);
      note(tx, 'containerCreating', { pod: pod.metadata.name });
      return;
    }
    case 'pulled': {
      // Only failing pulls stop here: ErrImagePull now, ImagePullBackOff after the next sync.
      const message = `failed to pull and unpack image "docker.io/library/${image}": not found`;
      const c0 = pod.spec.containers[0]?.name ?? '';
      // A retry after the back-off pulls again (the first pull's Pulling was the accept's).
      if (pod.status?.containerStatuses?.[0]?.state.waiting?.reason === 'ImagePullBackOff') recordContainerEvent(tx, pod, c0, 'Normal', 'Pulling', `Pulling image "${image}"`);
      setStatus(tx, pod, {
        ...pod.status,
        containerStatuses: containerStatuses(pod, (c, prev) =>
          containerStatus(c.name, { waiting: { reason: 'ErrImagePull', message } }, prev?.lastState, false, prev?.restartCount ?? 0, c.image, '', undefined, false),
        ),
      }, podKey);
      recordEvent(tx, pod, 'Warning', 'Failed', `Failed to pull image "${image}": ${message}`, 'kubelet', 'prng', containerFieldPath(c0));
      // startContainer's own record of the failed EnsureImageExists.
      recordContainerEvent(tx, pod, c0, 'Warning', 'Failed', 'Error: ErrImagePull');
      schedule(tx, tx.now + 1000, { type: 'kubelet', podKey, uid, step: 'backoffRetry' });
      note(tx, 'errImagePull', { pod: pod.metadata.name });
      return;
    }
    case 'backoffRetry': {
      const waiting = pod.status?.containerStatuses?.[0]?.state.waiting?.reason;
      if (waiting === 'ErrImagePull') {
        const ks = kubeletState(tx, podKey);
        setStatus(tx, pod, {
          ...pod.status,
          containerStatuses: containerStatuses(pod, (c, prev) =>
            containerStatus(
              c.name,
              { waiting: { reason: 'ImagePullBackOff', message: `Back-off pulling image "${image}"` } },
              prev?.lastState,
              false,
              prev?.restartCount ?? 0,
              c.image,
              '',
              undefined,
              false,
            ),
          ),
        }, podKey);
        const c0 = pod.spec.containers[0]?.name ?? '';
        recordEvent(tx, pod, 'Normal', 'BackOff', `Back-off pulling image "${image}"`, 'kubelet', 'prng', containerFieldPath(c0));
        recordContainerEvent(tx, pod, c0, 'Warning', 'Failed', 'Error: ImagePullBackOff');
        schedule(tx, tx.now + ks.pullBackoffMs, { type: 'kubelet', podKey, uid, step: 'pulled' });
        tx.st.kubelet.set(podKey, { ...ks, pullBackoffMs: Math.min(ks.pullBackoffMs * 2, BACKOFF_MAX_MS) });
        note(tx, 'imagePullBackOff', { pod: pod.metadata.name, seconds: ks.pullBackoffMs / 1000 });
        return;
      }
      // CrashLoopBackOff is over: start the container again.
      kubeletStep(tx, podKey, uid, 'started');
      return;
    }
    case 'started':
      startContainer(tx, pod, podKey, uid, b);
      return;
    case 'exited':
      containerExited(tx, pod, podKey, uid, b);
      return;
    case 'ready': {
      // A pod with probes is Ready when they say so (a node's recovery asks them again).
      if (proberOf(tx, podKey, uid)) {
        kubeletProbe(tx, podKey, uid);
        return;
      }
      setStatus(tx, pod, {
        ...pod.status,
        conditions: podConditions(pod, tx.nowIso, true, true),
        containerStatuses: containerStatuses(pod, (_c, prev) => ({ ...(prev as ContainerStatus), ready: true })),
      }, podKey);
      note(tx, 'ready', { pod: pod.metadata.name });
      return;
    }
    case 'crash': {
      if (trafficOn(tx)) appDown(tx, podKey, uid);
      const found = proberOf(tx, podKey, uid);
      if (found) {
        const ps = proberStopped(tx, podKey, proberRunDue(tx, pod, podKey, found));
        crashLoop(tx, tx.st.store.objects.Pod.get(podKey) as Pod, podKey, uid, 1, null);
        proberReschedule(tx, tx.st.store.objects.Pod.get(podKey) as Pod, podKey, ps);
        return;
      }
      crashLoop(tx, pod, podKey, uid, 1, null);
      return;
    }
  }
}

/** The state waiting for the first start. */
const CREATING: ContainerState = Object.freeze({ waiting: Object.freeze({ reason: 'ContainerCreating' }) });

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
  const ks = kubeletState(tx, podKey);
  const message = `back-off ${ks.crashBackoffMs / 1000}s restarting failed container=${pod.spec.containers[0]?.name ?? ''} pod=${pod.metadata.name}_${pod.metadata.namespace ?? 'default'}(${uid})`;
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
function takePulledMs(tx: Tx, podKey: string): number | null {
  const ms = tx.st.kubelet.get(podKey)?.pulledMs;
  if (ms === undefined) return null;
  tx.st.kubelet.delete(podKey);
  return ms;
}
