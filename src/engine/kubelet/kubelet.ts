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
import { keysAre, objectKey } from '../apiserver/store.ts';
import type { KubeletStep } from '../client/events.ts';
import type { ImageBehaviour } from '../config.ts';
import { kubeletRecorder, note, recordEvent, remove, schedule, type Tx } from '../client/tx.ts';
import { BOUND_STATUS, containerStatus, containerStatuses, podConditions, setStatus } from './status.ts';
import { terminalPodStatus } from './terminalStatus.ts';
import { containerExited, kubeletOnPodDeleting } from './killPod.ts';
import { crashLoop, startContainer, takePulledMs } from './containerRuns.ts';
import { configErrors, createContainerConfigError } from './containerConfig.ts';
import { BACKOFF_INITIAL_MS, BACKOFF_MAX_MS, drawMs, imageBehaviour, kubeletState } from './kubeletState.ts';
import { mounted, mountFailed, mountFailures } from './volumeMounts.ts';
import { kubeletProbe, proberAccept, proberOf, proberReschedule, proberRunDue, proberStopped } from './probes.ts';
import { isNodeReady } from '../lib/scheduling.ts';
import { appDown, trafficOn } from './apps.ts';
import { containerFieldPath, pullFailedMessage, recordContainerEvent } from './containerEvents.ts';
import { internalIP } from './nodeStatus.ts';
import { definitionChanged, definitionRestart, imagesChanged } from './definitionChanged.ts';
import { activeDeadlineExceeded, deadlineKilled, isTerminalPhase, scheduleDeadline } from './activeDeadline.ts';
import { acceptedInitStatuses, beginInit, hasInitContainers, initBackoff, initExited, initPulled, initStarted, POD_INITIALIZING } from './initContainers.ts';

/** kubeletOnPodWatched reacts to a pod the kubelet's watch delivered (bound or being deleted); key is objectKey(pod). */
export function kubeletOnPodWatched(tx: Tx, pod: Pod, old: Pod | undefined, key = objectKey(pod)): void {
  const uid = pod.metadata.uid ?? '';
  if (!pod.spec.nodeName) return;
  // Only the first deletionTimestamp starts the kill. A later delete with a shorter grace period
  // (kubectl delete --grace-period=5 on a pod Terminating for 30 s) moves the API object's
  // deletionTimestamp but not the kill in flight: the pod worker cancels its context, yet v1.36's
  // SyncTerminatingPod runs killPod on a context of its own (TODO #113606 upstream), so the
  // containers still get the first grace period. Grace 0 (--force) removes the pod at once.
  if (pod.metadata.deletionTimestamp && !old?.metadata.deletionTimestamp) {
    const node = tx.st.cache.objects.Node.get(pod.spec.nodeName) as Node | undefined;
    if (node && !isNodeReady(node)) return; // an unreachable kubelet cannot confirm termination
    kubeletOnPodDeleting(tx, key, uid);
    return;
  }
  if (!old?.spec.nodeName && !pod.status?.startTime && !pod.metadata.deletionTimestamp) {
    schedule(tx, tx.now, { type: 'kubelet', podKey: key, uid, step: 'accept' });
  } else if (old !== undefined && old.metadata.uid === uid && imagesChanged(pod, old)) {
    // A client changed an image (the one change ValidatePodUpdate lets through to a container).
    schedule(tx, tx.now, { type: 'kubelet', podKey: key, uid, step: 'definitionChanged' });
  }
  // The active deadline counts from the start the kubelet wrote, or from a new deadline.
  if (!pod.metadata.deletionTimestamp && !isTerminalPhase(pod)) scheduleDeadline(tx, pod, old?.metadata.uid === uid ? old : undefined, key, uid);
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
    // SyncTerminatingPod's last status (a terminal phase: 0/1 Completed, or Error), then the status
    // manager's delete (terminalStatus.ts).
    const last = terminalPodStatus(pod, tx.nowIso, tx.st.kubelet.get(podKey)?.sigkilled);
    setStatus(tx, pod, last, podKey);
    remove(tx, 'Pod', podKey);
    tx.st.kubelet.delete(podKey);
    tx.st.probes.delete(podKey);
    note(tx, 'podRemoved', { pod: pod.metadata.name, phase: last.phase ?? 'Failed' });
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
  // A finished pod's containers never run again (its deadline's own stop aside).
  if (isTerminalPhase(pod) && step !== 'deadlineKilled') {
    note(tx, 'podFinishedSkips', { pod: pod.metadata.name, step });
    return;
  }
  const image = pod.spec.containers[0]?.image ?? '';
  const b = imageBehaviour(tx, image);
  switch (step) {
    case 'accept': {
      // syncPod's WaitForAttachAndMount: nothing is pulled or probed, and no sandbox made, before every volume is mounted.
      const failures = mountFailures(tx, pod);
      // The node's InternalIP (nodeStatus.ts), as the kubelet reports the host's address.
      const node = tx.st.store.objects.Node.get(nodeName);
      const hostIP = node !== undefined && node.kind === 'Node' ? internalIP(node) : '';
      const startTime = tx.nowIso;
      if (hasInitContainers(pod)) {
        acceptWithInit(tx, pod, podKey, uid, hostIP, startTime, failures.length === 0);
        if (failures.length > 0) mountFailed(tx, pod, podKey, uid, failures, kubeletState(tx, podKey));
        note(tx, 'containerCreating', { pod: pod.metadata.name });
        return;
      }
      const conditions = podConditions(pod, tx.nowIso, false, false, failures.length === 0);
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
      if (failures.length > 0) mountFailed(tx, pod, podKey, uid, failures, kubeletState(tx, podKey));
      else beginPull(tx, pod, podKey, uid, b, image);
      note(tx, 'containerCreating', { pod: pod.metadata.name });
      return;
    }
    case 'mount': {
      // The reconciler's next try of the volumes that failed (volumeMounts.ts).
      const failures = mountFailures(tx, pod);
      const ks = kubeletState(tx, podKey);
      if (failures.length > 0) {
        mountFailed(tx, pod, podKey, uid, failures, ks);
        return;
      }
      mounted(tx, pod, podKey, ks);
      // The sandbox is made now: PodReadyToStartContainers turns True.
      setStatus(tx, pod, { ...pod.status, conditions: podConditions(pod, tx.nowIso, false, false) }, podKey);
      const mountedPod = tx.st.store.objects.Pod.get(podKey) as Pod;
      if (hasInitContainers(pod)) beginInit(tx, mountedPod, podKey, uid, 0);
      else beginPull(tx, mountedPod, podKey, uid, b, image);
      return;
    }
    // After the last init container (exited 0, or a sidecar started), the app containers' images
    // are pulled and the containers started.
    case 'initStarted':
      initStarted(tx, pod, podKey, uid, (next) => beginPull(tx, next, podKey, uid, b, image));
      return;
    case 'initExited':
      initExited(tx, pod, podKey, uid, (next) => beginPull(tx, next, podKey, uid, b, image));
      return;
    case 'initPulled':
      initPulled(tx, pod, podKey, uid);
      return;
    case 'initBackoff':
      initBackoff(tx, pod, podKey, uid, (next) => beginPull(tx, next, podKey, uid, b, image));
      return;
    case 'pulled': {
      // Only failing pulls stop here: ErrImagePull now, ImagePullBackOff after the next sync.
      const message = pullFailedMessage(image);
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
    case 'started': {
      // generateContainerConfig: a ConfigMap or Secret the environment reads must exist first.
      const errors = configErrors(tx, pod);
      if (errors.length > 0) {
        createContainerConfigError(tx, pod, podKey, uid, errors, takePulledMs(tx, podKey));
        return;
      }
      startContainer(tx, pod, podKey, uid, b);
      return;
    }
    case 'exited':
      containerExited(tx, pod, podKey, uid, b);
      return;
    case 'definitionChanged':
      definitionChanged(tx, pod, podKey, uid);
      return;
    case 'deadline':
      activeDeadlineExceeded(tx, pod, podKey, uid);
      return;
    case 'deadlineKilled':
      deadlineKilled(tx, pod, podKey);
      return;
    case 'definitionRestart':
      // The probe workers keep running across the restart: the pull starts none.
      definitionRestart(tx, pod, podKey, uid, (next) => beginPull(tx, next, podKey, uid, b, image, false));
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

/**
 * beginPull is what syncPod does once the pod's volumes are mounted: the first container's image
 * pull (Pulling now; ErrImagePull, or the start after the pull and create, later), and the probe
 * workers.
 */
function beginPull(tx: Tx, pod: Pod, podKey: string, uid: string, b: ImageBehaviour, image: string, probes = true): void {
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
  if (probes) proberAccept(tx, pod, podKey);
}

/**
 * acceptWithInit is the accept step's status for a pod with init containers: every container,
 * init or app, waits as PodInitializing (the kubelet's default waiting state for such a pod);
 * Initialized is False until the last init container has exited 0. The init containers' statuses
 * go before the app containers', as PodStatus orders its fields. With its volumes mounted, the
 * first init container's image is pulled now (beginInit).
 */
function acceptWithInit(tx: Tx, pod: Pod, podKey: string, uid: string, hostIP: string, startTime: string, mountedNow: boolean): void {
  const initStatuses = acceptedInitStatuses(pod);
  const conditions = podConditions(pod, tx.nowIso, false, false, mountedNow, initStatuses);
  const statuses = containerStatuses(pod, (c) => containerStatus(c.name, POD_INITIALIZING, undefined, false, 0, c.image, '', undefined, false));
  setStatus(tx, pod, { ...pod.status, phase: 'Pending', conditions, hostIP, startTime, initContainerStatuses: initStatuses, containerStatuses: statuses }, podKey);
  if (mountedNow) beginInit(tx, tx.st.store.objects.Pod.get(podKey) as Pod, podKey, uid, 0);
}

/** The state waiting for the first start. */
const CREATING: ContainerState = Object.freeze({ waiting: Object.freeze({ reason: 'ContainerCreating' }) });
