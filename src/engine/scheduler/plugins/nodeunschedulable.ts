// Port of kubernetes pkg/scheduler/framework/plugins/nodeunschedulable/node_unschedulable.go (v1.36).
import type { Pod, Taint } from '../../api/types.ts';
import { tolerationsTolerateTaint } from '../../lib/scheduling.ts';
import type { NodeInfo } from '../framework/nodeInfo.ts';
import { newStatus, Plugin, type Status } from '../framework/types.ts';

/** ErrReasonUnschedulable: the Filter's reason for a cordoned node. */
export const ErrReasonUnschedulable = 'node(s) were unschedulable';

/** The taint `kubectl cordon` stands for: a pod tolerating it also tolerates spec.unschedulable. */
export const TaintNodeUnschedulable: Taint = { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' };

/** filter rejects a node with spec.unschedulable unless the pod tolerates the unschedulable taint. */
export function filter(pod: Pod, ni: NodeInfo): Status | null {
  if (!ni.node?.spec.unschedulable) return null;
  if (tolerationsTolerateTaint(pod.spec.tolerations, TaintNodeUnschedulable)) return null;
  return newStatus('UnschedulableAndUnresolvable', Plugin.NodeUnschedulable, ErrReasonUnschedulable);
}
