// Port of kubernetes pkg/scheduler/framework/plugins/noderesources/resource_allocation.go (v1.36):
// the requested and allocatable amounts a resource scorer compares, for cpu and memory (weight 1 each).
import type { NodeInfo } from '../../framework/nodeInfo.ts';
import type { PodResources } from '../../framework/resource.ts';

/**
 * The amounts one scorer compares for one node: [cpu, memory] requested (with the pod) and
 * allocatable. useRequested (BalancedAllocation) counts the real requests; otherwise
 * (LeastAllocated) the non-zero ones, where a container without a request counts 100m / 200Mi.
 */
export interface Amounts {
  cpuRequested: number;
  cpuAllocatable: number;
  memRequested: number;
  memAllocatable: number;
}

/** calculateResourceAllocatableRequest fills `out` for the node and returns it. */
export function calculateResourceAllocatableRequest(req: PodResources, ni: NodeInfo, useRequested: boolean, out: Amounts): Amounts {
  out.cpuAllocatable = ni.allocatable.milliCPU;
  out.memAllocatable = ni.allocatable.memory;
  if (useRequested) {
    out.cpuRequested = ni.requestedMilliCPU + req.milliCPU;
    out.memRequested = ni.requestedMemory + req.memory;
  } else {
    out.cpuRequested = ni.nonZeroMilliCPU + req.nonZeroMilliCPU;
    out.memRequested = ni.nonZeroMemory + req.nonZeroMemory;
  }
  return out;
}

/** newAmounts makes a scratch Amounts (one per scheduling cycle, refilled for each node). */
export function newAmounts(): Amounts {
  return { cpuRequested: 0, cpuAllocatable: 0, memRequested: 0, memAllocatable: 0 };
}
