// Port of k8s.io/endpointslice reconciler.go (kubernetes-1.36.3, staging mirror commit 810be24):
// Reconcile, reconcileByAddressType, reconcileByPortMapping and finalize, returning the writes as
// a plan instead of calling the API. Not ported: topology hints (the TopologyAwareHints
// annotation and trafficDistribution); hints are always removed, as upstream does when neither
// is in use. Metrics are left out.
import { type DecisionLog, decide } from '../../api/decision.ts';
import type { AddressType, Endpoint, EndpointPod, EndpointPort, EndpointService, EndpointSlice } from '../../api/discoveryTypes.ts';
import { EndpointSliceControllerName } from '../../api/discoveryTypes.ts';
import type { Node } from '../../api/types.ts';
import type { ListDelta } from '../../endpointslice/triggerTimeTracker.ts';
import { EndpointSet, newPortMapKey } from '../../endpointslice/controllerUtils.ts';
import { type DesiredByPortMap, incrementalDesired } from './incrementalDesired.ts';
import { desiredFor, endpointFor, partOf } from './podDerived.ts';
import { reconcileByPortMapping } from './portMapping.ts';
import {
  addTriggerTimeAnnotation,
  getAddressTypesForService,
  newEndpointSlice,
  ownedBy,
  placeholderSliceCompare,
} from '../../endpointslice/utils.ts';

/** --max-endpoints-per-slice default. */
export const DefaultMaxEndpointsPerSlice = 100;

/** One API write, in the order finalize makes them: creates, then updates, then deletes. */
export interface SliceWrite {
  verb: 'create' | 'update' | 'delete';
  /** A create has no name yet: the API server makes one from metadata.generateName. */
  slice: EndpointSlice;
}

export interface ReconcileInput {
  service: EndpointService;
  /** The pods the Service selects, from the controller's informer cache. */
  pods: readonly EndpointPod[];
  /** The controller's slices for the Service (managed-by this controller, not being deleted). */
  existingSlices: readonly EndpointSlice[];
  /** The node lister: undefined for a node it does not know. */
  getNode: (name: string) => Node | undefined;
  /** ComputeEndpointLastChangeTriggerTime's answer; undefined removes the annotation. */
  triggerTime: string | undefined;
  maxEndpointsPerSlice?: number;
  controllerName?: string;
  /** The changes between two pod lists, when the lists come from the pod index (listDelta). */
  podsDelta?: ListDelta;
  /** Build the desired set from every pod, never from the last sync's (the property test's reference). */
  fullRecompute?: boolean;
}

export interface ReconcileResult {
  writes: SliceWrite[];
  /** Upstream's aggregated error strings (a pod on a node the lister lacks requeues the Service). */
  errors: string[];
  /** Endpoints added and removed by this sync (the EndpointsAddedPerSync / RemovedPerSync metrics). */
  added: number;
  removed: number;
}

/**
 * reconcile compares the desired endpoints of the Service's pods with its existing slices and
 * returns the writes that make them match, per address type; slices of a family the Service no
 * longer has are deleted last.
 */
export function reconcile(input: ReconcileInput, log?: DecisionLog): ReconcileResult {
  const supported = getAddressTypesForService(input.service);
  const staleFamily: EndpointSlice[] = [];
  const byType = new Map<AddressType, EndpointSlice[]>();
  for (const s of input.existingSlices) {
    if (!supported.includes(s.addressType)) {
      staleFamily.push(s);
      continue;
    }
    byType.set(s.addressType, [...(byType.get(s.addressType) ?? []), s]);
  }
  const result: ReconcileResult = { writes: [], errors: [], added: 0, removed: 0 };
  for (const addressType of supported) {
    reconcileByAddressType(input, byType.get(addressType) ?? [], addressType, result, log);
  }
  for (const s of staleFamily) {
    decide(log, 'reconcile', 'deleteAddressType', { slice: s.metadata.name, addressType: s.addressType });
    result.writes.push({ verb: 'delete', slice: s });
  }
  return result;
}

function reconcileByAddressType(input: ReconcileInput, existing: readonly EndpointSlice[], addressType: AddressType, out: ReconcileResult, log?: DecisionLog): void {
  const { service } = input;
  const controllerName = input.controllerName ?? EndpointSliceControllerName;
  const max = input.maxEndpointsPerSlice ?? DefaultMaxEndpointsPerSlice;
  const toCreate: EndpointSlice[] = [];
  const toUpdate: EndpointSlice[] = [];
  const toDelete: EndpointSlice[] = [];

  const existingByPortMap = new Map<string, EndpointSlice[]>();
  for (const s of existing) {
    if (ownedBy(s, service)) {
      const key = newPortMapKey(s.ports);
      existingByPortMap.set(key, [...(existingByPortMap.get(key) ?? []), s]);
    } else {
      decide(log, 'reconcileByAddressType', 'notOwned', { slice: s.metadata.name });
      toDelete.push(s);
    }
  }

  // Patched from the last sync's set when it can be (incrementalDesired.ts), else built in full.
  const { desired, desiredMeta } =
    (input.fullRecompute ? undefined : incrementalDesired(service, addressType, input.pods, input.getNode, (pod, fresh) => partOf(pod, service, input.getNode, addressType, fresh), input.podsDelta)) ??
    desiredInFull(input, addressType, out, log);

  for (const [key, set] of desired) {
    decide(log, 'reconcileByAddressType', 'desired', { addressType, endpoints: set.size, existingSlices: existingByPortMap.get(key)?.length ?? 0 });
    const r = reconcileByPortMapping(service, existingByPortMap.get(key) ?? [], set, desiredMeta.get(key) ?? [], addressType, max, controllerName, log);
    out.added += r.added;
    out.removed += r.removed;
    toCreate.push(...r.toCreate);
    toUpdate.push(...r.toUpdate);
    toDelete.push(...r.toDelete);
  }
  for (const [key, slices] of existingByPortMap) {
    if (desired.has(key)) continue;
    for (const s of slices) decide(log, 'reconcileByAddressType', 'portsNoLongerDesired', { slice: s.metadata.name });
    toDelete.push(...slices);
  }

  // A Service with no endpoints keeps exactly one empty slice.
  if (existing.length === toDelete.length && toCreate.length < 1) {
    const placeholder = newEndpointSlice(service, [], addressType, controllerName);
    if (toDelete.length === 1 && placeholderSliceCompare(toDelete[0], placeholder)) {
      decide(log, 'reconcileByAddressType', 'placeholderKept', { slice: toDelete[0]?.metadata.name ?? '' });
      toDelete.length = 0;
    } else {
      decide(log, 'reconcileByAddressType', 'placeholderCreated', { addressType });
      toCreate.push(placeholder);
    }
  }

  const unchanged = existing.filter((s) => !toUpdate.some((u) => u.metadata.name === s.metadata.name) && !toDelete.includes(s));
  const [creates, updates] = removeHintsFromSlices(toCreate, toUpdate, unchanged);
  finalize(service, creates, updates, toDelete, input.triggerTime, out, log);
}

/** desiredInFull: every pod's endpoint, grouped by port-map key (errors for pods on unknown nodes). */
function desiredInFull(input: ReconcileInput, addressType: AddressType, out: ReconcileResult, log?: DecisionLog): DesiredByPortMap {
  const { service } = input;
  const desiredMeta = new Map<string, EndpointPort[]>();
  const desired = new Map<string, EndpointSet>();
  for (const pod of input.pods) {
    const d = desiredFor(pod, service);
    if (d === undefined) continue;
    const key = d.key;
    let set = desired.get(key);
    if (!set) {
      set = new EndpointSet();
      desired.set(key, set);
      desiredMeta.set(key, d.ports);
    }
    const nodeName = pod.spec.nodeName ?? '';
    const node = input.getNode(nodeName);
    if (!node && !service.spec.publishNotReadyAddresses) {
      // The pod is left out and the Service requeued, so a pod on a vanished node cannot pin the slice.
      const ns = service.metadata.namespace ?? '';
      out.errors.push(`skipping Pod ${pod.metadata.name} for Service ${ns}/${service.metadata.name}: Node ${nodeName} Not Found`);
      decide(log, 'reconcileByAddressType', 'nodeNotFound', { pod: pod.metadata.name, node: nodeName });
      continue;
    }
    const ep = endpointFor(d, pod, node, service, addressType);
    if (ep.addresses.length > 0) set.insert(ep);
  }
  return { desired, desiredMeta };
}


/**
 * Whether an endpoint list carries hints, kept per list (lists are never changed in place): the
 * unchanged slices are looked at every sync, ~80 lists of 100 a 10,000-endpoint sync. Not
 * engine state: a miss only looks again.
 */
const HINTED = new WeakMap<readonly Endpoint[], boolean>();

function hinted(eps: readonly Endpoint[]): boolean {
  let h = HINTED.get(eps);
  if (h === undefined) {
    h = eps.some((e) => e.hints !== undefined);
    HINTED.set(eps, h);
  }
  return h;
}

/** removeHintsFromSlices (topologycache): no hints without the annotation or trafficDistribution. */
function removeHintsFromSlices(toCreate: EndpointSlice[], toUpdate: EndpointSlice[], unchanged: readonly EndpointSlice[]): [EndpointSlice[], EndpointSlice[]] {
  const strip = (s: EndpointSlice): EndpointSlice => (hinted(s.endpoints) ? { ...s, endpoints: s.endpoints.map(({ hints: _, ...e }) => e) } : s);
  const updates = toUpdate.map(strip);
  for (const s of unchanged) if (hinted(s.endpoints)) updates.push(strip(s));
  return [toCreate.map(strip), updates];
}

/**
 * finalize turns create + delete pairs into updates that reuse the doomed slice's name (same
 * address type, owned by the Service), skips creates while the Service is being deleted (the
 * garbage collector is removing its slices), and stamps the trigger time on every write.
 */
export function finalize(
  service: EndpointService,
  toCreateIn: readonly EndpointSlice[],
  toUpdateIn: readonly EndpointSlice[],
  toDeleteIn: readonly EndpointSlice[],
  triggerTime: string | undefined,
  out: Pick<ReconcileResult, 'writes'>,
  log?: DecisionLog,
): void {
  const toCreate = [...toCreateIn];
  const toUpdate = [...toUpdateIn];
  const toDelete = [...toDeleteIn];
  for (let i = 0; i < toDelete.length; ) {
    const last = toCreate[toCreate.length - 1];
    const doomed = toDelete[i];
    if (!last || !doomed) break;
    if (doomed.addressType === last.addressType && ownedBy(doomed, service)) {
      decide(log, 'finalize', 'recycle', { slice: doomed.metadata.name, endpoints: last.endpoints.length });
      // Only the name changes: the update carries the new slice's metadata under the old name.
      toUpdate.push({ ...last, metadata: { ...last.metadata, name: doomed.metadata.name } });
      toCreate.pop();
      toDelete.splice(i, 1);
    } else {
      i++;
    }
  }
  if (service.metadata.deletionTimestamp === undefined) {
    for (const s of toCreate) out.writes.push({ verb: 'create', slice: addTriggerTimeAnnotation(s, triggerTime) });
  } else if (toCreate.length > 0) {
    decide(log, 'finalize', 'serviceDeleting', { creates: toCreate.length });
  }
  for (const s of toUpdate) out.writes.push({ verb: 'update', slice: addTriggerTimeAnnotation(s, triggerTime) });
  for (const s of toDelete) out.writes.push({ verb: 'delete', slice: s });
}
