// Port of kubernetes pkg/kubelet/kuberuntime/kuberuntime_termination_order.go (v1.36), timed.
/**
 * The order in which a deleted pod's containers stop when it has a sidecar (an init container
 * with `restartPolicy: Always`): the kubelet stops every running container at once, but a sidecar
 * waits for its turn after its preStop hook: until every app container has exited and, sidecars
 * stopping in reverse, the next sidecar after it in the spec too, or until its grace period runs
 * out. The wait comes off the seconds its SIGTERM gets (killContainer: `gracePeriod -=
 * waitForTurn(…)`, whole seconds), never below the minimum of 2.
 *
 * A pod without a sidecar has no ordering at all (killContainersWithSyncResult builds one only for
 * a pod that has one): its containers all stop at once, as before.
 */
import type { Container } from '../api/types.ts';
import { isRestartableInitContainer } from './status.ts';

/**
 * newTerminationOrdering: for each container that waits, the running containers it waits for.
 * Only a sidecar waits: for every running app container, and for the sidecar after it in the spec
 * when that one runs. A container that is not running is a closed channel upstream: nothing waits
 * for it, and the wait does not pass through it to the sidecar after it (sidecars a, b, c with b
 * stopped: a waits for the app containers and b only, not for c).
 */
export function newTerminationOrdering(
  initContainers: readonly Container[],
  containers: readonly Container[],
  running: ReadonlySet<string>,
): Map<string, string[]> {
  const prereqs = new Map<string, string[]>();
  const main = containers.filter((c) => running.has(c.name)).map((c) => c.name);
  let previousSidecar = '';
  for (let i = initContainers.length - 1; i >= 0; i--) {
    const ic = initContainers[i] as Container;
    if (!isRestartableInitContainer(ic)) continue;
    prereqs.set(ic.name, previousSidecar !== '' && running.has(previousSidecar) ? [...main, previousSidecar] : main);
    previousSidecar = ic.name;
  }
  return prereqs;
}

/** hasRestartableInitContainer: the pod has a sidecar, so its containers stop in order. */
export function hasRestartableInitContainer(initContainers: readonly Container[] | undefined): boolean {
  return (initContainers ?? []).some(isRestartableInitContainer);
}

/**
 * waitForTurnMs: how long (ms) a container that starts waiting at `fromMs` (after its hook, ms from
 * the kill) waits for its turn at `turnMs` (the last container it waits for gone), with
 * `graceSeconds` left: none with no grace left, else until its turn or the grace period's timer,
 * whichever comes first. Worked numbers (the upstream tests): its app container gone at 1 s, a
 * sidecar waiting from 0 with 30 s → 1,000 ms; with 2 s left and its turn at 2.5 s → 2,000 ms.
 */
export function waitForTurnMs(turnMs: number, fromMs: number, graceSeconds: number): number {
  if (graceSeconds <= 0 || turnMs <= fromMs) return 0;
  return Math.min(turnMs - fromMs, graceSeconds * 1000);
}
