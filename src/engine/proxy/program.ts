// One Service's table at a kube-proxy sync (kubeProxy.ts): its slices merged per Service port
// (endpoint.ts's endpointsMapForService, sorted from the last sync's order: mergeSlices) and
// what changed for each pod since the last sync (diffRules).
import { type EndpointService, type EndpointSlice, EndpointsLastChangeTriggerTime, LabelServiceName } from '../api/discoveryTypes.ts';
import { parseRFC3339 } from '../lib/time.ts';
import { endpointKey, type ProxyEndpoint, proxyEndpoint, servicePortName } from './endpoint.ts';

/** One slice as kube-proxy's informer holds it, with when it was written (its delivery − the watch delay). */
export interface CachedSlice {
  slice: EndpointSlice;
  writtenAt: number;
}

/** A Service's first port as the last sync programmed it on every node (immutable). */
export interface ProgrammedService {
  /** "namespace/name". */
  service: string;
  /** The sync that wrote these rules (ms). */
  syncedAt: number;
  /** The latest write among the Service's slices this sync read (ms), -1 when none. */
  sliceWrittenAt: number;
  /** The slices' endpoints.kubernetes.io/last-change-trigger-time, latest (ms), -1 when none. */
  triggerAt: number;
  /** Every endpoint of the first port, merged over the slices, by "ip:port". */
  endpoints: readonly ProxyEndpoint[];
  /** The endpoints of each Service port by its name ('' for an unnamed one); the first port's are `endpoints`. */
  byPort: ReadonlyMap<string, readonly ProxyEndpoint[]>;
  /** The Service's ports (name, number), in spec order. */
  ports: readonly { name: string; port: number }[];
  /**
   * The pod of an "ip:port" listed by several slice endpoints (the last one's with a targetRef),
   * or of every one; any other endpoint's is its own `pod` (podNameOf).
   */
  podOf?: ReadonlyMap<string, string | undefined>;
  internalPolicyLocal: boolean;
}

/** podNameOf: the pod a programmed endpoint sends to (the clients look it up by name), if the slice named one. */
export function podNameOf(ps: ProgrammedService, ep: ProxyEndpoint): string | undefined {
  return ps.podOf?.has(ep.endpoint) ? ps.podOf.get(ep.endpoint) : ep.pod;
}

export function serviceOfSlice(s: EndpointSlice): string {
  return `${s.metadata.namespace ?? 'default'}/${s.metadata.labels?.[LabelServiceName] ?? ''}`;
}

/**
 * The merged lists of each table by Service-port key, for the next sync's sort (mergeSlices).
 * Not engine state: the lists never change, and any table's lists are as good a hint as another.
 */
const LISTS = new WeakMap<ProgrammedService, ReadonlyMap<string, readonly ProxyEndpoint[]>>();

const byEndpoint = (a: ProxyEndpoint, b: ProxyEndpoint): number => (a.endpoint < b.endpoint ? -1 : a.endpoint > b.endpoint ? 1 : 0);

/**
 * mergeSlices is endpointsMapForService(slices, '') (no endpoint is local to the shared table)
 * with the pod of each "ip:port" the clients look up. Two things make it cheaper at 11,000
 * endpoints a sync:
 *  - each list is sorted from the last sync's: the endpoints still there are taken in its
 *    order, and only the new ones (~3,000 a sync mid-rollout) are sorted and merged in, not
 *    all 11,000 "ip:port" strings;
 *  - the pods come from each endpoint's targetRef (ProxyEndpoint.pod), with a map only for an
 *    "ip:port" listed twice (an IP reused while its old pod is still listed: the last listing's
 *    pod, as a full pod map's writes leave it), instead of an 11,000-entry map a sync. A slice
 *    with several ports or one without a name or number, or slices of two Service ports, take
 *    the full pod map.
 */
export function mergeSlices(
  slices: readonly EndpointSlice[],
  prev: ReadonlyMap<string, readonly ProxyEndpoint[]> | undefined,
): { merged: Map<string, ProxyEndpoint[]>; podOf: Map<string, string | undefined> | undefined } {
  const bySP = new Map<string, Map<string, ProxyEndpoint>>();
  let onePort = true;
  const over = new Map<string, string | undefined>();
  for (const slice of slices) {
    const svc = slice.metadata.labels?.[LabelServiceName] ?? '';
    const ns = slice.metadata.namespace ?? '';
    if (slice.ports.length > 1) onePort = false;
    for (const port of slice.ports) {
      if (port.name === undefined || port.port === undefined || port.port === 0) {
        onePort = false;
        continue;
      }
      const key = servicePortName(ns, svc, port.name, port.protocol ?? 'TCP');
      const set = bySP.get(key) ?? new Map<string, ProxyEndpoint>();
      bySP.set(key, set);
      for (const ep of slice.endpoints) {
        const ip = ep.addresses[0];
        if (ip === undefined || ip.includes(':')) continue;
        const info = proxyEndpoint(ep, ip, port.port, false);
        const had = set.get(info.endpoint);
        if (had === undefined) {
          set.set(info.endpoint, info);
          continue;
        }
        // The first listing stays in the rules; the pod map ends with the last listing's pod.
        if (!over.has(info.endpoint)) over.set(info.endpoint, had.pod);
        if (ep.targetRef !== undefined) over.set(info.endpoint, ep.targetRef.name);
      }
    }
  }
  const merged = new Map<string, ProxyEndpoint[]>();
  for (const [key, set] of bySP) {
    if (set.size === 0) continue;
    merged.set(key, sortedFrom(set, prev?.get(key)));
  }
  // Two Service-port keys could list one "ip:port" (a port renamed): the full map then too.
  return { merged, podOf: !onePort || bySP.size > 1 ? podsByKey(slices) : over.size > 0 ? over : undefined };
}

/** sortedFrom: the set's endpoints sorted by "ip:port", those of `prev` taken in its (sorted) order. */
function sortedFrom(set: Map<string, ProxyEndpoint>, prev: readonly ProxyEndpoint[] | undefined): ProxyEndpoint[] {
  if (prev === undefined) return [...set.values()].sort(byEndpoint);
  const fresh = new Set(set.values());
  const kept: ProxyEndpoint[] = [];
  for (const ep of prev) if (fresh.delete(ep)) kept.push(ep);
  if (fresh.size === 0) return kept;
  const added = [...fresh].sort(byEndpoint);
  const out: ProxyEndpoint[] = [];
  let j = 0;
  for (const ep of kept) {
    // "ip:port" keys are unique in a set, so no added key equals a kept one.
    while (j < added.length && (added[j] as ProxyEndpoint).endpoint < ep.endpoint) out.push(added[j++] as ProxyEndpoint);
    out.push(ep);
  }
  while (j < added.length) out.push(added[j++] as ProxyEndpoint);
  return out;
}

/** programService: the Service's table from its cached slices, patched from `before`'s when it can be. */
export function programService(
  cache: ReadonlyMap<string, CachedSlice>,
  svcKey: string,
  service: EndpointService,
  now: number,
  before: ProgrammedService | undefined,
): ProgrammedService {
  const slices: EndpointSlice[] = [];
  let sliceWrittenAt = -1;
  let triggerAt = -1;
  for (const c of cache.values()) {
    if (serviceOfSlice(c.slice) !== svcKey) continue;
    slices.push(c.slice);
    if (c.writtenAt > sliceWrittenAt) sliceWrittenAt = c.writtenAt;
    const t = c.slice.metadata.annotations?.[EndpointsLastChangeTriggerTime];
    if (t) triggerAt = Math.max(triggerAt, parseRFC3339(t));
  }
  const ns = service.metadata.namespace ?? 'default';
  const spKey = (sp: { name?: string; protocol?: string }): string => servicePortName(ns, service.metadata.name, sp.name ?? '', sp.protocol ?? 'TCP');
  const { merged, podOf } = mergeSlices(slices, before !== undefined ? LISTS.get(before) : undefined);
  const byPort = new Map<string, readonly ProxyEndpoint[]>();
  const ports: { name: string; port: number }[] = [];
  for (const sp of service.spec.ports ?? []) {
    ports.push({ name: sp.name ?? '', port: sp.port });
    byPort.set(sp.name ?? '', merged.get(spKey(sp)) ?? []);
  }
  const eps = byPort.get(ports[0]?.name ?? '') ?? [];
  const ps: ProgrammedService = { service: svcKey, syncedAt: now, sliceWrittenAt, triggerAt, endpoints: eps, byPort, ports, internalPolicyLocal: service.spec.internalTrafficPolicy === 'Local' };
  if (podOf !== undefined) ps.podOf = podOf;
  LISTS.set(ps, merged);
  return ps;
}

/** podsByKey: every slice endpoint's pod by "ip:port", the last one winning. */
function podsByKey(slices: readonly EndpointSlice[]): Map<string, string> {
  const podOf = new Map<string, string>();
  for (const s of slices) {
    for (const e of s.endpoints) {
      const ip = e.addresses[0];
      if (ip === undefined || !e.targetRef) continue;
      for (const port of s.ports) if (port.port !== undefined) podOf.set(endpointKey(e, ip, port.port), e.targetRef.name);
    }
  }
  return podOf;
}

/** A pod whose place in the rules changed at a sync (for the clients' Explain). */
export interface RulesChange {
  service: string;
  pod: string;
  /** The endpoint's state in the rules before and after ('none': not programmed). */
  from: 'ready' | 'serving-terminating' | 'not-ready' | 'none';
  to: 'ready' | 'serving-terminating' | 'not-ready' | 'none';
}

function stateOf(ep: ProxyEndpoint | undefined): RulesChange['to'] {
  if (!ep) return 'none';
  if (ep.ready) return 'ready';
  return ep.serving && ep.terminating ? 'serving-terminating' : 'not-ready';
}

/**
 * The pod → endpoint map of each table diffed in full, made once: a sync's `now` is the next
 * sync's `was`. Not engine state: a miss only makes it again.
 */
const BY_POD = new WeakMap<ProgrammedService, Map<string, ProxyEndpoint>>();

function byPod(ps: ProgrammedService | undefined): Map<string, ProxyEndpoint> {
  if (ps === undefined) return new Map();
  let m = BY_POD.get(ps);
  if (m === undefined) {
    m = new Map();
    for (const ep of ps.endpoints) m.set(podNameOf(ps, ep) ?? ep.endpoint, ep);
    BY_POD.set(ps, m);
  }
  return m;
}

/**
 * diffRules appends each pod whose state in the first port's rules changed from `before` to
 * `next`: those of `next` in its order, then those gone, in `before`'s.
 */
export function diffRules(svcKey: string, before: ProgrammedService | undefined, next: ProgrammedService | undefined, out: RulesChange[]): void {
  const was = byPod(before);
  const now = byPod(next);
  for (const [pod, ep] of now) {
    const had = was.get(pod);
    // The very endpoint object (an unchanged slice endpoint, endpoint.ts): the same state.
    if (had === ep) continue;
    const from = stateOf(had);
    const to = stateOf(ep);
    if (from !== to) out.push({ service: svcKey, pod, from, to });
  }
  for (const [pod, ep] of was) if (!now.has(pod)) out.push({ service: svcKey, pod, from: stateOf(ep), to: 'none' });
}
