// Port of kubernetes pkg/controller/podautoscaler/replica_calculator.go (v1.36)
// GetResourceReplicas, groupPods, calculatePodRequestsFromContainers and
// metrics/utilization.go GetResourceUtilizationRatio.
/**
 * The replica count a CPU-utilization target asks for. Worked example: target 50 %, 4 Ready pods
 * requesting 200m each, using 150m → utilization ⌊600 × 100 / 800⌋ = 75 %, ratio 75 / 50 = 1.5,
 * outside the tolerance [0.9, 1.1] → ⌈1.5 × 4⌉ = 6 replicas. Pods that are Pending or not yet
 * past their CPU initialization count 0 % on a scale-up; pods without a metric count 0 % on a
 * scale-up and 100 % (or the target, if higher) on a scale-down; a result that would flip the
 * direction keeps the current count.
 */
import type { Pod } from '../../api/types.ts';
import { parseRFC3339 } from '../../lib/time.ts';
import { milliValue, parseQuantity } from '../../lib/quantity.ts';
import { containerRequests } from '../../quota/podRequests.ts';
import type { PodMetric } from './metrics.ts';

/** --horizontal-pod-autoscaler-cpu-initialization-period. */
export const CpuInitializationPeriodMs = 5 * 60 * 1000;
/** --horizontal-pod-autoscaler-initial-readiness-delay. */
export const DelayOfInitialReadinessStatusMs = 30 * 1000;
/** --horizontal-pod-autoscaler-tolerance. */
export const DefaultTolerance = 0.1;

/** Tolerances: the usage ratio band [1 − scaleDown, 1 + scaleUp] within which nothing changes. */
export interface Tolerances {
  scaleDown: number;
  scaleUp: number;
}

/** isWithin: the ratio is inside the tolerance band. */
export function isWithin(t: Tolerances, usageRatio: number): boolean {
  return 1.0 - t.scaleDown <= usageRatio && usageRatio <= 1.0 + t.scaleUp;
}

/** The pods sorted into groupPods' four sets. */
export interface PodGroups {
  readyPodCount: number;
  unreadyPods: Set<string>;
  missingPods: Set<string>;
  ignoredPods: Set<string>;
}

/**
 * groupPods: terminating and Failed pods are ignored; Pending pods are unready; pods without a
 * metric are missing; for cpu, a pod is unready when it has no Ready condition or start time, or
 * — within the CPU initialization period — when it is not Ready or its metric window began before
 * it turned Ready, or — after it — when it is not Ready and never was (its Ready condition last
 * changed within the initial readiness delay of its start).
 */
export function groupPods(
  pods: readonly Pod[],
  metrics: ReadonlyMap<string, PodMetric>,
  resource: string,
  cpuInitializationPeriodMs: number,
  delayOfInitialReadinessStatusMs: number,
  nowMs: number,
): PodGroups {
  const g: PodGroups = { readyPodCount: 0, unreadyPods: new Set(), missingPods: new Set(), ignoredPods: new Set() };
  for (const pod of pods) {
    const name = pod.metadata.name;
    if (pod.metadata.deletionTimestamp || pod.status?.phase === 'Failed') {
      g.ignoredPods.add(name);
      continue;
    }
    if (pod.status?.phase === 'Pending') {
      g.unreadyPods.add(name);
      continue;
    }
    const metric = metrics.get(name);
    if (!metric) {
      g.missingPods.add(name);
      continue;
    }
    if (resource === 'cpu') {
      const cond = pod.status?.conditions?.find((c) => c.type === 'Ready');
      const start = parseRFC3339(pod.status?.startTime);
      let unready: boolean;
      if (!cond || Number.isNaN(start)) unready = true;
      else {
        const transition = parseRFC3339(cond.lastTransitionTime);
        if (start + cpuInitializationPeriodMs > nowMs) {
          unready = cond.status === 'False' || metric.timestamp < transition + metric.window;
        } else {
          unready = cond.status === 'False' && start + delayOfInitialReadinessStatusMs > transition;
        }
      }
      if (unready) {
        g.unreadyPods.add(name);
        continue;
      }
    }
    g.readyPodCount++;
  }
  return g;
}

/**
 * calculatePodRequestsFromContainers sums the pod's requests of the resource over its containers
 * and sidecars (init containers with restartPolicy Always) — only `container`'s when one is named
 * — in millis. A container without one is an error (`missing request for cpu in container app of
 * Pod web-x`), and so is a named container the pod does not have.
 */
export function calculatePodRequestsFromContainers(pod: Pod, container: string, resource: string): number | { error: string } {
  const inits = ((pod.spec as { initContainers?: { name: string; restartPolicy?: string }[] }).initContainers ?? []).filter(
    (c) => c.restartPolicy === 'Always',
  );
  let sum = 0;
  let found = container === '';
  for (const c of [...(pod.spec.containers ?? []), ...inits]) {
    if (container !== '' && container !== c.name) continue;
    found = true;
    const q = containerRequests(c).get(resource);
    if (q === undefined) return { error: `missing request for ${resource} in container ${c.name} of Pod ${pod.metadata.name}` };
    sum += milliValue(q);
  }
  if (!found) return { error: `container ${container} not found in Pod ${pod.metadata.name}` };
  return sum;
}

/** podLevelRequest: the pod-level `spec.resources.requests` of the resource (PodLevelResources), if set. */
function podLevelRequest(pod: Pod, resource: string): number | undefined {
  const r = (pod.spec as { resources?: { requests?: Record<string, string> } }).resources?.requests?.[resource];
  if (r === undefined) return undefined;
  const q = parseQuantity(String(r));
  return q.ok ? milliValue(q.value) : undefined;
}

/**
 * calculateRequests: each pod's request of the resource, in millis, by pod name — the pod-level
 * request where one is set and no container is named (PodLevelResources, on by default since
 * v1.34), else calculatePodRequestsFromContainers; the first error stops it.
 */
export function calculateRequests(pods: readonly Pod[], container: string, resource: string): Map<string, number> | { error: string } {
  const out = new Map<string, number>();
  for (const pod of pods) {
    const level = container === '' ? podLevelRequest(pod, resource) : undefined;
    const r = level ?? calculatePodRequestsFromContainers(pod, container, resource);
    if (typeof r !== 'number') return r;
    out.set(pod.metadata.name, r);
  }
  return out;
}

/**
 * getResourceUtilizationRatio: utilization = ⌊Σ usage × 100 / Σ requests⌋ over the pods with both
 * (an integer percent), ratio = utilization / target, and the average raw usage.
 */
export function getResourceUtilizationRatio(
  metrics: ReadonlyMap<string, { value: number }>,
  requests: ReadonlyMap<string, number>,
  targetUtilization: number,
): { usageRatio: number; utilization: number; rawAverage: number } | { error: string } {
  let metricsTotal = 0;
  let requestsTotal = 0;
  let n = 0;
  for (const [pod, m] of metrics) {
    const r = requests.get(pod);
    if (r === undefined) continue;
    metricsTotal += m.value;
    requestsTotal += r;
    n++;
  }
  if (requestsTotal === 0) return { error: 'no metrics returned matched known pods' };
  const utilization = Math.trunc((metricsTotal * 100) / requestsTotal);
  return { usageRatio: utilization / targetUtilization, utilization, rawAverage: Math.trunc(metricsTotal / n) };
}

/** What GetResourceReplicas returns, with the numbers Explain shows. */
export interface ResourceReplicas {
  replicaCount: number;
  utilization: number;
  rawUtilization: number;
  timestamp: number;
  /** For Explain: the groups and the ratios. */
  readyPodCount: number;
  unready: number;
  missing: number;
  ignored: number;
  usageRatio: number;
  newUsageRatio: number | null;
}

/** The ReplicaCalculator's two readiness periods (kube-controller-manager flags), in ms. */
export interface ReadinessPeriods {
  cpuInitializationPeriodMs: number;
  delayOfInitialReadinessStatusMs: number;
}

/** The defaults of --horizontal-pod-autoscaler-cpu-initialization-period and -initial-readiness-delay. */
export const DefaultReadinessPeriods: ReadinessPeriods = {
  cpuInitializationPeriodMs: CpuInitializationPeriodMs,
  delayOfInitialReadinessStatusMs: DelayOfInitialReadinessStatusMs,
};

/** getResourceReplicas is GetResourceReplicas for a utilization target; errors in upstream's words. */
export function getResourceReplicas(
  currentReplicas: number,
  targetUtilization: number,
  resource: string,
  tolerances: Tolerances,
  pods: readonly Pod[],
  metricsIn: ReadonlyMap<string, PodMetric>,
  nowMs: number,
  periods: ReadinessPeriods = DefaultReadinessPeriods,
): ResourceReplicas | { error: string } {
  // The metrics client fails first when metrics-server has nothing for the selector.
  if (metricsIn.size === 0) return { error: `unable to get metrics for resource ${resource}: no metrics returned from resource metrics API` };
  if (pods.length === 0) return { error: 'no pods returned by selector while calculating replica count' };
  const g = groupPods(pods, metricsIn, resource, periods.cpuInitializationPeriodMs, periods.delayOfInitialReadinessStatusMs, nowMs);
  const metrics = new Map<string, { value: number; timestamp?: number }>(metricsIn);
  for (const p of g.ignoredPods) metrics.delete(p);
  for (const p of g.unreadyPods) metrics.delete(p);
  const requests = calculateRequests(pods, '', resource);
  if ('error' in requests) return requests;
  if (metrics.size === 0) return { error: 'did not receive metrics for targeted pods (pods might be unready)' };
  const first = getResourceUtilizationRatio(metrics, requests, targetUtilization);
  if ('error' in first) return first;
  let timestamp = 0;
  for (const m of metricsIn.values()) timestamp = Math.max(timestamp, m.timestamp);
  const base = {
    utilization: first.utilization,
    rawUtilization: first.rawAverage,
    timestamp,
    readyPodCount: g.readyPodCount,
    unready: g.unreadyPods.size,
    missing: g.missingPods.size,
    ignored: g.ignoredPods.size,
    usageRatio: first.usageRatio,
  };
  const usageRatio = first.usageRatio;
  const scaleUpWithUnready = g.unreadyPods.size > 0 && usageRatio > 1.0;
  if (!scaleUpWithUnready && g.missingPods.size === 0) {
    if (isWithin(tolerances, usageRatio)) return { ...base, replicaCount: currentReplicas, newUsageRatio: null };
    return { ...base, replicaCount: Math.ceil(usageRatio * g.readyPodCount), newUsageRatio: null };
  }
  if (g.missingPods.size > 0) {
    if (usageRatio < 1.0) {
      const fallback = Math.max(100, targetUtilization);
      for (const p of g.missingPods) metrics.set(p, { value: Math.trunc(((requests.get(p) ?? 0) * fallback) / 100) });
    } else if (usageRatio > 1.0) {
      for (const p of g.missingPods) metrics.set(p, { value: 0 });
    }
  }
  if (scaleUpWithUnready) for (const p of g.unreadyPods) metrics.set(p, { value: 0 });
  const second = getResourceUtilizationRatio(metrics, requests, targetUtilization);
  if ('error' in second) return second;
  const newUsageRatio = second.usageRatio;
  if (isWithin(tolerances, newUsageRatio) || (usageRatio < 1.0 && newUsageRatio > 1.0) || (usageRatio > 1.0 && newUsageRatio < 1.0)) {
    return { ...base, replicaCount: currentReplicas, newUsageRatio };
  }
  const newReplicas = Math.ceil(newUsageRatio * metrics.size);
  if ((newUsageRatio < 1.0 && newReplicas > currentReplicas) || (newUsageRatio > 1.0 && newReplicas < currentReplicas)) {
    return { ...base, replicaCount: currentReplicas, newUsageRatio };
  }
  return { ...base, replicaCount: newReplicas, newUsageRatio };
}
