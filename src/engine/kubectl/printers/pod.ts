// Port of kubernetes pkg/printers/internalversion/printers.go printPod (v1.36): READY, STATUS, RESTARTS.
import type { Pod, PodCondition } from '../../api/types.ts';
import { formatAge, humanDuration } from '../../lib/duration.ts';
import { parseRFC3339 } from '../../lib/time.ts';
import { isRestartableInitContainer } from '../../kubelet/status.ts';

/** The pod reason the node lifecycle controller sets when a node stops reporting (node.NodeUnreachablePodReason). */
export const NodeUnreachablePodReason = 'NodeLost';

/** The sidecars of a pod without init containers (most pods): one shared empty set. */
const NO_SIDECARS: ReadonlySet<string> = new Set();

/** The columns printPod computes for one pod. */
export interface PodColumns {
  ready: string;
  status: string;
  restarts: string;
}

function hasPodReadyCondition(conditions: readonly PodCondition[] | undefined): boolean {
  return (conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
}

/**
 * podColumns computes READY, STATUS and RESTARTS exactly as printPod does:
 * - STATUS starts from status.reason or the phase, then each container (last to first) may
 *   override it with its waiting reason (ContainerCreating, ErrImagePull, ImagePullBackOff,
 *   CrashLoopBackOff), its terminated reason (Completed, Error) or `ExitCode:N` / `Signal:N`;
 *   "Completed" turns back into Running (or NotReady) while another container still runs;
 *   a pod being deleted reads Terminating (Unknown when its node was lost) unless it already
 *   finished (phase Succeeded/Failed).
 * - READY counts containers that are ready and running: `1/1`.
 * - RESTARTS sums restartCount; after a restart it adds the age of the latest termination,
 *   e.g. `2 (35s ago)`.
 * - Init containers come first: the first that has not exited 0 names the STATUS,
 *   `Init:<waiting or terminated reason>` (Init:CrashLoopBackOff, Init:Error), `Init:ExitCode:N`,
 *   else `Init:i/n` (i of them done); the app containers count only once the pod is initialized.
 *   A sidecar (restartPolicy Always) that has started is passed over, and counts in READY (`2/2`).
 */
export function podColumns(pod: Pod, nowMs: number): PodColumns {
  const phase = pod.status?.phase;
  let reason: string = phase ?? '';
  if (pod.status?.reason) reason = pod.status.reason;
  for (const c of pod.status?.conditions ?? []) {
    if (c.type === 'PodScheduled' && c.reason === 'SchedulingGated') reason = 'SchedulingGated';
  }
  // Sidecars (init containers with restartPolicy Always) count among the containers.
  const initSpec = pod.spec.initContainers;
  const sidecars = initSpec === undefined ? NO_SIDECARS : new Set(initSpec.filter(isRestartableInitContainer).map((c) => c.name));
  const total = pod.spec.containers.length + sidecars.size;
  let ready = 0;
  let restarts = 0;
  let lastRestartMs = Number.NaN;
  let sidecarRestarts = 0;
  let lastSidecarRestartMs = Number.NaN;
  let hasRunning = false;
  let initializing = false;
  const init = pod.status?.initContainerStatuses ?? [];
  for (let i = 0; i < init.length; i++) {
    const cs = init[i];
    if (!cs) continue;
    restarts += cs.restartCount;
    const finished = parseRFC3339(cs.lastState?.terminated?.finishedAt);
    if (!Number.isNaN(finished) && (Number.isNaN(lastRestartMs) || finished > lastRestartMs)) lastRestartMs = finished;
    const sidecar = sidecars.has(cs.name);
    if (sidecar) {
      sidecarRestarts += cs.restartCount;
      if (!Number.isNaN(finished) && (Number.isNaN(lastSidecarRestartMs) || finished > lastSidecarRestartMs)) lastSidecarRestartMs = finished;
    }
    const term = cs.state.terminated;
    const waiting = cs.state.waiting?.reason;
    if (term && term.exitCode === 0) continue;
    if (sidecar && cs.started === true) {
      if (cs.ready) ready++;
      continue;
    }
    if (term) reason = term.reason ? `Init:${term.reason}` : term.signal ? `Init:Signal:${term.signal}` : `Init:ExitCode:${term.exitCode}`;
    else if (waiting && waiting !== 'PodInitializing') reason = `Init:${waiting}`;
    else reason = `Init:${i}/${pod.spec.initContainers?.length ?? 0}`;
    initializing = true;
    break;
  }
  const initialized = pod.status?.conditions?.find((c) => c.type === 'Initialized')?.status === 'True';
  // A pod past its init containers counts its sidecars' and app containers' restarts only.
  const statuses = !initializing || initialized ? (pod.status?.containerStatuses ?? []) : [];
  if (!initializing || initialized) {
    restarts = sidecarRestarts;
    lastRestartMs = lastSidecarRestartMs;
  }
  for (let i = statuses.length - 1; i >= 0; i--) {
    const cs = statuses[i];
    if (!cs) continue;
    restarts += cs.restartCount;
    const finished = parseRFC3339(cs.lastState?.terminated?.finishedAt);
    if (!Number.isNaN(finished) && (Number.isNaN(lastRestartMs) || finished > lastRestartMs)) lastRestartMs = finished;
    const term = cs.state.terminated;
    if (cs.state.waiting?.reason) {
      reason = cs.state.waiting.reason;
    } else if (term?.reason) {
      reason = term.reason;
    } else if (term) {
      reason = term.signal ? `Signal:${term.signal}` : `ExitCode:${term.exitCode}`;
    } else if (cs.ready && cs.state.running) {
      hasRunning = true;
      ready++;
    }
  }
  if (reason === 'Completed' && hasRunning) {
    reason = hasPodReadyCondition(pod.status?.conditions) ? 'Running' : 'NotReady';
  }
  if (pod.metadata.deletionTimestamp && pod.status?.reason === NodeUnreachablePodReason) {
    reason = 'Unknown';
  } else if (pod.metadata.deletionTimestamp && phase !== 'Succeeded' && phase !== 'Failed') {
    reason = 'Terminating';
  }
  let restartsStr = String(restarts);
  if (restarts !== 0 && !Number.isNaN(lastRestartMs)) {
    restartsStr = `${restarts} (${humanDuration(nowMs - lastRestartMs)} ago)`;
  }
  return { ready: `${ready}/${total}`, status: reason, restarts: restartsStr };
}

/** podRow is printPod's row: NAME READY STATUS RESTARTS AGE [IP NODE NOMINATED NODE READINESS GATES]. */
export function podRow(pod: Pod, nowMs: number, wide: boolean): string[] {
  const c = podColumns(pod, nowMs);
  const row = [pod.metadata.name, c.ready, c.status, c.restarts, formatAge(nowMs, pod.metadata.creationTimestamp)];
  if (wide) {
    // printPod reads podIPs[0]; the simulator may only set podIP, which the API server mirrors.
    const ip = pod.status?.podIPs?.[0]?.ip || pod.status?.podIP || '<none>';
    row.push(ip, pod.spec.nodeName || '<none>', pod.status?.nominatedNodeName || '<none>', '<none>');
  }
  return row;
}
