// Port of kubernetes pkg/scheduler/framework/plugins/noderesources/least_allocated.go (v1.36).
import { MaxNodeScore } from '../../framework/types.ts';

const MAX = MaxNodeScore;
import type { Amounts } from './resourceAllocation.ts';

/**
 * leastRequestedScore: the share of the resource left free, 0–100, integer division as in Go;
 * more requested than allocatable scores 0.
 */
export function leastRequestedScore(requested: number, capacity: number): number {
  if (capacity === 0 || requested > capacity) return 0;
  return Math.trunc(((capacity - requested) * MAX) / capacity);
}

/**
 * leastResourceScorer is NodeResourcesFit's default score: the weighted mean over cpu and memory
 * (weight 1 each) of leastRequestedScore; a resource the node has none of is left out.
 * Worked example: cpu 1100m of 4000m → 72, memory 1Gi of 16Gi → 93; (72 + 93) / 2 = 82.
 */
export function leastAllocatedScore(a: Amounts): number {
  let score = 0;
  let weights = 0;
  if (a.cpuAllocatable !== 0) {
    score += leastRequestedScore(a.cpuRequested, a.cpuAllocatable);
    weights++;
  }
  if (a.memAllocatable !== 0) {
    score += leastRequestedScore(a.memRequested, a.memAllocatable);
    weights++;
  }
  return weights === 0 ? 0 : Math.trunc(score / weights);
}
