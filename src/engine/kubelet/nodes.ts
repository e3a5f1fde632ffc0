/**
 * Nodes: the Node objects of the scenario's cluster, and the node lifecycle controller's part
 * of a node fault — a NotReady node gets the `node.kubernetes.io/unreachable` taints, its pods
 * are marked not Ready, and pods that do not tolerate the NoExecute taint for ever are evicted
 * after their tolerationSeconds (300 s, added to every pod by the DefaultTolerationSeconds
 * admission plugin; DaemonSet pods tolerate it without a limit).
 */
import { isNodeReady } from '../lib/scheduling.ts';
import { TaintNodeUnschedulableKey } from '../api/constants.ts';
import type { Node, Pod, Taint } from '../api/types.ts';
import { DEFAULT_ALLOCATABLE, type NodeConfig } from '../config.ts';
import { canonicalQuantity } from '../lib/quantity.ts';
import { podsOnNode } from '../client/cache.ts';
import { objectKey } from '../apiserver/store.ts';
import { kubeletNodeRef } from './nodeSync.ts';
import { nodeAddress, nodeSystemInfo, kubeletPort, postedConditions, unknownConditions } from './nodeStatus.ts';
import { note, recordEvent, schedule, type Tx, update, writeStatus } from '../client/tx.ts';

export const UnreachableTaintKey = 'node.kubernetes.io/unreachable';
/** DefaultTolerationSeconds: how long a pod stays on an unreachable node before eviction. */
export const DefaultTolerationSeconds = 300;

/** The node's local disk as its kubelet reports it (cAdvisor's root filesystem): kind's nodes share their host's. */
export const NodeEphemeralStorage = '100Gi';

/**
 * nodeResources is the node's capacity and allocatable (equal here: no system reservations, as
 * kind's kubelets run), from `allocatable` or the defaults cpu 4, memory 16Gi, and pods = maxPods;
 * with the ephemeral-storage and the two huge page sizes every Linux kubelet reports (none
 * reserved), in the API's key order.
 */
function nodeResources(cfg: NodeConfig): Record<string, string> {
  const a = cfg.allocatable;
  return {
    cpu: canonicalQuantity(a?.cpu ?? DEFAULT_ALLOCATABLE.cpu),
    'ephemeral-storage': NodeEphemeralStorage,
    'hugepages-1Gi': '0',
    'hugepages-2Mi': '0',
    memory: canonicalQuantity(a?.memory ?? DEFAULT_ALLOCATABLE.memory),
    pods: String(a?.pods ?? cfg.maxPods),
  };
}

/**
 * nodeObject builds the Node a scenario's node config describes, as its kubelet registers it and
 * posts its first status (nodeStatus.ts): with the address `ip`, its system info and the four
 * conditions, Ready.
 */
export function nodeObject(cfg: NodeConfig, now: string, ip: string): Node {
  const node: Node = {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name: cfg.name,
      labels: {
        'beta.kubernetes.io/arch': 'amd64',
        'beta.kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        'kubernetes.io/hostname': cfg.name,
        'kubernetes.io/os': 'linux',
        ...cfg.labels,
      },
      // The kubelet's registration sets it: the attach/detach controller attaches this node's volumes.
      annotations: { 'volumes.kubernetes.io/controller-managed-attach-detach': 'true' },
    },
    spec: {},
    status: {
      capacity: nodeResources(cfg),
      allocatable: nodeResources(cfg),
      conditions: postedConditions(now),
      addresses: nodeAddress(cfg.name, ip),
      daemonEndpoints: { kubeletEndpoint: { Port: kubeletPort } },
      nodeInfo: nodeSystemInfo(cfg.name),
    },
  };
  if (cfg.images?.length) (node.status as NonNullable<Node['status']>).images = cfg.images.map((i) => ({ ...i, names: [...i.names] }));
  if (cfg.unschedulable) node.spec.unschedulable = true;
  // A node that registers cordoned has the node lifecycle controller's taint from the start.
  const taints = cfg.unschedulable ? [...cfg.taints, { ...TaintNodeUnschedulable, timeAdded: now }] : cfg.taints;
  if (taints.length) node.spec.taints = taints.map((t) => ({ ...t }));
  return node;
}

function toleratesForever(pod: Pod): boolean {
  return (pod.spec.tolerations ?? []).some(
    (t) =>
      (t.key === UnreachableTaintKey || (t.operator === 'Exists' && !t.key)) &&
      (t.effect === 'NoExecute' || !t.effect) &&
      t.tolerationSeconds === undefined,
  );
}

/** The node lifecycle controller's taint for a cordoned node. */
const TaintNodeUnschedulable: Taint = { key: TaintNodeUnschedulableKey, effect: 'NoSchedule' };

const isUnschedulableTaint = (t: Taint) => t.key === TaintNodeUnschedulable.key && t.effect === TaintNodeUnschedulable.effect;

/** needsUnschedulableTaintSwap: the node's unschedulable taint is not in step with its spec.unschedulable. */
export function needsUnschedulableTaintSwap(node: Node): boolean {
  return (node.spec.unschedulable === true) !== (node.spec.taints ?? []).some(isUnschedulableTaint);
}

/**
 * doNoScheduleTaintingPass, for the one taint it derives from the spec (TaintNodesByCondition): a
 * cordoned node gets node.kubernetes.io/unschedulable:NoSchedule, an uncordoned one loses it. The
 * scheduler's NodeUnschedulable filter already turns pods away from a cordoned node, so this changes
 * no placement; `kubectl describe node` shows the taint, and only pods that tolerate it (a
 * DaemonSet's) may still go there.
 */
export function doNoScheduleTaintingPass(tx: Tx, name: string): void {
  const node = tx.st.store.objects.Node.get(name);
  if (node?.kind !== 'Node' || !needsUnschedulableTaintSwap(node)) return;
  const others = (node.spec.taints ?? []).filter((t) => !isUnschedulableTaint(t));
  const cordoned = node.spec.unschedulable === true;
  const taints = cordoned ? [...others, { ...TaintNodeUnschedulable, timeAdded: tx.nowIso }] : others;
  const spec = { ...node.spec };
  if (taints.length) spec.taints = taints;
  else delete spec.taints;
  update(tx, { ...node, spec });
  note(tx, cordoned ? 'unschedulableTainted' : 'unschedulableUntainted', { node: name });
}

/** setNodeReady applies a node fault (ready=false) or its recovery (ready=true). */
export function setNodeReady(tx: Tx, name: string, ready: boolean): string {
  const node = tx.st.store.objects.Node.get(name) as Node | undefined;
  if (!node) return `Error from server (NotFound): nodes "${name}" not found`;
  if (isNodeReady(node) === ready) return `node/${name} is already ${ready ? 'Ready' : 'NotReady'}`;
  const others = (node.spec.taints ?? []).filter((t) => t.key !== UnreachableTaintKey);
  const taints: Taint[] = ready
    ? others
    : // SwapNodeControllerTaint stamps each taint it adds with timeAdded, the NoSchedule one too.
      [...others, { key: UnreachableTaintKey, effect: 'NoSchedule', timeAdded: tx.nowIso }, { key: UnreachableTaintKey, effect: 'NoExecute', timeAdded: tx.nowIso }];
  const spec = { ...node.spec };
  if (taints.length) spec.taints = taints;
  else delete spec.taints;
  const updated = update(tx, { ...node, spec });
  if (updated.ok) {
    // A fault: the node lifecycle controller marks every condition Unknown. A recovery: the
    // kubelet posts its four conditions again.
    const before = node.status?.conditions ?? [];
    const conditions = ready ? postedConditions(tx.nowIso, before) : unknownConditions(tx.nowIso, before);
    writeStatus(tx, { ...updated.object, status: { ...node.status, conditions } });
    // The node lifecycle controller's RecordNodeStatusChange (about the Node's uid); on recovery
    // the kubelet's own "status is now" Event (about the node by name, as its nodeRef is).
    if (ready) recordEvent(tx, kubeletNodeRef(node), 'Normal', 'NodeReady', `Node ${name} status is now: NodeReady`, 'kubelet', 'clock');
    else recordEvent(tx, node, 'Normal', 'NodeNotReady', `Node ${name} status is now: NodeNotReady`, 'node-controller', 'clock');
  }
  const pods = podsOnNode(tx.st.cache, name).filter((p) => p.spec.nodeName === name);
  for (const cached of pods) {
    const pod = tx.st.store.objects.Pod.get(objectKey(cached)) as Pod | undefined;
    if (!pod || !pod.metadata.uid) continue;
    if (!ready) {
      // MarkPodsNotReady: the Ready condition goes False as soon as the node is unreachable.
      const conditions = (pod.status?.conditions ?? []).map((c) =>
        c.type === 'Ready' && c.status === 'True' ? { ...c, status: 'False' as const, lastTransitionTime: tx.nowIso } : c,
      );
      writeStatus(tx, { ...pod, status: { ...pod.status, conditions } });
      // Recorded after the status write, for each pod whose Ready condition it moved.
      if (pod.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')) recordEvent(tx, pod, 'Warning', 'NodeNotReady', 'Node is not ready', 'node-controller', 'clock');
      if (!toleratesForever(pod) && !pod.metadata.deletionTimestamp) {
        schedule(tx, tx.now + DefaultTolerationSeconds * 1000, { type: 'evict', podKey: objectKey(pod), uid: pod.metadata.uid });
      }
    } else if (pod.metadata.deletionTimestamp) {
      schedule(tx, tx.now + tx.st.config.terminationSeconds * 1000, { type: 'kubelet', podKey: objectKey(pod), uid: pod.metadata.uid, step: 'terminated' });
    } else {
      // The taint gone, the taint-eviction controller cancels the eviction it had queued.
      if (!toleratesForever(pod)) recordEvent(tx, pod, 'Normal', 'TaintManagerEviction', `Cancelling deletion of Pod ${objectKey(pod)}`, 'taint-eviction-controller', 'clock');
      kubeletResume(tx, pod);
    }
  }
  note(tx, ready ? 'nodeReadyAgain' : 'nodeNotReady', { node: name });
  return `node/${name} ${ready ? 'Ready' : 'NotReady'}`;
}

/** kubeletResume: the kubelet, back, takes up a pod where it was (ready, or accepted again). */
function kubeletResume(tx: Tx, pod: Pod): void {
  const uid = pod.metadata.uid ?? '';
  const step = pod.status?.containerStatuses?.every((c) => c.state.running) ? 'ready' : 'accept';
  schedule(tx, tx.now, { type: 'kubelet', podKey: objectKey(pod), uid, step });
}

