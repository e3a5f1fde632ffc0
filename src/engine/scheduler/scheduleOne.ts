// Port of kubernetes pkg/scheduler/schedule_one.go (schedulePod, findNodesThatFitPod,
// findNodesThatPassFilters, numFeasibleNodesToFind, prioritizeNodes, selectHost) and the default
// profile's plugin order (v1.36): one scheduling cycle of one pod, as a pure function of the
// scheduler's view, the start index and the PRNG.
import { type Decision, type DecisionValue, decide } from '../api/decision.ts';
import type { KubeObject, LabelSelector, Pod } from '../api/types.ts';
import { nextInt, type PrngState } from '../lib/prng.ts';
import { anyNodeHasLabel, imageStates, nodeList, type SchedulerCache } from './cache/cache.ts';
import { fitErrorMessage, newNodeToStatus, type NodeToStatus } from './framework/fitError.ts';
import { labelsKey, type NodeInfo, type NodeVerdicts } from './framework/nodeInfo.ts';
import { getControllerOf } from '../api/ownerRefs.ts';
import { computePodResourceRequest, type PodResources } from './framework/resource.ts';
import {
  minFeasibleNodesPercentageToFind,
  minFeasibleNodesToFind,
  newStatus,
  Plugin,
  SCORE_WEIGHTS,
  type Status,
} from './framework/types.ts';
import * as defaultpreemption from './plugins/defaultpreemption.ts';
import { defaultNormalizeScore } from './plugins/helper/normalizeScore.ts';
import * as imagelocality from './plugins/imagelocality.ts';
import * as interpodFilter from './plugins/interpodaffinity/filtering.ts';
import * as interpodScore from './plugins/interpodaffinity/scoring.ts';
import * as nodeaffinity from './plugins/nodeaffinity.ts';
import * as nodename from './plugins/nodename.ts';
import * as nodeports from './plugins/nodeports.ts';
import { isBestEffortPod, balancedResourceScore } from './plugins/noderesources/balancedAllocation.ts';
import * as fit from './plugins/noderesources/fit.ts';
import { leastAllocatedScore } from './plugins/noderesources/leastAllocated.ts';
import { calculateResourceAllocatableRequest, newAmounts } from './plugins/noderesources/resourceAllocation.ts';
import * as nodeunschedulable from './plugins/nodeunschedulable.ts';
import { getConstraints } from './plugins/podtopologyspread/common.ts';
import * as spreadFilter from './plugins/podtopologyspread/filtering.ts';
import * as spreadScore from './plugins/podtopologyspread/scoring.ts';
import * as tainttoleration from './plugins/tainttoleration.ts';

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
const leastScore = leastAllocatedScore;
const balancedScore = balancedResourceScore;
const amounts = calculateResourceAllocatableRequest;
const topologySpreadScore = spreadScore.score;
const hostnameCounts = spreadScore.hostnameCounts;
const taintScore = tainttoleration.score;
const nodeAffinityScore = nodeaffinity.score;
const interPodScore = interpodScore.score;
const imageScore = imagelocality.score;

/** ErrNoNodesAvailable: the cluster has no node at all. */
export const ErrNoNodesAvailable = 'no nodes available to schedule pods';

/** At most this many nodes get a line of their own in Explain (the FailedScheduling counts cover the rest). */
export const EXPLAIN_NODE_LINES = 16;

/** What the scheduler reads: its cache, the store's node list (for order) and the informers' ReplicaSets. */
export interface SchedulerInput {
  readonly cache: SchedulerCache;
  readonly storeNodes: Map<string, KubeObject>;
  readonly replicaSetSelector: (namespace: string, name: string) => LabelSelector | undefined;
}

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

type FilterFn = (ni: NodeInfo) => Status | null;

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
  const hard = getConstraints(pod, 'DoNotSchedule', input.replicaSetSelector);
  const spread = hard.constraints.length > 0 ? spreadFilter.calPreFilterState(pod, hard.constraints, allNodes) : null;
  const interPod = interpodFilter.preFilter(pod, input.cache, allNodes);

  // The node-local filters, whose verdict depends on the pod and this node alone; then the two
  // that read the whole cluster (domain counts, other nodes' pods).
  const filters: FilterFn[] = [(ni) => unschedulableFilter(pod, ni)];
  if (pod.spec.nodeName) filters.push((ni) => nodeNameFilter(pod, ni));
  filters.push((ni) => taintFilter(pod, ni));
  if (na.kind !== 'skip') filters.push((ni) => nodeAffinityFilter(na.state, ni));
  const ports = requests.hostPorts;
  if (ports !== null) filters.push((ni) => portsFilter(ports, ni));
  filters.push((ni) => fitFilter(requests, ni));
  const global: FilterFn[] = [];
  if (spread !== null) global.push((ni) => topologySpreadFilter(pod, spread, ni));
  if (interPod !== null) global.push((ni) => interPodFilter(pod, interPod, ni));
  const sig = signature(pod);

  const pluginsWithNodes = na.kind === 'nodes' ? [Plugin.NodeAffinity] : [];
  const nodes = na.kind === 'nodes' ? namedNodes(input.cache, allNodes, na.nodeNames) : allNodes;
  const absent =
    na.kind === 'nodes'
      ? newStatus('UnschedulableAndUnresolvable', Plugin.NodeAffinity, `node(s) didn't satisfy plugin(s) [${pluginsWithNodes.join(' ')}]`)
      : newStatus('UnschedulableAndUnresolvable', '');

  // findNodesThatPassFilters: from where the last cycle stopped, until numNodesToFind fit.
  const toFind = numFeasibleNodesToFind(nodes.length);
  const statuses = new Map<string, Status>();
  const feasible: NodeInfo[] = [];
  for (let i = 0; i < nodes.length && feasible.length < toFind; i++) {
    const ni = nodes[(start + i) % nodes.length] as NodeInfo;
    let st = verdicts(ni, sig, filters).status;
    for (let f = 0; f < global.length && st === null; f++) st = (global[f] as FilterFn)(ni);
    if (st === null) feasible.push(ni);
    else statuses.set(ni.name, st);
  }
  const next = (start + feasible.length + statuses.size) % allNodes.length;
  const found = { pod: pod.metadata.name, feasible: feasible.length, evaluated: feasible.length + statuses.size, nodes: allNodes.length, toFind, start };
  if (feasible.length === 0) {
    decide(log, 'findNodesThatFitPod', 'none', found);
    explainRejections(log, statuses);
    const plugins = new Set<string>(pluginsWithNodes);
    for (const s of statuses.values()) plugins.add(s.plugin);
    return fail(pod, allNodes, newNodeToStatus(statuses, absent), null, plugins, next, log);
  }
  if (detail) explainRejections(log, statuses);
  if (feasible.length === 1) {
    const host = (feasible[0] as NodeInfo).name;
    decide(log, 'findNodesThatFitPod', 'onlyOne', { ...found, node: host });
    return { host, message: '', unschedulablePlugins: [], nextStartNodeIndex: next };
  }
  const host = prioritizeNodes(input, pod, requests, feasible, allNodes, prng, log, detail, found, sig);
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

/** A pod's signature: pods with equal ones get equal node-local verdicts (NodeVerdicts). */
interface Signature {
  readonly spec: object;
  readonly key: string;
}

/**
 * signature: the admitted spec (one object for all the unbound pods of a ReplicaSet), the labels,
 * the namespace and the controller: everything the node-local plugins read of the pod.
 */
function signature(pod: Pod): Signature {
  const owner = getControllerOf(pod)?.uid ?? '';
  return { spec: pod.spec, key: `${labelsKey(pod.metadata.labels ?? {})}\u0001${pod.metadata.namespace ?? 'default'}\u0001${owner}` };
}

/**
 * verdicts returns the node's NodeVerdicts for this signature: the last cycle's, when neither the
 * node nor its pods changed since (same generation), else freshly filtered (scores to come).
 */
function verdicts(ni: NodeInfo, sig: Signature, filters: readonly FilterFn[]): NodeVerdicts {
  const m = ni.memo;
  if (m !== null && m.generation === ni.generation && m.spec === sig.spec && m.key === sig.key) return m;
  let status: Status | null = null;
  for (let f = 0; f < filters.length && status === null; f++) status = (filters[f] as FilterFn)(ni);
  const fresh: NodeVerdicts = {
    spec: sig.spec,
    key: sig.key,
    generation: ni.generation,
    status,
    fit: Number.NaN,
    balanced: Number.NaN,
    taint: Number.NaN,
    nodeAffinity: Number.NaN,
    image: Number.NaN,
    hostCounts: null,
  };
  ni.memo = fresh;
  return fresh;
}

/** The per-plugin scores of the scored nodes, after normalising, before weights; null = skipped. */
interface PluginScores {
  fit: Scores;
  balanced: Scores | null;
  spread: Scores | null;
  taint: Scores;
  nodeAffinity: Scores | null;
  interPod: Scores | null;
  image: Scores;
}

type Scores = Float64Array;

/**
 * Score buffers reused by every cycle (a cycle's scores are read only within it): 1,000 nodes
 * scored 10,000 times would otherwise allocate 70,000 arrays.
 */
const BUFFERS: Float64Array[] = [];

function buffer(i: number, n: number): Float64Array {
  let b = BUFFERS[i];
  if (b === undefined || b.length < n) {
    b = new Float64Array(Math.max(n, 2 * (b?.length ?? 0)));
    BUFFERS[i] = b;
  }
  return b.subarray(0, n);
}

/**
 * prioritizeNodes scores every feasible node with each score plugin, normalises, weighs
 * (TaintToleration 3, NodeAffinity 2, PodTopologySpread 2, InterPodAffinity 2, the others 1),
 * sums, and selectHost picks the highest total; among equal totals one is drawn at random.
 */
function prioritizeNodes(
  input: SchedulerInput,
  pod: Pod,
  requests: PodResources,
  feasible: readonly NodeInfo[],
  allNodes: readonly NodeInfo[],
  prng: PrngState,
  log: Decision[],
  detail: boolean,
  found: Record<string, DecisionValue>,
  sig: Signature,
): string {
  const n = feasible.length;
  const tolerations = tainttoleration.preScore(pod);
  const prefs = nodeaffinity.preScore(pod);
  const soft = getConstraints(pod, 'ScheduleAnyway', input.replicaSetSelector);
  const spreadState = soft.constraints.length > 0 ? spreadScore.preScore(pod, soft.constraints, soft.systemDefaulted, feasible, allNodes, (key) => anyNodeHasLabel(input.cache, key)) : null;
  const interState = interpodScore.preScore(pod, input.cache, allNodes);
  const balancedSkip = isBestEffortPod(requests);
  const images = imageStates(input.cache);
  const s: PluginScores = {
    fit: buffer(0, n),
    balanced: balancedSkip ? null : buffer(1, n),
    spread: spreadState !== null ? buffer(2, n) : null,
    taint: buffer(3, n),
    nodeAffinity: prefs !== null ? buffer(4, n).fill(0) : null,
    interPod: interState !== null ? buffer(5, n) : null,
    image: buffer(6, n),
  };
  const least = newAmounts();
  const used = newAmounts();
  const memos = (spreadState?.constraints ?? []).map(() => new Map<string, boolean>());
  // The image table is cluster-wide (an image's share of nodes): only an empty one lets a node's score be reused.
  const imagesLocal = images.size === 0;
  for (let i = 0; i < n; i++) {
    const ni = feasible[i] as NodeInfo;
    // The node-local raw scores: this node's memo when it has them for this pod signature.
    const v = ni.memo !== null && ni.memo.generation === ni.generation && ni.memo.spec === sig.spec && ni.memo.key === sig.key ? ni.memo : null;
    if (v !== null && !Number.isNaN(v.fit)) {
      s.fit[i] = v.fit;
      if (s.balanced !== null) s.balanced[i] = v.balanced;
      s.taint[i] = v.taint;
      if (s.nodeAffinity !== null) s.nodeAffinity[i] = v.nodeAffinity;
    } else {
      s.fit[i] = leastScore(amounts(requests, ni, false, least));
      if (s.balanced !== null) s.balanced[i] = balancedScore(amounts(requests, ni, true, used));
      s.taint[i] = taintScore(tolerations, ni);
      if (s.nodeAffinity !== null && prefs !== null && ni.node !== undefined) s.nodeAffinity[i] = nodeAffinityScore(prefs, ni.node);
      if (v !== null) {
        v.fit = s.fit[i] as number;
        v.balanced = s.balanced?.[i] ?? 0;
        v.taint = s.taint[i] as number;
        v.nodeAffinity = s.nodeAffinity?.[i] ?? 0;
      }
    }
    if (s.spread !== null && spreadState !== null) {
      let counts = v?.hostCounts ?? null;
      if (counts === null || counts.length !== spreadState.constraints.length) {
        counts = hostnameCounts(pod, spreadState, ni, memos);
        if (v !== null) v.hostCounts = counts;
      }
      s.spread[i] = topologySpreadScore(spreadState, ni, counts);
    }
    if (s.interPod !== null && interState !== null) s.interPod[i] = interPodScore(interState, ni);
    if (imagesLocal && v !== null && !Number.isNaN(v.image)) s.image[i] = v.image;
    else {
      s.image[i] = imageScore(pod, ni, images, allNodes.length);
      if (imagesLocal && v !== null) v.image = s.image[i] as number;
    }
  }
  defaultNormalizeScore(s.taint, true);
  if (s.nodeAffinity !== null) defaultNormalizeScore(s.nodeAffinity, false);
  if (s.spread !== null && spreadState !== null) spreadScore.normalizeScore(spreadState, spreadState.ignoredNodes.size > 0 ? feasible.map((x) => x.name) : [], s.spread);
  if (s.interPod !== null) interpodScore.normalizeScore(s.interPod);

  const totals = buffer(7, n);
  let best = Number.NEGATIVE_INFINITY;
  let ties = 0;
  for (let i = 0; i < n; i++) {
    const t =
      (s.fit[i] as number) * W_FIT +
      (s.balanced?.[i] ?? 0) * W_BALANCED +
      (s.spread?.[i] ?? 0) * W_SPREAD +
      (s.taint[i] as number) * W_TAINT +
      (s.nodeAffinity?.[i] ?? 0) * W_NODE_AFFINITY +
      (s.interPod?.[i] ?? 0) * W_INTERPOD +
      (s.image[i] as number) * W_IMAGE;
    totals[i] = t;
    if (t > best) {
      best = t;
      ties = 1;
    } else if (t === best) ties++;
  }
  // selectHost: uniformly one of the nodes with the best total.
  let pick = ties > 1 ? nextInt(prng, ties) : 0;
  let chosen = 0;
  for (let i = 0; i < n; i++) {
    if (totals[i] !== best) continue;
    if (pick-- === 0) {
      chosen = i;
      break;
    }
  }
  const host = (feasible[chosen] as NodeInfo).name;
  if (detail) {
    decide(log, 'findNodesThatFitPod', 'found', found);
    const limit = Math.min(n, EXPLAIN_NODE_LINES);
    for (let i = 0; i < limit; i++) decide(log, 'prioritizeNodes', 'nodeScore', scoreValues(s, i, feasible[i] as NodeInfo, totals[i] as number, requests));
    decide(log, 'selectHost', ties > 1 ? 'tie' : 'best', { node: host, total: best, ties });
  } else {
    // One line for the whole cycle: the chosen node's scores and how many nodes were looked at.
    const { cpu: _c, cpuAllocatable: _ca, memoryMi: _m, memoryAllocatableMi: _ma, ...scores } = scoreValues(s, chosen, feasible[chosen] as NodeInfo, best, requests);
    decide(log, 'selectHost', ties > 1 ? 'summaryTie' : 'summary', { ...scores, feasible: feasible.length, evaluated: found.evaluated ?? 0, nodes: allNodes.length, ties });
  }
  return host;
}

const SKIPPED = '–';

// The weights as module constants: read once, not through the import for every node scored.
const W_FIT = SCORE_WEIGHTS.NodeResourcesFit;
const W_BALANCED = SCORE_WEIGHTS.NodeResourcesBalancedAllocation;
const W_SPREAD = SCORE_WEIGHTS.PodTopologySpread;
const W_TAINT = SCORE_WEIGHTS.TaintToleration;
const W_NODE_AFFINITY = SCORE_WEIGHTS.NodeAffinity;
const W_INTERPOD = SCORE_WEIGHTS.InterPodAffinity;
const W_IMAGE = SCORE_WEIGHTS.ImageLocality;

/** scoreValues are one node's Explain values: each plugin's score (– when skipped), the total, and the cpu/memory sums behind NodeResourcesFit. */
function scoreValues(s: PluginScores, i: number, ni: NodeInfo, total: number, req: PodResources): Record<string, DecisionValue> {
  return {
    node: ni.name,
    total,
    fit: s.fit[i] as number,
    balanced: s.balanced?.[i] ?? SKIPPED,
    spread: s.spread?.[i] ?? SKIPPED,
    taint: s.taint[i] as number,
    nodeAffinity: s.nodeAffinity?.[i] ?? SKIPPED,
    interPod: s.interPod?.[i] ?? SKIPPED,
    image: s.image[i] as number,
    cpu: ni.nonZeroMilliCPU + req.nonZeroMilliCPU,
    cpuAllocatable: ni.allocatable.milliCPU,
    memoryMi: Math.round((ni.nonZeroMemory + req.nonZeroMemory) / (1024 * 1024)),
    memoryAllocatableMi: Math.round(ni.allocatable.memory / (1024 * 1024)),
  };
}
