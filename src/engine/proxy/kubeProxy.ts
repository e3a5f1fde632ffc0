// kube-proxy on every node as the simulation runs it: its informer on EndpointSlices and Services
// (cmd/kube-proxy/app/server.go's label selector), the bounded-frequency runner (minSyncPeriod
// 1 s) and, at each sync, CategorizeEndpoints and the REJECT / DROP decision of syncProxyRules.
//
// Modelling choice: every node's kube-proxy gets each slice event at the same instant (the
// engine's one watch delay) and starts its runner with the same history, so their syncs fall at
// the same instants; the engine keeps one runner and one table of merged endpoints, and each
// node's rules are that table categorized for the node (only Local traffic policy tells nodes
// apart). A sync takes no time. The hourly full resync (maxInterval) changes nothing and is no event.
import { decide } from '../api/decision.ts';
import { type EndpointService, type EndpointSlice, EndpointsLastChangeTriggerTime, LabelServiceName } from '../api/discoveryTypes.ts';
import { objectKey, type WatchRecord } from '../apiserver/store.ts';
import { note, schedule, type Tx } from '../client/tx.ts';
import { parseRFC3339 } from '../lib/time.ts';
import { KubeProxySyncRunner, nextRun, newRunnerState, type RunnerState, ran, run } from './boundedFrequencyRunner.ts';
import { nodeRules } from './nodeRules.ts';
import { endpointKey, endpointsMapForService, kubeProxySelects, type ProxyEndpoint, servicePortName } from './endpoint.ts';

/** One slice as kube-proxy's informer holds it, with when it was written (its delivery − the watch delay). */
interface CachedSlice {
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
  /** Pod name of each endpoint's targetRef, by "ip:port" (the clients look the pod up by it). */
  podOf: ReadonlyMap<string, string>;
  internalPolicyLocal: boolean;
}

export interface KubeProxyState {
  runner: RunnerState | undefined;
  /** Services whose slices changed since the last sync. */
  pending: Set<string>;
  slices: Map<string, CachedSlice>;
  rules: Map<string, ProgrammedService>;
  /** The time a proxySync event is queued for, or -1. */
  syncAt: number;
  /** How many syncs ran (a node's view of the rules is memoized per sync). */
  syncs: number;
  /**
   * Each Service's rules over the last seconds, oldest first (undefined: no rules), kept only when
   * the scenario has clients: they look back at the rules of the second they count.
   */
  history: Map<string, RulesVersion[]>;
}

/** The rules of one Service from `at` on, until the next version. */
export interface RulesVersion {
  at: number;
  ps: ProgrammedService | undefined;
  /** With no rules: the sync that removed the Service's rules (its Service went), absent if it never had any. */
  removedAt?: number;
}

/** How far back the clients look (ms): a second, plus the longest request (≤ 60 s), with room. */
export const RULES_HISTORY_MS = 65_000;

declare module '../client/state.ts' {
  interface EngineState {
    proxy: KubeProxyState;
  }
}

export function newKubeProxyState(): KubeProxyState {
  return { runner: undefined, pending: new Set(), slices: new Map(), rules: new Map(), syncAt: -1, syncs: 0, history: new Map() };
}

export function cloneKubeProxyState(s: KubeProxyState): KubeProxyState {
  return {
    runner: s.runner,
    pending: new Set(s.pending),
    slices: new Map(s.slices),
    rules: new Map(s.rules),
    syncAt: s.syncAt,
    syncs: s.syncs,
    // Versions are immutable: the lists are copied, the versions shared.
    history: new Map([...s.history].map(([k, v]) => [k, v.slice()])),
  };
}

function serviceOfSlice(s: EndpointSlice): string {
  return `${s.metadata.namespace ?? 'default'}/${s.metadata.labels?.[LabelServiceName] ?? ''}`;
}

/** kubeProxyOnWatch is the proxier's slice and Service handlers (OnEndpointSliceAdd …): cache, then Run(). */
export function kubeProxyOnWatch(tx: Tx, rec: WatchRecord): void {
  const o = rec.object;
  const p = tx.st.proxy;
  let svc: string;
  if (o.kind === 'EndpointSlice') {
    if (!kubeProxySelects(o.metadata.labels)) return;
    const key = objectKey(o);
    if (rec.type === 'DELETED') p.slices.delete(key);
    else p.slices.set(key, { slice: o, writtenAt: Math.max(0, tx.now - Math.round(tx.st.config.watchDelaySeconds * 1000)) });
    svc = serviceOfSlice(o);
  } else if (o.kind === 'Service') {
    svc = objectKey(o);
  } else return;
  p.pending.add(svc);
  p.runner = run(p.runner ?? newRunnerState(KubeProxySyncRunner, 0), tx.now, tx.decisions);
  const at = nextRun(p.runner).at;
  if (p.syncAt < 0 || at < p.syncAt) {
    p.syncAt = at;
    schedule(tx, at, { type: 'proxySync' });
  }
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

/** kubeProxySync is the runner's fn, syncProxyRules: each pending Service's first port reprogrammed. */
export function kubeProxySync(tx: Tx): RulesChange[] {
  tx.actor = 'kube-proxy';
  const p = tx.st.proxy;
  if (p.syncAt !== tx.now) return []; // superseded by an earlier sync
  p.syncAt = -1;
  p.runner = ran(p.runner ?? newRunnerState(KubeProxySyncRunner, 0), KubeProxySyncRunner, tx.now, 0, false);
  p.syncs++;
  decide(tx.decisions, 'boundedFrequencyRunner', 'sync', { at: tx.now, reason: 'run' });
  const changes: RulesChange[] = [];
  let endpoints = 0;
  const services = [...p.pending].sort();
  p.pending.clear();
  for (const svcKey of services) {
    const cached = tx.st.cache.objects.Service.get(svcKey);
    const service = cached?.kind === 'Service' ? (cached as EndpointService) : undefined;
    const before = p.rules.get(svcKey);
    const next = service && kubeProxySelects(service.metadata.labels) ? programService(p, svcKey, service, tx.now) : undefined;
    if (next) p.rules.set(svcKey, next);
    else p.rules.delete(svcKey);
    endpoints += next?.endpoints.length ?? 0;
    if ((tx.st.config.traffic?.length ?? 0) > 0) remember(p, svcKey, tx.now, next, before !== undefined);
    const from = changes.length;
    diffRules(svcKey, before, next, changes);
    explainSync(tx, svcKey, next, changes.slice(from));
  }
  note(tx, 'proxySynced', { services: services.length, endpoints });
  return changes;
}

/** remember appends a version and forgets those older than RULES_HISTORY_MS, but the one in force then. */
function remember(p: KubeProxyState, svcKey: string, now: number, ps: ProgrammedService | undefined, had: boolean): void {
  const list = p.history.get(svcKey) ?? [];
  const removedAt = ps ? undefined : had ? now : list[list.length - 1]?.removedAt;
  list.push(removedAt === undefined ? { at: now, ps } : { at: now, ps, removedAt });
  let drop = 0;
  while (drop + 1 < list.length && (list[drop + 1] as RulesVersion).at <= now - RULES_HISTORY_MS) drop++;
  p.history.set(svcKey, drop > 0 ? list.slice(drop) : list);
}

const seconds = (ms: number): number | string => (ms < 0 ? '—' : ms / 1000);

/** explainSync records what the sync programmed for one Service and each pod whose place changed (up to 20). */
function explainSync(tx: Tx, svcKey: string, ps: ProgrammedService | undefined, changes: readonly RulesChange[]): void {
  if (!ps) {
    decide(tx.decisions, 'syncProxyRules', 'gone', { service: svcKey });
    return;
  }
  const r = nodeRules(ps, '');
  const sliceWritten = seconds(ps.sliceWrittenAt);
  decide(tx.decisions, 'syncProxyRules', 'programmed', {
    service: svcKey,
    usable: r.usable.length,
    total: ps.endpoints.length,
    target: r.target === 'endpoints' ? (r.fallback ? 'serving-terminating fallback' : 'ready endpoints') : r.target,
    sliceWritten,
    trigger: seconds(ps.triggerAt),
  });
  for (const c of changes.slice(0, 20)) decide(tx.decisions, 'syncProxyRules', 'ruleChanged', { service: svcKey, pod: c.pod, from: c.from, to: c.to, at: tx.now / 1000, sliceWritten });
}

function programService(p: KubeProxyState, svcKey: string, service: EndpointService, now: number): ProgrammedService {
  const slices: EndpointSlice[] = [];
  let sliceWrittenAt = -1;
  let triggerAt = -1;
  for (const c of p.slices.values()) {
    if (serviceOfSlice(c.slice) !== svcKey) continue;
    slices.push(c.slice);
    if (c.writtenAt > sliceWrittenAt) sliceWrittenAt = c.writtenAt;
    const t = c.slice.metadata.annotations?.[EndpointsLastChangeTriggerTime];
    if (t) triggerAt = Math.max(triggerAt, parseRFC3339(t));
  }
  const ns = service.metadata.namespace ?? 'default';
  const merged = endpointsMapForService(slices, '');
  const byPort = new Map<string, readonly ProxyEndpoint[]>();
  const ports: { name: string; port: number }[] = [];
  for (const sp of service.spec.ports ?? []) {
    ports.push({ name: sp.name ?? '', port: sp.port });
    byPort.set(sp.name ?? '', merged.get(servicePortName(ns, service.metadata.name, sp.name ?? '', sp.protocol ?? 'TCP')) ?? []);
  }
  const eps = byPort.get(ports[0]?.name ?? '') ?? [];
  const podOf = new Map<string, string>();
  for (const s of slices) {
    for (const e of s.endpoints) {
      const ip = e.addresses[0];
      if (ip === undefined || !e.targetRef) continue;
      for (const port of s.ports) if (port.port !== undefined) podOf.set(endpointKey(e, ip, port.port), e.targetRef.name);
    }
  }
  return { service: svcKey, syncedAt: now, sliceWrittenAt, triggerAt, endpoints: eps, byPort, ports, podOf, internalPolicyLocal: service.spec.internalTrafficPolicy === 'Local' };
}

/**
 * The pod → endpoint map of each programmed table, made once: a sync's `now` is the next sync's
 * `was` (two 10,000-entry maps a sync were one). Not engine state: a miss only makes it again.
 */
const BY_POD = new WeakMap<ProgrammedService, Map<string, ProxyEndpoint>>();

function byPod(ps: ProgrammedService | undefined): Map<string, ProxyEndpoint> {
  if (ps === undefined) return new Map();
  let m = BY_POD.get(ps);
  if (m === undefined) {
    m = new Map();
    for (const ep of ps.endpoints) m.set(ps.podOf.get(ep.endpoint) ?? ep.endpoint, ep);
    BY_POD.set(ps, m);
  }
  return m;
}

function diffRules(svcKey: string, before: ProgrammedService | undefined, next: ProgrammedService | undefined, out: RulesChange[]): void {
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
