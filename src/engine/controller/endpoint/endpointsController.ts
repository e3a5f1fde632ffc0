// The legacy Endpoints controller's pure computation, ported from
// pkg/controller/endpoint/endpoints_controller.go (kubernetes/kubernetes; read at 003e8629 and
// cb6ff2d8, with the v1.34+ managed-by label from endpoints_controller_test.go @ df79026b):
// syncService's desired subsets and labels, the 1000-address cap and the trigger-time annotation,
// returned as the write to make (or none).
import { type DecisionLog, decide } from '../../api/decision.ts';
import {
  ClusterIPNone,
  type CoreEndpointPort,
  type EndpointAddress,
  type EndpointPod,
  type Endpoints,
  type EndpointService,
  type EndpointSubset,
  EndpointsLastChangeTriggerTime,
  EndpointsOverCapacity,
  IsHeadlessService,
} from '../../api/discoveryTypes.ts';
import { isPodReady, podIPsOf, shouldPodBeInEndpoints, shouldSetHostname } from '../../endpointslice/controllerUtils.ts';
import { isIPv6 } from '../../endpointslice/ip.ts';
import type { ListDelta } from '../../endpointslice/triggerTimeTracker.ts';
import { findPort, isServiceIPSet } from '../../endpointslice/utils.ts';
import { repackSubsets } from './repack.ts';
import { type Contribution, contributionOf, packOnePort, type SortHint } from './contributions.ts';
import { packIncremental, rememberPacked } from './incrementalPack.ts';

/** An Endpoints object holds at most this many addresses; more are truncated. */
export const MaxCapacity = 1000;
/** The value of endpoints.kubernetes.io/over-capacity on a truncated object. */
export const Truncated = 'truncated';
/** Label the controller puts on its Endpoints (v1.34+): who manages the object. */
export const LabelManagedBy = 'endpoints.kubernetes.io/managed-by';
/** The controller's name, the value of LabelManagedBy. */
export const ControllerName = 'endpoint-controller';

/**
 * podToEndpointAddressForService: the pod's IP of the Service's first IP family (or, without
 * ipFamilies, the ClusterIP's family; for a headless Service the pod IP's own), with nodeName
 * and a targetRef; undefined when the pod has no IP of that family.
 */
export function podToEndpointAddressForService(svc: EndpointService, pod: EndpointPod): EndpointAddress | undefined {
  let v6: boolean;
  const families = svc.spec.ipFamilies ?? [];
  if (families.length > 0) v6 = families[0] === 'IPv6';
  else if ((svc.spec.clusterIP ?? '') !== '' && svc.spec.clusterIP !== ClusterIPNone) v6 = isIPv6(svc.spec.clusterIP ?? '');
  else v6 = isIPv6(pod.status?.podIP ?? '');
  const ip = podIPsOf(pod).find((p) => isIPv6(p.ip) === v6)?.ip;
  if (ip === undefined) return undefined;
  return {
    ip,
    nodeName: pod.spec.nodeName ?? '',
    targetRef: { kind: 'Pod', namespace: pod.metadata.namespace ?? '', name: pod.metadata.name, uid: pod.metadata.uid ?? '' },
  };
}

/** endpointPortFromServicePort: the Service port's name, protocol and appProtocol on the resolved number. */
export function endpointPortFromServicePort(sp: { name?: string; protocol?: string; appProtocol?: string }, portNum: number): CoreEndpointPort {
  // The API omits an empty name (omitempty), so the object carries none.
  const p: CoreEndpointPort = { port: portNum, protocol: sp.protocol ?? 'TCP' };
  if (sp.name) p.name = sp.name;
  if (sp.appProtocol !== undefined) p.appProtocol = sp.appProtocol;
  return p;
}

/**
 * computeSubsets: one subset per (pod, port), ready pods under addresses and the others under
 * notReadyAddresses (all under addresses with publishNotReadyAddresses), then repacked.
 * Terminating pods are left out unless publishNotReadyAddresses: Endpoints has no terminating state.
 */
export function computeSubsets(service: EndpointService, pods: readonly EndpointPod[], delta?: ListDelta): { subsets: EndpointSubset[]; ready: number; notReady: number } {
  // A patch derives each changed pod version once, so it skips the memo (49,000 lookups and
  // entries, no hit, over the 10,000-replica traffic row's timed part); the full path keeps it.
  const patched = packIncremental(service, pods, (pod) => podContribution(service, pod), delta);
  const derive = (pod: EndpointPod): Contribution | null => contributionOf(pod, service, () => podContribution(service, pod));
  if (patched !== undefined) return patched;
  const list: Contribution[] = [];
  const contribs: (Contribution | null)[] = [];
  let ready = 0;
  let notReady = 0;
  for (const pod of pods) {
    const c = derive(pod);
    contribs.push(c);
    if (c === null) continue;
    list.push(c);
    if (c.ready) ready += c.ports.length;
    else notReady += c.ports.length;
  }
  const packed = packOnePort(list, SORTED.get(service));
  if (packed !== undefined) {
    const s = packed[0];
    if (s !== undefined) SORTED.set(service, { ready: s.addresses ?? [], notReady: s.notReadyAddresses ?? [] });
    rememberPacked(service, pods, contribs, packed);
    return { subsets: packed, ready, notReady };
  }
  const subsets: EndpointSubset[] = [];
  for (const c of list) {
    for (const port of c.ports) subsets.push(c.ready ? { addresses: [c.epa], ports: port ? [port] : [] } : { notReadyAddresses: [c.epa], ports: port ? [port] : [] });
  }
  return { subsets: repackSubsets(subsets), ready, notReady };
}

/**
 * The last packed lists of each Service object, the order the next sync's sort starts from (not
 * engine state: any lists give the same answer, these only make it cheap).
 */
const SORTED = new WeakMap<EndpointService, SortHint>();

/** podContribution: what computeSubsets adds for one pod (null: nothing). */
export function podContribution(service: EndpointService, pod: EndpointPod): Contribution | null {
  const tolerate = service.spec.publishNotReadyAddresses === true;
  if (!shouldPodBeInEndpoints(pod, tolerate)) return null;
  const ep = podToEndpointAddressForService(service, pod);
  if (!ep) return null;
  const epa = shouldSetHostname(pod, service) ? { ...ep, hostname: pod.spec.hostname ?? '' } : ep;
  const ready = tolerate || isPodReady(pod);
  const svcPorts = service.spec.ports ?? [];
  if (svcPorts.length === 0) return service.spec.clusterIP === ClusterIPNone ? { epa, ports: [undefined], ready } : null;
  const ports: CoreEndpointPort[] = [];
  for (const sp of svcPorts) {
    const num = findPort(pod, sp);
    if (num !== undefined) ports.push(endpointPortFromServicePort(sp, num));
  }
  return ports.length > 0 ? { epa, ports, ready } : null;
}

function countAddresses(subsets: readonly EndpointSubset[] | undefined): { ready: number; notReady: number } {
  let ready = 0;
  let notReady = 0;
  for (const s of subsets ?? []) {
    ready += s.addresses?.length ?? 0;
    notReady += s.notReadyAddresses?.length ?? 0;
  }
  return { ready, notReady };
}

/** capacityAnnotationSetCorrectly: at most MaxCapacity addresses and no over-capacity annotation. */
export function capacityAnnotationSetCorrectly(annotations: Record<string, string> | undefined, subsets: readonly EndpointSubset[] | undefined): boolean {
  const { ready, notReady } = countAddresses(subsets);
  if (ready + notReady > MaxCapacity) return false;
  return !Object.hasOwn(annotations ?? {}, EndpointsOverCapacity);
}

/**
 * truncateEndpoints keeps MaxCapacity addresses, ready ones first, each subset its share rounded
 * up. E.g. ready [90,110,50,10,20] (280) and not-ready [101,200,200,201,298] (1000): 720 not-ready
 * places, so subset 1 keeps ceil(101/1000 × 720) = 73. Returns the subsets and whether it cut.
 */
export function truncateEndpoints(subsets: readonly EndpointSubset[]): { subsets: EndpointSubset[]; truncated: boolean } {
  const { ready: totalReady, notReady: totalNotReady } = countAddresses(subsets);
  if (totalReady + totalNotReady <= MaxCapacity) return { subsets: [...subsets], truncated: false };
  const truncateReady = totalReady > MaxCapacity;
  const max = truncateReady ? MaxCapacity : MaxCapacity - totalReady;
  const numTotal = truncateReady ? totalReady : totalNotReady;
  let canBeAdded = max;
  const out = subsets.map((s) => {
    const inSubset = truncateReady ? (s.addresses?.length ?? 0) : (s.notReadyAddresses?.length ?? 0);
    const toBeAdded = Math.min(Math.ceil((inSubset / numTotal) * max), canBeAdded);
    if (truncateReady) {
      const addresses = (s.addresses ?? []).slice(0, toBeAdded);
      canBeAdded -= addresses.length;
      return { ...s, addresses, notReadyAddresses: [] };
    }
    const notReadyAddresses = (s.notReadyAddresses ?? []).slice(0, toBeAdded);
    canBeAdded -= notReadyAddresses.length;
    return { ...s, notReadyAddresses };
  });
  return { subsets: out, truncated: true };
}

type TargetRef = EndpointAddress['targetRef'];

function refsEqual(a: TargetRef, b: TargetRef): boolean {
  if (!a || !b) return !a && !b;
  return a.kind === b.kind && (a.namespace ?? '') === (b.namespace ?? '') && a.name === b.name && (a.uid ?? '') === (b.uid ?? '') && (a.apiVersion ?? '') === (b.apiVersion ?? '');
}

function addressesEqual(a: readonly EndpointAddress[] | undefined, b: readonly EndpointAddress[] | undefined): boolean {
  const la = a?.length ?? 0;
  if (la !== (b?.length ?? 0)) return false;
  for (let i = 0; i < la; i++) {
    const x = (a as readonly EndpointAddress[])[i] as EndpointAddress;
    const y = (b as readonly EndpointAddress[])[i] as EndpointAddress;
    if (x.ip !== y.ip || (x.hostname ?? '') !== (y.hostname ?? '') || (x.nodeName ?? null) !== (y.nodeName ?? null) || !refsEqual(x.targetRef, y.targetRef)) return false;
  }
  return true;
}

function portsEqual(a: readonly CoreEndpointPort[] | undefined, b: readonly CoreEndpointPort[] | undefined): boolean {
  const la = a?.length ?? 0;
  if (la !== (b?.length ?? 0)) return false;
  for (let i = 0; i < la; i++) {
    const x = (a as readonly CoreEndpointPort[])[i] as CoreEndpointPort;
    const y = (b as readonly CoreEndpointPort[])[i] as CoreEndpointPort;
    if ((x.name ?? '') !== (y.name ?? '') || x.port !== y.port || (x.protocol ?? '') !== (y.protocol ?? '') || (x.appProtocol ?? null) !== (y.appProtocol ?? null)) return false;
  }
  return true;
}

/**
 * subsetsSemanticEqual: apiequality.Semantic.DeepEqual ignoring targetRef.resourceVersion, with
 * nil and empty lists alike, compared field by field (a 10,000-address object is compared on
 * every sync; printing both sides as JSON cost two 1 MB strings a sync).
 */
export function subsetsSemanticEqual(a: readonly EndpointSubset[] | undefined, b: readonly EndpointSubset[] | undefined): boolean {
  const la = a?.length ?? 0;
  if (la !== (b?.length ?? 0)) return false;
  for (let i = 0; i < la; i++) {
    const x = (a as readonly EndpointSubset[])[i] as EndpointSubset;
    const y = (b as readonly EndpointSubset[])[i] as EndpointSubset;
    if (!addressesEqual(x.addresses, y.addresses) || !addressesEqual(x.notReadyAddresses, y.notReadyAddresses) || !portsEqual(x.ports, y.ports)) return false;
  }
  return true;
}

function labelsEqual(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && a[k] === b[k]);
}

export type EndpointsWrite = { verb: 'none' } | { verb: 'create' | 'update'; endpoints: Endpoints } | { verb: 'delete'; name: string };

/**
 * syncService as a plan. No Service: delete its Endpoints. ExternalName or no selector: nothing.
 * Otherwise the desired subsets; no write when the current object already has them, the
 * Service's labels plus managed-by (the headless label aside) and a correct capacity annotation.
 */
export function syncService(
  name: string,
  service: EndpointService | undefined,
  pods: readonly EndpointPod[],
  current: Endpoints | undefined,
  triggerTime: string | undefined,
  log?: DecisionLog,
  delta?: ListDelta,
): EndpointsWrite {
  if (!service) {
    decide(log, 'syncService', 'deleteEndpoints', { service: name });
    return { verb: 'delete', name };
  }
  if (service.spec.type === 'ExternalName' || service.spec.selector === undefined) {
    decide(log, 'syncService', 'noSelector', { service: name, type: service.spec.type ?? 'ClusterIP' });
    return { verb: 'none' };
  }
  const { subsets, ready, notReady } = computeSubsets(service, pods, delta);
  const base: Endpoints = current ?? { apiVersion: 'v1', kind: 'Endpoints', metadata: { name: service.metadata.name, namespace: service.metadata.namespace ?? '', labels: service.metadata.labels ?? {} } };
  const create = (base.metadata.resourceVersion ?? '') === '';
  const compare = { ...(base.metadata.labels ?? {}) };
  delete compare[IsHeadlessService];
  const wantLabels: Record<string, string> = { ...(service.metadata.labels ?? {}), [LabelManagedBy]: ControllerName };
  if (!create && subsetsSemanticEqual(base.subsets, subsets) && labelsEqual(compare, wantLabels) && capacityAnnotationSetCorrectly(base.metadata.annotations, base.subsets)) {
    decide(log, 'syncService', 'unchanged', { service: name, ready, notReady });
    return { verb: 'none' };
  }
  const annotations = { ...(base.metadata.annotations ?? {}) };
  if (triggerTime !== undefined) annotations[EndpointsLastChangeTriggerTime] = triggerTime;
  else delete annotations[EndpointsLastChangeTriggerTime];
  const cut = truncateEndpoints(subsets);
  if (cut.truncated) annotations[EndpointsOverCapacity] = Truncated;
  else delete annotations[EndpointsOverCapacity];
  const labels = { ...wantLabels };
  if (!isServiceIPSet(service)) labels[IsHeadlessService] = '';
  else delete labels[IsHeadlessService];
  decide(log, 'syncService', create ? 'create' : 'update', { service: name, ready, notReady, truncated: cut.truncated });
  return { verb: create ? 'create' : 'update', endpoints: { ...base, metadata: { ...base.metadata, labels, annotations }, subsets: cut.subsets } };
}
