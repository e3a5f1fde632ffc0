// What both endpoint controllers (EndpointSlice and the legacy Endpoints) read from the shared
// informer: the Services, a namespace's pods as the endpoint library reads them, and the
// Services one pod event concerns (the v1.36 pod queue's projection, mapped at once).
import type { EndpointPod, EndpointService } from '../api/discoveryTypes.ts';
import type { KubeObject, Pod } from '../api/types.ts';
import type { WatchRecord } from '../apiserver/store.ts';
import type { Tx } from '../client/tx.ts';
import { getPodUpdateProjectionKey, getServicesToUpdate } from '../endpointslice/controllerUtils.ts';
import { indexedPods, podIndexOnWatch } from './endpointPodIndex.ts';

/**
 * asEndpointPod: the cached pod as the endpoint library reads it (a type view, no copy). The
 * simulated kubelet writes status.podIP only; the API server's pod strategy fills podIPs[0] from
 * it, and the library's readers derive that pair through podIPsOf (controllerUtils.ts) instead of
 * a copy of each pod version.
 */
export function asEndpointPod(pod: Pod): EndpointPod {
  return pod as EndpointPod;
}

/** cachedServices lists the Services in the shared informer. */
export function cachedServices(tx: Tx): EndpointService[] {
  const out: EndpointService[] = [];
  for (const s of tx.st.cache.objects.Service.values()) if (s.kind === 'Service') out.push(s as EndpointService);
  return out;
}

/**
 * servicesForPodEvent maps one pod watch event to the Service keys to sync: an add or delete to
 * every Service selecting the pod, an update only when its endpoint facts (deletionTimestamp,
 * Ready, IPs) or its labels changed. No Service with a selector, no work: runs without one pay a
 * look at each Service and get one shared empty set (two new Sets per pod event were 20 MB of the 407 MB a 10,000-replica
 * rollout allocates).
 */
export function servicesForPodEvent(tx: Tx, rec: WatchRecord, old: KubeObject | undefined): ReadonlySet<string> {
  if (!anySelector(tx.st.cache.objects.Service)) return NONE;
  const o = rec.object;
  if (o.kind !== 'Pod') return NONE;
  // Both controllers map each event, one after the other, over the same cache: map it once.
  const m = lastMapped;
  const cache = cacheSerial(tx.st.cache);
  if (m.rec === rec && m.old === old && m.cache === cache && m.version === tx.st.cache.version) return m.keys;
  const cur = rec.type === 'DELETED' ? undefined : asEndpointPod(o);
  const prev = rec.type === 'DELETED' ? asEndpointPod(o) : old?.kind === 'Pod' ? asEndpointPod(old) : undefined;
  const key = getPodUpdateProjectionKey(prev, cur);
  // Most pod updates change no endpoint fact and no label (a container started, a probe ran):
  // the shared empty set, not getServicesToUpdate's new one each (~100,000 a 10,000-replica rollout).
  const keys: ReadonlySet<string> = key === undefined ? NONE : getServicesToUpdate(cachedServices(tx), key);
  // One memo object, rewritten: a new one each pod event was ~4 MB of garbage a 10k rollout.
  lastMapped.rec = rec;
  lastMapped.old = old;
  lastMapped.cache = cache;
  lastMapped.version = tx.st.cache.version;
  lastMapped.keys = keys;
  return keys;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * anySelector: some cached Service has a selector. getServicesToUpdate skips the others, so
 * without one no pod event concerns a Service. Every run has one such: the `kubernetes` Service
 * (its endpoints are the API server's, written by its own controller); before this check each
 * pod event of a run without a Service of its own mapped its projection key for nothing (16 MB
 * of a 10,000-replica rollout's allocations).
 */
function anySelector(services: ReadonlyMap<string, KubeObject>): boolean {
  if (services.size === 0) return false;
  for (const s of services.values()) if (s.kind === 'Service' && s.spec.selector !== undefined) return true;
  return false;
}

/** A number for each informer cache mapped over, by identity (a fork's and its run's differ). */
const cacheSerials = new WeakMap<object, number>();
let lastCacheSerial = 0;

function cacheSerial(cache: object): number {
  let n = cacheSerials.get(cache);
  if (n === undefined) {
    n = ++lastCacheSerial;
    cacheSerials.set(cache, n);
  }
  return n;
}

/**
 * The last event servicesForPodEvent mapped (a memo, not engine state: a miss maps again). Its
 * cache by number, not the cache itself: holding that kept a finished run's whole informer cache
 * alive after the recording packed its state (3.2 MB of the 10,000-replica recording, bench: seek).
 */
const lastMapped: { rec: WatchRecord | undefined; old: KubeObject | undefined; cache: number; version: number; keys: ReadonlySet<string> } = {
  rec: undefined,
  old: undefined,
  cache: 0,
  version: -1,
  keys: NONE,
};

/**
 * selectedPods lists the cached pods of the namespace the selector selects (labels.Set(selector):
 * every key must match), by name: the reconciler fills slices in this order, where upstream's
 * is a Go map's random one. The worker stays busy 1 µs per pod it walked.
 */
export function selectedPods(tx: Tx, namespace: string, selector: Record<string, string>): readonly EndpointPod[] {
  // The list comes from endpointPodIndex.ts (the same pods in the same order); the cost stays the
  // walk's, since it is simulated time: the busy worker delays the queue's next key.
  tx.cost += tx.st.cache.objects.Pod.size;
  return indexedPods(tx.st.cache, namespace, selector, asEndpointPod);
}

/** selectedPodsByScan is selectedPods' full walk, the reference the index is tested against. */
export function selectedPodsByScan(tx: Tx, namespace: string, selector: Record<string, string>): EndpointPod[] {
  const out: EndpointPod[] = [];
  const entries = Object.entries(selector);
  for (const p of tx.st.cache.objects.Pod.values()) {
    if (p.kind !== 'Pod' || (p.metadata.namespace ?? 'default') !== namespace) continue;
    const labels = p.metadata.labels;
    if (entries.every(([k, v]) => labels?.[k] === v)) out.push(asEndpointPod(p));
  }
  return out.sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
}

/** endpointPodsOnWatch keeps the pod index current; both controllers' handlers call it first (the second call is a no-op). */
export function endpointPodsOnWatch(tx: Tx, rec: WatchRecord): void {
  podIndexOnWatch(tx.st.cache, rec, asEndpointPod, tx.key);
}
