/**
 * The pod status the simulated kubelet writes (kubelet_pods.go generateAPIPodStatus, in part):
 * the five pod conditions in the kubelet's order, the container statuses, the pod IP. Shared by
 * the kubelet's steps (kubelet.ts) and the prober's results (prober/).
 */
import type { Container, ContainerState, ContainerStatus, Pod, PodCondition, PodStatus } from '../api/types.ts';
import type { Tx } from '../client/tx.ts';
import { writeStatusOf } from '../client/tx.ts';

/** findCondition is the pod condition of a type, or undefined. */
export function findCondition(prev: PodCondition[] | undefined, type: PodCondition['type']): PodCondition | undefined {
  if (prev === undefined) return undefined;
  for (let i = 0; i < prev.length; i++) if ((prev[i] as PodCondition).type === type) return prev[i];
  return undefined;
}

/** cond builds a pod condition, keeping lastTransitionTime (and the object itself) while the status holds. */
export function cond(type: PodCondition['type'], ok: boolean, now: string, prev: PodCondition[] | undefined, reason?: string, message?: string): PodCondition {
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
  // Literals with every key at once: a condition that gains reason and message afterwards keeps
  // them in a separate property array (~50 bytes more, for each of 10,000 pods' Pending versions).
  if (r !== undefined && m !== undefined) return { type, status, lastProbeTime: null, lastTransitionTime, reason: r, message: m };
  if (r !== undefined) return { type, status, lastProbeTime: null, lastTransitionTime, reason: r };
  if (m !== undefined) return { type, status, lastProbeTime: null, lastTransitionTime, message: m };
  return { type, status, lastProbeTime: null, lastTransitionTime };
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

/** isRestartableInitContainer: a sidecar (`restartPolicy: Always`). */
export function isRestartableInitContainer(c: Container | undefined): boolean {
  return c?.restartPolicy === 'Always';
}

/**
 * incompleteInit names the init containers that have not exited 0, in the spec's order
 * (GeneratePodInitializedCondition's incompleteContainers; every init container has a status here,
 * so none is unknown).
 */
export function incompleteInit(pod: Pod, statuses: readonly ContainerStatus[] | undefined): string[] {
  const out: string[] = [];
  for (const c of pod.spec.initContainers ?? []) {
    const s = statuses?.find((x) => x.name === c.name);
    // A sidecar is done initializing once it has started; the others once they exited 0.
    if (isRestartableInitContainer(c)) {
      if (s?.started !== true) out.push(c.name);
      continue;
    }
    const t = s?.state.terminated;
    if (t === undefined || t.exitCode !== 0) out.push(c.name);
  }
  return out;
}

/**
 * initializedCondition is the Initialized condition: True once every init container exited 0 or a
 * regular container has started (a pod initialized before stays so), else False with the names
 * Go prints for a []string: `containers with incomplete status: [migrate seed]`.
 */
export function initializedCondition(pod: Pod, now: string, prev: PodCondition[] | undefined, initStatuses: readonly ContainerStatus[] | undefined): PodCondition {
  const incomplete = incompleteInit(pod, initStatuses);
  const anyStarted = pod.status?.containerStatuses?.some((s) => s.state.running !== undefined || s.state.terminated !== undefined) ?? false;
  if (incomplete.length === 0 || anyStarted) return cond('Initialized', true, now, prev);
  return cond('Initialized', false, now, prev, 'ContainersNotInitialized', `containers with incomplete status: [${incomplete.join(' ')}]`);
}

/**
 * podConditions builds the five kubelet conditions in the order the kubelet writes them.
 * PodReadyToStartContainers says whether the pod's sandbox exists: from the kubelet's first sync
 * on (its creation is not a step of its own here), but not while syncPod waits for volumes to
 * mount, before it creates the sandbox (volumeMounts.ts: `sandbox` false). Initialized is True
 * but for a pod whose init containers are not done: read from `initStatuses`, the pod's own unless
 * a step is writing new ones (initContainers.ts).
 */
export function podConditions(
  pod: Pod,
  now: string,
  _containersStarted: boolean,
  ready: boolean,
  sandbox = true,
  initStatuses: readonly ContainerStatus[] | undefined = pod.status?.initContainerStatuses,
): PodCondition[] {
  const prev = pod.status?.conditions;
  const msg = notReadyMessage(pod.spec.containers);
  const c0 = cond('PodReadyToStartContainers', sandbox, now, prev);
  const c1 = pod.spec.initContainers === undefined || pod.spec.initContainers.length === 0 ? cond('Initialized', true, now, prev) : initializedCondition(pod, now, prev, initStatuses);
  const c2 = cond('Ready', ready, now, prev, 'ContainersNotReady', msg);
  const c3 = cond('ContainersReady', ready, now, prev, 'ContainersNotReady', msg);
  const c4 = findCondition(prev, 'PodScheduled') ?? cond('PodScheduled', true, now, prev);
  if (prev?.length === 5 && prev[0] === c0 && prev[1] === c1 && prev[2] === c2 && prev[3] === c3 && prev[4] === c4) return prev;
  return [c0, c1, c2, c3, c4];
}

/** containerStatuses maps each container of the spec, with its previous status, to its new status. */
export function containerStatuses(pod: Pod, f: (c: { name: string; image: string }, prev: ContainerStatus | undefined) => ContainerStatus): ContainerStatus[] {
  // One container (nearly every pod) is one literal, without map and find's two closures: every
  // kubelet step of every pod comes here (30,000 in a 10,000-replica rollout). A literal, not
  // new Array(1): that array would stay holey, unlike the lists map makes for the others.
  const containers = pod.spec.containers;
  const prev = pod.status?.containerStatuses;
  const only = containers.length === 1 ? containers[0] : undefined;
  if (only !== undefined) return [f(only, prev === undefined ? undefined : statusNamed(prev, only.name))];
  return containers.map((c) => f(c, prev === undefined ? undefined : statusNamed(prev, c.name)));
}

/** statusNamed is the container status with this name, or undefined (the first, as find gives). */
function statusNamed(statuses: readonly ContainerStatus[], name: string): ContainerStatus | undefined {
  for (let i = 0; i < statuses.length; i++) if ((statuses[i] as ContainerStatus).name === name) return statuses[i];
  return undefined;
}

/**
 * NO_STATE is `lastState: {}`: the API server writes a container's lastState even when it never
 * ended (a Go struct, not a pointer), and every such status shares this one frozen object.
 */
export const NO_STATE: ContainerState = Object.freeze({});

/**
 * containerStatus builds a status with the API's keys in its field order (name, state, lastState,
 * ready, restartCount, image, imageID, containerID, started), as `-o json` prints them.
 */
export function containerStatus(
  name: string,
  state: ContainerState,
  lastState: ContainerState | undefined,
  ready: boolean,
  restartCount: number,
  image: string,
  imageID: string,
  containerID: string | undefined,
  started: boolean,
): ContainerStatus {
  const last = lastState ?? NO_STATE;
  if (containerID === undefined) return { name, state, lastState: last, ready, restartCount, image, imageID, started };
  return { name, state, lastState: last, ready, restartCount, image, imageID, containerID, started };
}

/** The status keys after binding (bindPod), and after the accept step. */
export const BOUND_STATUS: readonly string[] = ['phase', 'conditions'];
export const ACCEPTED_STATUS: readonly string[] = ['phase', 'conditions', 'hostIP', 'startTime', 'containerStatuses'];

/** setStatus writes the pod's status (without a copy of the pod to carry it: 30,000 writes a rollout). */
export function setStatus(tx: Tx, pod: Pod, status: PodStatus, key: string): void {
  writeStatusOf(tx, pod, status, key);
}

/** podIP is the pod's stable fake address, 10.244.x.y from its uid. */
export function podIP(pod: Pod): string {
  // Each code point adds its first UTF-16 unit (a surrogate pair adds its high half only).
  const s = pod.metadata.uid ?? pod.metadata.name;
  let h = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // h·31 + c mod 2^32 as an int32: the low 32 bits of `(h * 31 + c) >>> 0`, but a small integer
    // at every step, where a uint32 past 2^31 is a new heap number each step until the loop is
    // optimized. The first 400 calls of a fresh process: 2.0–2.4 ms against 5.3–7.2; the
    // 100-replica Parallel StatefulSet row spent 12 ms here in its first run.
    h = (Math.imul(h, 31) + c) | 0;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return `10.244.${(h >>> 8) & 0xff}.${h & 0xff || 1}`;
}

