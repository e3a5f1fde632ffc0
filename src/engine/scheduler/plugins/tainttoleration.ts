// Port of kubernetes pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go (v1.36).
import type { Pod, Taint, Toleration } from '../../api/types.ts';
import { findMatchingUntoleratedTaint, tolerationsTolerateTaint } from '../../lib/scheduling.ts';
import type { NodeInfo } from '../framework/nodeInfo.ts';
import { newStatus, Plugin, type Status } from '../framework/types.ts';

/**
 * ErrReasonUntolerated: since v1.34 the reason no longer names the taint (a taint's value may be
 * private); v1.33 and older said `node(s) had untolerated taint {key: value}`.
 */
export const ErrReasonUntolerated = 'node(s) had untolerated taint(s)';

/** doNotScheduleTaintsFilterFunc: the Filter looks at NoSchedule and NoExecute taints only. */
export function doNotScheduleTaint(t: Taint): boolean {
  return t.effect === 'NoSchedule' || t.effect === 'NoExecute';
}

/** filter rejects a node with a NoSchedule or NoExecute taint the pod does not tolerate. */
export function filter(pod: Pod, ni: NodeInfo): Status | null {
  const taints = ni.node?.spec.taints;
  if (taints === undefined || taints.length === 0) return null;
  if (findMatchingUntoleratedTaint(taints, pod.spec.tolerations, doNotScheduleTaint) === null) return null;
  return newStatus('UnschedulableAndUnresolvable', Plugin.TaintToleration, ErrReasonUntolerated);
}

/** preScore keeps the tolerations that can tolerate PreferNoSchedule (that effect, or none). */
export function preScore(pod: Pod): readonly Toleration[] {
  return (pod.spec.tolerations ?? []).filter((t) => !t.effect || t.effect === 'PreferNoSchedule');
}

/** score counts the node's PreferNoSchedule taints the pod does not tolerate (fewer is better after normalising). */
export function score(tolerations: readonly Toleration[], ni: NodeInfo): number {
  const taints = ni.node?.spec.taints;
  if (taints === undefined) return 0;
  let n = 0;
  for (const t of taints) {
    if (t.effect === 'PreferNoSchedule' && !tolerationsTolerateTaint(tolerations, t)) n++;
  }
  return n;
}
