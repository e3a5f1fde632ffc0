// Not a port: the clients' view of one node's rules, kept per rules version (second.ts reads it).
/**
 * The targets of one node's rules: their pods, revisions and application facts, and for each a
 * window of instants in which a request to it is surely `ok`. The clients pick a target per
 * request (10,000 rps); reading the picked pod's facts from the engine's 20,000-entry facts map
 * and walking podOutcome's checks cost ~0.7 µs a request, most of it memory traffic, where a
 * window test on two adjacent numbers costs a few ns. Requests outside the window (a pod not
 * listening yet, stopping, with a maxRps) still go through podOutcome, so each outcome is the one
 * podOutcome gives.
 *
 * The facts are brought up to date at each batch from the facts map's write log (kubelet/apps.ts):
 * only the pods written since the last batch are read again (a few hundred a second during a
 * rollout, none once it is over). Not engine state: a miss only rebuilds or reads everything.
 */
import { type AppFacts, factsLogPosition, factsWrittenSince } from '../kubelet/apps.ts';

export interface TargetTable {
  pods: readonly string[];
  podKeys: readonly string[];
  /** revisionNames[revisionOf[i]]: the workload revision of target i (ok counts go by it). */
  revisionOf: Int32Array;
  revisionNames: readonly string[];
  facts: (AppFacts | undefined)[];
  /** [2i, 2i + 1): the instants (ms) at which a request to target i is surely ok; empty when none is. */
  window: Float64Array;
  /** The facts map the facts were read from, and its log position then. */
  apps: ReadonlyMap<string, AppFacts> | undefined;
  pos: number;
  /** podKey → target index, for the log's keys; undefined while unbuilt. */
  index: Map<string, number> | undefined;
  /** Some pod is listed twice: every refresh reads everything. */
  repeated: boolean;
}

/** newTargetTable: the targets' pods and revisions; the facts are read at the first refresh. */
export function newTargetTable(pods: readonly string[], podKeys: readonly string[], revisions: readonly string[]): TargetTable {
  const names: string[] = [];
  const ids = new Map<string, number>();
  const revisionOf = new Int32Array(revisions.length);
  revisions.forEach((r, i) => {
    let id = ids.get(r);
    if (id === undefined) {
      id = names.length;
      names.push(r);
      ids.set(r, id);
    }
    revisionOf[i] = id;
  });
  const window = new Float64Array(pods.length * 2);
  return { pods, podKeys, revisionOf, revisionNames: names, facts: new Array<AppFacts | undefined>(pods.length), window, apps: undefined, pos: 0, index: undefined, repeated: false };
}

/**
 * setFacts stores one target's facts and its sure-ok window. podOutcome answers ok at t when the
 * app listens (t ≥ listenAt), is not stopped or gone, has no maxRps, and the request's end
 * (t + requestMs) comes before SIGTERM and exit; the window ends 1 ms earlier than that, so
 * rounding of t + requestMs cannot matter. E.g. listenAt 61,000, sigtermAt 70,000, requestMs 20:
 * [61,000, 69,979). A comparison with NaN is false, so such facts get an empty window.
 */
function setFacts(t: TargetTable, i: number, f: AppFacts | undefined): void {
  t.facts[i] = f;
  let from = Infinity;
  let to = -Infinity;
  if (f !== undefined && f.listenAt >= 0 && !(f.maxRps > 0)) {
    const rq = Math.max(0, f.requestMs);
    from = f.listenAt;
    to = Infinity;
    if (f.goneAt >= 0) to = Math.min(to, f.goneAt - rq - 1);
    if (f.sigtermAt >= 0) to = Math.min(to, f.sigtermAt - rq - 1);
  }
  t.window[2 * i] = from;
  t.window[2 * i + 1] = to;
}

function readAll(t: TargetTable, apps: ReadonlyMap<string, AppFacts>): void {
  for (let i = 0; i < t.podKeys.length; i++) setFacts(t, i, apps.get(t.podKeys[i] as string));
}

/** refreshTargets brings the table's facts to those of `apps` now (call before a batch reads it). */
export function refreshTargets(t: TargetTable, apps: ReadonlyMap<string, AppFacts>): void {
  const pos = factsLogPosition(apps);
  if (t.apps === apps && t.pos === pos) return;
  let index = t.index;
  if (index === undefined) {
    index = new Map();
    for (let i = 0; i < t.podKeys.length; i++) {
      const k = t.podKeys[i] as string;
      if (index.has(k)) t.repeated = true;
      else index.set(k, i);
    }
    t.index = index;
  }
  const at = index;
  const patched =
    t.apps === apps &&
    !t.repeated &&
    factsWrittenSince(apps, t.pos, (k) => {
      const i = at.get(k);
      if (i !== undefined) setFacts(t, i, apps.get(k));
    });
  if (!patched) readAll(t, apps);
  t.apps = apps;
  t.pos = pos;
}

/**
 * Each pod's "namespace/name" key by namespace and name, made once: a table of 10,000 targets
 * made 10,000 new keys, each then hashed by its first store lookup (8 tables of the 10,000-replica
 * row: ~65,000 keys made and hashed where ~20,000 pods exist). A key kept here is hashed once.
 * Not engine state (a string cache); emptied past 200,000 names so a long session cannot grow it.
 */
const POD_KEYS = new Map<string, Map<string, string>>();
let podKeyCount = 0;

/** podKeysOf: `${ns}/${pod}` of each pod, the very string of the last call for a pod seen before. */
export function podKeysOf(ns: string, pods: readonly string[]): string[] {
  if (podKeyCount > 200_000) {
    POD_KEYS.clear();
    podKeyCount = 0;
  }
  let keys = POD_KEYS.get(ns);
  if (keys === undefined) {
    keys = new Map();
    POD_KEYS.set(ns, keys);
  }
  const inNs = keys;
  return pods.map((pod) => {
    let key = inNs.get(pod);
    if (key === undefined) {
      key = `${ns}/${pod}`;
      inNs.set(pod, key);
      podKeyCount++;
    }
    return key;
  });
}
