// Port of k8s.io/endpointslice utils.go (kubernetes-1.36.3, staging mirror commit 810be24): a pod
// as an endpoint, the Service's ports resolved on a pod, and a new slice's name, labels and owner.
import {
  type AddressType,
  ClusterIPNone,
  type Endpoint,
  type EndpointPod,
  type EndpointPort,
  type EndpointService,
  type EndpointSlice,
  EndpointsLastChangeTriggerTime,
  IsHeadlessService,
  LabelManagedBy,
  LabelServiceName,
  LabelTopologyZone,
} from '../api/discoveryTypes.ts';
import { newControllerRef as newOwnerRef } from '../api/ownerRefs.ts';
import type { Node, OwnerReference } from '../api/types.ts';
import { isPodReady, podIPsOf, shouldSetHostname } from './controllerUtils.ts';
import { formatIP, parseIPSloppy } from './ip.ts';

/**
 * podToEndpoint: serving = the pod's Ready condition; terminating = a deletionTimestamp; ready =
 * publishNotReadyAddresses || (serving && !terminating), so a Ready pod being deleted is
 * {ready:false, serving:true, terminating:true} and kube-proxy stops picking it at once.
 */
export function podToEndpoint(pod: EndpointPod, node: Node | undefined, service: EndpointService, addressType: AddressType): Endpoint {
  const serving = isPodReady(pod);
  const terminating = pod.metadata.deletionTimestamp !== undefined;
  const ready = service.spec.publishNotReadyAddresses === true || (serving && !terminating);
  const ep: Endpoint = {
    addresses: getEndpointAddresses(pod, addressType),
    conditions: { ready, serving, terminating },
    targetRef: { kind: 'Pod', namespace: pod.metadata.namespace ?? '', name: pod.metadata.name, uid: pod.metadata.uid ?? '' },
  };
  if (pod.spec.nodeName) ep.nodeName = pod.spec.nodeName;
  const zone = node?.metadata.labels?.[LabelTopologyZone];
  if (zone) ep.zone = zone;
  if (shouldSetHostname(pod, service)) ep.hostname = pod.spec.hostname ?? '';
  return ep;
}

/** getEndpointAddresses: the pod's IPs of this family, re-printed canonically (only podIPs is read, see podIPsOf). */
export function getEndpointAddresses(pod: EndpointPod, addressType: AddressType): string[] {
  const out: string[] = [];
  for (const { ip } of podIPsOf(pod)) {
    const { v6, text } = ipInfo(ip);
    if ((v6 && addressType === 'IPv6') || (!v6 && addressType === 'IPv4')) out.push(text);
  }
  return out;
}

/** Each address string's family and canonical text, parsed once (pods keep their IP; not engine state). */
const IP_INFO = new Map<string, { v6: boolean; text: string }>();

function ipInfo(ip: string): { v6: boolean; text: string } {
  let info = IP_INFO.get(ip);
  if (info === undefined) {
    const parsed = parseIPSloppy(ip);
    // Go prints an unparsable IP as "<nil>" and counts it as IPv4: upstream's own tables rely on it
    // (newPod(252) has IP 1.2.3.256). The engine's pod IPs always parse.
    info = { v6: parsed !== undefined && 'v6' in parsed, text: parsed ? formatIP(parsed) : '<nil>' };
    if (IP_INFO.size > 100_000) IP_INFO.clear();
    IP_INFO.set(ip, info);
  }
  return info;
}

/**
 * findPort resolves a Service port's targetPort on a pod: a number as is; a name through the
 * containers' named ports, then the sidecars' (init containers with restartPolicy Always), with a
 * matching protocol. Undefined when a name does not resolve.
 */
export function findPort(pod: EndpointPod, svcPort: { targetPort?: number | string; protocol?: string }): number | undefined {
  const target = svcPort.targetPort ?? 0;
  if (typeof target === 'number') return target;
  // The API server defaults the protocols to TCP; compare as defaulted.
  const proto = svcPort.protocol ?? 'TCP';
  for (const c of pod.spec.containers) {
    for (const p of c.ports ?? []) if (p.name === target && (p.protocol ?? 'TCP') === proto) return p.containerPort;
  }
  for (const c of pod.spec.initContainers ?? []) {
    if (c.restartPolicy !== 'Always') continue;
    for (const p of c.ports ?? []) if (p.name === target && (p.protocol ?? 'TCP') === proto) return p.containerPort;
  }
  return undefined;
}

/** getEndpointPorts: one EndpointPort per Service port that resolves on this pod (a headless Service may have none). */
export function getEndpointPorts(service: EndpointService, pod: EndpointPod): EndpointPort[] {
  const out: EndpointPort[] = [];
  const ports = service.spec.ports ?? [];
  if (ports.length === 0 && service.spec.clusterIP === ClusterIPNone) return out;
  for (const sp of ports) {
    const port = findPort(pod, sp);
    if (port === undefined) continue;
    const ep: EndpointPort = { name: sp.name ?? '', port, protocol: sp.protocol ?? 'TCP' };
    if (sp.appProtocol !== undefined) ep.appProtocol = sp.appProtocol;
    out.push(ep);
  }
  return out;
}

/** The Service as a slice's controller owner reference (metav1.NewControllerRef with v1/Service). */
export function serviceOwnerRef(service: EndpointService): OwnerReference {
  return newOwnerRef(service, 'v1', 'Service');
}

/** getEndpointSlicePrefix: "<svc>-", or the bare name when that is not a valid DNS-subdomain prefix. */
export function getEndpointSlicePrefix(serviceName: string): string {
  const prefix = `${serviceName}-`;
  // NameIsDNSSubdomain(prefix, true) checks the prefix with its trailing dash masked.
  const masked = `${serviceName}a`;
  const ok = masked.length <= 253 && /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(masked);
  return ok ? prefix : serviceName;
}

/** newEndpointSlice: an empty slice for the Service, named by the API server from generateName. */
export function newEndpointSlice(service: EndpointService, ports: EndpointPort[], addressType: AddressType, controllerName: string): EndpointSlice {
  const slice: EndpointSlice = {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: {
      name: '',
      generateName: getEndpointSlicePrefix(service.metadata.name),
      namespace: service.metadata.namespace ?? '',
      labels: {},
      ownerReferences: [serviceOwnerRef(service)],
    },
    addressType,
    endpoints: [],
    ports,
  };
  slice.metadata.labels = setEndpointSliceLabels(slice, service, controllerName)[0];
  return slice;
}

/** ownedBy: a v1 Service owner reference with the Service's UID (a recreated Service has a new UID). */
export function ownedBy(slice: EndpointSlice, service: EndpointService): boolean {
  return (slice.metadata.ownerReferences ?? []).some((o) => o.uid === (service.metadata.uid ?? '') && o.kind === 'Service' && o.apiVersion === 'v1');
}

/**
 * getSliceToFill returns the slice that numEndpoints more would bring closest to full: with max
 * 100, slices of 62 and 61 and 27 to place, 62 (→ 89) beats 61 (→ 88).
 */
export function getSliceToFill(slices: readonly EndpointSlice[], numEndpoints: number, maxEndpoints: number): EndpointSlice | undefined {
  let closestDiff = maxEndpoints;
  let closest: EndpointSlice | undefined;
  for (const s of slices) {
    const diff = maxEndpoints - (numEndpoints + s.endpoints.length);
    if (diff >= 0 && diff < closestDiff) {
      closestDiff = diff;
      closest = s;
      if (diff === 0) return closest;
    }
  }
  return closest;
}

/** addTriggerTimeAnnotation sets the trigger time (RFC 3339), or removes it when there is none. */
export function addTriggerTimeAnnotation(slice: EndpointSlice, triggerTime: string | undefined): EndpointSlice {
  const annotations = { ...(slice.metadata.annotations ?? {}) };
  if (triggerTime !== undefined) annotations[EndpointsLastChangeTriggerTime] = triggerTime;
  else delete annotations[EndpointsLastChangeTriggerTime];
  return { ...slice, metadata: { ...slice.metadata, annotations } };
}

/** isReservedLabelKey: the labels the controller owns on a slice. */
export function isReservedLabelKey(key: string): boolean {
  return key === LabelServiceName || key === LabelManagedBy || key === IsHeadlessService;
}

/** isServiceIPSet: a ClusterIP that is neither empty nor "None". */
export function isServiceIPSet(service: EndpointService): boolean {
  return service.spec.clusterIP !== ClusterIPNone && (service.spec.clusterIP ?? '') !== '';
}

/**
 * setEndpointSliceLabels returns the slice's labels (the Service's, minus reserved keys, plus
 * service-name, managed-by and headless) and whether the non-reserved ones differ from the
 * Service's, which alone makes an unchanged slice an update.
 */
export function setEndpointSliceLabels(slice: EndpointSlice, service: EndpointService, controllerName: string): [Record<string, string>, boolean] {
  const epLabels: Record<string, string> = {};
  const svcLabels: Record<string, string> = {};
  for (const [k, v] of Object.entries(slice.metadata.labels ?? {})) if (!isReservedLabelKey(k)) epLabels[k] = v;
  for (const [k, v] of Object.entries(service.metadata.labels ?? {})) if (!isReservedLabelKey(k)) svcLabels[k] = v;
  const ke = Object.keys(epLabels);
  const updated = ke.length !== Object.keys(svcLabels).length || ke.some((k) => svcLabels[k] !== epLabels[k]);
  if (!isServiceIPSet(service)) svcLabels[IsHeadlessService] = '';
  svcLabels[LabelServiceName] = service.metadata.name;
  svcLabels[LabelManagedBy] = controllerName;
  return [svcLabels, updated];
}

/**
 * getAddressTypesForService: one slice family per spec.ipFamilies entry; without ipFamilies (an
 * old API server) the ClusterIP's family, or both for a headless Service.
 */
export function getAddressTypesForService(service: EndpointService): AddressType[] {
  const out: AddressType[] = [];
  for (const f of service.spec.ipFamilies ?? []) {
    if (f === 'IPv4' && !out.includes('IPv4')) out.push('IPv4');
    if (f === 'IPv6' && !out.includes('IPv6')) out.push('IPv6');
  }
  if (out.length > 0) return out;
  const ip = service.spec.clusterIP ?? '';
  if (ip !== '' && ip !== ClusterIPNone) {
    const parsed = parseIPSloppy(ip);
    return [parsed && 'v6' in parsed ? 'IPv6' : 'IPv4'];
  }
  return ['IPv4', 'IPv6'];
}

/**
 * placeholderSliceCompare: two slices are the same placeholder when all but their metadata
 * match, and of the metadata the namespace, labels and owner references.
 */
export function placeholderSliceCompare(a: EndpointSlice | undefined, b: EndpointSlice | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  const la = a.metadata.labels ?? {};
  const lb = b.metadata.labels ?? {};
  const labelsSame = Object.keys(la).every((k) => (lb[k] ?? '') === la[k]) && Object.keys(lb).every((k) => (la[k] ?? '') === lb[k]);
  // apimachinery's semantic DeepEqual treats a nil and an empty list alike.
  const json = (v: unknown[] | undefined): string => JSON.stringify(v && v.length > 0 ? v : null);
  return (
    (a.metadata.namespace ?? '') === (b.metadata.namespace ?? '') &&
    labelsSame &&
    json(a.metadata.ownerReferences) === json(b.metadata.ownerReferences) &&
    a.addressType === b.addressType &&
    json(a.endpoints) === json(b.endpoints) &&
    json(a.ports) === json(b.ports)
  );
}
