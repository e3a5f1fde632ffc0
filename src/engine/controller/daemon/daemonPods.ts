// Port of kubernetes pkg/controller/daemon/daemon_controller.go getNodesToDaemonPods and
// util.go's podByCreationTimestampAndPhase (v1.36).
/**
 * A DaemonSet's pods by the node they are for, and their order on one node: the sync reads both
 * for every node (manage.ts decides with them; status and the rolling update read the oldest).
 */
import type { Pod } from '../../api/types.ts';
import { sortByLess, timestampMs } from '../sort.ts';
import { getTargetNodeName } from './util/daemonsetUtil.ts';

/** Pods grouped by the node they are for (spec.nodeName, or the node-name affinity when unscheduled). */
export type NodeToDaemonPods = Readonly<Record<string, readonly Pod[]>>;

/**
 * podByCreationTimestampAndPhaseLess orders daemon pods: scheduled (nodeName set) before
 * unscheduled, then older creationTimestamp first, then name.
 */
export function podByCreationTimestampAndPhaseLess(a: Pod, b: Pod): boolean {
  const sa = Boolean(a.spec.nodeName);
  if (sa !== Boolean(b.spec.nodeName)) return sa;
  const ta = timestampMs(a.metadata.creationTimestamp);
  const tb = timestampMs(b.metadata.creationTimestamp);
  if (ta === tb) return a.metadata.name < b.metadata.name;
  return ta < tb;
}

/**
 * oldestDaemonPod returns the first pod sortDaemonPods would return, without sorting: the first
 * pod in input order that no other pod sorts before (the sort is stable). undefined for none.
 */
export function oldestDaemonPod(pods: readonly Pod[]): Pod | undefined {
  let oldest = pods[0];
  for (let i = 1; i < pods.length; i++) {
    const p = pods[i] as Pod;
    if (oldest === undefined || podByCreationTimestampAndPhaseLess(p, oldest)) oldest = p;
  }
  return oldest;
}

/** sortDaemonPods returns the pods in podByCreationTimestampAndPhase order (oldest scheduled first). */
export function sortDaemonPods(pods: readonly Pod[]): Pod[] {
  return sortByLess(pods, podByCreationTimestampAndPhaseLess);
}

/**
 * getNodesToDaemonPods groups the DaemonSet's claimed pods by target node. Terminal pods that are
 * already being deleted are left out unless includeDeletedTerminal (cleanupHistory wants them);
 * pods with no target node are skipped. Only nodes with at least one pod get an entry.
 */
export function getNodesToDaemonPods(
  claimedPods: readonly Pod[],
  includeDeletedTerminal: boolean,
): Record<string, Pod[]> {
  const out: Record<string, Pod[]> = {};
  for (const pod of claimedPods) {
    const nodeName = groupedUnder(pod, includeDeletedTerminal);
    if (nodeName === null) continue;
    const list = out[nodeName];
    if (list) list.push(pod);
    else out[nodeName] = [pod];
  }
  return out;
}

/** groupedUnder is the node getNodesToDaemonPods files one pod under, or null when it leaves the pod out. */
export function groupedUnder(pod: Pod, includeDeletedTerminal: boolean): string | null {
  const terminal = pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
  if (!includeDeletedTerminal && terminal && pod.metadata.deletionTimestamp) return null;
  return getTargetNodeName(pod);
}
