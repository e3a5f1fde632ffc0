/**
 * The clients' tick (DESIGN.md §15): once a virtual second is over and its last request has had
 * time to finish (`lagMs`), every client's requests of that second are counted in one batch
 * (second.ts) and recorded as Explain data — one `trafficSecond/counts` record per Service (the
 * `--output traffic` line) and one record per failure group saying why, with the numbers.
 * One tick per second however many requests: a 10,000 rps client costs no extra ticks.
 */
import { decide } from '../api/decision.ts';
import { note, schedule, type Tx } from '../client/tx.ts';
import type { RulesVersion } from '../proxy/kubeProxy.ts';
import { nodeRules } from '../proxy/nodeRules.ts';
import { podNameOf } from '../proxy/program.ts';
import { countSecond, type FailureGroup, portNameOf, type SecondCounts } from './second.ts';
import { type ClientState, rateAt } from './state.ts';
import { TRAFFIC_OUTCOMES } from './types.ts';

/** The Explain records of one second name at most this many failure groups per Service. */
export const MAX_FAILURE_GROUPS = 12;

const sec = (ms: number): number => Math.round(ms) / 1000;

/** scheduleTraffic queues the tick that counts `second` (none when the scenario has no clients). */
export function scheduleTraffic(tx: Tx, second: number): void {
  const t = tx.st.traffic;
  if (!t) return;
  schedule(tx, (second + 1) * 1000 + t.lagMs, { type: 'traffic', second });
}

/** firstTrafficSecond: the second of the earliest step (the clients start then). */
export function firstTrafficSecond(steps: readonly { at: number }[]): number {
  return Math.floor(Math.min(...steps.map((s) => s.at)));
}

function active(c: ClientState, fromMs: number): boolean {
  return rateAt(c, fromMs) > 0 || c.steps.some((s) => s.at > fromMs && s.rps > 0);
}

/** trafficTick counts `second` for every client and queues the next second while any client sends. */
export function trafficTick(tx: Tx, second: number): void {
  tx.actor = 'clients';
  const t = tx.st.traffic;
  if (!t) return;
  const byService = new Map<string, { counts: SecondCounts[]; clients: ClientState[] }>();
  const revMemo = new Map<string, string>();
  for (const c of t.clients) {
    const r = countSecond(tx.st, c, second, t.prng, revMemo);
    const e = byService.get(c.service) ?? { counts: [], clients: [] };
    e.counts.push(r);
    e.clients.push(c);
    byService.set(c.service, e);
  }
  for (const [service, e] of byService) recordSecond(tx, service, second, e.counts, e.clients);
  const next = (second + 1) * 1000;
  if (t.clients.some((c) => active(c, next))) scheduleTraffic(tx, second + 1);
}

function recordSecond(tx: Tx, service: string, second: number, all: SecondCounts[], clients: ClientState[]): void {
  const counts = { ok: 0, refused: 0, reset: 0, timeout: 0, http503: 0 };
  const byRevision = new Map<string, number>();
  let burst: { from: number; to: number; count: number } | undefined;
  for (const r of all) {
    for (const o of TRAFFIC_OUTCOMES) counts[o] += r.counts[o];
    for (const [rev, n] of r.byRevision) byRevision.set(rev, (byRevision.get(rev) ?? 0) + n);
    if (r.burst && (!burst || r.burst.to - r.burst.from > burst.to - burst.from)) burst = r.burst;
  }
  const revisions = [...byRevision.keys()].sort((a, b) => Number(a) - Number(b) || (a < b ? -1 : 1));
  const byRev: Record<string, number> = {};
  for (const k of revisions) byRev[k] = byRevision.get(k) ?? 0;
  const requests = TRAFFIC_OUTCOMES.reduce((n, o) => n + counts[o], 0);
  decide(tx.decisions, 'trafficSecond', 'counts', {
    second,
    service,
    ...counts,
    byRevision: JSON.stringify(byRev),
    endpoints: all[0]?.endpoints ?? 0,
    requests,
    burstFrom: burst ? sec(burst.from) : -1,
    burstTo: burst ? sec(burst.to) : -1,
    burstCount: burst?.count ?? 0,
  });
  note(tx, 'trafficSecond', { service, second, ok: counts.ok, errors: requests - counts.ok, requests });
  all.forEach((r, i) => {
    explainFailures(tx, service, clients[i] as ClientState, r);
  });
}

/** explainFailures writes one record per failure group, the largest first. */
function explainFailures(tx: Tx, service: string, c: ClientState, r: SecondCounts): void {
  const groups = [...r.failures.values()].sort((a, b) => b.count - a.count || a.first - b.first);
  for (const g of groups.slice(0, MAX_FAILURE_GROUPS)) explainGroup(tx, service, c, g);
  if (groups.length > MAX_FAILURE_GROUPS) {
    const rest = groups.slice(MAX_FAILURE_GROUPS);
    decide(tx.decisions, 'trafficFailure', 'more', { service, groups: rest.length, count: rest.reduce((n, g) => n + g.count, 0) });
  }
}

/** untilOf: when a later version of the rules stopped sending the node's new connections to the pod (-1: not yet). */
function untilOf(tx: Tx, c: ClientState, g: FailureGroup): RulesVersion | undefined {
  const history = tx.st.proxy.history.get(c.service) ?? [];
  for (let i = Math.max(0, g.versionIndex + 1); i < history.length; i++) {
    const v = history[i] as RulesVersion;
    const ps = v.ps;
    if (!ps) return v;
    const rules = nodeRules(ps, c.node, portNameOf(ps, c.port));
    if (!rules.usable.some((ep) => podNameOf(ps, ep) === g.pod)) return v;
  }
  return undefined;
}

function explainGroup(tx: Tx, service: string, c: ClientState, g: FailureGroup): void {
  const ps = g.version?.ps;
  const base = { service, node: c.node, count: g.count, from: sec(g.first), to: sec(g.last), synced: ps ? sec(ps.syncedAt) : -1, sliceWritten: ps ? sec(ps.sliceWrittenAt) : -1 };
  if (g.pod === '') {
    const removed = g.version?.removedAt;
    decide(tx.decisions, 'trafficFailure', g.reason, removed === undefined ? base : { ...base, removed: sec(removed) });
    return;
  }
  const f = tx.st.apps.get(`${service.slice(0, service.indexOf('/'))}/${g.pod}`);
  const until = untilOf(tx, c, g);
  let key: string = g.reason;
  if (g.reason === 'stopped') key = until === undefined ? 'stoppedStillListed' : f?.preStop ? 'stoppedAfterPreStop' : 'stopped';
  else if (g.reason === 'gone' && until === undefined) key = 'goneStillListed';
  decide(tx.decisions, 'trafficFailure', key, {
    ...base,
    pod: g.pod,
    started: f ? sec(f.startedAt) : -1,
    listens: f && f.listenAt >= 0 ? sec(f.listenAt) : -1,
    stopped: f && f.sigtermAt >= 0 ? sec(f.sigtermAt) : -1,
    preStop: f?.preStop || 'none',
    preStopSeconds: f ? sec(f.preStopMs) : 0,
    gone: f && f.goneAt >= 0 ? sec(f.goneAt) : -1,
    maxRps: f?.maxRps ?? 0,
    requestMs: f?.requestMs ?? 0,
    until: until ? sec(until.at) : -1,
    untilSliceWritten: until?.ps ? sec(until.ps.sliceWrittenAt) : -1,
  });
}
