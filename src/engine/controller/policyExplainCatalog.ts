// The English sentences of every Explain record the policy parts write (DESIGN.md §2): the
// ResourceQuota, disruption and HPA controllers, and the eviction subresource kubectl drain calls.
import type { DecisionCatalog } from '../api/decision.ts';

/** POLICY_DECISION_KEYS: fn → key → template; placeholders are keys of the record's values. */
export const POLICY_DECISION_KEYS: DecisionCatalog = {
  syncResourceQuota: {
    usage: 'ResourceQuota {quota}: used {used} of hard {hard} (recomputed from the namespace\u2019s pods; terminating pods still count)',
  },
  updatePdbStatus: {
    disruptionsAllowed:
      'PodDisruptionBudget {pdb}: disruptionsAllowed = currentHealthy {currentHealthy} − desiredHealthy {desiredHealthy} = {disruptionsAllowed} (expectedPods {expectedPods}; never below 0)',
  },
  failSafe: {
    syncFailed: 'PodDisruptionBudget {pdb} could not be computed ({error}): disruptionsAllowed set to 0 so no eviction gets through',
  },
  evictPod: {
    evicted: 'eviction of {pod} admitted (budget {pdb}): the pod gets a DisruptionTarget condition and is deleted gracefully',
    tooManyRequests: 'eviction of {pod} refused with 429 by budget {pdb}: {cause}; kubectl drain retries in 5 s',
  },
  getResourceReplicas: {
    utilization:
      'HPA {hpa}: cpu utilization {utilization}% of request vs target {target}% → ratio {usageRatio} over {ready} ready pods ({ignored} ignored), tolerance 10% → {replicas} replicas',
    utilizationFilled:
      'HPA {hpa}: cpu utilization {utilization}% of request vs target {target}% → ratio {usageRatio} over {ready} ready pods; counting {unready} not-ready pods as 0% on a scale-up and {missing} without a metric as 0% up or 100% down gives ratio {newUsageRatio} ({ignored} ignored) → {replicas} replicas',
  },
  normalizeDesiredReplicas: {
    normalized: 'HPA {hpa}: current {current}, recommended {proposed} → {desired} after the 5-minute scale-down stabilization and the scale-up limit max(2 × current, 4) ({reason})',
  },
  normalizeDesiredReplicasWithBehaviors: {
    normalized: 'HPA {hpa}: current {current}, recommended {proposed} → {desired} after the behavior\u2019s stabilization windows and rate policies ({reason})',
  },
  reconcileAutoscaler: {
    rescale: 'scale {reference} {from} → {to}: {reason} (a write to spec.replicas through the scale subresource)',
    noRescale: '{reference} stays at {replicas} replicas',
    failedGetScale: 'cannot read the scale of {reference}: {error}',
    failedComputeMetrics: 'no replica count for {reference}: {error}',
    statusFailed: 'the HPA status write failed: {error}',
  },
};
