// Port of kubernetes pkg/scheduler/framework/plugins/noderesources/fit.go (v1.36): the Filter.
import type { NodeInfo } from '../../framework/nodeInfo.ts';
import type { PodResources } from '../../framework/resource.ts';
import { type Code, newStatus, Plugin, type Status } from '../../framework/types.ts';

/**
 * InsufficientResource: one resource the node lacks. Unresolvable when the pod asks for more than
 * the node's whole allocatable (an empty node would not do either, so preemption cannot help).
 */
export interface InsufficientResource {
  resourceName: string;
  reason: string;
  requested: number;
  used: number;
  capacity: number;
  unresolvable: boolean;
}

/**
 * fitsRequest lists what the node lacks for the pod, in upstream's order: pods, cpu, memory,
 * ephemeral-storage, then extended resources by name. A resource the pod does not ask for never
 * fails; a pod that asks for nothing only needs a free pod slot.
 * Worked example: allocatable cpu 4000m, requested 3800m, pod 500m → 500 > 4000 − 3800: "Insufficient cpu".
 */
export function fitsRequest(req: PodResources, ni: NodeInfo): InsufficientResource[] {
  const out: InsufficientResource[] = [];
  const a = ni.allocatable;
  if (ni.pods.size + 1 > a.allowedPodNumber) {
    out.push({ resourceName: 'pods', reason: 'Too many pods', requested: 1, used: ni.pods.size, capacity: a.allowedPodNumber, unresolvable: false });
  }
  if (req.milliCPU === 0 && req.memory === 0 && req.ephemeralStorage === 0 && req.scalar === null) return out;
  if (req.milliCPU > 0 && req.milliCPU > a.milliCPU - ni.requestedMilliCPU) {
    out.push({
      resourceName: 'cpu',
      reason: 'Insufficient cpu',
      requested: req.milliCPU,
      used: ni.requestedMilliCPU,
      capacity: a.milliCPU,
      unresolvable: req.milliCPU > a.milliCPU,
    });
  }
  if (req.memory > 0 && req.memory > a.memory - ni.requestedMemory) {
    out.push({
      resourceName: 'memory',
      reason: 'Insufficient memory',
      requested: req.memory,
      used: ni.requestedMemory,
      capacity: a.memory,
      unresolvable: req.memory > a.memory,
    });
  }
  if (req.ephemeralStorage > 0 && req.ephemeralStorage > a.ephemeralStorage - ni.requestedEphemeralStorage) {
    out.push({
      resourceName: 'ephemeral-storage',
      reason: 'Insufficient ephemeral-storage',
      requested: req.ephemeralStorage,
      used: ni.requestedEphemeralStorage,
      capacity: a.ephemeralStorage,
      unresolvable: req.ephemeralStorage > a.ephemeralStorage,
    });
  }
  if (req.scalar !== null) {
    for (const name of Object.keys(req.scalar).sort()) {
      const want = req.scalar[name] ?? 0;
      if (want === 0) continue;
      const cap = a.scalar?.[name] ?? 0;
      const used = ni.requestedScalar?.[name] ?? 0;
      if (want > cap - used) out.push({ resourceName: name, reason: `Insufficient ${name}`, requested: want, used, capacity: cap, unresolvable: want > cap });
    }
  }
  return out;
}

/**
 * filter is Fit.Filter: every lacking resource is a reason ("Insufficient cpu", "Insufficient
 * memory"); the code is UnschedulableAndUnresolvable when any of them is beyond the node's size.
 */
export function filter(req: PodResources, ni: NodeInfo): Status | null {
  // The common case, a node with room, allocates nothing.
  const a = ni.allocatable;
  if (
    ni.pods.size + 1 <= a.allowedPodNumber &&
    req.milliCPU <= a.milliCPU - ni.requestedMilliCPU &&
    req.memory <= a.memory - ni.requestedMemory &&
    req.ephemeralStorage <= a.ephemeralStorage - ni.requestedEphemeralStorage &&
    req.scalar === null
  ) {
    return null;
  }
  const missing = fitsRequest(req, ni);
  if (missing.length === 0) return null;
  const code: Code = missing.some((m) => m.unresolvable) ? 'UnschedulableAndUnresolvable' : 'Unschedulable';
  return newStatus(code, Plugin.NodeResourcesFit, ...missing.map((m) => m.reason));
}
