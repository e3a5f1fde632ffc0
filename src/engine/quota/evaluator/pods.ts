// Port of kubernetes pkg/quota/v1/evaluator/core/pods.go (v1.36): what a pod counts against a
// ResourceQuota (PodUsageFunc), which quota resources it is measured by (MatchingResources),
// the constraints a covering quota puts on it (Constraints) and which quota scopes select it.
import type { ScopedResourceSelectorRequirement } from '../../api/policyTypes.ts';
import type { Pod } from '../../api/types.ts';
import { parseRFC3339 } from '../../lib/time.ts';
import { quantityFromValue, type Quantity } from '../../lib/quantity.ts';
import { containerLimits, containerRequests, podLimits, podRequests } from '../podRequests.ts';
import type { Usage } from '../resources.ts';

/** count/pods: every pod in storage, whatever its phase (generic.ObjectCountQuotaResourceNameFor). */
export const PodObjectCountName = 'count/pods';

/** The quota resources the pod evaluator computes (podResources; hugepages and extended resources by prefix). */
const POD_RESOURCES: ReadonlySet<string> = new Set([
  PodObjectCountName,
  'cpu',
  'memory',
  'ephemeral-storage',
  'requests.cpu',
  'requests.memory',
  'requests.ephemeral-storage',
  'limits.cpu',
  'limits.memory',
  'limits.ephemeral-storage',
  'pods',
]);

/**
 * validationSet: the resources a covering quota makes every container state explicitly (the
 * backward-compatibility rule of Constraints: quota on cpu or memory needs a request or limit).
 */
const VALIDATION_SET: readonly string[] = ['cpu', 'memory', 'requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory'];

const ONE = quantityFromValue(1);

/** podComputeUsageHelper maps requests and limits to the quota names: cpu → cpu and requests.cpu, … */
export function podComputeUsageHelper(requests: ReadonlyMap<string, Quantity>, limits: ReadonlyMap<string, Quantity>): Usage {
  const out: Usage = new Map([['pods', ONE]]);
  const cpu = requests.get('cpu');
  if (cpu !== undefined) {
    out.set('cpu', cpu);
    out.set('requests.cpu', cpu);
  }
  const limitCpu = limits.get('cpu');
  if (limitCpu !== undefined) out.set('limits.cpu', limitCpu);
  const mem = requests.get('memory');
  if (mem !== undefined) {
    out.set('memory', mem);
    out.set('requests.memory', mem);
  }
  const limitMem = limits.get('memory');
  if (limitMem !== undefined) out.set('limits.memory', limitMem);
  const eph = requests.get('ephemeral-storage');
  if (eph !== undefined) {
    out.set('ephemeral-storage', eph);
    out.set('requests.ephemeral-storage', eph);
  }
  const limitEph = limits.get('ephemeral-storage');
  if (limitEph !== undefined) out.set('limits.ephemeral-storage', limitEph);
  for (const [name, q] of requests) {
    // hugepages-2Mi counts as itself and requests.hugepages-2Mi; an extended resource
    // (example.com/dongle) only as requests.example.com/dongle.
    if (name.startsWith('hugepages-')) {
      out.set(name, q);
      out.set(`requests.${name}`, q);
    } else if (isExtendedResourceName(name)) out.set(`requests.${name}`, q);
  }
  return out;
}

/**
 * isExtendedResourceName: a resource outside the kubernetes.io domain (it has a `/`, is not
 * `kubernetes.io/…` and is not itself a `requests.` name), e.g. example.com/dongle.
 */
export function isExtendedResourceName(name: string): boolean {
  if (!name.includes('/') || name.startsWith('requests.')) return false;
  const domain = name.slice(0, name.indexOf('/'));
  return domain !== 'kubernetes.io' && !domain.endsWith('.kubernetes.io');
}

/** isExtendedResourceNameForQuota: `requests.<extended resource>`, the only quota name of one. */
function isExtendedResourceNameForQuota(name: string): boolean {
  return name.startsWith('requests.') && isExtendedResourceName(name.slice('requests.'.length));
}

/**
 * quotaV1Pod is QuotaV1Pod: a pod counts for compute quota unless it is terminal, or it has been
 * terminating for longer than its grace period past the deletion timestamp (a pod stuck on a lost
 * node). Worked example: a pod deleted at t = 30 s with a 30 s grace has deletionTimestamp 60 s,
 * so it counts until t = 90 s — a terminating old pod keeps holding its quota.
 */
export function quotaV1Pod(pod: Pod, nowMs: number): boolean {
  const phase = pod.status?.phase;
  if (phase === 'Failed' || phase === 'Succeeded') return false;
  const del = pod.metadata.deletionTimestamp;
  const grace = pod.metadata.deletionGracePeriodSeconds;
  if (del !== undefined && grace !== undefined && nowMs > parseRFC3339(del) + grace * 1000) return false;
  return true;
}

/** Compute usage by spec object: a ReplicaSet's pods share their admitted spec. */
const computeMemo = new WeakMap<object, Usage>();

/** podUsageFunc is PodUsageFunc: count/pods always; pods, cpu, memory, requests.*, limits.* while quotaV1Pod. */
export function podUsageFunc(pod: Pod, nowMs: number): Usage {
  if (!quotaV1Pod(pod, nowMs)) return new Map([[PodObjectCountName, ONE]]);
  let compute = computeMemo.get(pod.spec);
  if (compute === undefined) {
    compute = podComputeUsageHelper(podRequests(pod), podLimits(pod));
    computeMemo.set(pod.spec, compute);
  }
  const out: Usage = new Map(compute);
  out.set(PodObjectCountName, ONE);
  return out;
}

/** podMatchingResources is MatchingResources: the names among `names` that the pod evaluator measures. */
export function podMatchingResources(names: Iterable<string>): string[] {
  return [...names]
    .filter((n) => POD_RESOURCES.has(n) || n.startsWith('hugepages-') || n.startsWith('requests.hugepages-') || isExtendedResourceNameForQuota(n))
    .sort();
}

/**
 * podConstraints is Constraints: with quota on cpu or memory, each container must state it.
 * Returns null, or `must specify limits.cpu for: app; requests.memory for: app,sidecar`.
 */
export function podConstraints(required: readonly string[], pod: Pod): string | null {
  const requiredSet = new Set(required.filter((r) => VALIDATION_SET.includes(r)));
  if (requiredSet.size === 0) return null;
  // PodLevelResources (on by default since v1.34): pod-level resources stand for the containers'.
  const podLevel = (pod.spec as { resources?: { requests?: object; limits?: object } }).resources;
  if (Object.keys(podLevel?.requests ?? {}).length > 0 || Object.keys(podLevel?.limits ?? {}).length > 0) return null;
  const missing = new Map<string, Set<string>>();
  const initContainers = (pod.spec as { initContainers?: unknown }).initContainers;
  const containers = [...(pod.spec.containers ?? []), ...(Array.isArray(initContainers) ? (initContainers as Pod['spec']['containers']) : [])];
  for (const c of containers) {
    const has = podComputeUsageHelper(containerRequests(c), containerLimits(c));
    for (const r of requiredSet) {
      if (has.has(r)) continue;
      const set = missing.get(r) ?? new Set<string>();
      set.add(c.name);
      missing.set(r, set);
    }
  }
  if (missing.size === 0) return null;
  const parts = [...missing.keys()].sort().map((r) => `${r} for: ${[...(missing.get(r) as Set<string>)].sort().join(',')}`);
  return `must specify ${parts.join('; ')}`;
}

/** isBestEffort is the pod QoS class BestEffort: no container requests or limits cpu or memory. */
function isBestEffort(pod: Pod): boolean {
  const req = podRequests(pod);
  const lim = podLimits(pod);
  return !req.has('cpu') && !req.has('memory') && !lim.has('cpu') && !lim.has('memory');
}

function isTerminating(pod: Pod): boolean {
  const d = (pod.spec as { activeDeadlineSeconds?: number }).activeDeadlineSeconds;
  return typeof d === 'number' && d >= 0;
}

/** podMatchesScopeFunc is the pod evaluator's scope test for one selector requirement. */
export function podMatchesScopeFunc(req: ScopedResourceSelectorRequirement, pod: Pod): boolean {
  switch (req.scopeName) {
    case 'Terminating':
      return isTerminating(pod);
    case 'NotTerminating':
      return !isTerminating(pod);
    case 'BestEffort':
      return isBestEffort(pod);
    case 'NotBestEffort':
      return !isBestEffort(pod);
    case 'PriorityClass': {
      const pc = (pod.spec as { priorityClassName?: string }).priorityClassName ?? '';
      const values = req.values ?? [];
      if (req.operator === 'Exists') return pc !== '';
      if (req.operator === 'DoesNotExist') return pc === '';
      if (req.operator === 'In') return values.includes(pc);
      return !values.includes(pc);
    }
    default:
      return false;
  }
}
