// Port of kubernetes pkg/scheduler/schedule_one.go (schedulePod, findNodesThatFitPod,
// findNodesThatPassFilters, numFeasibleNodesToFind) and the default profile's plugin order
// (v1.36): one scheduling cycle of one pod, as a pure function of the scheduler's view, the start
// index and the PRNG. Scoring is prioritizeNodes.ts.
import { type Decision, decide } from '../api/decision.ts';
import type { Pod } from '../api/types.ts';
import type { PrngState } from '../lib/prng.ts';
import { nodeList, type SchedulerCache } from './cache/cache.ts';
import { EXPLAIN_NODE_LINES, type SchedulerInput } from './framework/cycleState.ts';
import { fitErrorMessage, newNodeToStatus, type NodeToStatus } from './framework/fitError.ts';
import type { NodeInfo } from './framework/nodeInfo.ts';
import { computePodResourceRequest, type HostPort, type PodResources } from './framework/resource.ts';
import { minFeasibleNodesPercentageToFind, minFeasibleNodesToFind, newStatus, Plugin, type Status } from './framework/types.ts';
import { isFresh, newVerdictTable, rowOf, signature, store as storeVerdict, type VerdictTable } from './nodeVerdicts.ts';
import * as defaultpreemption from './plugins/defaultpreemption.ts';
import * as interpodFilter from './plugins/interpodaffinity/filtering.ts';
import * as nodeaffinity from './plugins/nodeaffinity.ts';
import * as volumebinding from './plugins/volumebinding.ts';
import * as nodename from './plugins/nodename.ts';
import * as nodeports from './plugins/nodeports.ts';
import * as fit from './plugins/noderesources/fit.ts';
import * as nodeunschedulable from './plugins/nodeunschedulable.ts';
import { getConstraints } from './plugins/podtopologyspread/common.ts';
import * as spreadFilter from './plugins/podtopologyspread/filtering.ts';
import * as tainttoleration from './plugins/tainttoleration.ts';
import { prioritizeNodes } from './prioritizeNodes.ts';

// Per-node functions as module constants: a call through an import binding costs a getter in
// CommonJS (tsx, the CLI and the benchmarks), on every node of every cycle.
const unschedulableFilter = nodeunschedulable.filter;
const nodeNameFilter = nodename.filter;
const taintFilter = tainttoleration.filter;
const nodeAffinityFilter = nodeaffinity.filter;
const portsFilter = nodeports.filter;
const fitFilter = fit.filter;
const topologySpreadFilter = spreadFilter.filter;
const interPodFilter = interpodFilter.filter;
const isFreshRow = isFresh;
const rowOfNode = rowOf;
const storeRow = storeVerdict;

/** ErrNoNodesAvailable: the cluster has no node at all. */
export const ErrNoNodesAvailable = 'no nodes available to schedule pods';

export { EXPLAIN_NODE_LINES, type SchedulerInput };

/** The outcome of a cycle: a node, or the FailedScheduling message and the plugins that rejected the pod. */
export interface CycleResult {
  readonly host: string | null;
  readonly message: string;
  /** Plugins whose rejection a cluster event must undo before a retry can help (QueuedPodInfo.UnschedulablePlugins). */
  readonly unschedulablePlugins: readonly string[];
  readonly nextStartNodeIndex: number;
}

/**
 * numFeasibleNodesToFind: how many feasible nodes are enough to stop filtering. Below 100 nodes,
 * all; otherwise the adaptive percentageOfNodesToScore, 50% − nodes/125 (at least 5%), and never
 * fewer than 100. Worked example: 1,000 nodes → 50 − 8 = 42% → 420; 5,000 → 10% → 500.
 */
export function numFeasibleNodesToFind(numAllNodes: number): number {
  if (numAllNodes < minFeasibleNodesToFind) return numAllNodes;
  let percentage = 50 - Math.trunc(numAllNodes / 125);
  if (percentage < minFeasibleNodesPercentageToFind) percentage = minFeasibleNodesPercentageToFind;
  const numNodes = Math.trunc((numAllNodes * percentage) / 100);
  return numNodes < minFeasibleNodesToFind ? minFeasibleNodesToFind : numNodes;
}


function reasonsText(s: Status): string {
  return s.reasons.join(', ');
}

/** rejected records, for the first EXPLAIN_NODE_LINES rejected nodes, which plugin said no and why. */
function explainRejections(log: Decision[], statuses: ReadonlyMap<string, Status>): void {
  let i = 0;
  for (const [node, s] of statuses) {
    if (i++ === EXPLAIN_NODE_LINES) {
      decide(log, 'runFilterPlugins', 'rejectedMore', { count: statuses.size - EXPLAIN_NODE_LINES });
      return;
    }
    decide(log, 'runFilterPlugins', 'rejected', { node, plugin: s.plugin, reasons: reasonsText(s), code: s.code });
  }
}

/**
 * fail finishes a cycle that found no node: the PostFilter (preemption) runs over the statuses and
 * the FailedScheduling message is FitError's.
 */
function fail(pod: Pod, allNodes: readonly NodeInfo[], m: NodeToStatus, preFilterMsg: string | null, plugins: Set<string>, next: number, log: Decision[]): CycleResult {
  const names = allNodes.map((n) => n.name);
  const post = defaultpreemption.postFilter(pod, names, m);
  decide(log, 'postFilter', 'preemption', { message: post });
  const message = fitErrorMessage(allNodes.length, preFilterMsg, m, post);
  return { host: null, message, unschedulablePlugins: [...plugins].sort(), nextStartNodeIndex: next };
}

/** What the node-local filters read of the pod in one cycle. */
interface LocalFilters {
  readonly pod: Pod;
  /** The pod names a node (NodeName runs). */
  readonly nodeName: boolean;
  /** NodeAffinity's PreFilter state, or null when it skipped. */
  readonly affinity: nodeaffinity.NodeAffinityState | null;
  readonly ports: readonly HostPort[] | null;
  readonly requests: PodResources;
}

/**
 * localFilters runs the Filter plugins whose verdict depends on the pod and the node alone, in the
 * default profile's order, and returns the first rejection (null: the node passes them all).
 */
function localFilters(f: LocalFilters, ni: NodeInfo): Status | null {
  let st = unschedulableFilter(f.pod, ni);
  if (st === null && f.nodeName) st = nodeNameFilter(f.pod, ni);
  if (st === null) st = taintFilter(f.pod, ni);
  if (st === null && f.affinity !== null) st = nodeAffinityFilter(f.affinity, ni);
  if (st === null && f.ports !== null) st = portsFilter(f.ports, ni);
  if (st === null) st = fitFilter(f.requests, ni);
  return st;
}

/** verdictTable is the cache's table for this node list, a new one when the list changed. */
function verdictTable(cache: SchedulerCache, order: readonly NodeInfo[]): VerdictTable {
  let t = cache.verdicts;
  if (t === null || t.order !== order) {
    t = newVerdictTable(order);
    cache.verdicts = t;
  }
  return t;
}

/**
 * schedulePod runs one cycle for the pod: PreFilter, Filter from `start` until enough nodes fit,
 * then PreScore, Score, NormalizeScore and the weighted sum, and picks the best node (a random one
 * among equals, from the engine's PRNG). `detail` asks for a line per node in Explain; otherwise a
 * successful cycle records one summary line (a 10,000-pod rollout then stays light).
 */
export function schedulePod(input: SchedulerInput, pod: Pod, start: number, prng: PrngState, log: Decision[], detail: boolean): CycleResult {
  const allNodes = nodeList(input.cache, input.storeNodes);
  if (allNodes.length === 0) {
    decide(log, 'schedulePod', 'noNodes', {});
    return { host: null, message: ErrNoNodesAvailable, unschedulablePlugins: [], nextStartNodeIndex: 0 };
  }
  const requests = computePodResourceRequest(pod.spec);

  // PreFilter, in the default profile's order.
  const na = nodeaffinity.preFilter(pod);
  if (na.kind === 'reject') {
    decide(log, 'schedulePod', 'preFilterRejected', { plugin: na.status.plugin, reason: reasonsText(na.status) });
    return fail(pod, allNodes, newNodeToStatus(new Map(), na.status), reasonsText(na.status), new Set([na.status.plugin]), start, log);
  }
  // VolumeBinding's PreFilter comes after NodeAffinity's (NodePorts' and NodeResourcesFit's reject nothing).
  const vb = input.claims === undefined ? null : volumebinding.preFilter(pod, input.claims, input.volumes);
  if (vb !== null && 'rejected' in vb) {
    const s = vb.rejected;
    decide(log, 'schedulePod', 'preFilterRejected', { plugin: s.plugin, reason: reasonsText(s) });
    return fail(pod, allNodes, newNodeToStatus(new Map(), s), reasonsText(s), new Set([s.plugin]), start, log);
  }
  const volumes = vb === null ? null : vb.state;
  const hard = getConstraints(pod, 'DoNotSchedule', input.replicaSetSelector);
  const spread = hard.constraints.length > 0 ? spreadFilter.calPreFilterState(pod, hard.constraints, allNodes) : null;
  const interPod = interpodFilter.preFilter(pod, input.cache, allNodes);

  // The node-local filters, whose verdict depends on the pod and this node alone (kept in the
  // verdict table); then the two that read the whole cluster (domain counts, other nodes' pods).
  const local: LocalFilters = { pod, nodeName: !!pod.spec.nodeName, affinity: na.kind !== 'skip' ? na.state : null, ports: requests.hostPorts, requests };
  const sig = signature(pod);

  const nodes = na.kind === 'nodes' ? namedNodes(input.cache, allNodes, na.nodeNames) : allNodes;

  // findNodesThatPassFilters: from where the last cycle stopped, until numNodesToFind fit.
  const toFind = numFeasibleNodesToFind(nodes.length);
  const statuses = new Map<string, Status>();
  const t = verdictTable(input.cache, allNodes);
  const feasible = t.feasible;
  const rows = t.rows;
  // Every node listed: the node at position j is row j.
  const direct = nodes === t.order;
  let nf = 0;
  const len = nodes.length;
  for (let i = 0, j = start % len; i < len && nf < toFind; i++, j = j + 1 === len ? 0 : j + 1) {
    const ni = nodes[j] as NodeInfo;
    const r = direct ? j : rowOfNode(t, ni);
    let st: Status | null;
    if (r >= 0 && isFreshRow(t, r, ni, sig)) st = t.status[r] as Status | null;
    else {
      st = localFilters(local, ni);
      if (r >= 0) storeRow(t, r, ni, sig, st);
    }
    // VolumeBinding reads the claims' binding, which the verdict table does not key on: never kept.
    if (st === null && volumes !== null) st = volumebinding.filter(volumes, ni);
    if (st === null && spread !== null) st = topologySpreadFilter(pod, spread, ni);
    if (st === null && interPod !== null) st = interPodFilter(pod, interPod, ni);
    if (st === null) {
      feasible[nf] = ni;
      rows[nf] = r;
      nf++;
    } else statuses.set(ni.name, st);
  }
  const next = (start + nf + statuses.size) % allNodes.length;
  const found = { pod: pod.metadata.name, feasible: nf, evaluated: nf + statuses.size, nodes: allNodes.length, toFind, start };
  if (nf === 0) {
    const pluginsWithNodes = na.kind === 'nodes' ? [Plugin.NodeAffinity] : [];
    const absent =
      na.kind === 'nodes'
        ? newStatus('UnschedulableAndUnresolvable', Plugin.NodeAffinity, `node(s) didn't satisfy plugin(s) [${pluginsWithNodes.join(' ')}]`)
        : newStatus('UnschedulableAndUnresolvable', '');
    decide(log, 'findNodesThatFitPod', 'none', found);
    explainRejections(log, statuses);
    const plugins = new Set<string>(pluginsWithNodes);
    for (const s of statuses.values()) plugins.add(s.plugin);
    return fail(pod, allNodes, newNodeToStatus(statuses, absent), null, plugins, next, log);
  }
  if (detail) explainRejections(log, statuses);
  if (nf === 1) {
    const host = (feasible[0] as NodeInfo).name;
    // One literal (a spread that gains a key is V8's slow copy; each DaemonSet pod comes here).
    const values = { pod: found.pod, feasible: nf, evaluated: found.evaluated, nodes: found.nodes, toFind, start, node: host };
    decide(log, 'findNodesThatFitPod', 'onlyOne', values);
    return { host, message: '', unschedulablePlugins: [], nextStartNodeIndex: next };
  }
  const host = prioritizeNodes(input, pod, requests, t, nf, allNodes, prng, log, detail, found);
  return { host, message: '', unschedulablePlugins: [], nextStartNodeIndex: next };
}

/**
 * namedNodes are the PreFilterResult's nodes that exist, in node-list order. A DaemonSet pod names
 * one node: it is looked up, not searched for among 5,000.
 */
function namedNodes(cache: SchedulerCache, allNodes: readonly NodeInfo[], names: ReadonlySet<string>): readonly NodeInfo[] {
  if (names.size === 1) {
    const [name] = names;
    const ni = cache.nodes.get(name as string);
    return ni?.node !== undefined ? [ni] : [];
  }
  return allNodes.filter((n) => names.has(n.name));
}
