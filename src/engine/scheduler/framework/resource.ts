// Port of kubernetes staging/src/k8s.io/component-helpers/resource/helpers.go (PodRequests) and the
// Resource type of kube-scheduler's NodeInfo (v1.36): what a pod asks of a node, in plain numbers.
import type { Container, ContainerPort, PodSpec, ResourceList } from '../../api/types.ts';
import { milliValue, parseQuantity, value } from '../../lib/quantity.ts';
import { DefaultMemoryRequest, DefaultMilliCPURequest } from './types.ts';

/**
 * A pod's requests: cpu in millicores, memory and ephemeral-storage in bytes, extended resources
 * (`nvidia.com/gpu`, `hugepages-2Mi`) by name; plus the "non-zero" cpu and memory the scoring
 * plugins count, where a container that names no cpu counts 100m and none memory 200Mi.
 */
export interface PodResources {
  readonly milliCPU: number;
  readonly memory: number;
  readonly ephemeralStorage: number;
  /** Extended and hugepages resources, or null when the pod asks for none. */
  readonly scalar: Readonly<Record<string, number>> | null;
  readonly nonZeroMilliCPU: number;
  readonly nonZeroMemory: number;
  /** The host ports its containers bind (NodePorts), or null. */
  readonly hostPorts: readonly HostPort[] | null;
}

/** One bound host port, with the API defaults applied (hostIP 0.0.0.0, protocol TCP). */
export interface HostPort {
  readonly ip: string;
  readonly protocol: string;
  readonly port: number;
}

/** amountOf reads one quantity: cpu in millicores (MilliValue), anything else in units (Value); bad text counts 0. */
export function amountOf(name: string, q: string | number | undefined): number {
  if (q === undefined) return 0;
  const r = parseQuantity(String(q));
  if (!r.ok) return 0;
  return name === 'cpu' ? milliValue(r.value) : value(r.value);
}

interface Acc {
  cpu: number;
  memory: number;
  eph: number;
  scalar: Record<string, number> | null;
  nzCpu: number;
  nzMem: number;
}

function setScalar(acc: Acc, name: string, v: number): void {
  if (acc.scalar === null) acc.scalar = {};
  acc.scalar[name] = v;
}

function containerAmounts(c: Container): Acc {
  const req: ResourceList = c.resources?.requests ?? {};
  const acc: Acc = { cpu: 0, memory: 0, eph: 0, scalar: null, nzCpu: 0, nzMem: 0 };
  for (const name of Object.keys(req)) {
    const v = amountOf(name, req[name]);
    if (name === 'cpu') acc.cpu = v;
    else if (name === 'memory') acc.memory = v;
    else if (name === 'ephemeral-storage') acc.eph = v;
    else if (name !== 'pods') setScalar(acc, name, v);
  }
  // NonMissingContainerRequests: only a request that is absent counts as the default; an explicit 0 stays 0.
  acc.nzCpu = Object.hasOwn(req, 'cpu') ? acc.cpu : DefaultMilliCPURequest;
  acc.nzMem = Object.hasOwn(req, 'memory') ? acc.memory : DefaultMemoryRequest;
  return acc;
}

function hostPortsOf(containers: readonly Container[], out: HostPort[]): void {
  for (const c of containers) {
    for (const p of (c.ports ?? []) as ContainerPort[]) {
      const port = p.hostPort ?? 0;
      if (port <= 0) continue;
      out.push({ ip: p.hostIP || '0.0.0.0', protocol: p.protocol || 'TCP', port });
    }
  }
}

/**
 * Requests by containers array: a ReplicaSet's 10,000 pods share one containers array (the
 * admitted template), so they are summed once. Not engine state: equal arrays give equal sums.
 */
const memo = new WeakMap<readonly Container[], PodResources>();

/**
 * computePodResourceRequest is PodRequests(pod): the sum over the containers, raised to any init
 * container's request (init containers run one at a time, before the others).
 * Worked example: containers 250m + 500m, an init container 1 → cpu 1000m.
 */
export function computePodResourceRequest(spec: PodSpec): PodResources {
  const containers = spec.containers ?? [];
  const hit = memo.get(containers);
  if (hit !== undefined) return hit;
  const sum: Acc = { cpu: 0, memory: 0, eph: 0, scalar: null, nzCpu: 0, nzMem: 0 };
  for (const c of containers) {
    const a = containerAmounts(c);
    sum.cpu += a.cpu;
    sum.memory += a.memory;
    sum.eph += a.eph;
    sum.nzCpu += a.nzCpu;
    sum.nzMem += a.nzMem;
    for (const [k, v] of Object.entries(a.scalar ?? {})) setScalar(sum, k, (sum.scalar?.[k] ?? 0) + v);
  }
  for (const c of spec.initContainers ?? []) {
    const a = containerAmounts(c);
    sum.cpu = Math.max(sum.cpu, a.cpu);
    sum.memory = Math.max(sum.memory, a.memory);
    sum.eph = Math.max(sum.eph, a.eph);
    sum.nzCpu = Math.max(sum.nzCpu, a.nzCpu);
    sum.nzMem = Math.max(sum.nzMem, a.nzMem);
    for (const [k, v] of Object.entries(a.scalar ?? {})) setScalar(sum, k, Math.max(sum.scalar?.[k] ?? 0, v));
  }
  const ports: HostPort[] = [];
  hostPortsOf(spec.initContainers ?? [], ports);
  hostPortsOf(containers, ports);
  const r: PodResources = {
    milliCPU: sum.cpu,
    memory: sum.memory,
    ephemeralStorage: sum.eph,
    scalar: sum.scalar,
    nonZeroMilliCPU: sum.nzCpu,
    nonZeroMemory: sum.nzMem,
    hostPorts: ports.length ? ports : null,
  };
  memo.set(containers, r);
  return r;
}

/** A node's allocatable, parsed once per Node object version. */
export interface NodeAllocatableResources {
  readonly milliCPU: number;
  readonly memory: number;
  readonly ephemeralStorage: number;
  readonly allowedPodNumber: number;
  readonly scalar: Readonly<Record<string, number>> | null;
}

/** parseAllocatable reads node.status.allocatable (NewResource(node.Status.Allocatable)). */
export function parseAllocatable(list: ResourceList | undefined): NodeAllocatableResources {
  let scalar: Record<string, number> | null = null;
  const l = list ?? {};
  for (const name of Object.keys(l)) {
    if (name === 'cpu' || name === 'memory' || name === 'ephemeral-storage' || name === 'pods') continue;
    if (scalar === null) scalar = {};
    scalar[name] = amountOf(name, l[name]);
  }
  return {
    milliCPU: amountOf('cpu', l.cpu),
    memory: amountOf('memory', l.memory),
    ephemeralStorage: amountOf('ephemeral-storage', l['ephemeral-storage']),
    allowedPodNumber: amountOf('pods', l.pods),
    scalar,
  };
}
