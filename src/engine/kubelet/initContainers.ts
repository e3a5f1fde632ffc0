// Port (in part) of kubernetes pkg/kubelet/kuberuntime/kuberuntime_manager.go computePodActions'
// init container branch and pkg/kubelet/status/generate.go GeneratePodInitializedCondition (v1.36).
/**
 * A pod's init containers on the simulated kubelet. syncPod runs them one at a time in the spec's
 * order, each to completion, before any app container: its image is pulled (the scenario's
 * `pullSeconds`, `startSeconds`), it runs `runSeconds` (1 s when absent) and exits 0, then the next
 * one starts. Only when the last has exited 0 does the pod count as Initialized, and the kubelet
 * pulls and starts the app containers (kubelet.ts beginPull). Until then:
 * - every container without a runtime status waits with reason PodInitializing (the kubelet's
 *   default waiting state for a pod that has init containers, where others say ContainerCreating),
 *   so `kubectl get pods` prints `Init:0/2`, `Init:1/2`, then `PodInitializing`;
 * - Initialized is False, ContainersNotInitialized, `containers with incomplete status: [a b]`.
 *
 * An image that crashes exits 1 a second after its start and is started again after the restart
 * back-off (restartPolicy Always: 10 s doubling to 5 min; `Init:CrashLoopBackOff`); a pull that
 * fails waits as ErrImagePull, then ImagePullBackOff, on the same back-offs as an app container.
 *
 * An init container with `restartPolicy: Always` is a sidecar: it starts in its turn and keeps
 * running; the next init container (or the app containers) starts as soon as it has started, and
 * it counts in READY as `kubectl get pods` prints it (2/2 for a sidecar and one container).
 *
 * A deleted pod's sidecars stop after its app containers, the last in the spec first
 * (terminationOrder.ts, killPod.ts). Not modelled: a sidecar's probes (it is Ready at its start)
 * and its exit outside a pod's deletion.
 */
import { podFinished, shouldContainerBeRestarted } from './restartPolicy.ts';
import { decide } from '../api/decision.ts';
import type { Container, ContainerState, ContainerStatus, Pod } from '../api/types.ts';
import type { ImageBehaviour } from '../config.ts';
import { note, recordEvent, schedule, type Tx } from '../client/tx.ts';
import { stringMemo } from '../lib/stringMemo.ts';
import { crashBackOffMessage, crashLoopMessage, presentMessage, pulledMessage, pullFailedMessage } from './containerEvents.ts';
import { BACKOFF_INITIAL_MS, BACKOFF_MAX_MS, drawMs, imageBehaviour, kubeletState } from './kubeletState.ts';
import { containerID, imageID, imageRef } from './runtime.ts';
import { containerStatus, isRestartableInitContainer, podConditions, setStatus } from './status.ts';

/** The field path of an init container's Events: `spec.initContainers{migrate}` (GenerateContainerRef). */
export const initFieldPath = stringMemo((container) => `spec.initContainers{${container}}`, 1024);

/** PodInitializing: the waiting state of every container without a runtime status in a pod with init containers. */
export const POD_INITIALIZING: ContainerState = Object.freeze({ waiting: Object.freeze({ reason: 'PodInitializing' }) });

/** hasInitContainers: the pod's spec lists init containers. */
export function hasInitContainers(pod: Pod): boolean {
  const init = pod.spec.initContainers;
  return init !== undefined && init.length > 0;
}

/** initStatusOf is the status of the pod's init container `name`, or undefined before the kubelet wrote one. */
function initStatusOf(pod: Pod, name: string): ContainerStatus | undefined {
  return pod.status?.initContainerStatuses?.find((s) => s.name === name);
}

/** withInitStatus is the pod's init statuses with the one of `name` replaced. */
function withInitStatus(pod: Pod, name: string, next: ContainerStatus): ContainerStatus[] {
  return (pod.status?.initContainerStatuses ?? []).map((s) => (s.name === name ? next : s));
}

/** writeInit writes the pod's init statuses (Pending, Initialized recomputed from them). */
function writeInit(tx: Tx, pod: Pod, podKey: string, initStatuses: ContainerStatus[]): void {
  const conditions = podConditions(pod, tx.nowIso, false, false, true, initStatuses);
  setStatus(tx, pod, { ...pod.status, conditions, initContainerStatuses: initStatuses }, podKey);
}

/** acceptedInitStatuses: at the kubelet's first sync every init container waits, PodInitializing. */
export function acceptedInitStatuses(pod: Pod): ContainerStatus[] {
  return (pod.spec.initContainers ?? []).map((c) => containerStatus(c.name, POD_INITIALIZING, undefined, false, 0, c.image, '', undefined, false));
}

/** The init container the kubelet is on (index into spec.initContainers). */
function current(tx: Tx, pod: Pod, podKey: string): { c: Container; i: number; b: ImageBehaviour } | null {
  const i = tx.st.kubelet.get(podKey)?.initIndex ?? 0;
  const c = pod.spec.initContainers?.[i];
  if (c === undefined) return null;
  return { c, i, b: imageBehaviour(tx, c.image) };
}

/**
 * beginInit pulls init container `i`: Pulling now; the start (`initStarted`) after the pull and
 * the create, or ErrImagePull (`initPulled`) when the image cannot be pulled.
 */
export function beginInit(tx: Tx, pod: Pod, podKey: string, uid: string, i: number): void {
  const c = pod.spec.initContainers?.[i];
  if (c === undefined) return;
  const b = imageBehaviour(tx, c.image);
  const ks = kubeletState(tx, podKey);
  recordEvent(tx, pod, 'Normal', 'Pulling', `Pulling image ${JSON.stringify(c.image)}`, 'kubelet', 'clock', initFieldPath(c.name));
  if (b.pull === 'fail') {
    tx.st.kubelet.set(podKey, { ...ks, initIndex: i });
    schedule(tx, tx.now + drawMs(tx, b.pullSeconds), { type: 'kubelet', podKey, uid, step: 'initPulled' });
    return;
  }
  const pulledMs = drawMs(tx, b.pullSeconds);
  tx.st.kubelet.set(podKey, { ...ks, initIndex: i, initPulledMs: pulledMs });
  schedule(tx, tx.now + pulledMs + drawMs(tx, b.startSeconds), { type: 'kubelet', podKey, uid, step: 'initStarted' });
  decide(tx.decisions, 'computePodActions', 'initNext', { pod: pod.metadata.name, container: c.name, index: i + 1, total: pod.spec.initContainers?.length ?? 0 });
}

/**
 * initStarted: init container runs (Pulled, Created, Started); it exits after runSeconds, or 1 s
 * when it crashes. A sidecar keeps running, and what comes after it starts now (`done` after the last).
 */
export function initStarted(tx: Tx, pod: Pod, podKey: string, uid: string, done: (pod: Pod) => void): void {
  const at = current(tx, pod, podKey);
  if (at === null) return;
  const { c, b } = at;
  const ks = kubeletState(tx, podKey);
  const prev = initStatusOf(pod, c.name);
  const restartCount = prev?.restartCount ?? 0;
  const path = initFieldPath(c.name);
  const pulled = ks.initPulledMs === undefined ? presentMessage(c.image) : pulledMessage(c.image, ks.initPulledMs);
  const { initPulledMs: _taken, ...rest } = ks;
  tx.st.kubelet.set(podKey, rest);
  recordEvent(tx, pod, 'Normal', 'Pulled', pulled, 'kubelet', 'clock', path);
  recordEvent(tx, pod, 'Normal', 'Created', 'Container created', 'kubelet', 'clock', path);
  recordEvent(tx, pod, 'Normal', 'Started', 'Container started', 'kubelet', 'clock', path);
  const sidecar = isRestartableInitContainer(c);
  // A sidecar without probes is ready once it runs (prober_manager: no readiness worker → ready).
  const status = containerStatus(c.name, { running: { startedAt: tx.nowIso } }, prev?.lastState, sidecar && !b.crash, restartCount, imageRef(c.image), imageID(c.image), containerID(uid, c.name, restartCount), true);
  writeInit(tx, pod, podKey, withInitStatus(pod, c.name, status));
  note(tx, 'initStarted', { pod: pod.metadata.name, container: c.name });
  if (sidecar && !b.crash) {
    // It keeps running: the next init container, or the app containers, start now.
    nextAfter(tx, tx.st.store.objects.Pod.get(podKey) as Pod, podKey, uid, at.i, done);
    return;
  }
  const runMs = b.crash ? 1000 : drawMs(tx, b.runSeconds ?? 1);
  schedule(tx, tx.now + runMs, { type: 'kubelet', podKey, uid, step: 'initExited' });
}

/**
 * nextAfter: init container `i` is done (exited 0, or a sidecar started). The next one is pulled,
 * or, after the last, the pod is Initialized and its app containers come next (`done`).
 */
function nextAfter(tx: Tx, pod: Pod, podKey: string, uid: string, i: number, done: (pod: Pod) => void): void {
  const total = pod.spec.initContainers?.length ?? 0;
  if (i + 1 < total) {
    // The next init container starts on fresh back-offs: each container has its own.
    tx.st.kubelet.set(podKey, { pullBackoffMs: BACKOFF_INITIAL_MS, crashBackoffMs: BACKOFF_INITIAL_MS, initIndex: i + 1 });
    beginInit(tx, pod, podKey, uid, i + 1);
    return;
  }
  tx.st.kubelet.delete(podKey);
  decide(tx.decisions, 'computePodActions', 'initDone', { pod: pod.metadata.name, total });
  note(tx, 'initialized', { pod: pod.metadata.name, total });
  done(pod);
}

/**
 * initExited: init container exits. Exit 0: Completed, and the next one is pulled, or the pod is
 * Initialized and its app containers come next (`done`). Exit 1 (a crashing image):
 * CrashLoopBackOff, started again after the restart back-off.
 */
export function initExited(tx: Tx, pod: Pod, podKey: string, uid: string, done: (pod: Pod) => void): void {
  const at = current(tx, pod, podKey);
  if (at === null) return;
  const { c, i, b } = at;
  const prev = initStatusOf(pod, c.name);
  const startedAt = prev?.state.running?.startedAt ?? tx.nowIso;
  const id = prev?.containerID;
  const image = prev?.image ?? c.image;
  const digest = prev?.imageID ?? '';
  const restarts = prev?.restartCount ?? 0;
  // An init container that fails is not run again under restartPolicy Never: the pod is finished
  // (Failed, Init:Error). A sidecar restarts whatever the pod's policy.
  if (b.crash && !isRestartableInitContainer(c) && !shouldContainerBeRestarted(pod, 1)) {
    podFinished(tx, pod, podKey, uid, c.name, 1);
    return;
  }
  if (b.crash) {
    const ks = kubeletState(tx, podKey);
    const exited: ContainerState = { terminated: { exitCode: 1, reason: 'Error', startedAt, finishedAt: tx.nowIso, ...(id ? { containerID: id } : {}) } };
    const message = crashLoopMessage(ks.crashBackoffMs, c.name, pod, uid);
    const status = containerStatus(c.name, { waiting: { reason: 'CrashLoopBackOff', message } }, exited, false, restarts + 1, image, digest, id, false);
    writeInit(tx, pod, podKey, withInitStatus(pod, c.name, status));
    recordEvent(tx, pod, 'Warning', 'BackOff', crashBackOffMessage(pod, c.name), 'kubelet', 'prng', initFieldPath(c.name));
    schedule(tx, tx.now + ks.crashBackoffMs, { type: 'kubelet', podKey, uid, step: 'initBackoff' });
    tx.st.kubelet.set(podKey, { ...ks, crashBackoffMs: Math.min(ks.crashBackoffMs * 2, BACKOFF_MAX_MS) });
    decide(tx.decisions, 'computePodActions', 'initFailed', { pod: pod.metadata.name, container: c.name, seconds: ks.crashBackoffMs / 1000 });
    note(tx, 'initCrashLoopBackOff', { pod: pod.metadata.name, container: c.name, seconds: ks.crashBackoffMs / 1000 });
    return;
  }
  const completed: ContainerState = { terminated: { exitCode: 0, reason: 'Completed', startedAt, finishedAt: tx.nowIso, ...(id ? { containerID: id } : {}) } };
  const status = containerStatus(c.name, completed, prev?.lastState, true, restarts, image, digest, id, false);
  writeInit(tx, pod, podKey, withInitStatus(pod, c.name, status));
  nextAfter(tx, tx.st.store.objects.Pod.get(podKey) as Pod, podKey, uid, i, done);
}

/**
 * initPulled: the init container's image could not be pulled (ErrImagePull, Failed Events); the
 * next sync a second later shows ImagePullBackOff (`initBackoff`).
 */
export function initPulled(tx: Tx, pod: Pod, podKey: string, uid: string): void {
  const at = current(tx, pod, podKey);
  if (at === null) return;
  const { c } = at;
  const prev = initStatusOf(pod, c.name);
  const message = pullFailedMessage(c.image);
  if (prev?.state.waiting?.reason === 'ImagePullBackOff') recordEvent(tx, pod, 'Normal', 'Pulling', `Pulling image ${JSON.stringify(c.image)}`, 'kubelet', 'clock', initFieldPath(c.name));
  const status = containerStatus(c.name, { waiting: { reason: 'ErrImagePull', message } }, prev?.lastState, false, prev?.restartCount ?? 0, c.image, '', undefined, false);
  writeInit(tx, pod, podKey, withInitStatus(pod, c.name, status));
  recordEvent(tx, pod, 'Warning', 'Failed', `Failed to pull image "${c.image}": ${message}`, 'kubelet', 'prng', initFieldPath(c.name));
  recordEvent(tx, pod, 'Warning', 'Failed', 'Error: ErrImagePull', 'kubelet', 'clock', initFieldPath(c.name));
  schedule(tx, tx.now + 1000, { type: 'kubelet', podKey, uid, step: 'initBackoff' });
  note(tx, 'errImagePull', { pod: pod.metadata.name });
}

/** initBackoff: after ErrImagePull, ImagePullBackOff until the next pull; after a crash, the start again. */
export function initBackoff(tx: Tx, pod: Pod, podKey: string, uid: string, done: (pod: Pod) => void): void {
  const at = current(tx, pod, podKey);
  if (at === null) return;
  const { c } = at;
  const prev = initStatusOf(pod, c.name);
  if (prev?.state.waiting?.reason !== 'ErrImagePull') {
    initStarted(tx, pod, podKey, uid, done);
    return;
  }
  const ks = kubeletState(tx, podKey);
  const waiting = { waiting: { reason: 'ImagePullBackOff', message: `Back-off pulling image "${c.image}"` } };
  writeInit(tx, pod, podKey, withInitStatus(pod, c.name, containerStatus(c.name, waiting, prev.lastState, false, prev.restartCount, c.image, '', undefined, false)));
  recordEvent(tx, pod, 'Normal', 'BackOff', `Back-off pulling image "${c.image}"`, 'kubelet', 'prng', initFieldPath(c.name));
  recordEvent(tx, pod, 'Warning', 'Failed', 'Error: ImagePullBackOff', 'kubelet', 'clock', initFieldPath(c.name));
  schedule(tx, tx.now + ks.pullBackoffMs, { type: 'kubelet', podKey, uid, step: 'initPulled' });
  tx.st.kubelet.set(podKey, { ...ks, pullBackoffMs: Math.min(ks.pullBackoffMs * 2, BACKOFF_MAX_MS) });
  note(tx, 'imagePullBackOff', { pod: pod.metadata.name, seconds: ks.pullBackoffMs / 1000 });
}
