// Port of the kubelet's node lease (k8s.io/component-helpers/apimachinery/lease/controller.go,
// v1.36) as its readers see it.
/**
 * Each kubelet holds a coordination.k8s.io/v1 Lease named after its node in kube-node-lease,
 * owned by the Node, and renews it every 10 s (a quarter of its 40 s duration): that renewal is the
 * node's heartbeat. The engine writes no renewal (5,000 nodes would add 500 writes a second to every
 * run); the served API and the console's describe node read the Lease from the node and the clock
 * instead. Its renewTime is the last multiple of 10 s after the node's creation, not past the
 * moment its kubelet stopped (the Ready condition's move to Unknown), and its resourceVersion is the
 * node's.
 */
import type { Node } from '../api/types.ts';
import { nameUidOf } from '../client/eventUids.ts';
import { parseRFC3339, toRFC3339 } from '../lib/time.ts';

/** NamespaceNodeLease: corev1.NamespaceNodeLease, where the node leases live. */
export const NamespaceNodeLease = 'kube-node-lease';
/** The kubelet's --node-lease-duration-seconds default. */
export const leaseDurationSeconds = 40;
/** renewInterval: 0.25 × the lease duration (kubelet's nodeLeaseRenewIntervalFraction). */
export const renewIntervalMs = (leaseDurationSeconds * 1000) / 4;

export interface Lease {
  apiVersion: 'coordination.k8s.io/v1';
  kind: 'Lease';
  metadata: {
    name: string;
    namespace: string;
    uid: string;
    resourceVersion: string;
    creationTimestamp: string;
    ownerReferences: { apiVersion: 'v1'; kind: 'Node'; name: string; uid: string }[];
  };
  spec: { holderIdentity: string; leaseDurationSeconds: number; renewTime: string };
}

/** microTime formats a metav1.MicroTime as the API server sends it: RFC 3339 with 6 fraction digits. */
export function microTime(ms: number): string {
  const s = toRFC3339(Math.floor(ms / 1000) * 1000);
  return `${s.slice(0, -1)}.${String(Math.round((ms % 1000) * 1000)).padStart(6, '0')}Z`;
}

/** stoppedAt: when the node's kubelet stopped posting (its Ready condition Unknown since then), or null. */
function stoppedAt(node: Node): number | null {
  for (const c of node.status?.conditions ?? []) {
    if (c.type === 'Ready' && c.status === 'Unknown') return parseRFC3339(c.lastTransitionTime);
  }
  return null;
}

/**
 * lastRenewal: the kubelet's last renewal at `nowMs`. It created the lease when the node
 * registered and renews it every 10 s after: a node created at 0 s, read at 37 s, renewed at 30 s;
 * one whose kubelet stopped at 52 s, read at 90 s, at 50 s.
 */
export function lastRenewal(createdMs: number, nowMs: number, stoppedMs: number | null): number {
  const until = stoppedMs === null ? nowMs : Math.min(nowMs, stoppedMs);
  if (until <= createdMs) return createdMs;
  return createdMs + Math.floor((until - createdMs) / renewIntervalMs) * renewIntervalMs;
}

/** nodeLease is the Lease of the node's kubelet at `nowMs`. */
export function nodeLease(node: Node, nowMs: number): Lease {
  const name = node.metadata.name;
  const created = parseRFC3339(node.metadata.creationTimestamp);
  const uid = node.metadata.uid ?? '';
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: {
      name,
      namespace: NamespaceNodeLease,
      uid: nameUidOf(uid, '/lease'),
      resourceVersion: node.metadata.resourceVersion ?? '',
      creationTimestamp: node.metadata.creationTimestamp ?? '',
      ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name, uid }],
    },
    spec: { holderIdentity: name, leaseDurationSeconds, renewTime: microTime(lastRenewal(created, nowMs, stoppedAt(node))) },
  };
}
