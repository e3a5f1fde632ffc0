// Port of kubernetes pkg/controller/daemon/update.go rollingUpdate: its maxSurge == 0 and maxSurge > 0 branches (v1.36).
/**
 * The two walks of the rolling update over the nodes in shuffled order (rollingUpdatePlan in
 * update.ts chooses one): with maxSurge 0 delete old pods within maxUnavailable and let manage
 * recreate them; with surge create the new pod first and delete the old one once it is available.
 */
import { type DecisionLog, decide } from '../../api/decision.ts';
import type { DaemonSet } from '../../api/types.ts';
import type { DesiredNodeCounts, NodeUpdate, RollingUpdatePlan } from './update.ts';
import { isReadinessAvailable } from './util/daemonsetUtil.ts';

/** What both walks read. */
export interface StepArgs {
  ds: DaemonSet;
  counts: DesiredNodeCounts;
  /** The sorted node names; `order` lists their positions (slots) in shuffled order. */
  names: readonly string[];
  order: Int32Array;
  /** nodeUpdate (findUpdatedPodsOnNode) of a node, by slot. */
  podsOn: (slot: number) => NodeUpdate;
  nowMs: number;
  log: DecisionLog | undefined;
}

/** rollingUpdateUnavailable is the maxSurge == 0 branch: delete, and let manage recreate. */
export function rollingUpdateUnavailable({ ds, counts, names, order, podsOn, nowMs, log }: StepArgs): RollingUpdatePlan {
  const fn = 'rollingUpdate';
  const { maxUnavailable } = counts;
  const minReadySeconds = ds.spec.minReadySeconds ?? 0;
  let numUnavailable = 0;
  const allowedReplacementPods: string[] = [];
  const candidates: { node: string; pod: string }[] = [];
  for (const slot of order) {
    const node = names[slot] as string;
    const { newPod, oldPod, ok } = podsOn(slot);
    if (!ok) {
      numUnavailable++;
      decide(log, fn, 'excessPods', { node, numUnavailable });
      continue;
    }
    if ((oldPod === null && newPod === null) || (oldPod !== null && newPod !== null)) {
      numUnavailable++;
      decide(log, fn, oldPod === null ? 'noPods' : 'bothPods', { node, numUnavailable });
    } else if (newPod !== null) {
      if (!isReadinessAvailable(newPod, minReadySeconds, nowMs)) {
        numUnavailable++;
        decide(log, fn, 'newPodUnavailable', { node, pod: newPod.name, numUnavailable });
      } else {
        decide(log, fn, 'newPodAvailable', { node, pod: newPod.name });
      }
    } else if (oldPod !== null) {
      const pod = oldPod.name;
      if (!isReadinessAvailable(oldPod, minReadySeconds, nowMs)) {
        allowedReplacementPods.push(pod);
        numUnavailable++;
        decide(log, fn, 'oldPodUnavailable', { node, pod, numUnavailable });
      } else if (numUnavailable >= maxUnavailable) {
        decide(log, fn, 'unavailableBudgetSpent', { node, pod, maxUnavailable, numUnavailable });
      } else {
        candidates.push({ node, pod });
        decide(log, fn, 'deleteCandidate', { node, pod, maxUnavailable, numUnavailable });
      }
    }
  }
  const remaining = Math.min(Math.max(maxUnavailable - numUnavailable, 0), candidates.length);
  decide(log, fn, 'unavailableSummary', {
    maxUnavailable,
    numUnavailable,
    remaining,
    candidates: candidates.length,
    replacements: allowedReplacementPods.length,
  });
  for (const [i, c] of candidates.entries()) {
    decide(log, fn, i < remaining ? 'deleteOld' : 'candidateKept', { node: c.node, pod: c.pod, remaining });
  }
  const chosen = candidates.slice(0, remaining).map((c) => c.pod);
  return { podsToDelete: [...allowedReplacementPods, ...chosen], nodesNeedingPods: [] };
}

/** rollingUpdateSurge is the maxSurge > 0 branch: create first, delete the old pod once the new one is available. */
export function rollingUpdateSurge(args: StepArgs, shouldRunOn: (slot: number) => boolean | string): RollingUpdatePlan {
  const { ds, counts, names, order, podsOn, nowMs, log } = args;
  const fn = 'rollingUpdate';
  const { maxSurge, desiredNumberScheduled } = counts;
  const minReadySeconds = ds.spec.minReadySeconds ?? 0;
  const oldPodsToDelete: string[] = [];
  const shouldNotRunPodsToDelete: { node: string; pod: string }[] = [];
  const candidateNewNodes: string[] = [];
  const allowedNewNodes: string[] = [];
  let numSurge = 0;
  let numAvailable = 0;

  for (const slot of order) {
    const node = names[slot] as string;
    const { newPod, oldPod, ok } = podsOn(slot);
    if (!ok) {
      numSurge++;
      decide(log, fn, 'excessPodsSurge', { node, numSurge });
      continue;
    }
    // Availability is counted on every node, including the ones being sunset.
    const counted = oldPod ?? newPod;
    if (counted !== null && isReadinessAvailable(counted, minReadySeconds, nowMs)) numAvailable++;

    if (oldPod === null) {
      if (newPod !== null) decide(log, fn, 'newPodOnly', { node, pod: newPod.name });
      continue;
    }
    const pod = oldPod.name;
    if (newPod === null) {
      const shouldRun = shouldRunOn(slot);
      if (typeof shouldRun === 'string') return { podsToDelete: [], nodesNeedingPods: [], error: shouldRun };
      if (!isReadinessAvailable(oldPod, minReadySeconds, nowMs)) {
        if (!shouldRun) {
          decide(log, fn, 'oldUnavailableShouldNotRun', { node, pod });
          oldPodsToDelete.push(pod);
          continue;
        }
        decide(log, fn, 'oldUnavailableReplace', { node, pod });
        allowedNewNodes.push(node);
      } else if (!shouldRun) {
        decide(log, fn, 'shouldNotRunCandidate', { node, pod });
        shouldNotRunPodsToDelete.push({ node, pod });
      } else if (numSurge >= maxSurge) {
        decide(log, fn, 'surgeBudgetSpent', { node, pod, maxSurge, numSurge });
      } else {
        decide(log, fn, 'surgeCandidate', { node, pod, maxSurge, numSurge });
        candidateNewNodes.push(node);
      }
      continue;
    }
    if (!isReadinessAvailable(newPod, minReadySeconds, nowMs)) {
      numSurge++;
      decide(log, fn, 'newPodWaiting', { node, pod: newPod.name, numSurge });
      continue;
    }
    decide(log, fn, 'newPodAvailableDeleteOld', { node, pod, newPod: newPod.name });
    oldPodsToDelete.push(pod);
  }

  // With surge the owner expects full availability: when the scheduling constraints move the
  // pods from node A to node B, A's pod goes only once B's pod adds to the available count.
  const deletable = Math.min(numAvailable - desiredNumberScheduled, shouldNotRunPodsToDelete.length);
  decide(log, fn, 'shouldNotRunSummary', {
    numAvailable,
    desired: desiredNumberScheduled,
    deletable: Math.max(deletable, 0),
    candidates: shouldNotRunPodsToDelete.length,
  });
  for (const [i, c] of shouldNotRunPodsToDelete.entries()) {
    const values = { node: c.node, pod: c.pod, numAvailable, desired: desiredNumberScheduled };
    decide(log, fn, i < deletable ? 'deleteShouldNotRun' : 'keepShouldNotRun', values);
    if (i < deletable) oldPodsToDelete.push(c.pod);
  }

  const remaining = Math.min(Math.max(maxSurge - numSurge, 0), candidateNewNodes.length);
  const candidates = candidateNewNodes.length;
  decide(log, fn, 'surgeSummary', { maxSurge, numSurge, remaining, candidates, replacements: allowedNewNodes.length });
  for (const [i, node] of candidateNewNodes.entries()) {
    decide(log, fn, i < remaining ? 'surgeCreate' : 'surgeNotThisSync', { node, remaining });
  }
  const nodesNeedingPods = [...allowedNewNodes, ...candidateNewNodes.slice(0, remaining)];
  return { podsToDelete: oldPodsToDelete, nodesNeedingPods };
}
