// Port of kubernetes pkg/scheduler/framework/plugins/nodename/node_name.go (v1.36).
import type { Pod } from '../../api/types.ts';
import type { NodeInfo } from '../framework/nodeInfo.ts';
import { newStatus, Plugin, type Status } from '../framework/types.ts';

/** ErrReason: the pod names another node in spec.nodeName. */
export const ErrReasonNodeName = "node(s) didn't match the requested node name";

/** filter passes a pod with no spec.nodeName, or the node it names (Fits). */
export function filter(pod: Pod, ni: NodeInfo): Status | null {
  const want = pod.spec.nodeName;
  if (!want || want === ni.name) return null;
  return newStatus('UnschedulableAndUnresolvable', Plugin.NodeName, ErrReasonNodeName);
}
