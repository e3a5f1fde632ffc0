// The English sentences of the Explain records kube-scheduler's port writes (DESIGN.md §2): the
// scheduling cycle (filters, scores, the chosen node), the preemption PostFilter and the queue.
import type { DecisionCatalog } from '../api/decision.ts';

/**
 * SCHEDULER_DECISION_KEYS: one template per (fn, key). Plugin names and the reasons they give
 * are kube-scheduler's own strings, kept in English in every language.
 */
export const SCHEDULER_DECISION_KEYS: DecisionCatalog = {
  schedulePod: {
    noNodes: 'the cluster has no node: "no nodes available to schedule pods"',
    preFilterRejected: 'PreFilter: {plugin} rejects the pod before any node is checked: {reason}',
  },
  runFilterPlugins: {
    rejected: '{node}: {plugin} says no ({code}): {reasons}',
    rejectedMore: '… and {count} more nodes rejected (counted in the FailedScheduling message)',
  },
  findNodesThatFitPod: {
    none: 'Filter: none of the {evaluated} nodes checked fits {pod} ({nodes} nodes, checking from index {start})',
    onlyOne: 'Filter: only {node} fits {pod} ({evaluated} of {nodes} nodes checked) → bind there, no scoring',
    found:
      'Filter: {feasible} of the {evaluated} nodes checked fit {pod} (enough at {toFind} of {nodes}: numFeasibleNodesToFind; checking from index {start}) → score them',
  },
  postFilter: {
    preemption: 'PostFilter (DefaultPreemption): no pod on any node has a lower priority to evict → "{message}"',
  },
  prioritizeNodes: {
    nodeScore:
      '{node}: {total} = NodeResourcesFit {fit} + NodeResourcesBalancedAllocation {balanced} + PodTopologySpread {spread}×2 + TaintToleration {taint}×3 + NodeAffinity {nodeAffinity}×2 + InterPodAffinity {interPod}×2 + ImageLocality {image} (requests with the pod: cpu {cpu}m of {cpuAllocatable}m, memory {memoryMi}Mi of {memoryAllocatableMi}Mi, an unset request counted as 100m / 200Mi)',
    nodeScoreRequested:
      '{node}: {total} = NodeResourcesFit {fit} + NodeResourcesBalancedAllocation {balanced} + PodTopologySpread {spread}×2 + TaintToleration {taint}×3 + NodeAffinity {nodeAffinity}×2 + InterPodAffinity {interPod}×2 + ImageLocality {image} (requests with the pod: cpu {cpu}m of {cpuAllocatable}m, memory {memoryMi}Mi of {memoryAllocatableMi}Mi)',
  },
  selectHost: {
    best: '{node} has the highest score, {total} → bind the pod to {node}',
    tie: '{ties} nodes share the highest score {total} → {node} drawn at random',
    summary:
      'bind to {node}, the best of {feasible} feasible nodes ({evaluated} of {nodes} checked): {total} = NodeResourcesFit {fit} + NodeResourcesBalancedAllocation {balanced} + PodTopologySpread {spread}×2 + TaintToleration {taint}×3 + NodeAffinity {nodeAffinity}×2 + InterPodAffinity {interPod}×2 + ImageLocality {image}',
    summaryTie:
      'bind to {node}, drawn at random among {ties} nodes tied at {total} ({feasible} feasible, {evaluated} of {nodes} checked): NodeResourcesFit {fit} + NodeResourcesBalancedAllocation {balanced} + PodTopologySpread {spread}×2 + TaintToleration {taint}×3 + NodeAffinity {nodeAffinity}×2 + InterPodAffinity {interPod}×2 + ImageLocality {image}',
  },
  movePodsToActiveOrBackoffQueue: {
    toActiveQ: '{event} → {pod} goes back to activeQ (why: {plugin})',
    toBackoffQ: '{event} → {pod} goes back to backoffQ, {backoffLeft}s of back-off left (why: {plugin})',
  },
  activeQueue: {
    popFromBackoffQ: 'activeQ is empty → pop {pod} from backoffQ {backoffLeft}s before its back-off ends (SchedulerPopFromBackoffQ, on since v1.33)',
  },
  preBind: {
    waitForVolumes:
      '{pod} fits {node}, but its claims {claims} wait for their first consumer: it is assumed on {node} and PreBind (VolumeBinding) writes volume.kubernetes.io/selected-node {node} on them, then checks every {interval}s (at most {timeout}s) that each is bound to its new volume; the pod stays Pending with no node meanwhile, and the scheduler goes on with other pods',
    stillWaiting: '{pod}: claim {claim} is not bound to its volume yet ({waited}s since PreBind started) → checked again in 1s; the pod stays Pending, assumed on {node}',
    volumesBound: '{pod}: claims {claims} are bound to volumes made on {node} ({waited}s after PreBind started) → PreBind is done, bind the pod to {node}',
    podGone: '{pod} was deleted while PreBind waited for its volumes ({message}) → its binding is cancelled',
  },
  handleBindingCycleError: {
    toBackoffQ: '{pod}: the binding cycle failed ({message}) → FailedScheduling, the pod is forgotten on its node and goes to backoffQ to be scheduled again',
  },
  handleSchedulingFailure: {
    unschedulablePods:
      '{pod} → unschedulablePods after attempt {attempts}: it waits for a cluster event that {plugins} may accept (then back-off {backoff}s), or at the latest until {flushAt}s (5 minutes)',
  },
};
