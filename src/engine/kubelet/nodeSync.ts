// Port of the kubelet's recordNodeSchedulableEvent (pkg/kubelet/kubelet_node_status.go, v1.36),
// one of the setters of its periodic node status update.
/**
 * The kubelet updates its Node's status every 10 s (nodeStatusUpdateFrequency) and, at each update,
 * compares spec.unschedulable with what it saw last: a change is the Event "Node node-1 status is
 * now: NodeNotSchedulable" (or NodeSchedulable), about its node by name. The engine runs that
 * update only when there is something to see: a delivered change of spec.unschedulable schedules it
 * at the kubelet's next 10-second mark, counted from the node's creation. A cordon and an uncordon
 * within one period leave no Event, as on a node.
 */
import type { Node } from '../api/types.ts';
import { recordEvent, schedule, type Tx } from '../client/tx.ts';
import { parseRFC3339 } from '../lib/time.ts';

declare module '../client/state.ts' {
  interface EngineState {
    /** Node name → the spec.unschedulable its kubelet saw at its last status update (lastNodeUnschedulable; absent: false). */
    kubeletNodes: Map<string, boolean>;
  }
}

/** nodeStatusUpdateFrequency: the kubelet's default, 10 s. */
export const nodeStatusUpdateMs = 10_000;

/** nextStatusUpdate: the kubelet's first status update after `nowMs`, on the 10-second marks since its node's creation. */
export function nextStatusUpdate(createdMs: number, nowMs: number): number {
  if (!(nowMs >= createdMs)) return nowMs;
  return createdMs + (Math.floor((nowMs - createdMs) / nodeStatusUpdateMs) + 1) * nodeStatusUpdateMs;
}

/** scheduleNodeStatusUpdate queues the kubelet's next status update of `node` (its spec.unschedulable changed). */
export function scheduleNodeStatusUpdate(tx: Tx, node: Node): void {
  const created = parseRFC3339(node.metadata.creationTimestamp);
  schedule(tx, nextStatusUpdate(Number.isNaN(created) ? tx.now : created, tx.now), { type: 'kubeletNodeStatus', node: node.metadata.name });
}

/** recordNodeSchedulableEvent: the kubelet's Event when spec.unschedulable differs from what it saw last. */
export function recordNodeSchedulableEvent(tx: Tx, name: string): void {
  const node = tx.st.store.objects.Node.get(name);
  if (node?.kind !== 'Node') return;
  const unschedulable = node.spec.unschedulable === true;
  if ((tx.st.kubeletNodes.get(name) ?? false) === unschedulable) return;
  tx.st.kubeletNodes.set(name, unschedulable);
  const reason = unschedulable ? 'NodeNotSchedulable' : 'NodeSchedulable';
  recordEvent(tx, kubeletNodeRef(node), 'Normal', reason, `Node ${name} status is now: ${reason}`, 'kubelet', 'clock');
}

/** kubeletNodeRef: the Node as the kubelet refers to it in its Events (kl.nodeRef), its name as uid: the NodeDescriber's second query finds them. */
export function kubeletNodeRef(node: Node): Node {
  return { ...node, metadata: { ...node.metadata, uid: node.metadata.name } };
}
