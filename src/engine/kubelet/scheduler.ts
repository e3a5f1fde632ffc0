/**
 * The default scheduler, reduced to what a rollout shows: filter nodes (NodeName, nodeSelector
 * and required node affinity, taints and tolerations, unschedulable, maxPods), prefer the node
 * with the fewest pods, pick randomly among equal best nodes as kube-scheduler does, bind.
 * A pod that fits nowhere stays Pending with a FailedScheduling event and is retried when a
 * node changes or a pod goes away.
 */
import type { Node, Pod, Taint } from '../api/types.ts';
import { get } from '../client/cache.ts';
import { findMatchingUntoleratedTaint, podMatchesNodeSelectorAndAffinityTerms } from '../lib/scheduling.ts';
import { nextInt } from '../lib/prng.ts';
import { bindPod } from '../apiserver/binding.ts';
import { objectKey, podCountOnNode } from '../apiserver/store.ts';
import { note, recordEvent, schedule, type Tx, writeStatus } from '../sim/tx.ts';

const COMPONENT = 'default-scheduler';

type Reject = 'affinity' | 'taint' | 'unschedulable' | 'tooMany' | 'nodeName';

const UNSCHEDULABLE_TAINTS: readonly Taint[] = [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }];

const anyTaint = (): boolean => true;

/** The TaintToleration filter looks at NoSchedule and NoExecute taints. */
const schedulingTaint = (t: Taint): boolean => t.effect === 'NoSchedule' || t.effect === 'NoExecute';

/** fits is the filters' verdict on a node: a reason to reject it, or null; count is podCountOnNode. */
function fits(pod: Pod, node: Node, count: number): Reject | null {
  if (pod.spec.nodeName && pod.spec.nodeName !== node.metadata.name) return 'nodeName';
  if (!podMatchesNodeSelectorAndAffinityTerms(pod, node)) return 'affinity';
  const tolerations = pod.spec.tolerations;
  if (node.spec.unschedulable && findMatchingUntoleratedTaint(UNSCHEDULABLE_TAINTS, tolerations, anyTaint)) return 'unschedulable';
  const taints = node.spec.taints;
  if (taints?.length && findMatchingUntoleratedTaint(taints, tolerations, schedulingTaint)) return 'taint';
  const maxPods = Number(node.status?.allocatable?.pods ?? '110');
  if (count >= maxPods) return 'tooMany';
  return null;
}

/** The FailedScheduling message, as kube-scheduler words it (counts per reason, sorted). */
function failureMessage(total: number, reasons: Map<string, number>): string {
  const parts = [...reasons.entries()].map(([r, n]) => `${n} ${r}`).sort();
  return `0/${total} nodes are available: ${parts.join(', ')}. preemption: 0/${total} nodes are available: ${total} Preemption is not helpful for scheduling.`;
}

const REASON_TEXT: Record<Reject, string> = {
  affinity: "node(s) didn't match Pod's node affinity/selector",
  taint: 'node(s) had untolerated taint',
  unschedulable: 'node(s) were unschedulable',
  tooMany: 'Too many pods',
  nodeName: "node(s) didn't match the requested node name",
};

/**
 * The nodes with the fewest pods, refilled by each scheduling cycle (never two at once): on a
 * cluster where 100 nodes tie, a fresh array grew five times for each of a rollout's 10,000 pods.
 */
const BEST: Node[] = [];

/** schedulePod runs one scheduling cycle for a pod (the `schedule` event). */
export function schedulePod(tx: Tx, podKey: string, uid: string): void {
  const pod = tx.st.store.objects.Pod.get(podKey) as Pod | undefined;
  if (!pod || pod.metadata.uid !== uid || pod.spec.nodeName || pod.metadata.deletionTimestamp) {
    note(tx, 'nothingToSchedule', { pod: podKey });
    return;
  }
  // Made at the first rejected node: a pod that fits everywhere (each of a rollout's 10,000) needs none.
  let reasons: Map<string, number> | undefined;
  // The best nodes are BEST[0, n): written in place, so the array keeps its size between cycles.
  let n = 0;
  let bestCount = Number.POSITIVE_INFINITY;
  // Pods pinned to one node (DaemonSet pods) only need that node checked.
  const pinned = pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms
    ?.flatMap((t) => t.matchFields ?? [])
    .find((f) => f.key === 'metadata.name' && f.operator === 'In' && f.values?.length === 1)?.values?.[0];
  const pinnedNode = pinned !== undefined ? get(tx.st.cache, 'Node', pinned) : undefined;
  const candidates: Iterable<Node> = pinned !== undefined ? (pinnedNode ? [pinnedNode] : []) : (tx.st.cache.objects.Node.values() as Iterable<Node>);
  const total = tx.st.cache.objects.Node.size;
  for (const node of candidates) {
    // The scheduler's cache counts the pods it has just bound ("assumed"), so read the store;
    // once per node for the maxPods filter and the score (100 nodes for each of 10,000 pods).
    const count = podCountOnNode(tx.st.store, node.metadata.name);
    const r = fits(pod, node, count);
    if (r) {
      reasons ??= new Map();
      reasons.set(REASON_TEXT[r], (reasons.get(REASON_TEXT[r]) ?? 0) + 1);
      continue;
    }
    if (count < bestCount) {
      bestCount = count;
      BEST[0] = node;
      n = 1;
    } else if (count === bestCount) BEST[n++] = node;
  }
  if (pinned !== undefined && !pinnedNode) {
    reasons ??= new Map();
    reasons.set(REASON_TEXT.affinity, total);
  }
  const chosen = n ? BEST[n === 1 ? 0 : nextInt(tx.st.prng, n)] : undefined;
  if (!chosen) {
    const message = failureMessage(total, reasons ?? new Map());
    tx.st.unschedulable.add(podKey);
    const conditions = [
      { type: 'PodScheduled' as const, status: 'False' as const, lastProbeTime: null, lastTransitionTime: tx.nowIso, reason: 'Unschedulable', message },
    ];
    writeStatus(tx, { ...pod, status: { ...pod.status, phase: 'Pending', conditions } });
    recordEvent(tx, pod, 'Warning', 'FailedScheduling', message, COMPONENT);
    note(tx, 'unschedulable', { pod: pod.metadata.name, message });
    return;
  }
  tx.st.unschedulable.delete(podKey);
  const bound = bindPod(tx.st.store, tx, podKey, uid, chosen.metadata.name);
  if (!bound.ok) {
    note(tx, 'bindingFailed', { pod: pod.metadata.name, message: bound.error.message });
    return;
  }
  recordEvent(
    tx,
    pod,
    'Normal',
    'Scheduled',
    `Successfully assigned ${pod.metadata.namespace ?? 'default'}/${pod.metadata.name} to ${chosen.metadata.name}`,
    COMPONENT,
  );
  note(tx, 'bound', { pod: pod.metadata.name, node: chosen.metadata.name });
}

/** retryUnschedulable moves every waiting pod back to the active queue (a node or pod changed). */
export function retryUnschedulable(tx: Tx): void {
  if (tx.st.unschedulable.size === 0) return;
  for (const key of tx.st.unschedulable) {
    const pod = tx.st.store.objects.Pod.get(key);
    if (!pod || !pod.metadata.uid) continue;
    schedule(tx, tx.now + 1000, { type: 'schedule', podKey: key, uid: pod.metadata.uid });
  }
  tx.st.unschedulable.clear();
}

/** schedulerOnPodAdded queues a scheduling cycle for a new pod that needs a node; key is objectKey(pod). */
export function schedulerOnPodAdded(tx: Tx, pod: Pod, key = objectKey(pod)): void {
  if (pod.spec.nodeName || pod.metadata.deletionTimestamp || !pod.metadata.uid) return;
  if ((pod.spec.schedulerName ?? 'default-scheduler') !== 'default-scheduler') return;
  schedule(tx, tx.now, { type: 'schedule', podKey: key, uid: pod.metadata.uid });
}
