// Port of kubernetes pkg/controlplane/controller/kubernetesservice/controller.go and of the lease
// endpoint reconciler's write (pkg/controlplane/reconcilers/lease.go, endpointsadapter.go), v1.36:
// the API server's own `kubernetes` Service in `default`, with its Endpoints and EndpointSlice.
/**
 * Every cluster serves `service/kubernetes` (ClusterIP 10.96.0.1, port 443 → the API server's
 * 6443). The API server creates it at start, with an Endpoints and an EndpointSlice naming its own
 * address; the EndpointSlice and Endpoints controllers leave all three alone (no selector, no
 * managed-by label). Its loop (UpdateKubernetesService) runs every 10 s: it creates the Service when
 * it is missing, never corrects it, and puts back the addresses and labels of the Endpoints and the
 * slice. The engine stores the three at t = 0 without a tick and runs the loop only when one of them
 * was written by someone else: at the loop's next 10-second mark (kubernetesServiceOnWrite, from
 * scheduleDeliveries), so
 * `kubectl delete svc kubernetes` comes back within 10 s, as on a cluster.
 *
 * Modelling choice: the control plane is not one of the scenario's nodes. It stands for kind's
 * control-plane container, which takes the network's first address, 172.18.0.2; the nodes, its
 * workers, take the next ones (kubelet/nodeStatus.ts nodeInternalIP).
 */
import type { Endpoints, EndpointSlice } from '../../api/discoveryTypes.ts';
import { LabelServiceName } from '../../api/discoveryTypes.ts';
import type { Service } from '../../api/policyTypes.ts';
import { decide } from '../../api/decision.ts';
import type { KubeObject } from '../../api/types.ts';
import { jsonEqual } from '../../apiserver/jsonEqual.ts';
import { create, del, note, schedule, type Tx, update } from '../../client/tx.ts';

declare module '../../client/state.ts' {
  interface EngineState {
    /** The time the loop's next run is queued for (a `kubernetesService` event), or -1: none queued. */
    kubernetesServiceSyncAt: number;
  }
}

/** KubernetesServiceName and its namespace (kubernetesservice.KubernetesServiceName, metav1.NamespaceDefault). */
export const KubernetesServiceName = 'kubernetes';
export const KubernetesServiceNamespace = 'default';
/** The store key the three objects share. */
export const KubernetesServiceKey = `${KubernetesServiceNamespace}/${KubernetesServiceName}`;
/** The first address of the default service CIDR 10.96.0.0/12: the API server's ServiceIP. */
export const KubernetesServiceIP = '10.96.0.1';
/** The API server's advertise address: kind's control-plane container, the network's first. */
export const APIServerPublicIP = '172.18.0.2';
/** --secure-port (PublicServicePort) and the Service port (ServicePort). */
export const APIServerSecurePort = 6443;
export const KubernetesServicePort = 443;
/** EndpointInterval: how often the loop runs (--endpoint-reconciler's 10 s). */
export const EndpointIntervalMs = 10_000;
/** discovery.LabelSkipMirror: the EndpointSliceMirroring controller leaves these Endpoints alone. */
export const LabelSkipMirror = 'endpointslice.kubernetes.io/skip-mirror';
/** The component that owns the three objects' writes. */
export const KubeAPIServerComponent = 'kube-apiserver';

const endpointPorts = () => [{ name: 'https', port: APIServerSecurePort, protocol: 'TCP' }];

/**
 * kubernetesServiceObject is CreateOrUpdateMasterServiceIfNeeded's Service (createPortAndServiceSpec:
 * one `https` port, no NodePort so ClusterIP), with the fields the API server's defaulting adds
 * (clusterIPs, ipFamilies, internalTrafficPolicy, the empty load-balancer status).
 */
export function kubernetesServiceObject(): Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: KubernetesServiceName, namespace: KubernetesServiceNamespace, labels: { component: 'apiserver', provider: 'kubernetes' } },
    spec: {
      clusterIP: KubernetesServiceIP,
      clusterIPs: [KubernetesServiceIP],
      internalTrafficPolicy: 'Cluster',
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
      ports: [{ name: 'https', port: KubernetesServicePort, protocol: 'TCP', targetPort: APIServerSecurePort }],
      sessionAffinity: 'None',
      type: 'ClusterIP',
    },
    status: { loadBalancer: {} },
  };
}

/**
 * updateEndpoints is the adapter's Endpoints for the API servers' addresses: the skip-mirror label
 * only, one subset with the addresses, its ports kept when it has some (reconcilePorts is false in
 * the periodic loop).
 */
export function updateEndpoints(current: Endpoints | undefined, ips: readonly string[]): Endpoints {
  const ports = current?.subsets?.length === 1 && (current.subsets[0]?.ports?.length ?? 0) > 0 ? current.subsets[0]?.ports : endpointPorts();
  const meta = current ? { ...current.metadata } : { name: KubernetesServiceName, namespace: KubernetesServiceNamespace };
  return {
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: { ...meta, labels: { [LabelSkipMirror]: 'true' } },
    subsets: [{ addresses: ips.map((ip) => ({ ip })), ...(ports ? { ports } : {}) }],
  };
}

/** updateEndpointSlice is the adapter's IPv4 slice: the service-name label only, each address Ready, its ports kept when it has some. */
export function updateEndpointSlice(current: EndpointSlice | undefined, ips: readonly string[]): EndpointSlice {
  const meta = current ? { ...current.metadata } : { name: KubernetesServiceName, namespace: KubernetesServiceNamespace };
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { ...meta, labels: { [LabelServiceName]: KubernetesServiceName } },
    addressType: 'IPv4',
    endpoints: ips.map((ip) => ({ addresses: [ip], conditions: { ready: true } })),
    ports: current && current.ports.length > 0 ? current.ports : endpointPorts(),
  };
}

/** kubernetesServiceObjects: the Service, its Endpoints and its slice as the API server first writes them. */
export function kubernetesServiceObjects(): [Service, Endpoints, EndpointSlice] {
  return [kubernetesServiceObject(), updateEndpoints(undefined, [APIServerPublicIP]), updateEndpointSlice(undefined, [APIServerPublicIP])];
}

/**
 * watchedByKubernetesService: a write the loop corrects at its next run, that is one of the three
 * objects by their key (`default/kubernetes`), not the loop's own.
 */
export function watchedByKubernetesService(o: KubeObject, key: string): boolean {
  return key === KubernetesServiceKey && (o.kind === 'Service' || o.kind === 'Endpoints' || o.kind === 'EndpointSlice');
}

/** nextEndpointInterval: the loop's first run after `nowMs` (wait.NonSlidingUntil from the API server's start at 0). */
export function nextEndpointInterval(nowMs: number): number {
  return (Math.floor(nowMs / EndpointIntervalMs) + 1) * EndpointIntervalMs;
}

/** What one write of the loop did: created, reset (updated back), kept (right already) or failed. */
type SyncVerb = 'created' | 'reset' | 'kept' | 'failed';

/** writeIf creates `want` when there is no `cur`, updates it when `differs`, and says which. */
function writeIf(tx: Tx, cur: KubeObject | undefined, want: KubeObject, differs: boolean): SyncVerb {
  if (cur === undefined) return create(tx, want).ok ? 'created' : 'failed';
  if (!differs) return 'kept';
  return update(tx, want).ok ? 'reset' : 'failed';
}

/**
 * kubernetesServiceOnWrite queues the loop's next run after someone else wrote one of its three
 * objects (scheduleDeliveries calls it with each write's key). Its own writes queue nothing.
 */
export function kubernetesServiceOnWrite(tx: Tx, o: KubeObject, key: string): void {
  if (tx.actor === KubeAPIServerComponent || !watchedByKubernetesService(o, key)) return;
  const at = nextEndpointInterval(tx.now);
  if (tx.st.kubernetesServiceSyncAt === at) return;
  tx.st.kubernetesServiceSyncAt = at;
  schedule(tx, at, { type: 'kubernetesService' });
}

/**
 * updateKubernetesService is one run of the loop (UpdateKubernetesService(false)): the Service
 * created if missing (CreateOrUpdateMasterServiceIfNeeded), then the adapter's Sync: the Endpoints,
 * then the slices labelled for the Service, any but the primary deleted. A slice named `kubernetes`
 * without the label is not found by that list, and its create fails with AlreadyExists, as upstream.
 */
export function updateKubernetesService(tx: Tx): void {
  tx.actor = KubeAPIServerComponent;
  tx.key = KubernetesServiceKey;
  if (tx.st.kubernetesServiceSyncAt === tx.now) tx.st.kubernetesServiceSyncAt = -1;
  const ips = [APIServerPublicIP];
  const store = tx.st.store.objects;
  const svc = store.Service.get(KubernetesServiceKey);
  const service: SyncVerb = svc === undefined ? writeIf(tx, undefined, kubernetesServiceObject(), false) : 'kept';
  const curEp = store.Endpoints.get(KubernetesServiceKey) as Endpoints | undefined;
  const ep = updateEndpoints(curEp, ips);
  const endpoints = writeIf(tx, curEp, ep, curEp !== undefined && (!jsonEqual(curEp.subsets, ep.subsets) || !jsonEqual(curEp.metadata.labels, ep.metadata.labels)));
  let primary: EndpointSlice | undefined;
  const others: string[] = [];
  for (const s of store.EndpointSlice.values()) {
    if (s.kind !== 'EndpointSlice' || s.metadata.namespace !== KubernetesServiceNamespace || s.metadata.labels?.[LabelServiceName] !== KubernetesServiceName) continue;
    if (s.metadata.name === KubernetesServiceName && s.addressType === 'IPv4') primary = s;
    else others.push(s.metadata.name);
  }
  for (const name of others) del(tx, 'EndpointSlice', `${KubernetesServiceNamespace}/${name}`);
  const want = updateEndpointSlice(primary, ips);
  const differs =
    primary !== undefined && (!jsonEqual(primary.endpoints, want.endpoints) || !jsonEqual(primary.ports, want.ports) || !jsonEqual(primary.metadata.labels, want.metadata.labels));
  const slice = writeIf(tx, primary, want, differs);
  const about = { service: KubernetesServiceKey, ip: KubernetesServiceIP };
  if (service === 'kept') decide(tx.decisions, 'updateKubernetesService', 'serviceKept', about);
  else if (service === 'created') decide(tx.decisions, 'updateKubernetesService', 'serviceCreated', about);
  else decide(tx.decisions, 'updateKubernetesService', 'serviceFailed', about);
  decide(tx.decisions, 'updateKubernetesService', 'endpointsSynced', {
    service: KubernetesServiceKey,
    endpoints,
    slice,
    deleted: others.length,
    ips: ips.join(', '),
  });
  note(tx, 'kubernetesServiceSynced', { writes: [service, endpoints, slice].filter((v) => v !== 'kept').length + others.length });
}
