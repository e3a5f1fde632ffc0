/**
 * countSecond sends one client's requests of one virtual second, in a batch: they are evenly
 * spaced at the second's rate, each routed by the rules the client node had at its instant (the
 * proxy's recent versions) to a seeded pick among the usable endpoints, and met by the chosen
 * pod's application at that instant (kubelet/apps.ts). Only counts and failure groups are kept.
 */
import { RevisionAnnotation } from '../api/constants.ts';
import type { AppFacts } from '../kubelet/apps.ts';
import { nextInt, type PrngState } from '../lib/prng.ts';
import type { RulesVersion } from '../proxy/kubeProxy.ts';
import { podNameOf, type ProgrammedService } from '../proxy/program.ts';
import { type NodeRules, nodeRules } from '../proxy/nodeRules.ts';
import type { EngineState } from '../client/state.ts';
import { connAlive, OUTCOME_OF, podOutcome, type Reason } from './outcome.ts';
import { type Burst, type ClientState, rateAt } from './state.ts';
import { newTargetTable, podKeysOf, refreshTargets, type TargetTable } from './targets.ts';
import type { TrafficOutcome } from './types.ts';

/** Requests of one failure group: one reason, one pod (or none), one rules version. */
export interface FailureGroup {
  reason: Reason;
  pod: string;
  count: number;
  first: number;
  last: number;
  version: RulesVersion | undefined;
  /** The version's index in the history then, to find when the rules stopped listing the pod. */
  versionIndex: number;
}

export interface SecondCounts {
  counts: Record<TrafficOutcome, number>;
  byRevision: Map<string, number>;
  endpoints: number;
  failures: Map<string, FailureGroup>;
  /** The longest failure run closed in this second, or the one still open at its end. */
  burst: Burst | undefined;
}

/** requestTimes: the second's request instants (ms), evenly spaced within each rate step. */
export function requestTimes(c: ClientState, start: number, end: number): number[] {
  const n = fillRequestTimes(c, start, end);
  return Array.from(TIMES.subarray(0, n));
}

/** The batch's instants, filled in place (a new 10,000-number array a client second was 43 MB of 766 MB the 10k traffic row allocates); not engine state. */
let TIMES = new Float64Array(1024);

/** fillRequestTimes writes requestTimes' instants to TIMES[0, n) and returns n (TIMES may be a new buffer then). */
function fillRequestTimes(c: ClientState, start: number, end: number): number {
  let n = 0;
  const push = (t: number): void => {
    if (n === TIMES.length) {
      const grown = new Float64Array(2 * TIMES.length);
      grown.set(TIMES);
      TIMES = grown;
    }
    TIMES[n++] = t;
  };
  // The segments of the step function that overlap [start, end).
  const bounds = [start, ...c.steps.map((s) => s.at).filter((a) => a > start && a < end), end];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const from = bounds[i] as number;
    const to = bounds[i + 1] as number;
    const r = rateAt(c, from);
    if (r <= 0) continue;
    // Spacing restarts at each step: the step's own instant is its first request.
    let segStart = 0;
    for (const s of c.steps) if (s.at <= from) segStart = s.at;
    const gap = 1000 / r;
    let k = Math.ceil((from - segStart) / gap - 1e-9);
    for (let t = segStart + k * gap; t < to; t = segStart + ++k * gap) push(t);
  }
  return n;
}

/** revisionOf: the workload revision a pod belongs to (its ReplicaSet's revision annotation, or its DaemonSet hash's ControllerRevision). */
export function revisionOf(st: EngineState, podKey: string, memo: Map<string, string>): string {
  const hit = memo.get(podKey);
  if (hit !== undefined) return hit;
  let rev = '?';
  const pod = st.store.objects.Pod.get(podKey);
  if (pod?.kind === 'Pod') {
    const ns = pod.metadata.namespace ?? 'default';
    const ref = pod.metadata.ownerReferences?.find((o) => o.controller);
    if (ref?.kind === 'ReplicaSet') {
      const rs = st.store.objects.ReplicaSet.get(`${ns}/${ref.name}`);
      rev = rs?.metadata.annotations?.[RevisionAnnotation] ?? '?';
    } else if (ref?.kind === 'DaemonSet') {
      const hash = pod.metadata.labels?.['controller-revision-hash'];
      for (const cr of st.store.objects.ControllerRevision.values()) {
        if (cr.kind === 'ControllerRevision' && cr.metadata.labels?.['controller-revision-hash'] === hash && (cr.metadata.namespace ?? 'default') === ns) rev = String(cr.revision);
      }
    }
  }
  memo.set(podKey, rev);
  return rev;
}

/**
 * The target table of one node's rules, built once per rules version (the NodeRules object is per
 * version and node): their pods and revisions do not change while the version lasts; the facts
 * are brought up to date at each batch (targets.ts). Not engine state: a miss only rebuilds.
 */
const TABLES = new WeakMap<NodeRules, TargetTable>();

function tableOf(st: EngineState, ps: ProgrammedService, rules: NodeRules, revMemo: Map<string, string>): TargetTable {
  let table = TABLES.get(rules);
  if (table === undefined) {
    const ns = ps.service.slice(0, ps.service.indexOf('/'));
    const pods = rules.usable.map((ep) => podNameOf(ps, ep) ?? ep.endpoint);
    const podKeys = podKeysOf(ns, pods);
    table = newTargetTable(pods, podKeys, revisionsOf(st, podKeys, revMemo));
    TABLES.set(rules, table);
  }
  return table;
}

/**
 * revisionsOf: revisionOf of each pod key, with each ReplicaSet's revision looked up once (a
 * table lists 10,000 pods of two or three ReplicaSets: 10,000 ReplicaSet lookups were 30).
 */
function revisionsOf(st: EngineState, podKeys: readonly string[], revMemo: Map<string, string>): string[] {
  const byRs = new Map<string, Map<string, string>>();
  return podKeys.map((podKey) => {
    const pod = st.store.objects.Pod.get(podKey);
    const ref = pod?.kind === 'Pod' ? pod.metadata.ownerReferences?.find((o) => o.controller) : undefined;
    if (pod === undefined || ref?.kind !== 'ReplicaSet') return revisionOf(st, podKey, revMemo);
    const ns = pod.metadata.namespace ?? 'default';
    let inNs = byRs.get(ns);
    if (inNs === undefined) {
      inNs = new Map();
      byRs.set(ns, inNs);
    }
    let rev = inNs.get(ref.name);
    if (rev === undefined) {
      rev = st.store.objects.ReplicaSet.get(`${ns}/${ref.name}`)?.metadata.annotations?.[RevisionAnnotation] ?? '?';
      inNs.set(ref.name, rev);
    }
    return rev;
  });
}

/** flushOk adds the ok counts by revision index to byRevision and clears them. */
function flushOk(table: TargetTable | undefined, okBy: Float64Array, byRevision: Map<string, number>): void {
  if (table === undefined) return;
  for (let r = 0; r < okBy.length; r++) {
    const n = okBy[r] as number;
    if (n === 0) continue;
    const rev = table.revisionNames[r] as string;
    byRevision.set(rev, (byRevision.get(rev) ?? 0) + n);
    okBy[r] = 0;
  }
}

/** portNameOf resolves the client's port (number or name) to the Service port's name; undefined: the first. */
export function portNameOf(ps: ProgrammedService, port: number | string | undefined): string | undefined {
  if (port === undefined) return undefined;
  return ps.ports.find((p) => p.port === port || p.name === port)?.name;
}

/** countSecond: the client's requests in [second, second + 1) s, counted. */
export function countSecond(st: EngineState, c: ClientState, second: number, prng: PrngState, revMemo: Map<string, string>): SecondCounts {
  const start = second * 1000;
  const end = start + 1000;
  const out: SecondCounts = { counts: { ok: 0, refused: 0, reset: 0, timeout: 0, http503: 0 }, byRevision: new Map(), endpoints: 0, failures: new Map(), burst: undefined };
  const counts = out.counts;
  const history = st.proxy.history.get(c.service) ?? [];
  const served = new Map<string, number>();
  let vi = -1;
  let version: RulesVersion | undefined;
  let rules: NodeRules | undefined;
  let table: TargetTable | undefined;
  let n = 0;
  let window: Float64Array = NO_WINDOW;
  let okBy: Float64Array = NO_COUNTS;
  const switchVersion = (t: number): void => {
    let i = vi < 0 ? 0 : vi;
    while (i + 1 < history.length && (history[i + 1] as RulesVersion).at <= t) i++;
    if (i === vi && version !== undefined) return;
    vi = i;
    version = history[i] !== undefined && (history[i] as RulesVersion).at <= t ? history[i] : undefined;
    const ps = version?.ps;
    flushOk(table, okBy, out.byRevision);
    rules = ps ? nodeRules(ps, c.node, portNameOf(ps, c.port)) : undefined;
    table = ps && rules ? tableOf(st, ps, rules, revMemo) : undefined;
    // The facts as the batch sees them (st.apps does not change while a batch is counted).
    if (table !== undefined) refreshTargets(table, st.apps);
    n = table?.pods.length ?? 0;
    window = table?.window ?? NO_WINDOW;
    okBy = table !== undefined ? new Float64Array(table.revisionNames.length) : NO_COUNTS;
  };
  const fail = (reason: Reason, pod: string, t: number): void => {
    const key = `${reason}\u0000${pod}\u0000${vi}`;
    const g = out.failures.get(key);
    if (g) {
      g.count++;
      g.last = t;
    } else out.failures.set(key, { reason, pod, count: 1, first: t, last: t, version, versionIndex: vi });
    const b = c.burst;
    if (b) {
      b.to = t;
      b.count++;
    } else c.burst = { from: t, to: t, count: 1 };
  };
  const closeBurst = (): void => {
    const b = c.burst;
    if (!b) return;
    if (!out.burst || b.to - b.from > out.burst.to - out.burst.from) out.burst = b;
    c.burst = undefined;
  };
  /** meet: a request at t reaching the pod with these facts (the kept connection's or the picked target's). */
  const meet = (t: number, pod: string, podKey: string, facts: AppFacts | undefined): Reason => {
    const limited = (facts?.maxRps ?? 0) > 0;
    const served1 = limited ? (served.get(podKey) ?? 0) : 0;
    const reason = podOutcome(facts, t, served1);
    const outcome = OUTCOME_OF[reason];
    counts[outcome]++;
    if (outcome === 'ok' || outcome === 'http503') {
      if (limited) served.set(podKey, served1 + 1);
      if (c.keepAlive) c.conns.push({ podKey, busyUntil: t + (facts?.requestMs ?? 0) });
    }
    if (outcome !== 'ok') fail(reason, pod, t);
    else if (c.burst) closeBurst();
    return reason;
  };
  const count = fillRequestTimes(c, start, end);
  const times = TIMES;
  // An index walk, not for…of: 10,000 instants a second, and the iterator's result objects were
  // most of what a batch allocated (136 MB of 172 MB over the 10,000-replica bench's 190 s).
  for (let q = 0; q < count; q++) {
    const t = times[q] as number;
    // switchVersion's own early return, checked here: the version holds for ~1,000 requests in a row.
    if (version === undefined || (vi + 1 < history.length && (history[vi + 1] as RulesVersion).at <= t)) switchVersion(t);
    // Kept connections first: conntrack keeps an established TCP flow after its Service's rules are
    // gone (kube-proxy flushes conntrack only for UDP; the ClusterIP checks match new connections).
    if (c.keepAlive && (rules || c.conns.length > 0) && keptConnection(st, c, t, meet, out.byRevision, revMemo)) continue;
    if (!rules) {
      // No rules yet, or none since the Service went (removedAt): the SYN goes unanswered.
      const reason: Reason = version?.removedAt === undefined ? 'noRules' : 'rulesRemoved';
      counts.timeout++;
      fail(reason, '', t);
      continue;
    }
    if (rules.target !== 'endpoints' || n === 0) {
      const reason: Reason = rules.target === 'DROP' ? 'dropped' : 'rejected';
      counts[OUTCOME_OF[reason]]++;
      fail(reason, '', t);
      continue;
    }
    // iptables' statistic chain / nftables' numgen: a uniform pick per new connection.
    const i = n === 1 ? 0 : nextInt(prng, n);
    const tb = table as TargetTable;
    if (t >= (window[2 * i] as number) && t < (window[2 * i + 1] as number)) {
      // Surely ok (targets.ts): podOutcome's checks skipped, its answer kept.
      counts.ok++;
      const r = tb.revisionOf[i] as number;
      okBy[r] = (okBy[r] as number) + 1;
      if (c.keepAlive) c.conns.push({ podKey: tb.podKeys[i] as string, busyUntil: t + ((tb.facts[i] as AppFacts).requestMs ?? 0) });
      if (c.burst) closeBurst();
      continue;
    }
    if (meet(t, tb.pods[i] as string, tb.podKeys[i] as string, tb.facts[i]) === 'ok') {
      const r = tb.revisionOf[i] as number;
      okBy[r] = (okBy[r] as number) + 1;
    }
  }
  switchVersion(end - 1e-6);
  flushOk(table, okBy, out.byRevision);
  out.endpoints = rules?.target === 'endpoints' ? n : 0;
  if (c.burst && (!out.burst || c.burst.to - c.burst.from > out.burst.to - out.burst.from)) out.burst = { ...c.burst };
  return out;
}

const NO_WINDOW = new Float64Array(0);
const NO_COUNTS = new Float64Array(0);

/**
 * keptConnection: the request goes over the longest-idle kept connection whose pod still holds it
 * (conntrack keeps the flow even when the pod left the rules); false when there is none.
 */
function keptConnection(
  st: EngineState,
  c: ClientState,
  t: number,
  meet: (t: number, pod: string, podKey: string, facts: AppFacts | undefined) => Reason,
  byRevision: Map<string, number>,
  revMemo: Map<string, string>,
): boolean {
  while (c.conns.length > 0 && (c.conns[0] as { busyUntil: number }).busyUntil <= t) {
    const conn = c.conns.shift() as { podKey: string };
    const facts = st.apps.get(conn.podKey);
    if (!connAlive(facts, t)) continue;
    if (meet(t, conn.podKey.slice(conn.podKey.indexOf('/') + 1), conn.podKey, facts) === 'ok') {
      const rev = revisionOf(st, conn.podKey, revMemo);
      byRevision.set(rev, (byRevision.get(rev) ?? 0) + 1);
    }
    return true;
  }
  return false;
}
