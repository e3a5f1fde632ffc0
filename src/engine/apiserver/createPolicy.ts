/**
 * What the API server does with a policy object it is asked to create or update, before it
 * stores it: decode (quantities must parse), default, validate — the same steps, the same
 * words as for Deployments — and, for a new Service, allocate its ClusterIP and, when it is
 * reachable on the nodes (NodePort, LoadBalancer), a node port for each of its ports.
 */
import type { LimitRange, LimitRangeItem, PolicyObject, Service } from '../api/policyTypes.ts';
import type { KubeObject } from '../api/types.ts';
import type { PersistentVolumeClaimObject } from '../api/statefulTypes.ts';
import { nextInt, type PrngState } from '../lib/prng.ts';
import { canonicalQuantity } from '../lib/quantity.ts';
import { setDefaultsPolicyObject } from './defaultsPolicy.ts';
import { type ApiError, newInvalidFor } from './errors.ts';
import { type FieldError, invalid } from '../apimachinery/fieldErrors.ts';
import { decodeQuantities, validatePolicyObject } from './validationPolicy.ts';

/** isPolicyKind tells whether a kind is one of the policy kinds (api/policyTypes.ts). */
export function isPolicyKind(kind: unknown): kind is PolicyObject['kind'] {
  return (
    kind === 'ResourceQuota' ||
    kind === 'LimitRange' ||
    kind === 'PodDisruptionBudget' ||
    kind === 'HorizontalPodAutoscaler' ||
    kind === 'Service' ||
    kind === 'ConfigMap' ||
    kind === 'Secret' ||
    kind === 'PersistentVolumeClaim'
  );
}

/** normalizeQuantities turns YAML numbers in a quota's hard list into the strings the API stores (`pods: 10` → "10"). */
function normalizeQuantities<T extends PolicyObject>(o: T): T {
  if (o.kind === 'LimitRange') return normalizeLimitRange(o) as T;
  if (o.kind === 'PersistentVolumeClaim') return normalizeClaim(o) as T;
  if (o.kind !== 'ResourceQuota' || !o.spec?.hard) return o;
  const hard: Record<string, string> = {};
  for (const [k, v] of Object.entries(o.spec.hard)) hard[k] = String(v);
  return { ...o, spec: { ...o.spec, hard } } as T;
}

/**
 * normalizeClaim: a claim's requests and limits as the API server stores them, Quantity.String()
 * of what it decoded (`storage: 1` → "1", `1.5Gi` → "1536Mi").
 */
function normalizeClaim(o: PersistentVolumeClaimObject): PersistentVolumeClaimObject {
  const r = o.spec?.resources;
  if (!r) return o;
  const strings = (l: Record<string, unknown> | undefined) =>
    l === undefined ? undefined : Object.fromEntries(Object.entries(l).map(([k, v]) => [k, canonicalQuantity(String(v))]));
  const resources = { ...r, ...(r.requests ? { requests: strings(r.requests) } : {}), ...(r.limits ? { limits: strings(r.limits) } : {}) };
  return { ...o, spec: { ...o.spec, resources } };
}

/** normalizeLimitRange: a LimitRange's quantities as strings too (`maxLimitRequestRatio: {cpu: 4}` → "4"). */
function normalizeLimitRange(o: LimitRange): LimitRange {
  if (!o.spec?.limits) return o;
  const lists = ['max', 'min', 'default', 'defaultRequest', 'maxLimitRequestRatio'] as const;
  const limits = o.spec.limits.map((item) => {
    const out: LimitRangeItem = { ...item };
    for (const l of lists) {
      const list = item[l];
      if (list !== undefined) out[l] = Object.fromEntries(Object.entries(list).map(([k, v]) => [k, String(v)]));
    }
    return out;
  });
  return { ...o, spec: { ...o.spec, limits } };
}

/**
 * decodePolicyObject is the decoding and defaulting half of preparePolicyObject: the defaulted
 * object, or the decoder's BadRequest message for a quantity that does not parse.
 */
export function decodePolicyObject<T extends PolicyObject>(raw: T): { object: T } | { badRequest: string } {
  const bad = decodeQuantities(raw);
  if (bad !== null) return { badRequest: bad };
  return { object: setDefaultsPolicyObject(normalizeQuantities(raw)) };
}

/**
 * preparePolicyObject decodes, defaults and validates; the object to store, or the API error:
 * BadRequest for a quantity that does not decode, Invalid with field paths otherwise.
 */
export function preparePolicyObject<T extends PolicyObject>(raw: T): { object: T } | { error: ApiError } {
  const d = decodePolicyObject(raw);
  if ('badRequest' in d) return { error: { reason: 'BadRequest', message: d.badRequest } };
  const obj = d.object;
  const errs = validatePolicyObject(obj);
  if (errs.length > 0) return { error: newInvalidFor(obj.kind, obj.metadata?.name ?? '', errs) };
  return { object: obj };
}

/**
 * allocateClusterIP gives a new Service a ClusterIP, as the service IP allocator does: a random
 * free address of 10.96.0.0/12 (10.96.0.1 is the kubernetes Service's), drawn from the engine's PRNG.
 */
export function allocateClusterIP(s: Service, taken: ReadonlySet<string>, prng: PrngState): Service {
  if (s.spec.type === 'ExternalName' || s.spec.clusterIP === 'None' || s.spec.clusterIP) {
    return s.spec.clusterIP && !s.spec.clusterIPs ? { ...s, spec: { ...s.spec, clusterIPs: [s.spec.clusterIP] } } : s;
  }
  let ip = '';
  for (let i = 0; i < 64; i++) {
    const n = 2 + nextInt(prng, (1 << 20) - 3);
    ip = `10.${96 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
    if (!taken.has(ip)) break;
  }
  return { ...s, spec: { ...s.spec, clusterIP: ip, clusterIPs: [ip] } };
}

/** The default --service-node-port-range, 30000-32767. */
export const NodePortMin = 30000;
export const NodePortMax = 32767;
/**
 * The static band's size (ServiceNodePortStaticSubrange, GA in 1.29): min(max(16, size/32), 128)
 * ports at the bottom of the range are left to ports asked for by number; a port allocated for
 * any is drawn from above them first (2,768 ports: 86, so 30086-32767).
 */
const nodePortOffset = Math.min(Math.max(16, Math.floor((NodePortMax - NodePortMin + 1) / 32)), 128);

/** shouldAllocateNodePorts: a NodePort Service, or a LoadBalancer one unless allocateLoadBalancerNodePorts is false. */
function shouldAllocateNodePorts(s: Service): boolean {
  return s.spec.type === 'NodePort' || (s.spec.type === 'LoadBalancer' && s.spec.allocateLoadBalancerNodePorts !== false);
}

/**
 * allocateNodePort is the port allocator's AllocateNext with its offset: a random port of the upper
 * band, then the next free one from it (wrapping in the band), then the static band the same way.
 */
function allocateNodePort(taken: ReadonlySet<number>, prng: PrngState): number {
  const bands: [number, number][] = [
    [NodePortMin + nodePortOffset, NodePortMax],
    [NodePortMin, NodePortMin + nodePortOffset - 1],
  ];
  for (const [lo, hi] of bands) {
    const size = hi - lo + 1;
    const start = nextInt(prng, size);
    for (let i = 0; i < size; i++) {
      const port = lo + ((start + i) % size);
      if (!taken.has(port)) return port;
    }
  }
  return 0;
}

/** heldNodePorts: the node ports the Services hold, but `except`'s (the Service being updated). */
export function heldNodePorts(services: Iterable<KubeObject>, except?: Service): Set<number> {
  const out = new Set<number>();
  for (const o of services) {
    if (o.kind !== 'Service' || (except !== undefined && o.metadata.uid === except.metadata.uid)) continue;
    for (const p of o.spec.ports ?? []) if (p.nodePort) out.add(p.nodePort);
  }
  return out;
}

/** The bag of a Service's node ports, sorted (sameNodePorts compares two). */
function nodePortBag(s: Service): string {
  return (s.spec.ports ?? [])
    .map((p) => p.nodePort ?? 0)
    .sort((a, b) => a - b)
    .join(',');
}

/**
 * serviceUpdate is what the registry makes of an update before it validates it (service
 * storage's beginUpdate): the ClusterIP kept when the update leaves it out; a switch to a type
 * without node ports (NodePort → ClusterIP) with the node ports left as they were clears them
 * (dropTypeDependentFields: `kubectl patch svc web -p '{"spec":{"type":"ClusterIP"}}'` works); and
 * a port that keeps needing one but leaves it out gets the one its namesake had
 * (patchAllocatedValues), unless another port of the update holds it.
 */
export function serviceUpdate(cur: Service, next: Service): Service {
  let spec = next.spec;
  if (!spec.clusterIP && cur.spec.clusterIP) spec = { ...spec, clusterIP: cur.spec.clusterIP, ...(cur.spec.clusterIPs ? { clusterIPs: cur.spec.clusterIPs } : {}) };
  const ports = spec.ports;
  if (ports && shouldAllocateNodePorts(cur) && !shouldAllocateNodePorts(next) && nodePortBag(cur) === nodePortBag(next)) {
    spec = { ...spec, ports: ports.map(({ nodePort: _np, ...p }) => p) };
  } else if (ports && shouldAllocateNodePorts(cur) && shouldAllocateNodePorts(next)) {
    const used = new Set(ports.map((p) => p.nodePort ?? 0).filter((n) => n !== 0));
    const byName = new Map((cur.spec.ports ?? []).map((p) => [p.name ?? '', p.nodePort ?? 0]));
    spec = {
      ...spec,
      ports: ports.map((p) => {
        if (p.nodePort) return p;
        const old = byName.get(p.name ?? '') ?? 0;
        return old !== 0 && !used.has(old) ? { ...p, nodePort: old } : p;
      }),
    };
  }
  return spec === next.spec ? next : { ...next, spec };
}

/**
 * requestedNodePortErrors is the allocator's Allocate for the node ports a Service asks for by
 * number: one outside 30000-32767, or one another Service holds, is refused in its words.
 */
export function requestedNodePortErrors(s: Service, taken: ReadonlySet<number>): FieldError[] {
  const errs: FieldError[] = [];
  if (!shouldAllocateNodePorts(s)) return errs;
  (s.spec.ports ?? []).forEach((p, i) => {
    const np = p.nodePort;
    if (!np) return;
    if (np < NodePortMin || np > NodePortMax) {
      errs.push(invalid(`spec.ports[${i}].nodePort`, np, `provided port is not in the valid range. The range of valid ports is ${NodePortMin}-${NodePortMax}`));
    } else if (taken.has(np)) errs.push(invalid(`spec.ports[${i}].nodePort`, np, 'provided port is already allocated'));
  });
  return errs;
}

/**
 * allocateNodePorts is the registry's initNodePorts: each port without a nodePort gets one; ports of
 * one number (TCP and UDP of 53) share theirs; a port that asked for one keeps it (checked first:
 * requestedNodePortErrors).
 */
export function allocateNodePorts(s: Service, taken: Set<number>, prng: PrngState): Service {
  const ports = s.spec.ports;
  // Nothing to allocate (every port holds one, or the type needs none): the Service as it is.
  if (!ports || !shouldAllocateNodePorts(s) || ports.every((p) => p.nodePort)) return s;
  const byPort = new Map<number, number>();
  for (const p of ports) if (p.nodePort) byPort.set(p.port, p.nodePort);
  const out = ports.map((p) => {
    if (p.nodePort) return p;
    let np = byPort.get(p.port);
    if (np === undefined) {
      np = allocateNodePort(taken, prng);
      taken.add(np);
      byPort.set(p.port, np);
    }
    // Go's ServicePort order: name, protocol, appProtocol, port, targetPort, nodePort.
    return { ...p, nodePort: np };
  });
  return { ...s, spec: { ...s.spec, ports: out } };
}

/**
 * allocateUpdateNodePorts is an update's allocation (after serviceUpdate): the ports still without
 * a node port that need one (a switch to NodePort) get one the other Services do not hold.
 */
export function allocateUpdateNodePorts(s: Service, services: Iterable<KubeObject>, prng: PrngState): Service {
  return allocateNodePorts(s, heldNodePorts(services, s), prng);
}

/**
 * allocateServiceIP is the create path's allocation step for any object: a Service gets a free
 * address (allocateClusterIP against the addresses `services` hold) and its node ports
 * (allocateNodePorts against theirs), anything else passes as it is. A node port asked for out of
 * the range or held is the API server's Invalid error instead.
 */
export function allocateServiceIP<T extends KubeObject>(
  obj: T,
  services: Iterable<KubeObject>,
  prng: PrngState,
): { object: T } | { error: ApiError; fieldErrors: FieldError[] } {
  if (obj.kind !== 'Service') return { object: obj };
  // Read twice (addresses, then node ports): a Map's values() iterator would be spent after the first.
  const all = [...services];
  const taken = new Set<string>();
  for (const o of all) if (o.kind === 'Service' && o.spec.clusterIP) taken.add(o.spec.clusterIP);
  const nodePorts = heldNodePorts(all);
  const svc = obj as Service;
  const errs = requestedNodePortErrors(svc, nodePorts);
  if (errs.length > 0) return { error: newInvalidFor('Service', svc.metadata.name, errs), fieldErrors: errs };
  return { object: allocateNodePorts(allocateClusterIP(svc, taken, prng), nodePorts, prng) as T };
}
