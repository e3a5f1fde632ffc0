// Port of kubernetes pkg/scheduler/schedule_one.go prioritizeNodes and selectHost (v1.36): the
// Score phase of a cycle over the feasible nodes, with each plugin's NormalizeScore and weight.
import { type Decision, type DecisionValue, decide } from '../api/decision.ts';
import type { Pod } from '../api/types.ts';
import { nextInt, type PrngState } from '../lib/prng.ts';
import { anyNodeHasLabel, imageStates, type SchedulerCache } from './cache/cache.ts';
import type { NodeInfo } from './framework/nodeInfo.ts';
import type { VerdictTable } from './nodeVerdicts.ts';
import type { PodResources } from './framework/resource.ts';
import { SCORE_WEIGHTS } from './framework/types.ts';
import { defaultNormalizeScore } from './plugins/helper/normalizeScore.ts';
import * as imagelocality from './plugins/imagelocality.ts';
import * as interpodScore from './plugins/interpodaffinity/scoring.ts';
import * as nodeaffinity from './plugins/nodeaffinity.ts';
import { balancedResourceScore, isBestEffortPod } from './plugins/noderesources/balancedAllocation.ts';
import { leastAllocatedScore } from './plugins/noderesources/leastAllocated.ts';
import { calculateResourceAllocatableRequest, newAmounts } from './plugins/noderesources/resourceAllocation.ts';
import { getConstraints, type SpreadConstraint } from './plugins/podtopologyspread/common.ts';
import * as spreadScore from './plugins/podtopologyspread/scoring.ts';
import * as tainttoleration from './plugins/tainttoleration.ts';
import { EXPLAIN_NODE_LINES, type SchedulerInput } from './framework/cycleState.ts';
import { countsDefaults, type PluginScores, scoreValues, summaryValues } from './scoreValues.ts';

// Per-node functions as module constants: a call through an import binding costs a getter in
// CommonJS (tsx, the CLI and the benchmarks), on every node of every cycle.
const leastScore = leastAllocatedScore;
const balancedScore = balancedResourceScore;
const amounts = calculateResourceAllocatableRequest;
const topologySpreadScore = spreadScore.score;
const hostnameCounts = spreadScore.hostnameCounts;
const taintScore = tainttoleration.score;
const nodeAffinityScore = nodeaffinity.score;
const interPodScore = interpodScore.score;
const imageScore = imagelocality.score;

/**
 * Score buffers reused by every cycle (a cycle's scores are read only within it): 1,000 nodes
 * scored 10,000 times would otherwise allocate 70,000 arrays.
 */
const BUFFERS: Float64Array[] = [];

/** Scratch amounts, refilled for each node scored afresh. */
const LEAST = newAmounts();
const USED = newAmounts();

/** The views buffer() last handed out: a cycle scoring as many nodes as the last one (most do) makes none. */
const VIEWS: Float64Array[] = [];

function buffer(i: number, n: number): Float64Array {
  const v = VIEWS[i];
  if (v !== undefined && v.length === n) return v;
  let b = BUFFERS[i];
  if (b === undefined || b.length < n) {
    b = new Float64Array(Math.max(n, 2 * (b?.length ?? 0)));
    BUFFERS[i] = b;
  }
  const view = b.subarray(0, n);
  VIEWS[i] = view;
  return view;
}

/**
 * prioritizeNodes scores every feasible node with each score plugin, normalises, weighs
 * (TaintToleration 3, NodeAffinity 2, PodTopologySpread 2, InterPodAffinity 2, the others 1),
 * sums, and selectHost picks the highest total; among equal totals one is drawn at random.
 */
export function prioritizeNodes(
  input: SchedulerInput,
  pod: Pod,
  requests: PodResources,
  t: VerdictTable,
  n: number,
  allNodes: readonly NodeInfo[],
  prng: PrngState,
  log: Decision[],
  detail: boolean,
  found: Record<string, DecisionValue>,
): string {
  // The feasible nodes are t.feasible[0..n), their verdict rows t.rows[0..n) (−1: not kept).
  const feasible = t.feasible;
  const rows = t.rows;
  const tolerations = tainttoleration.preScore(pod);
  const prefs = nodeaffinity.preScore(pod);
  const soft = getConstraints(pod, 'ScheduleAnyway', input.replicaSetSelector);
  const spreadState =
    soft.constraints.length > 0 ? spreadScore.preScore(pod, soft.constraints, soft.systemDefaulted, feasible, allNodes, labelLookup(input.cache), n) : null;
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
  const least = LEAST;
  const used = USED;
  // With no pod counted in any other domain (zones, on a cluster without them), a node's raw spread
  // score is its own: kept in its row for these weights.
  const spreadLocal = spreadState !== null && spreadState.tpValueToPodCounts.every(allZero);
  const weights = spreadState !== null ? sameWeights(spreadState.topologyNormalizingWeight) : null;
  // The image table is cluster-wide (an image's share of nodes): only an empty one lets a node's score be reused.
  const imagesLocal = images.size === 0;
  // Columns and buffers in locals: the loop below runs for 420 nodes per cycle.
  const tFit = t.fit;
  const tBalanced = t.balanced;
  const tTaint = t.taint;
  const tNodeAffinity = t.nodeAffinity;
  const tSpread = t.spread;
  const tSpreadWeights = t.spreadWeights;
  const tImage = t.image;
  const fitS = s.fit;
  const balancedS = s.balanced;
  const spreadS = s.spread;
  const taintS = s.taint;
  const nodeAffinityS = s.nodeAffinity;
  const imageS = s.image;
  for (let i = 0; i < n; i++) {
    const r = rows[i] as number;
    // The node-local raw scores: this node's row (its filter verdict's) when it has them.
    const fit = r >= 0 ? (tFit[r] as number) : Number.NaN;
    if (!Number.isNaN(fit)) {
      fitS[i] = fit;
      if (balancedS !== null) balancedS[i] = tBalanced[r] as number;
      taintS[i] = tTaint[r] as number;
      if (nodeAffinityS !== null) nodeAffinityS[i] = tNodeAffinity[r] as number;
    } else {
      const ni = feasible[i] as NodeInfo;
      fitS[i] = leastScore(amounts(requests, ni, false, least));
      if (balancedS !== null) balancedS[i] = balancedScore(amounts(requests, ni, true, used));
      taintS[i] = taintScore(tolerations, ni);
      if (nodeAffinityS !== null && prefs !== null && ni.node !== undefined) nodeAffinityS[i] = nodeAffinityScore(prefs, ni.node);
      if (r >= 0) {
        tFit[r] = fitS[i] as number;
        tBalanced[r] = balancedS?.[i] ?? 0;
        tTaint[r] = taintS[i] as number;
        tNodeAffinity[r] = nodeAffinityS?.[i] ?? 0;
      }
    }
    if (spreadS !== null && spreadState !== null) {
      if (spreadLocal && r >= 0 && tSpreadWeights[r] === weights) spreadS[i] = tSpread[r] as number;
      else {
        const ni = feasible[i] as NodeInfo;
        let counts = r >= 0 ? (t.hostCounts[r] ?? null) : null;
        if (counts === null || counts.length !== spreadState.constraints.length) {
          counts = hostnameCounts(pod, spreadState, ni, selectorMemosOf(spreadState.constraints));
          if (r >= 0) t.hostCounts[r] = counts;
        }
        const raw = topologySpreadScore(spreadState, ni, counts);
        spreadS[i] = raw;
        if (spreadLocal && r >= 0) {
          tSpread[r] = raw;
          tSpreadWeights[r] = weights;
        }
      }
    }
    if (s.interPod !== null && interState !== null) s.interPod[i] = interPodScore(interState, feasible[i] as NodeInfo);
    const image = imagesLocal && r >= 0 ? (tImage[r] as number) : Number.NaN;
    if (!Number.isNaN(image)) imageS[i] = image;
    else {
      imageS[i] = imageScore(pod, feasible[i] as NodeInfo, images, allNodes.length);
      if (imagesLocal && r >= 0) tImage[r] = imageS[i] as number;
    }
  }
  defaultNormalizeScore(s.taint, true);
  if (s.nodeAffinity !== null) defaultNormalizeScore(s.nodeAffinity, false);
  if (s.spread !== null && spreadState !== null) spreadScore.normalizeScore(spreadState, spreadState.ignoredNodes.size > 0 ? feasible.slice(0, n).map((x) => x.name) : [], s.spread);
  if (s.interPod !== null) interpodScore.normalizeScore(s.interPod);

  const totals = buffer(7, n);
  let best = Number.NEGATIVE_INFINITY;
  let ties = 0;
  // A skipped plugin adds zeros (buffer 8 is never written): the loop then reads plain arrays.
  const zeros = buffer(8, n);
  const fit = s.fit;
  const balanced = s.balanced ?? zeros;
  const spread = s.spread ?? zeros;
  const taint = s.taint;
  const nodeAffinity = s.nodeAffinity ?? zeros;
  const interPod = s.interPod ?? zeros;
  const image = s.image;
  for (let i = 0; i < n; i++) {
    const t =
      (fit[i] as number) * W_FIT +
      (balanced[i] as number) * W_BALANCED +
      (spread[i] as number) * W_SPREAD +
      (taint[i] as number) * W_TAINT +
      (nodeAffinity[i] as number) * W_NODE_AFFINITY +
      (interPod[i] as number) * W_INTERPOD +
      (image[i] as number) * W_IMAGE;
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
    for (let i = 0; i < limit; i++) {
      const ni = feasible[i] as NodeInfo;
      // The sums count an unset request as 100m / 200Mi (the non-zero rule): said only where one was.
      const key = countsDefaults(ni, requests) ? 'nodeScore' : 'nodeScoreRequested';
      decide(log, 'prioritizeNodes', key, scoreValues(s, i, ni, totals[i] as number, requests));
    }
    decide(log, 'selectHost', ties > 1 ? 'tie' : 'best', { node: host, total: best, ties });
  } else {
    // One line for the whole cycle: the chosen node's scores and how many nodes were looked at.
    decide(log, 'selectHost', ties > 1 ? 'summaryTie' : 'summary', summaryValues(s, chosen, host, best, n, found.evaluated ?? 0, allNodes.length, ties));
  }
  return host;
}

/**
 * Each scheduler cache's "does any node have this label key" test, made once rather than a
 * closure for every cycle. Not engine state: it reads the cache it was made for.
 */
const labelLookups = new WeakMap<SchedulerCache, (key: string) => boolean>();

function labelLookup(cache: SchedulerCache): (key: string) => boolean {
  let f = labelLookups.get(cache);
  if (f === undefined) {
    f = (key) => anyNodeHasLabel(cache, key);
    labelLookups.set(cache, f);
  }
  return f;
}

/**
 * Each constraint's verdicts on label sets (labelsKey → selected), kept with the constraints
 * (getConstraints hands a ReplicaSet's pods one list): a selector is immutable, so its verdict on
 * a label set holds for every later cycle. Not engine state.
 */
const selectorMemos = new WeakMap<readonly SpreadConstraint[], Map<string, boolean>[]>();

function selectorMemosOf(constraints: readonly SpreadConstraint[]): Map<string, boolean>[] {
  let m = selectorMemos.get(constraints);
  if (m === undefined) {
    m = constraints.map(() => new Map<string, boolean>());
    selectorMemos.set(constraints, m);
  }
  return m;
}

function allZero(m: ReadonlyMap<string, number>): boolean {
  for (const c of m.values()) if (c !== 0) return false;
  return true;
}

let lastWeights: readonly number[] = [];

/**
 * sameWeights is the last cycle's weights array when this cycle's are equal, else this one's: a
 * node's memo then compares them by identity. With 1,000 nodes the feasible count, and with it
 * the hostname weight ln(420 + 2), is the same cycle after cycle.
 */
function sameWeights(w: readonly number[]): readonly number[] {
  // The same state as the last cycle's (PreScore reuses it while the scored count holds).
  if (w === lastWeights) return w;
  if (w.length === lastWeights.length && w.every((x, i) => x === lastWeights[i])) return lastWeights;
  lastWeights = w;
  return w;
}

// The weights as module constants: read once, not through the import for every node scored.
const W_FIT = SCORE_WEIGHTS.NodeResourcesFit;
const W_BALANCED = SCORE_WEIGHTS.NodeResourcesBalancedAllocation;
const W_SPREAD = SCORE_WEIGHTS.PodTopologySpread;
const W_TAINT = SCORE_WEIGHTS.TaintToleration;
const W_NODE_AFFINITY = SCORE_WEIGHTS.NodeAffinity;
const W_INTERPOD = SCORE_WEIGHTS.InterPodAffinity;
const W_IMAGE = SCORE_WEIGHTS.ImageLocality;
