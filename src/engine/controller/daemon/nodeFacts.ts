// Not a port: what the node memo (nodeMemo.ts) keeps per node, asked of the ported functions.
/**
 * One node's answers for a DaemonSet sync, computed with the ported functions themselves
 * (nodeShouldRunDaemonPod, podsShouldBeOnNode, oldestDaemonPod, isPodUpdated, findUpdatedPodsOnNode)
 * whenever the node or its pods change, and the status counters they add up to.
 */
import type { DecisionLog } from '../../api/decision.ts';
import type { DaemonSet, Node, Pod, PodCondition } from '../../api/types.ts';
import { newBackOff } from './backoff.ts';
import { podsShouldBeOnNode } from './manage.ts';
import { type NodeToDaemonPods, oldestDaemonPod } from './daemonPods.ts';
import { nodeShouldRunDaemonPod, type ShouldRunResult } from './shouldRun.ts';
import { findUpdatedPodsOnNode } from './update.ts';
import type { NodeUpdate } from './updateTypes.ts';
import { allowsSurge, isPodUpdated, type PodReadiness, podReadiness } from './util/daemonsetUtil.ts';

/** What a sync needs to know about one node (or about a node name its pods target). */
export interface NodeFacts {
  /** The node is in the node list; pods may still target a node that is gone. */
  inList: boolean;
  /** nodeShouldRunDaemonPod's answers (both false for a node not in the list). */
  shouldRun: boolean;
  shouldContinueRunning: boolean;
  /** The node has pods in nodeToDaemonPods (currentNumberScheduled / numberMisscheduled). */
  scheduled: boolean;
  /** podsShouldBeOnNode plans and logs nothing here at any time and back-off: manage skips it. */
  quiet: boolean;
  /** The pod the status counts (the oldest), read once, and whether it is updated. */
  counted: PodReadiness | null;
  updated: boolean;
  /** nodeUpdate: findUpdatedPodsOnNode of the node's pods, read once. */
  update: NodeUpdate;
}

/** The status counters that need no clock, summed over the nodes in the list. */
export interface StatusCounts {
  desired: number;
  current: number;
  misscheduled: number;
  ready: number;
  updated: number;
}

/** noCounts is the counters of no node. */
export const noCounts = (): StatusCounts => ({ desired: 0, current: 0, misscheduled: 0, ready: 0, updated: 0 });

/** count adds (sign 1) or removes (sign −1) one node's part of the status counters. */
export function count(c: StatusCounts, f: NodeFacts, sign: 1 | -1): void {
  if (!f.inList) return;
  if (!f.shouldRun) {
    if (f.scheduled) c.misscheduled += sign;
    return;
  }
  c.desired += sign;
  if (!f.scheduled) return;
  c.current += sign;
  if (f.counted?.ready) c.ready += sign;
  if (f.updated) c.updated += sign;
}

/** inRollingUpdateMap: updatedDesiredNodeCounts' map has every node with pods and every node that should run. */
export const inRollingUpdateMap = (f: NodeFacts | undefined): boolean => f !== undefined && (f.scheduled || (f.inList && f.shouldRun));

/** An empty back-off table (podsShouldBeOnNode never changes the one it is given). */
const NO_BACKOFF = newBackOff();

/**
 * isQuiet reports whether podsShouldBeOnNode does nothing on the node. It reads the back-off and
 * the clock only for a Failed pod and, with surge, for two running pods; both paths always log a
 * decision (failedInBackoff or deleteFailed; surgeKeepBoth, surgeDeleteOld… or surgeDeleteExtra),
 * so a node that is quiet with an empty back-off at time 0 is quiet at any time and back-off.
 */
function isQuiet(node: Node, name: string, pods: readonly Pod[], byNode: NodeToDaemonPods, ds: DaemonSet, hash: string, answer: ShouldRunResult, surge: boolean): boolean {
  if (plainlyQuiet(answer, Object.hasOwn(byNode, name), pods, surge)) return true;
  const log: DecisionLog = [];
  const plan = podsShouldBeOnNode(log, node, byNode, ds, hash, NO_BACKOFF, 0, answer);
  return log.length === 0 && plan.nodesNeedingDaemonPods.length === 0 && plan.podsToDelete.length === 0 && plan.events.length === 0;
}

/**
 * plainlyQuiet is true on the nodes where podsShouldBeOnNode's every path is seen to return an
 * empty plan without running it (it allocates a plan, a log and a list per node, ~0.8 µs of the
 * facts' ~2.7 µs at 5,000 nodes): the node may keep its pods (shouldContinueRunning), needs no
 * new one (it has an entry, or should not run), no surge, and at most one pod that is neither
 * being deleted nor Failed nor Succeeded, with none Failed or Succeeded. False means "ask
 * podsShouldBeOnNode", never "not quiet".
 */
function plainlyQuiet(answer: ShouldRunResult, exists: boolean, pods: readonly Pod[], surge: boolean): boolean {
  if (surge || !answer.shouldContinueRunning || (answer.shouldRun && !exists)) return false;
  let running = 0;
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    const phase = pod.status?.phase;
    if (phase === 'Failed' || phase === 'Succeeded') return false;
    running++;
  }
  return running <= 1;
}

/**
 * readOnce is podReadiness of a pod, or the one already read when it is the counted pod. A plain
 * function, not a closure per call: the bench runs under tsx, whose keepNames wraps every closure
 * it creates in a defineProperty call (121 ms over the 70,000 facts of a 5,000-node rollout).
 */
function readOnce(p: Pod | null, counted: Pod | null, countedReadiness: PodReadiness | null): PodReadiness | null {
  if (p === null) return null;
  return p === counted ? countedReadiness : podReadiness(p);
}

/** readyOf is a pod's Ready condition, whose status and time podReadiness reads. */
function readyOf(pod: Pod): PodCondition | undefined {
  for (const c of pod.status?.conditions ?? []) if (c.type === 'Ready') return c;
  return undefined;
}

/** phaseClass is what the facts read of a pod's phase: Failed, Succeeded, or neither. */
const phaseClass = (pod: Pod): string => {
  const phase = pod.status?.phase;
  return phase === 'Failed' || phase === 'Succeeded' ? phase : '';
};

/**
 * sameLonePodFacts reports whether the facts of a node whose only pod changed from `prev` to `next`
 * (same namespace and name) stay as they are. computeFacts reads of a pod: its name, deletion
 * time, labels (by object: equal labels in a new object count as changed), whether its phase is
 * Failed or Succeeded, whether it is Ready and since when (podReadiness: no time when not Ready),
 * and its creation time and whether it is bound, those two only to order a node's pods, which a
 * lone pod needs not. A binding, Pending → Running and a first Ready condition that is False
 * change none of them: 30,000 of the 5,000-node row's 45,000 pod updates, whose node was computed
 * again for nothing. False means "compute".
 */
export function sameLonePodFacts(prev: Pod, next: Pod): boolean {
  const a = prev.metadata;
  const b = next.metadata;
  if (a.deletionTimestamp !== b.deletionTimestamp || a.labels !== b.labels) return false;
  if (phaseClass(prev) !== phaseClass(next)) return false;
  const r = readyOf(prev);
  const s = readyOf(next);
  if (r?.status !== 'True' || s?.status !== 'True') return r?.status !== 'True' && s?.status !== 'True';
  return r.lastTransitionTime === s.lastTransitionTime;
}

/**
 * computeFacts asks the ported functions about one node name: `node` is the listed node (none for
 * a name only pods target), `byNode` the DaemonSet's pods by node, `generation` the DaemonSet's
 * template generation (getTemplateGeneration), `known` nodeShouldRunDaemonPod(node, ds) when the caller kept it.
 */
export function computeFacts(
  node: Node | undefined,
  name: string,
  byNode: NodeToDaemonPods,
  ds: DaemonSet,
  hash: string,
  generation: number | null,
  known?: ShouldRunResult,
): NodeFacts {
  const pods: readonly Pod[] = byNode[name] ?? [];
  const answer = node === undefined ? { shouldRun: false, shouldContinueRunning: false } : (known ?? nodeShouldRunDaemonPod(node, ds));
  const surge = allowsSurge(ds);
  const counted = oldestDaemonPod(pods) ?? null;
  const countedReadiness = counted && podReadiness(counted);
  // nodeUpdate's answer, reading the counted pod (usually one of its two) only once.
  const found = findUpdatedPodsOnNode(ds, pods, hash);
  return {
    inList: node !== undefined,
    shouldRun: answer.shouldRun,
    shouldContinueRunning: answer.shouldContinueRunning,
    scheduled: pods.length > 0,
    quiet: node !== undefined && isQuiet(node, name, pods, byNode, ds, hash, answer, surge),
    counted: countedReadiness,
    updated: counted !== null && isPodUpdated(counted, hash, generation),
    update: {
      ok: found.ok,
      newPod: readOnce(found.newPod, counted, countedReadiness),
      oldPod: readOnce(found.oldPod, counted, countedReadiness),
    },
  };
}
