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

/** The pod-spec fields besides containers that PodRequests reads (not in PodSpec's type: they pass through as written). */
interface PodSpecExtras {
  readonly resources?: { readonly requests?: ResourceList };
  readonly overhead?: ResourceList;
}

interface Memo {
  readonly init: readonly Container[] | undefined;
  readonly podLevel: ResourceList | undefined;
  readonly overhead: ResourceList | undefined;
  readonly r: PodResources;
}

/**
 * Requests by containers array: a ReplicaSet's 10,000 pods share one containers array (the
 * admitted template), so they are summed once; the init containers, pod-level requests and
 * overhead the sum also reads must be the same objects for a hit. Not engine state: equal
 * arrays give equal sums.
 */
const memo = new WeakMap<readonly Container[], Memo>();

function addAcc(to: Acc, a: Acc): void {
  to.cpu += a.cpu;
  to.memory += a.memory;
  to.eph += a.eph;
  to.nzCpu += a.nzCpu;
  to.nzMem += a.nzMem;
  for (const [k, v] of Object.entries(a.scalar ?? {})) setScalar(to, k, (to.scalar?.[k] ?? 0) + v);
}

function maxAcc(to: Acc, a: Acc): void {
  to.cpu = Math.max(to.cpu, a.cpu);
  to.memory = Math.max(to.memory, a.memory);
  to.eph = Math.max(to.eph, a.eph);
  to.nzCpu = Math.max(to.nzCpu, a.nzCpu);
  to.nzMem = Math.max(to.nzMem, a.nzMem);
  for (const [k, v] of Object.entries(a.scalar ?? {})) setScalar(to, k, Math.max(to.scalar?.[k] ?? 0, v));
}

function emptyAcc(): Acc {
  return { cpu: 0, memory: 0, eph: 0, scalar: null, nzCpu: 0, nzMem: 0 };
}

function copyAcc(a: Acc): Acc {
  return { ...a, scalar: a.scalar === null ? null : { ...a.scalar } };
}

/**
 * computePodResourceRequest is PodRequests(pod): the sum over the containers and the restartable
 * (sidecar) init containers, raised to what any other init container needs while it runs (its
 * request plus the sidecars started before it); pod-level cpu/memory requests replace the sum;
 * overhead is added. Worked examples: containers 250m + 500m, an init container 1 → 1000m; a
 * sidecar 1 (restartPolicy Always) and a container 1 → 2000m, as the quota counts it.
 */
export function computePodResourceRequest(spec: PodSpec): PodResources {
  const containers = spec.containers ?? [];
  const extras = spec as PodSpec & PodSpecExtras;
  const podLevel = extras.resources?.requests;
  const overhead = extras.overhead;
  const hit = memo.get(containers);
  if (hit !== undefined && hit.init === spec.initContainers && hit.podLevel === podLevel && hit.overhead === overhead) return hit.r;
  const sum = emptyAcc();
  for (const c of containers) addAcc(sum, containerAmounts(c));
  const restartable = emptyAcc();
  const initMax = emptyAcc();
  for (const c of spec.initContainers ?? []) {
    const a = containerAmounts(c);
    if ((c as Container & { restartPolicy?: string }).restartPolicy === 'Always') {
      // A sidecar keeps running beside the containers: it adds to the pod's sum.
      addAcc(sum, a);
      addAcc(restartable, a);
      maxAcc(initMax, restartable);
    } else {
      // A plain init container runs alone, but beside the sidecars started before it.
      const running = copyAcc(restartable);
      addAcc(running, a);
      maxAcc(initMax, running);
    }
  }
  maxAcc(sum, initMax);
  if (podLevel !== undefined) {
    // PodLevelResources: a pod-level cpu or memory request is the pod's, whatever its containers say.
    if (Object.hasOwn(podLevel, 'cpu')) sum.cpu = sum.nzCpu = amountOf('cpu', podLevel.cpu);
    if (Object.hasOwn(podLevel, 'memory')) sum.memory = sum.nzMem = amountOf('memory', podLevel.memory);
  }
  for (const name of Object.keys(overhead ?? {})) {
    const v = amountOf(name, overhead?.[name]);
    if (name === 'cpu') {
      sum.cpu += v;
      sum.nzCpu += v;
    } else if (name === 'memory') {
      sum.memory += v;
      sum.nzMem += v;
    } else if (name === 'ephemeral-storage') sum.eph += v;
    else if (name !== 'pods') setScalar(sum, name, (sum.scalar?.[name] ?? 0) + v);
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
  memo.set(containers, { init: spec.initContainers, podLevel, overhead, r });
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
