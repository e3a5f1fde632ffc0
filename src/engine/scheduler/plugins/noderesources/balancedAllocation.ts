// Port of kubernetes pkg/scheduler/framework/plugins/noderesources/balanced_allocation.go (v1.36).
import type { PodResources } from '../../framework/resource.ts';
import { MaxNodeScore } from '../../framework/types.ts';

const MAX = MaxNodeScore;
import type { Amounts } from './resourceAllocation.ts';

/**
 * isBestEffortPod: the pod requests no cpu and no memory at all. BalancedAllocation then skips
 * scoring (since v1.33, kubernetes#129138: otherwise such pods would all crowd one node).
 */
export function isBestEffortPod(req: PodResources): boolean {
  return req.milliCPU === 0 && req.memory === 0;
}

/**
 * balancedResourceScorer favours nodes whose cpu and memory would be used in the same proportion:
 * (1 − standard deviation of the two fractions) × 100, each fraction capped at 1; with two
 * resources the deviation is |f_cpu − f_mem| / 2. Float arithmetic in Go's order, truncated.
 * Worked example: cpu 2000m/4000m = 0.5, memory 4Gi/16Gi = 0.25 → std 0.125 → 87.
 */
export function balancedResourceScore(a: Amounts): number {
  // One resource alone has no deviation; none at all neither.
  let std = 0;
  if (a.cpuAllocatable !== 0 && a.memAllocatable !== 0) {
    const cpu = Math.min(a.cpuRequested / a.cpuAllocatable, 1);
    const mem = Math.min(a.memRequested / a.memAllocatable, 1);
    std = Math.abs((cpu - mem) / 2);
  }
  return Math.trunc((1 - std) * MAX);
}
