// Port of kubernetes pkg/controller/daemon/daemon_controller.go podsShouldBeOnNode, manage (v1.36).
/**
 * The `manage` step of a DaemonSet sync as plans: which nodes need a pod, which pods go, which
 * events to record and how the failed-pod back-off moves. The controller shell carries the plan
 * out through syncNodes (expectations, slow-start creates, deletes) and records the events.
 */
import { ControllerRevisionHashLabelKey } from '../../api/constants.ts';
import { type DecisionLog, decide } from '../../api/decision.ts';
import type { DaemonSet, Node, Pod } from '../../api/types.ts';
import { type BackoffState, get, isInBackOffSinceUpdate, next } from './backoff.ts';
import { nodeShouldRunDaemonPod, type ShouldRunResult } from './shouldRun.ts';
import { allowsSurge, isPodAvailable, isPodReady } from './util/daemonsetUtil.ts';
import { type NodeToDaemonPods, sortDaemonPods } from './daemonPods.ts';

/** Reasons of the events the DaemonSet controller records (daemon_controller.go). */
export const SelectingAllReason = 'SelectingAll';
export const FailedPlacementReason = 'FailedPlacement';
export const FailedDaemonPodReason = 'FailedDaemonPod';
export const SucceededDaemonPodReason = 'SucceededDaemonPod';

/** An event the shell records on the DaemonSet. */
export interface DaemonSetEvent {
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
  podName: string;
}

/** What podsShouldBeOnNode decided for one node. */
export interface NodePlan {
  nodesNeedingDaemonPods: string[];
  podsToDelete: string[];
  /** Requeue the DaemonSet after this many ms because a failed pod is still in back-off. */
  backoffRequeueMs?: number;
  events: DaemonSetEvent[];
  /** The back-off table after this node (advanced for every failed pod that is deleted). */
  backoff: BackoffState;
}

/** What manage decided for the whole DaemonSet. */
export interface ManagePlan extends Omit<NodePlan, 'backoffRequeueMs'> {
  /** The shortest back-off requeue asked for (the work queue keeps the earliest AddAfter), or null. */
  backoffRequeueMs: number | null;
}

/** failedPodsBackoffKey is `<ds uid>/<status.observedGeneration>/<node>`: a new generation starts afresh. */
export function failedPodsBackoffKey(ds: DaemonSet, nodeName: string): string {
  return `${ds.metadata.uid ?? ''}/${ds.status?.observedGeneration ?? 0}/${nodeName}`;
}

/** podRef renders <namespace>/<name> as the event messages do. */
function podRef(pod: Pod): string {
  return `${pod.metadata.namespace ?? ''}/${pod.metadata.name}`;
}

/**
 * podsShouldBeOnNode decides the pods to create and delete on one node:
 * - shouldRun and no pod → create;
 * - shouldContinueRunning → delete Failed pods (rate-limited per node by the back-off) and
 *   Succeeded pods; then without surge keep only the oldest running pod; with surge create a pod
 *   if none runs, else keep the oldest current-hash and the oldest old-hash pod, deleting the old
 *   one once it is not Ready or the new one is available;
 * - not shouldContinueRunning → delete every pod that is not already being deleted.
 * `known`, when given, is nodeShouldRunDaemonPod(node, ds) as the caller already has it.
 */
export function podsShouldBeOnNode(
  log: DecisionLog | undefined,
  node: Node,
  nodeToDaemonPods: NodeToDaemonPods,
  ds: DaemonSet,
  hash: string,
  backoff: BackoffState,
  nowMs: number,
  known?: ShouldRunResult,
): NodePlan {
  const nodeName = node.metadata.name;
  const fn = 'podsShouldBeOnNode';
  const plan: NodePlan = { nodesNeedingDaemonPods: [], podsToDelete: [], events: [], backoff };
  const { shouldRun, shouldContinueRunning } = known ?? nodeShouldRunDaemonPod(node, ds);
  const exists = Object.hasOwn(nodeToDaemonPods, nodeName);
  const daemonPods = nodeToDaemonPods[nodeName] ?? [];

  if (shouldRun && !exists) {
    decide(log, fn, 'createMissing', { node: nodeName });
    plan.nodesNeedingDaemonPods.push(nodeName);
    return plan;
  }
  if (!shouldContinueRunning) {
    if (!exists) return plan;
    for (const pod of daemonPods) {
      if (pod.metadata.deletionTimestamp) continue;
      decide(log, fn, 'deleteShouldNotRun', { node: nodeName, pod: pod.metadata.name });
      plan.podsToDelete.push(pod.metadata.name);
    }
    return plan;
  }

  const running: Pod[] = [];
  for (const pod of daemonPods) {
    if (pod.metadata.deletionTimestamp) continue;
    if (pod.status?.phase === 'Failed') {
      // The kubelet may keep rejecting the pod; back off instead of hot-looping delete/create.
      const key = failedPodsBackoffKey(ds, nodeName);
      if (isInBackOffSinceUpdate(plan.backoff, key, nowMs)) {
        const delayMs = get(plan.backoff, key);
        decide(log, fn, 'failedInBackoff', { node: nodeName, pod: pod.metadata.name, delayMs });
        plan.backoffRequeueMs = delayMs;
        continue;
      }
      plan.backoff = next(plan.backoff, key, nowMs);
      const backoffMs = get(plan.backoff, key);
      decide(log, fn, 'deleteFailed', { node: nodeName, pod: pod.metadata.name, backoffMs });
      plan.events.push({
        type: 'Warning',
        reason: FailedDaemonPodReason,
        message: `Found failed daemon pod ${podRef(pod)} on node ${nodeName}, will try to kill it`,
        podName: pod.metadata.name,
      });
      plan.podsToDelete.push(pod.metadata.name);
    } else if (pod.status?.phase === 'Succeeded') {
      decide(log, fn, 'deleteSucceeded', { node: nodeName, pod: pod.metadata.name });
      plan.events.push({
        type: 'Normal',
        reason: SucceededDaemonPodReason,
        message: `Found succeeded daemon pod ${podRef(pod)} on node ${nodeName}, will try to delete it`,
        podName: pod.metadata.name,
      });
      plan.podsToDelete.push(pod.metadata.name);
    } else {
      running.push(pod);
    }
  }

  if (!allowsSurge(ds)) {
    // Without surge a node runs one pod: keep the oldest, delete the rest. A node left with only
    // failed or terminating pods gets its new pod from the next sync, not this one.
    if (running.length <= 1) return plan;
    const sorted = sortDaemonPods(running);
    const keep = sorted[0]?.metadata.name ?? '';
    for (const pod of sorted.slice(1)) {
      decide(log, fn, 'pruneExcess', { node: nodeName, running: running.length, keep, pod: pod.metadata.name });
      plan.podsToDelete.push(pod.metadata.name);
    }
    return plan;
  }

  if (running.length <= 1) {
    if (running.length === 0 && shouldRun) {
      // Surging: even while the old pod terminates the node needs a live pod now.
      decide(log, fn, 'surgeCreate', { node: nodeName });
      plan.nodesNeedingDaemonPods.push(nodeName);
    }
    return plan;
  }

  let oldestNew: Pod | undefined;
  let oldestOld: Pod | undefined;
  for (const pod of sortDaemonPods(running)) {
    if (pod.metadata.labels?.[ControllerRevisionHashLabelKey] === hash) {
      if (oldestNew === undefined) {
        oldestNew = pod;
        continue;
      }
    } else if (oldestOld === undefined) {
      oldestOld = pod;
      continue;
    }
    decide(log, fn, 'surgeDeleteExtra', { node: nodeName, pod: pod.metadata.name });
    plan.podsToDelete.push(pod.metadata.name);
  }
  if (oldestNew !== undefined && oldestOld !== undefined) {
    const minReadySeconds = ds.spec.minReadySeconds ?? 0;
    const oldPod = oldestOld.metadata.name;
    const values = { node: nodeName, oldPod, newPod: oldestNew.metadata.name, minReadySeconds };
    if (!isPodReady(oldestOld)) {
      decide(log, fn, 'surgeDeleteOldNotReady', values);
      plan.podsToDelete.push(oldPod);
    } else if (isPodAvailable(oldestNew, minReadySeconds, nowMs)) {
      decide(log, fn, 'surgeDeleteOldNewAvailable', values);
      plan.podsToDelete.push(oldPod);
    } else {
      decide(log, fn, 'surgeKeepBoth', values);
    }
  }
  return plan;
}

/**
 * getUnscheduledPodsWithoutNode returns the unscheduled pods whose target node is not in the
 * node list: the scheduler can never bind them and the pod GC only removes bound pods.
 */
export function getUnscheduledPodsWithoutNode(
  nodeList: readonly Node[],
  nodeToDaemonPods: NodeToDaemonPods,
  memo?: Pick<ManageMemo, 'offListNodes'>,
): string[] {
  let gone: string[];
  if (memo) gone = [...memo.offListNodes];
  else {
    const running = new Set<string>();
    for (const n of nodeList) running.add(n.metadata.name);
    gone = [];
    for (const nodeName in nodeToDaemonPods) if (!running.has(nodeName)) gone.push(nodeName);
  }
  const results: string[] = [];
  // Upstream walks a Go map (random order); sorting the node names keeps the plan reproducible.
  for (const nodeName of gone.sort()) {
    for (const pod of nodeToDaemonPods[nodeName] ?? []) {
      if (!pod.spec.nodeName) results.push(pod.metadata.name);
    }
  }
  return results;
}

/**
 * What the DaemonSet's node memo (nodeMemo.ts) already knows, so that managePlan visits only the
 * nodes where something may happen (5 of 5,000 in a typical sync of a rolling update).
 */
export interface ManageMemo {
  /** The nodes where podsShouldBeOnNode may plan or log something, in node-list order. */
  activeNodes: readonly Node[];
  /** The node names that have pods but are not in the node list. */
  offListNodes: Iterable<string>;
}

/**
 * managePlan runs podsShouldBeOnNode over every node in list order, then adds the unscheduled
 * pods whose node is gone: the combined create/delete plan syncNodes carries out. With a memo
 * it visits only the memo's active nodes: on every other node podsShouldBeOnNode does nothing.
 */
export function managePlan(
  ds: DaemonSet,
  nodeList: readonly Node[],
  nodeToDaemonPods: NodeToDaemonPods,
  hash: string,
  backoff: BackoffState,
  nowMs: number,
  log?: DecisionLog,
  memo?: ManageMemo,
): ManagePlan {
  const plan: ManagePlan = { nodesNeedingDaemonPods: [], podsToDelete: [], events: [], backoff, backoffRequeueMs: null };
  for (const node of memo?.activeNodes ?? nodeList) {
    const p = podsShouldBeOnNode(log, node, nodeToDaemonPods, ds, hash, plan.backoff, nowMs);
    plan.nodesNeedingDaemonPods.push(...p.nodesNeedingDaemonPods);
    plan.podsToDelete.push(...p.podsToDelete);
    plan.events.push(...p.events);
    plan.backoff = p.backoff;
    const requeue = p.backoffRequeueMs;
    if (requeue !== undefined) plan.backoffRequeueMs = Math.min(plan.backoffRequeueMs ?? requeue, requeue);
  }
  for (const podName of getUnscheduledPodsWithoutNode(nodeList, nodeToDaemonPods, memo)) {
    decide(log, 'manage', 'deleteUnscheduledWithoutNode', { pod: podName });
    plan.podsToDelete.push(podName);
  }
  decide(log, 'manage', 'summary', { creates: plan.nodesNeedingDaemonPods.length, deletes: plan.podsToDelete.length });
  return plan;
}
