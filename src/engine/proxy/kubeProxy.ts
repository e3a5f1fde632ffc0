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
import type { EndpointService } from '../api/discoveryTypes.ts';
import { objectKey, type WatchRecord } from '../apiserver/store.ts';
import { note, schedule, type Tx } from '../client/tx.ts';
import type { EngineState } from '../client/state.ts';
import { KubeProxySyncRunner, nextRun, newRunnerState, type RunnerState, ran, run } from './boundedFrequencyRunner.ts';
import { nodeRules } from './nodeRules.ts';
import { kubeProxySelects } from './endpoint.ts';
import { type CachedSlice, diffRules, type ProgrammedService, programService, type RulesChange, serviceOfSlice } from './program.ts';

export type { ProgrammedService, RulesChange } from './program.ts';

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

/**
 * kubeProxyStart is kube-proxy's first sync over what its informers list at start (the API
 * server's service/kubernetes and its slice, stored at t = 0): rules programmed, no tick, no
 * history (no client targets a Service the scenario does not hold).
 */
export function kubeProxyStart(st: EngineState): void {
  const p = st.proxy;
  for (const [key, o] of st.cache.objects.EndpointSlice) {
    if (o.kind === 'EndpointSlice' && kubeProxySelects(o.metadata.labels)) p.slices.set(key, { slice: o, writtenAt: 0 });
  }
  for (const [key, o] of st.cache.objects.Service) {
    if (o.kind === 'Service' && kubeProxySelects(o.metadata.labels)) p.rules.set(key, programService(p.slices, key, o as EndpointService, st.now, undefined));
  }
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
    const next = service && kubeProxySelects(service.metadata.labels) ? programService(p.slices, svcKey, service, tx.now, before) : undefined;
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
