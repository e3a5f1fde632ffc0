// Port of k8s.io/endpointslice util/controller_utils.go and util/endpointset.go (kubernetes-1.36.3,
// staging mirror commit 810be24): which pods become endpoints, which pod changes wake the
// controller, and the equality the reconciler uses for in-place slice updates.
import type { Endpoint, EndpointPod, EndpointPort, EndpointService } from '../api/discoveryTypes.ts';
import type { ObjectReference, PodCondition } from '../api/types.ts';
import { isPodPhaseTerminal } from '../api/podConditions.ts';

/** getPodReadyCondition returns the pod's Ready condition, if it has one. */
export function getPodReadyCondition(pod: Pick<EndpointPod, 'status'>): PodCondition | undefined {
  return pod.status?.conditions?.find((c) => c.type === 'Ready');
}

/** isPodReady: the Ready condition is "True" (containers' state is not looked at). */
export function isPodReady(pod: Pick<EndpointPod, 'status'>): boolean {
  return getPodReadyCondition(pod)?.status === 'True';
}

/** isPodTerminal: phase Failed or Succeeded; such a pod never serves again. */
export function isPodTerminal(pod: Pick<EndpointPod, 'status'>): boolean {
  return isPodPhaseTerminal(pod.status?.phase);
}

/**
 * podIPsOf: status.podIPs as the API server returns it. The simulated kubelet writes status.podIP
 * only; the API server's pod strategy fills podIPs[0] from it when podIPs is absent, so a pod
 * with podIP 10.0.0.7 and no podIPs reads as [{ ip: '10.0.0.7' }]. Deriving it here, where the
 * endpoint library reads podIPs, spares a copy of each pod version (~90,000 a 10,000-replica
 * rollout).
 */
export function podIPsOf(pod: Pick<EndpointPod, 'status'>): readonly { ip: string }[] {
  const ips = pod.status?.podIPs;
  if (ips !== undefined) return ips;
  const ip = pod.status?.podIP;
  if (!ip) return NO_IPS;
  let one = ONE_IP.get(ip);
  if (one === undefined) {
    one = [{ ip }];
    // Started afresh when full: a list made again is equal, only not the same one.
    if (ONE_IP.size >= ONE_IP_MAX) ONE_IP.clear();
    ONE_IP.set(ip, one);
  }
  return one;
}

const NO_IPS: readonly { ip: string }[] = [];
/**
 * One shared list per address (a pod keeps its IP across its versions; not engine state, never
 * written to), for the last ONE_IP_MAX addresses asked: kept for every address, it held 3.5 MB
 * after the 10,000-replica rollout (20,000 pods' lists, most of them for deleted pods).
 */
const ONE_IP = new Map<string, readonly { ip: string }[]>();
const ONE_IP_MAX = 4096;

/**
 * shouldPodBeInEndpoints: not terminal, has an IP, and (when includeTerminating is false) no
 * deletionTimestamp. The slice controller passes true, so a terminating pod stays in its slice
 * (ready:false); the legacy Endpoints controller passes publishNotReadyAddresses.
 */
export function shouldPodBeInEndpoints(pod: EndpointPod, includeTerminating: boolean): boolean {
  if (isPodTerminal(pod)) return false;
  if (!pod.status?.podIP && (pod.status?.podIPs ?? []).length === 0) return false;
  if (!includeTerminating && pod.metadata.deletionTimestamp !== undefined) return false;
  return true;
}

/** shouldSetHostname: spec.hostname set, spec.subdomain names the Service, same namespace. */
export function shouldSetHostname(pod: EndpointPod, svc: Pick<EndpointService, 'metadata'>): boolean {
  return (
    (pod.spec.hostname ?? '') !== '' &&
    (pod.spec.subdomain ?? '') === svc.metadata.name &&
    (svc.metadata.namespace ?? '') === (pod.metadata.namespace ?? '')
  );
}

function labelsEqual(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  // reflect.DeepEqual: a nil map differs from an empty one. A pod's status writes keep its labels
  // object, so most updates compare one object with itself (~100,000 a 10,000-replica rollout).
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && a[k] === b[k]);
}

/**
 * podEndpointsChanged returns [podChanged, labelsChanged]. labelsChanged: labels, hostname or
 * subdomain differ (the pod may match other Services). podChanged: deletionTimestamp, Ready or a
 * pod IP differ. NodeName is ignored: it is set before the pod has an IP.
 *
 * Upstream compares the two deletionTimestamp *pointers*; an informer's old and new objects are
 * decoded separately, so once a pod is terminating every later update of it counts as changed
 * (e.g. its containers going from running to terminated, with Ready already False). Here two
 * distinct objects with a deletionTimestamp compare as changed for the same reason.
 */
export function podEndpointsChanged(oldPod: EndpointPod, newPod: EndpointPod): [boolean, boolean] {
  const bits = changedBits(oldPod, newPod);
  return [(bits & POD_CHANGED) !== 0, (bits & LABELS_CHANGED) !== 0];
}

const POD_CHANGED = 1;
const LABELS_CHANGED = 2;

/** changedBits: podEndpointsChanged's answer as two bits, without a pair a pod event (~100,000 a 10k rollout). */
function changedBits(oldPod: EndpointPod, newPod: EndpointPod): number {
  const labelsChanged =
    !labelsEqual(newPod.metadata.labels, oldPod.metadata.labels) ||
    (newPod.spec.hostname ?? '') !== (oldPod.spec.hostname ?? '') ||
    (newPod.spec.subdomain ?? '') !== (oldPod.spec.subdomain ?? '');
  const labels = labelsChanged ? LABELS_CHANGED : 0;
  const oldTs = oldPod.metadata.deletionTimestamp;
  const newTs = newPod.metadata.deletionTimestamp;
  if (oldTs !== newTs || (newTs !== undefined && oldPod !== newPod)) return POD_CHANGED | labels;
  if (isPodReady(oldPod) !== isPodReady(newPod)) return POD_CHANGED | labels;
  const oldIPs = podIPsOf(oldPod);
  const newIPs = podIPsOf(newPod);
  if (oldIPs.length !== newIPs.length) return POD_CHANGED | labels;
  for (let i = 0; i < oldIPs.length; i++) {
    if (oldIPs[i]?.ip !== newIPs[i]?.ip) return POD_CHANGED | labels;
  }
  return labels;
}

/** A PodProjectionKey: what the pod queue carries to find the Services to sync (v1.36). */
export interface PodProjectionKey {
  namespace: string;
  labels: Record<string, string>;
  oldLabels?: Record<string, string>;
  podChanged: boolean;
}

/**
 * getPodUpdateProjectionKey: undefined (no work) for an informer resync (same resourceVersion) or
 * an update that changes neither endpoints nor labels; an add or delete (one side undefined)
 * always projects.
 */
export function getPodUpdateProjectionKey(oldPod: EndpointPod | undefined, newPod: EndpointPod | undefined): PodProjectionKey | undefined {
  if (!oldPod && !newPod) return undefined;
  if (!oldPod || !newPod) {
    const p = (newPod ?? oldPod) as EndpointPod;
    return { namespace: p.metadata.namespace ?? '', labels: p.metadata.labels ?? {}, podChanged: false };
  }
  if (newPod.metadata.resourceVersion === oldPod.metadata.resourceVersion) return undefined;
  const bits = changedBits(oldPod, newPod);
  if (bits === 0) return undefined;
  const namespace = newPod.metadata.namespace ?? '';
  const labels = newPod.metadata.labels ?? {};
  if ((bits & LABELS_CHANGED) === 0) return { namespace, labels, podChanged: false };
  return { namespace, labels, oldLabels: oldPod.metadata.labels ?? {}, podChanged: (bits & POD_CHANGED) !== 0 };
}

function selectorMatchesSet(selector: Record<string, string>, labels: Record<string, string>): boolean {
  // A key walk, not Object.entries: one match per pod event, without a list of pairs each.
  for (const k in selector) if (Object.hasOwn(selector, k) && labels[k] !== selector[k]) return false;
  return true;
}

/** getServicesForPod: keys (ns/name) of the namespace's Services whose selector matches; a nil selector matches nothing. */
export function getServicesForPod(services: readonly EndpointService[], namespace: string, labels: Record<string, string>): Set<string> {
  const out = new Set<string>();
  for (const svc of services) {
    if ((svc.metadata.namespace ?? '') !== namespace || svc.spec.selector === undefined) continue;
    if (selectorMatchesSet(svc.spec.selector, labels)) out.add(`${namespace}/${svc.metadata.name}`);
  }
  return out;
}

/** determineNeededServiceUpdates: the union when the pod changed too, else the symmetric difference. */
export function determineNeededServiceUpdates(oldServices: ReadonlySet<string>, services: ReadonlySet<string>, podChanged: boolean): Set<string> {
  if (podChanged) return new Set([...services, ...oldServices]);
  const out = new Set<string>();
  for (const s of services) if (!oldServices.has(s)) out.add(s);
  for (const s of oldServices) if (!services.has(s)) out.add(s);
  return out;
}

/** getServicesToUpdate maps a projection key to the Service keys to sync. */
export function getServicesToUpdate(services: readonly EndpointService[], key: PodProjectionKey | undefined): Set<string> {
  if (!key) return new Set();
  const now = getServicesForPod(services, key.namespace, key.labels);
  if (key.oldLabels === undefined) return now;
  return determineNeededServiceUpdates(getServicesForPod(services, key.namespace, key.oldLabels), now, key.podChanged);
}

function canonicalPort(p: EndpointPort): string {
  return JSON.stringify([p.name ?? null, p.protocol ?? null, p.port ?? null, p.appProtocol ?? null]);
}

/**
 * newPortMapKey identifies a port set regardless of order. Upstream hashes the spew dump of the
 * sorted ports (FNV-128a); any injective encoding groups slices the same way.
 */
export function newPortMapKey(ports: readonly EndpointPort[] | undefined): string {
  return JSON.stringify((ports ?? []).map(canonicalPort).sort());
}

/**
 * hashEndpoint identifies an endpoint by its sorted addresses, hostname and the targetRef's
 * namespace and name. Conditions, nodeName and zone are left out, so a Ready flip is an
 * in-place update of the same endpoint.
 */
export function hashEndpoint(ep: Endpoint): string {
  // Joined with NUL, which no address, hostname, namespace or name contains: as injective as a
  // JSON array and ~5× cheaper (a 10,000-pod sync hashes every endpoint twice).
  const a = ep.addresses.length === 1 ? (ep.addresses[0] as string) : [...ep.addresses].sort().join('\u0001');
  return `${a}\u0000${ep.hostname ?? ''}\u0000${ep.targetRef?.namespace ?? ''}\u0000${ep.targetRef?.name ?? ''}`;
}

function refEqualIgnoreResourceVersion(a: ObjectReference | undefined, b: ObjectReference | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return (
    a.kind === b.kind &&
    (a.namespace ?? '') === (b.namespace ?? '') &&
    a.name === b.name &&
    (a.uid ?? '') === (b.uid ?? '') &&
    (a.apiVersion ?? '') === (b.apiVersion ?? '')
  );
}

/**
 * endpointsEqualBeyondHash compares what hashEndpoint leaves out: nodeName, zone, the three
 * conditions (nil ≠ false) and targetRef ignoring resourceVersion.
 */
export function endpointsEqualBeyondHash(ep1: Endpoint, ep2: Endpoint): boolean {
  return (
    ep1.nodeName === ep2.nodeName &&
    ep1.zone === ep2.zone &&
    ep1.conditions.ready === ep2.conditions.ready &&
    ep1.conditions.serving === ep2.conditions.serving &&
    ep1.conditions.terminating === ep2.conditions.terminating &&
    refEqualIgnoreResourceVersion(ep1.targetRef, ep2.targetRef)
  );
}

/**
 * hashEndpoint of each endpoint object, kept: endpoints are never changed in place, and a slice's
 * endpoints outlive many syncs (a 10,000-endpoint Service hashes each one three times a sync; the
 * kept string also keeps its own hash for the Map). Not engine state: a miss only hashes again.
 */
const HASHES = new WeakMap<Endpoint, string>();

export function endpointHash(ep: Endpoint): string {
  let h = HASHES.get(ep);
  if (h === undefined) {
    h = hashEndpoint(ep);
    HASHES.set(ep, h);
  }
  return h;
}

/**
 * An EndpointSet keyed by hashEndpoint. Upstream is a Go map whose PopAny order is random; this
 * one keeps insertion order, so the reconciler fills slices in the order it was given the pods.
 */
export class EndpointSet {
  private readonly items = new Map<string, Endpoint>();
  insert(ep: Endpoint): void {
    this.items.set(endpointHash(ep), ep);
  }
  get(ep: Endpoint): Endpoint | undefined {
    return this.items.get(endpointHash(ep));
  }
  delete(ep: Endpoint): void {
    this.items.delete(endpointHash(ep));
  }
  /** take is get then delete, hashing once. */
  take(ep: Endpoint): Endpoint | undefined {
    const h = endpointHash(ep);
    const v = this.items.get(h);
    if (v !== undefined) this.items.delete(h);
    return v;
  }
  popAny(): Endpoint | undefined {
    for (const [k, v] of this.items) {
      this.items.delete(k);
      return v;
    }
    return undefined;
  }
  get size(): number {
    return this.items.size;
  }
}
