// Port of kubernetes pkg/scheduler/framework/plugins/nodeports/node_ports.go (v1.36).
import type { HostPort } from '../framework/resource.ts';
import { type NodeInfo, portConflict } from '../framework/nodeInfo.ts';
import { newStatus, Plugin, type Status } from '../framework/types.ts';

/** ErrReason: another pod on the node already binds one of the pod's host ports. */
export const ErrReasonNodePorts = "node(s) didn't have free ports for the requested pod ports";

/** filter rejects a node where a wanted host port (same protocol and port, overlapping address) is taken. */
export function filter(want: readonly HostPort[], ni: NodeInfo): Status | null {
  for (const p of want) {
    if (portConflict(ni.usedPorts, p)) return newStatus('Unschedulable', Plugin.NodePorts, ErrReasonNodePorts);
  }
  return null;
}

/** fitsPorts reports whether none of `want` conflicts with `used` (the queueing hint's test). */
export function portsOverlap(want: readonly HostPort[], other: readonly HostPort[]): boolean {
  for (const a of want) {
    for (const b of other) {
      if (a.protocol !== b.protocol || a.port !== b.port) continue;
      if (a.ip === '0.0.0.0' || b.ip === '0.0.0.0' || a.ip === b.ip) return true;
    }
  }
  return false;
}
