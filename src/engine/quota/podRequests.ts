// Port of kubernetes staging/src/k8s.io/component-helpers/resource/helpers.go (v1.36):
// PodRequests and PodLimits, as quota and the autoscaler read a pod's resources.
/**
 * A pod's requests are its containers' requests summed, then raised to any init container's (a
 * sidecar, restartPolicy Always, adds to both), then the pod-level `spec.resources` where set,
 * plus `spec.overhead`. Containers are read as they are stored today
 * (`resources: { requests: {cpu: "250m"}, limits: {...} }`); a limit without a request counts
 * as the request too, as the API server's pod defaulting (SetDefaults_Pod) writes it.
 */
import type { Container, Pod, PodSpec } from '../api/types.ts';
import { addQuantities, cmpQuantities, parseQuantity, type Quantity } from '../lib/quantity.ts';
import type { Usage } from './resources.ts';

interface Requirements {
  requests?: Record<string, string>;
  limits?: Record<string, string>;
}

type ContainerLike = Pick<Container, 'name'> & { resources?: unknown; restartPolicy?: string };

function requirementsOf(c: ContainerLike): Requirements {
  const r = c.resources;
  return typeof r === 'object' && r !== null ? (r as Requirements) : {};
}

function parsed(list: Record<string, string> | undefined): Usage {
  const out: Usage = new Map();
  if (!list) return out;
  for (const [k, v] of Object.entries(list)) {
    const q = parseQuantity(String(v));
    if (q.ok) out.set(k, q.value);
  }
  return out;
}

/** containerRequests: the requests the API server stores, limits standing in for requests not set. */
export function containerRequests(c: ContainerLike): Usage {
  const r = requirementsOf(c);
  const out = parsed(r.limits);
  for (const [k, v] of parsed(r.requests)) out.set(k, v);
  return out;
}

/** containerLimits: the container's limits. */
export function containerLimits(c: ContainerLike): Usage {
  return parsed(requirementsOf(c).limits);
}

function addInto(to: Usage, from: Usage): void {
  for (const [k, v] of from) {
    const cur = to.get(k);
    to.set(k, cur === undefined ? v : addQuantities(cur, v));
  }
}

function maxInto(to: Usage, from: Usage): void {
  for (const [k, v] of from) {
    const cur = to.get(k);
    if (cur === undefined || cmpQuantities(v, cur) > 0) to.set(k, v);
  }
}

function initContainersOf(spec: PodSpec): ContainerLike[] {
  const init = (spec as { initContainers?: unknown }).initContainers;
  return Array.isArray(init) ? (init as ContainerLike[]) : [];
}

/** aggregate is AggregateContainerRequests / AggregateContainerLimits over one reader. */
function aggregate(spec: PodSpec, read: (c: ContainerLike) => Usage): Usage {
  const out: Usage = new Map();
  for (const c of spec.containers ?? []) addInto(out, read(c));
  const restartable: Usage = new Map();
  const initMax: Usage = new Map();
  for (const c of initContainersOf(spec)) {
    let r = read(c);
    if (c.restartPolicy === 'Always') {
      addInto(out, r);
      addInto(restartable, r);
      r = restartable;
    } else {
      const tmp: Usage = new Map(r);
      addInto(tmp, restartable);
      r = tmp;
    }
    maxInto(initMax, r);
  }
  maxInto(out, initMax);
  return out;
}

const POD_LEVEL = new Set(['cpu', 'memory', 'hugepages-2Mi', 'hugepages-1Gi']);

function podLevel(spec: PodSpec, out: Usage, which: keyof Requirements): void {
  const res = (spec as { resources?: Requirements }).resources;
  for (const [k, v] of parsed(res?.[which])) if (POD_LEVEL.has(k)) out.set(k, v);
}

function overhead(spec: PodSpec, out: Usage): void {
  addInto(out, parsed((spec as { overhead?: Record<string, string> }).overhead));
}

/** Memo by spec object: a ReplicaSet's pods share one admitted spec (apiserver/admission.ts). */
const requestMemo = new WeakMap<PodSpec, Usage>();
const limitMemo = new WeakMap<PodSpec, Usage>();

/** podRequests is PodRequests: what the pod asks for (never changed by the caller). */
export function podRequests(pod: Pick<Pod, 'spec'>): ReadonlyMap<string, Quantity> {
  let u = requestMemo.get(pod.spec);
  if (u === undefined) {
    u = aggregate(pod.spec, containerRequests);
    podLevel(pod.spec, u, 'requests');
    overhead(pod.spec, u);
    requestMemo.set(pod.spec, u);
  }
  return u;
}

/** podLimits is PodLimits: the containers' limits, init containers' as for requests, pod-level ones where set. */
export function podLimits(pod: Pick<Pod, 'spec'>): ReadonlyMap<string, Quantity> {
  let u = limitMemo.get(pod.spec);
  if (u === undefined) {
    u = aggregate(pod.spec, containerLimits);
    podLevel(pod.spec, u, 'limits');
    // Overhead raises only the limits that are set (an unset limit stays unlimited).
    for (const [k, v] of parsed((pod.spec as { overhead?: Record<string, string> }).overhead)) {
      const cur = u.get(k);
      if (cur !== undefined) u.set(k, addQuantities(cur, v));
    }
    limitMemo.set(pod.spec, u);
  }
  return u;
}
