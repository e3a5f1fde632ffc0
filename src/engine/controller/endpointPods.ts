// What both endpoint controllers (EndpointSlice and the legacy Endpoints) read from the shared
// informer: the Services, a namespace's pods as the endpoint library reads them, and the
// Services one pod event concerns (the v1.36 pod queue's projection, mapped at once).
import type { EndpointPod, EndpointService } from '../api/discoveryTypes.ts';
import type { KubeObject, Pod } from '../api/types.ts';
import type { WatchRecord } from '../apiserver/store.ts';
import type { Tx } from '../client/tx.ts';
import { getPodUpdateProjectionKey, getServicesToUpdate } from '../endpointslice/controllerUtils.ts';

/**
 * asEndpointPod: the pod as the API server returns it. The simulated kubelet writes status.podIP
 * only; the API server's pod strategy fills podIPs[0] from it, and the endpoint library reads
 * podIPs, so the controllers see the pair.
 */
export function asEndpointPod(pod: Pod): EndpointPod {
  const ip = pod.status?.podIP;
  if (!ip || pod.status?.podIPs !== undefined) return pod as EndpointPod;
  // Pods are immutable: one copy per stored pod, however many syncs list it (10,000 pods, 100 syncs).
  let out = WITH_IPS.get(pod);
  if (out === undefined) {
    out = { ...pod, status: { ...pod.status, podIPs: [{ ip }] } } as EndpointPod;
    WITH_IPS.set(pod, out);
  }
  return out;
}

/** A memo of asEndpointPod, not engine state: a miss only copies again. */
const WITH_IPS = new WeakMap<Pod, EndpointPod>();

const NO_SERVICES: ReadonlySet<string> = new Set();

/** cachedServices lists the Services in the shared informer. */
export function cachedServices(tx: Tx): EndpointService[] {
  const out: EndpointService[] = [];
  for (const s of tx.st.cache.objects.Service.values()) if (s.kind === 'Service') out.push(s as EndpointService);
  return out;
}

/**
 * servicesForPodEvent maps one pod watch event to the Service keys to sync: an add or delete to
 * every Service selecting the pod, an update only when its endpoint facts (deletionTimestamp,
 * Ready, IPs) or its labels changed. No Services, no work: runs without one pay one size check
 * and get one shared empty set (two new Sets per pod event were 20 MB of the 407 MB a 10,000-replica
 * rollout allocates).
 */
export function servicesForPodEvent(tx: Tx, rec: WatchRecord, old: KubeObject | undefined): ReadonlySet<string> {
  if (tx.st.cache.objects.Service.size === 0) return NO_SERVICES;
  const o = rec.object;
  if (o.kind !== 'Pod') return NO_SERVICES;
  const cur = rec.type === 'DELETED' ? undefined : asEndpointPod(o);
  const prev = rec.type === 'DELETED' ? asEndpointPod(o) : old?.kind === 'Pod' ? asEndpointPod(old) : undefined;
  return getServicesToUpdate(cachedServices(tx), getPodUpdateProjectionKey(prev, cur));
}

/**
 * selectedPods lists the cached pods of the namespace the selector selects (labels.Set(selector):
 * every key must match), by name: the reconciler fills slices in this order, where upstream's
 * is a Go map's random one. The worker stays busy 1 µs per pod it walked.
 */
export function selectedPods(tx: Tx, namespace: string, selector: Record<string, string>): EndpointPod[] {
  const out: EndpointPod[] = [];
  const entries = Object.entries(selector);
  for (const p of tx.st.cache.objects.Pod.values()) {
    if (p.kind !== 'Pod' || (p.metadata.namespace ?? 'default') !== namespace) continue;
    const labels = p.metadata.labels;
    if (entries.every(([k, v]) => labels?.[k] === v)) out.push(asEndpointPod(p));
  }
  tx.cost += tx.st.cache.objects.Pod.size;
  return out.sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
}
