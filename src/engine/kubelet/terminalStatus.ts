// Port (in part) of kubernetes pkg/kubelet/kubelet.go SyncTerminatingPod's last status,
// kubelet_pods.go getPhase (podIsTerminal) and pkg/kubelet/status/status_manager.go TerminatePod (v1.36).
/**
 * The status a deleted pod's kubelet writes once its containers have stopped, just before the
 * status manager deletes the pod object (grace 0): since v1.27 (kubernetes#115331) a pod that will
 * not run again is given a terminal phase first. So `kubectl get pods -w` shows an old pod of a
 * rollout as `1/1 Terminating`, then `0/1 Completed` (its containers exited 0) or `0/1 Error`
 * (SIGKILLed: 137), then it is gone.
 *
 * - Each container that ran is terminated with its exit code: 0 (`Completed`) when it exited
 *   within its grace period, 137 (`Error`) when SIGKILLed; not ready, not started.
 * - A container that never ran, in a pod that had started any (TerminatePod's hasPodInitialized),
 *   is terminated as `ContainerStatusUnknown` (137, "The container could not be located when the
 *   pod was terminated"); an init container still waiting keeps its state.
 * - The phase is Succeeded when every app container exited 0, else Failed (a pod that had not
 *   started them is Failed too: TerminatePod moves Pending and Running to Failed).
 * - Ready and ContainersReady are False with reason PodCompleted (Succeeded) or PodFailed;
 *   PodReadyToStartContainers is False (the sandbox is gone); the others stay.
 *
 * Simplified: upstream the pod object goes once its volumes are torn down, moments later; here in
 * the same tick, so the pod leaves when it did before and only the watch shows the extra write.
 */
import type { ContainerState, ContainerStatus, Pod, PodCondition, PodPhase, PodStatus } from '../api/types.ts';
import { cond, isRestartableInitContainer } from './status.ts';

/** The reason and message TerminatePod gives a container whose runtime status is missing. */
export const ContainerStatusUnknown = 'ContainerStatusUnknown';
export const containerNotLocatedMessage = 'The container could not be located when the pod was terminated';

/** A stopped run: the exit code and its reason (Completed for 0, else Error), in the API's key order. */
function stoppedState(exitCode: number, startedAt: string | undefined, finishedAt: string, id: string | undefined): ContainerState {
  const reason = exitCode === 0 ? 'Completed' : 'Error';
  if (id === undefined) return { terminated: { exitCode, reason, startedAt, finishedAt } };
  return { terminated: { exitCode, reason, startedAt, finishedAt, containerID: id } };
}

/** The state TerminatePod writes for a container the runtime no longer knows. */
const UNKNOWN_STATE: ContainerState = Object.freeze({ terminated: { exitCode: 137, reason: ContainerStatusUnknown, message: containerNotLocatedMessage } });

/**
 * stopped is `s` at the end: a running container terminated with `exitCode`, a waiting one
 * unknown when `initialized` (else as it was), a terminated one as it was; never ready or started.
 */
function stopped(s: ContainerStatus, exitCode: number, nowIso: string, initialized: boolean): ContainerStatus {
  let state = s.state;
  if (state.running) state = stoppedState(exitCode, state.running.startedAt, nowIso, s.containerID);
  else if (!state.terminated && initialized) state = UNKNOWN_STATE;
  if (state === s.state && !s.ready && s.started !== true) return s;
  return { ...s, state, ready: false, started: false };
}

/**
 * hasPodInitialized (status_manager.go): the pod has no init containers, an app container has
 * left waiting (or ended before), or its last init container got through: a sidecar
 * (`restartPolicy: Always`) running and started, any other one exited 0 (now or last time). A
 * status whose last init container is not the spec's at that index is not initialized.
 */
export function hasPodInitialized(pod: Pod): boolean {
  const specs = pod.spec.initContainers ?? [];
  if (specs.length === 0) return true;
  for (const s of pod.status?.containerStatuses ?? []) if (s.lastState?.terminated !== undefined || s.state.waiting === undefined) return true;
  const inits = pod.status?.initContainerStatuses ?? [];
  const last = inits[inits.length - 1];
  if (last === undefined) return false;
  const spec = specs[inits.length - 1];
  if (spec === undefined || spec.name !== last.name) return false;
  if (isRestartableInitContainer(spec)) return last.state.running !== undefined && last.started === true;
  return last.lastState?.terminated?.exitCode === 0 || last.state.terminated?.exitCode === 0;
}

/**
 * The terminal conditions made so far, one object for equal ones: the pods a rollout's step
 * removes in one ms write the same three (10,000 in a 10,000-replica rollout, each version kept by
 * the recording). Keyed by type, reason and transition time; started afresh past 64. Not engine
 * state: an equal condition either way.
 */
const sharedConditions = new Map<string, PodCondition>();

function shared(c: PodCondition): PodCondition {
  const key = `${c.type}\u0000${c.reason ?? ''}\u0000${c.lastTransitionTime ?? ''}`;
  const known = sharedConditions.get(key);
  if (known !== undefined && known.message === c.message && known.status === c.status) return known;
  if (sharedConditions.size >= 64) sharedConditions.clear();
  sharedConditions.set(key, c);
  return c;
}

/**
 * terminalPodStatus is the pod's last status: `sigkilled` names the containers killed at the
 * grace period's end (exit 137), `exitCodes` those that ended with a code of their own (a crash
 * under restartPolicy Never); every other running one exited 0.
 */
export function terminalPodStatus(pod: Pod, nowIso: string, sigkilled: readonly string[] = [], exitCodes: Readonly<Record<string, number>> = {}): PodStatus {
  const status = pod.status ?? {};
  const initialized = hasPodInitialized(pod);
  const code = (name: string) => exitCodes[name] ?? (sigkilled.includes(name) ? 137 : 0);
  const containerStatuses = status.containerStatuses?.map((s) => stopped(s, code(s.name), nowIso, initialized));
  // Only a running init container (a sidecar, or one the pod was waiting for) ends here.
  const initContainerStatuses = status.initContainerStatuses?.map((s) => (s.state.running ? stopped(s, code(s.name), nowIso, false) : s));
  const succeeded =
    containerStatuses !== undefined &&
    containerStatuses.length === pod.spec.containers.length &&
    containerStatuses.every((s) => s.state.terminated?.exitCode === 0);
  const phase: PodPhase = succeeded ? 'Succeeded' : 'Failed';
  const reason = succeeded ? 'PodCompleted' : 'PodFailed';
  const prev = status.conditions;
  const conditions = prev?.map((c): PodCondition => {
    if (c.type === 'PodReadyToStartContainers') return shared(cond(c.type, false, nowIso, prev));
    if (c.type === 'Ready' || c.type === 'ContainersReady') return shared(cond(c.type, false, nowIso, prev, reason));
    return c;
  });
  const out: PodStatus = { ...status, phase };
  if (conditions !== undefined) out.conditions = conditions;
  if (initContainerStatuses !== undefined) out.initContainerStatuses = initContainerStatuses;
  if (containerStatuses !== undefined) out.containerStatuses = containerStatuses;
  return out;
}
