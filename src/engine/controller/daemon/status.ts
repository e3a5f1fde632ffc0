// Port of kubernetes pkg/controller/daemon/daemon_controller.go updateDaemonSetStatus, storeDaemonSetStatus (v1.36).
/**
 * The DaemonSet status counters, computed from the nodes and the pods grouped per node. Only the
 * oldest pod of a node counts, so a surging node (old pod + new pod) reports its old pod: it is
 * not "updated" until the old pod is gone. Terminating pods still count as scheduled.
 */
import { type DecisionLog, decide } from '../../api/decision.ts';
import type { DaemonSet, DaemonSetStatus, Node } from '../../api/types.ts';
import { type NodeToDaemonPods, oldestDaemonPod } from './daemonPods.ts';
import type { NodeFacts, StatusCounts } from './nodeFacts.ts';
import { nodeShouldRunDaemonPod } from './shouldRun.ts';
import { getTemplateGeneration, isPodAvailable, isPodReady, isPodUpdated, isReadinessAvailable } from './util/daemonsetUtil.ts';

/** The status to write (if any) and when to look again. */
export interface DaemonSetStatusPlan {
  /** The DaemonSet's status after this sync (conditions and collisionCount carried over). */
  status: DaemonSetStatus;
  /** False when every counter is unchanged and observedGeneration ≥ generation: no write. */
  changed: boolean;
  /**
   * Requeue after this many ms (minReadySeconds) when some pods are Ready but not yet available,
   * so availability is recounted even if no pod event arrives; null otherwise.
   */
  requeueAfterMs: number | null;
}

/**
 * What the DaemonSet's node memo (nodeMemo.ts) already knows: the counters that do not depend on
 * the clock, and per node the counted pod, for numberAvailable when minReadySeconds > 0.
 */
export interface StatusMemo {
  counts: StatusCounts;
  facts: ReadonlyMap<string, Pick<NodeFacts, 'inList' | 'shouldRun' | 'counted'>>;
}

/**
 * numberAvailableOf counts the listed nodes that should run the pod and whose counted pod is
 * available now. With minReadySeconds 0 that is every Ready one (numberReady).
 */
function numberAvailableOf(memo: StatusMemo, minReadySeconds: number, nowMs: number): number {
  if (minReadySeconds === 0) return memo.counts.ready;
  let n = 0;
  for (const f of memo.facts.values()) {
    if (f.inList && f.shouldRun && f.counted !== null && isReadinessAvailable(f.counted, minReadySeconds, nowMs)) n++;
  }
  return n;
}

/**
 * updateDaemonSetStatusPlan counts, over every node (or takes the memo's sums):
 * - shouldRun → desiredNumberScheduled; with pods → currentNumberScheduled, and the oldest pod
 *   (scheduled first, then by creation) adds to numberReady, numberAvailable, updatedNumberScheduled;
 * - not shouldRun but has pods → numberMisscheduled;
 * then numberUnavailable = desired − available. observedGeneration moves to metadata.generation
 * only with updateObservedGen (a sync that waited for expectations does not claim the generation).
 */
export function updateDaemonSetStatusPlan(
  ds: DaemonSet,
  nodeList: readonly Node[],
  nodeToDaemonPods: NodeToDaemonPods,
  hash: string,
  nowMs: number,
  updateObservedGen: boolean,
  log?: DecisionLog,
  memo?: StatusMemo,
): DaemonSetStatusPlan {
  const minReadySeconds = ds.spec.minReadySeconds ?? 0;
  const generation = getTemplateGeneration(ds);
  let desiredNumberScheduled = memo?.counts.desired ?? 0;
  let currentNumberScheduled = memo?.counts.current ?? 0;
  let numberMisscheduled = memo?.counts.misscheduled ?? 0;
  let numberReady = memo?.counts.ready ?? 0;
  let updatedNumberScheduled = memo?.counts.updated ?? 0;
  let numberAvailable = memo ? numberAvailableOf(memo, minReadySeconds, nowMs) : 0;
  for (const node of memo ? [] : nodeList) {
    const { shouldRun } = nodeShouldRunDaemonPod(node, ds);
    const pods = nodeToDaemonPods[node.metadata.name] ?? [];
    const scheduled = pods.length > 0;
    if (!shouldRun) {
      if (scheduled) numberMisscheduled++;
      continue;
    }
    desiredNumberScheduled++;
    if (!scheduled) continue;
    currentNumberScheduled++;
    const pod = oldestDaemonPod(pods);
    if (pod === undefined) continue;
    if (isPodReady(pod)) {
      numberReady++;
      if (isPodAvailable(pod, minReadySeconds, nowMs)) numberAvailable++;
    }
    if (isPodUpdated(pod, hash, generation)) updatedNumberScheduled++;
  }
  const numberUnavailable = desiredNumberScheduled - numberAvailable;

  const old = ds.status;
  const dsGeneration = ds.metadata.generation ?? 0;
  const observed = old?.observedGeneration ?? 0;
  const unchanged =
    (old?.desiredNumberScheduled ?? 0) === desiredNumberScheduled &&
    (old?.currentNumberScheduled ?? 0) === currentNumberScheduled &&
    (old?.numberMisscheduled ?? 0) === numberMisscheduled &&
    (old?.numberReady ?? 0) === numberReady &&
    (old?.updatedNumberScheduled ?? 0) === updatedNumberScheduled &&
    (old?.numberAvailable ?? 0) === numberAvailable &&
    (old?.numberUnavailable ?? 0) === numberUnavailable &&
    observed >= dsGeneration;

  const status: DaemonSetStatus = {
    ...(old ?? {}),
    currentNumberScheduled,
    numberMisscheduled,
    desiredNumberScheduled,
    numberReady,
    updatedNumberScheduled,
    numberAvailable,
    numberUnavailable,
  };
  if (updateObservedGen) status.observedGeneration = dsGeneration;

  const requeueAfterMs = minReadySeconds > 0 && numberReady !== numberAvailable ? minReadySeconds * 1000 : null;
  decide(log, 'updateDaemonSetStatus', 'counts', {
    desired: desiredNumberScheduled,
    current: currentNumberScheduled,
    ready: numberReady,
    updated: updatedNumberScheduled,
    available: numberAvailable,
    unavailable: numberUnavailable,
    misscheduled: numberMisscheduled,
    changed: !unchanged,
  });
  return { status: unchanged ? (old ?? status) : status, changed: !unchanged, requeueAfterMs };
}
