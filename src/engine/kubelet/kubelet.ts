/**
 * The simulated kubelet: runs each bound pod through ContainerCreating (image pull and start),
 * Running, and Ready, with the image behaviours of the scenario (DESIGN.md §4): failing pulls
 * (ErrImagePull ⇄ ImagePullBackOff, back-off 10 s doubling to 5 min), crashing containers
 * (CrashLoopBackOff, same back-off), readiness that never passes; and removes a deleted pod once
 * its containers have stopped (`terminationSeconds`).
 */
import type { ContainerStatus, Node, Pod, PodCondition, PodStatus } from '../api/types.ts';
import { DEFAULT_IMAGE_BEHAVIOUR, type ImageBehaviour, type SecondsSpec } from '../config.ts';
import { nextFloat } from '../lib/prng.ts';
import { keysAre, objectKey } from '../apiserver/store.ts';
import type { KubeletStep } from '../sim/events.ts';
import type { KubeletPodState } from '../sim/state.ts';
import { note, recordEvent, remove, schedule, type Tx, writeStatusOf } from '../sim/tx.ts';
import { isNodeReady } from '../lib/scheduling.ts';

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

function findCondition(prev: PodCondition[] | undefined, type: PodCondition['type']): PodCondition | undefined {
  if (prev === undefined) return undefined;
  for (let i = 0; i < prev.length; i++) if ((prev[i] as PodCondition).type === type) return prev[i];
  return undefined;
}

function cond(type: PodCondition['type'], ok: boolean, now: string, prev: PodCondition[] | undefined, reason?: string, message?: string): PodCondition {
  const old = findCondition(prev, type);
  const status = ok ? 'True' : 'False';
  const lastTransitionTime = old && old.status === status && old.lastTransitionTime ? old.lastTransitionTime : now;
  const r = !ok && reason ? reason : undefined;
  const m = !ok && message ? message : undefined;
  // An unchanged condition keeps its object: pod versions live for seconds, so every object a
  // status write copies needlessly is copied again by each scavenge and promoted. The check
  // reads the old object in place, so a kept condition (4 of the 5 at each of 30,000 writes of
  // a 10,000-pod rollout) allocates nothing.
  if (old && sameFields(old, type, status, lastTransitionTime, r, m)) return old;
  const c: PodCondition = { type, status, lastProbeTime: null, lastTransitionTime };
  if (r !== undefined) c.reason = r;
  if (m !== undefined) c.message = m;
  return c;
}

/**
 * sameFields: `a` has exactly the keys cond would write, in its order (type, status,
 * lastProbeTime, lastTransitionTime, then reason and message when given), with these values.
 */
function sameFields(a: PodCondition, type: string, status: string, ltt: string, reason: string | undefined, message: string | undefined): boolean {
  const x = a as unknown as Record<string, unknown>;
  let i = 0;
  for (const k in x) {
    const v = x[k];
    let ok: boolean;
    switch (i) {
      case 0:
        ok = k === 'type' && v === type;
        break;
      case 1:
        ok = k === 'status' && v === status;
        break;
      case 2:
        ok = k === 'lastProbeTime' && v === null;
        break;
      case 3:
        ok = k === 'lastTransitionTime' && v === ltt;
        break;
      case 4:
        ok = reason !== undefined ? k === 'reason' && v === reason : message !== undefined && k === 'message' && v === message;
        break;
      case 5:
        ok = reason !== undefined && message !== undefined && k === 'message' && v === message;
        break;
      default:
        ok = false;
    }
    if (!ok) return false;
    i++;
  }
  return i === 4 + (reason !== undefined ? 1 : 0) + (message !== undefined ? 1 : 0);
}

/**
 * The ContainersNotReady message of a pod's containers. Pods of one ReplicaSet share one copy of
 * the template's containers (replicaset/replicaSet.ts), so 10,000 pods build the message once.
 */
const notReadyMessages = new WeakMap<readonly { name: string }[], string>();

function notReadyMessage(containers: readonly { name: string }[]): string {
  let msg = notReadyMessages.get(containers);
  if (msg === undefined) {
    msg = `containers with unready status: [${containers.map((c) => c.name).join(' ')}]`;
    notReadyMessages.set(containers, msg);
  }
  return msg;
}

/** podConditions builds the five kubelet conditions in the order the kubelet writes them. */
function podConditions(pod: Pod, now: string, _containersStarted: boolean, ready: boolean): PodCondition[] {
  const prev = pod.status?.conditions;
  const msg = notReadyMessage(pod.spec.containers);
  const c0 = cond('PodReadyToStartContainers', true, now, prev);
  // The sandbox exists once the kubelet accepted the pod, started containers or not.
  const c1 = cond('Initialized', true, now, prev);
  const c2 = cond('Ready', ready, now, prev, 'ContainersNotReady', msg);
  const c3 = cond('ContainersReady', ready, now, prev, 'ContainersNotReady', msg);
  const c4 = findCondition(prev, 'PodScheduled') ?? cond('PodScheduled', true, now, prev);
  if (prev?.length === 5 && prev[0] === c0 && prev[1] === c1 && prev[2] === c2 && prev[3] === c3 && prev[4] === c4) return prev;
  return [c0, c1, c2, c3, c4];
}

function containerStatuses(pod: Pod, f: (c: { name: string; image: string }, prev: ContainerStatus | undefined) => ContainerStatus): ContainerStatus[] {
  return pod.spec.containers.map((c) => f(c, pod.status?.containerStatuses?.find((s) => s.name === c.name)));
}

/** The status keys after binding (bindPod), and after the accept step. */
const BOUND_STATUS: readonly string[] = ['phase', 'conditions'];
const ACCEPTED_STATUS: readonly string[] = ['phase', 'conditions', 'hostIP', 'startTime', 'containerStatuses'];

/** setStatus writes the pod's status (without a copy of the pod to carry it: 30,000 writes a rollout). */
function setStatus(tx: Tx, pod: Pod, status: PodStatus, key: string): void {
  writeStatusOf(tx, pod, status, key);
}

function podIP(pod: Pod): string {
  // A stable fake address from the pod's uid: 10.244.x.y.
  // Each code point adds its first UTF-16 unit (a surrogate pair adds its high half only).
  const s = pod.metadata.uid ?? pod.metadata.name;
  let h = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h = (h * 31 + c) >>> 0;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return `10.244.${(h >>> 8) & 0xff}.${h & 0xff || 1}`;
}

/** kubeletOnPodWatched reacts to a pod the kubelet's watch delivered (bound or being deleted); key is objectKey(pod). */
export function kubeletOnPodWatched(tx: Tx, pod: Pod, old: Pod | undefined, key = objectKey(pod)): void {
  const uid = pod.metadata.uid ?? '';
  if (!pod.spec.nodeName) return;
  if (pod.metadata.deletionTimestamp && !old?.metadata.deletionTimestamp) {
    const ms = Math.round(tx.st.config.terminationSeconds * 1000);
    const node = tx.st.cache.objects.Node.get(pod.spec.nodeName) as Node | undefined;
    if (node && !isNodeReady(node)) return; // an unreachable kubelet cannot confirm termination
    schedule(tx, tx.now + ms, { type: 'kubelet', podKey: key, uid, step: 'terminated' });
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
function kubeletState(tx: Tx, podKey: string): KubeletPodState {
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
  tx.actor = `kubelet/${nodeName}`;
  if (step === 'terminated') {
    remove(tx, 'Pod', podKey);
    tx.st.kubelet.delete(podKey);
    note(tx, 'podRemoved', { pod: pod.metadata.name });
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
      const statuses = containerStatuses(pod, (c) => ({
        name: c.name,
        image: c.image,
        ready: false,
        started: false,
        restartCount: 0,
        state: { waiting: { reason: 'ContainerCreating' } },
      }));
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
      recordEvent(tx, pod, 'Normal', 'Pulling', `Pulling image "${image}"`, 'kubelet');
      if (b.pull === 'fail') schedule(tx, tx.now + drawMs(tx, b.pullSeconds), { type: 'kubelet', podKey, uid, step: 'pulled' });
      else schedule(tx, tx.now + drawMs(tx, b.pullSeconds) + drawMs(tx, b.startSeconds), { type: 'kubelet', podKey, uid, step: 'started' });
      note(tx, 'containerCreating', { pod: pod.metadata.name });
      return;
    }
    case 'pulled': {
      // Only failing pulls stop here: ErrImagePull now, ImagePullBackOff after the next sync.
      const message = `failed to pull and unpack image "docker.io/library/${image}": not found`;
      setStatus(tx, pod, {
        ...pod.status,
        containerStatuses: containerStatuses(pod, (c, prev) => ({
          name: c.name,
          image: c.image,
          ready: false,
          started: false,
          restartCount: prev?.restartCount ?? 0,
          state: { waiting: { reason: 'ErrImagePull', message } },
        })),
      }, podKey);
      recordEvent(tx, pod, 'Warning', 'Failed', `Failed to pull image "${image}": ${message}`, 'kubelet');
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
          containerStatuses: containerStatuses(pod, (c, prev) => ({
            name: c.name,
            image: c.image,
            ready: false,
            started: false,
            restartCount: prev?.restartCount ?? 0,
            state: { waiting: { reason: 'ImagePullBackOff', message: `Back-off pulling image "${image}"` } },
          })),
        }, podKey);
        recordEvent(tx, pod, 'Normal', 'BackOff', `Back-off pulling image "${image}"`, 'kubelet');
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
      const startedAt = tx.nowIso;
      const conditions = podConditions(pod, tx.nowIso, true, false);
      const ip = podIP(pod);
      const statuses = containerStatuses(pod, (c, prev) => {
        const s: ContainerStatus = {
          name: c.name,
          image: c.image,
          ready: false,
          started: true,
          restartCount: prev?.restartCount ?? 0,
          state: { running: { startedAt } },
        };
        if (prev?.lastState) s.lastState = prev.lastState;
        return s;
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
      if (b.crash) schedule(tx, tx.now + 1000, { type: 'kubelet', podKey, uid, step: 'crash' });
      else if (b.ready === 'ok') schedule(tx, tx.now + drawMs(tx, b.readySeconds), { type: 'kubelet', podKey, uid, step: 'ready' });
      note(tx, b.ready === 'never' ? 'runningNeverReady' : 'running', { pod: pod.metadata.name });
      return;
    }
    case 'ready': {
      setStatus(tx, pod, {
        ...pod.status,
        conditions: podConditions(pod, tx.nowIso, true, true),
        containerStatuses: containerStatuses(pod, (_c, prev) => ({ ...(prev as ContainerStatus), ready: true })),
      }, podKey);
      note(tx, 'ready', { pod: pod.metadata.name });
      return;
    }
    case 'crash': {
      const ks = kubeletState(tx, podKey);
      const message = `back-off ${ks.crashBackoffMs / 1000}s restarting failed container=${pod.spec.containers[0]?.name ?? ''} pod=${pod.metadata.name}_${pod.metadata.namespace ?? 'default'}(${uid})`;
      setStatus(tx, pod, {
        ...pod.status,
        conditions: podConditions(pod, tx.nowIso, true, false),
        containerStatuses: containerStatuses(pod, (c, prev) => ({
          name: c.name,
          image: c.image,
          ready: false,
          started: false,
          restartCount: (prev?.restartCount ?? 0) + 1,
          state: { waiting: { reason: 'CrashLoopBackOff', message } },
          lastState: { terminated: { exitCode: 1, reason: 'Error', startedAt: prev?.state.running?.startedAt ?? tx.nowIso, finishedAt: tx.nowIso } },
        })),
      }, podKey);
      recordEvent(tx, pod, 'Warning', 'BackOff', 'Back-off restarting failed container', 'kubelet');
      schedule(tx, tx.now + ks.crashBackoffMs, { type: 'kubelet', podKey, uid, step: 'backoffRetry' });
      tx.st.kubelet.set(podKey, { ...ks, crashBackoffMs: Math.min(ks.crashBackoffMs * 2, BACKOFF_MAX_MS) });
      note(tx, 'crashLoopBackOff', { pod: pod.metadata.name, seconds: ks.crashBackoffMs / 1000 });
      return;
    }
  }
}
