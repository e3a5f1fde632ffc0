// Port of kubernetes pkg/kubelet/nodestatus/setters.go (v1.36) and of the node lifecycle
// controller's tryUpdateNodeHealth (pkg/controller/nodelifecycle): what a Node's status says.
/**
 * The parts of a Node's status that the kubelet posts at registration (addresses, machine and
 * version info, the daemon endpoint, the four conditions) and what the node lifecycle controller
 * writes when a kubelet stops posting. A simulated node has no machine to read, so its ids are made
 * from its name (no PRNG draw: a scenario's run is the same with or without them) and its
 * addresses are given in creation order, as Docker gives kind's nodes theirs.
 */
import type { Node, NodeCondition } from '../api/types.ts';
import { nameUidOf } from '../client/eventUids.ts';
import { KUBERNETES_VERSION } from '../version.ts';

type NodeStatus = NonNullable<Node['status']>;
export type NodeSystemInfo = NonNullable<NodeStatus['nodeInfo']>;

/** kubeletPort: the kubelet's secure port, status.daemonEndpoints.kubeletEndpoint.Port. */
export const kubeletPort = 10250;

/**
 * nodeInternalIP is the address of the node created `index`-th (0 first): 172.18.0.3, 172.18.0.4 …
 * on the network Docker makes for kind (172.18.0.1 is its gateway, 172.18.0.2 the control plane's:
 * controller/kubernetesservice APIServerPublicIP), 172.18.1.0 after 172.18.0.255. 5,000 nodes reach
 * 172.18.19.138.
 */
export function nodeInternalIP(index: number): string {
  const n = index + 3;
  return `172.18.${(n >>> 8) & 0xff}.${n & 0xff}`;
}

/**
 * nextNodeIndex is the lowest index whose address no node in `nodes` holds: a node added during a
 * run takes the first free address, one removed before it gives its address back.
 */
export function nextNodeIndex(nodes: Iterable<Node>): number {
  const used = new Set<string>();
  for (const n of nodes) {
    const ip = internalIP(n);
    if (ip !== '') used.add(ip);
  }
  let i = 0;
  while (used.has(nodeInternalIP(i))) i++;
  return i;
}

/** internalIP is the node's InternalIP address ('' when it has none). */
export function internalIP(node: Node): string {
  const addresses = node.status?.addresses;
  if (addresses === undefined) return '';
  for (const a of addresses) if (a.type === 'InternalIP') return a.address;
  return '';
}

/** nodeAddress: setters.go's NodeAddress for a node with one IP: its InternalIP, then its Hostname. */
export function nodeAddress(name: string, ip: string): NonNullable<NodeStatus['addresses']> {
  return [
    { type: 'InternalIP', address: ip },
    { type: 'Hostname', address: name },
  ];
}

/**
 * machineInfo and versionInfo: status.nodeInfo as a kubelet v1.36.3 on containerd 2.1 and Ubuntu
 * 24.04 reports it. machineID is /etc/machine-id's 32 hex digits, systemUUID and bootID are uuids;
 * all three are made from the node's name. kubeProxyVersion stays '' (the kubelet no longer fills
 * it in since DisableNodeKubeProxyVersion; the field has no omitempty, so '' is what clients read).
 */
export function nodeSystemInfo(name: string): NodeSystemInfo {
  return {
    machineID: nameUidOf(name, '/machine-id').replace(/-/g, ''),
    systemUUID: nameUidOf(name, '/system-uuid'),
    bootID: nameUidOf(name, '/boot-id'),
    kernelVersion: '6.8.0-85-generic',
    osImage: 'Ubuntu 24.04.3 LTS',
    containerRuntimeVersion: 'containerd://2.1.4',
    kubeletVersion: KUBERNETES_VERSION,
    kubeProxyVersion: '',
    operatingSystem: 'linux',
    architecture: 'amd64',
  };
}

/** The three pressure conditions as a kubelet without pressure posts them, in setters.go's order. */
const PRESSURES: readonly { type: NodeCondition['type']; reason: string; message: string }[] = [
  { type: 'MemoryPressure', reason: 'KubeletHasSufficientMemory', message: 'kubelet has sufficient memory available' },
  { type: 'DiskPressure', reason: 'KubeletHasNoDiskPressure', message: 'kubelet has no disk pressure' },
  { type: 'PIDPressure', reason: 'KubeletHasSufficientPID', message: 'kubelet has sufficient PID available' },
];

/**
 * postedConditions: the conditions a kubelet posts, MemoryPressure, DiskPressure and PIDPressure
 * False, then Ready True, all heard `now`. A condition whose status is the same as in `before`
 * keeps its lastTransitionTime (a kubelet back after a fault moves every one: each was Unknown).
 */
export function postedConditions(now: string, before: readonly NodeCondition[] = []): NodeCondition[] {
  const since = (type: NodeCondition['type'], status: NodeCondition['status']): string => {
    const b = before.find((c) => c.type === type);
    return b !== undefined && b.status === status && b.lastTransitionTime !== undefined ? b.lastTransitionTime : now;
  };
  const out: NodeCondition[] = PRESSURES.map((p) => ({
    type: p.type,
    status: 'False',
    lastHeartbeatTime: now,
    lastTransitionTime: since(p.type, 'False'),
    reason: p.reason,
    message: p.message,
  }));
  out.push({ type: 'Ready', status: 'True', lastHeartbeatTime: now, lastTransitionTime: since('Ready', 'True'), reason: 'KubeletReady', message: 'kubelet is posting ready status' });
  return out;
}

/**
 * unknownConditions: tryUpdateNodeHealth once the kubelet's grace period passed without a post.
 * Every condition not already Unknown becomes Unknown, NodeStatusUnknown, "Kubelet stopped posting
 * node status.", moved `now`; its lastHeartbeatTime stays the kubelet's last.
 */
export function unknownConditions(now: string, before: readonly NodeCondition[]): NodeCondition[] {
  return before.map((c) =>
    c.status === 'Unknown' ? c : { ...c, status: 'Unknown', lastTransitionTime: now, reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.' },
  );
}
