// Port of kubernetes pkg/scheduler/framework/plugins/podtopologyspread/scoring.go (v1.36).
import type { Pod } from '../../../api/types.ts';
import { countPodsMatchSelector, type NodeInfo } from '../../framework/nodeInfo.ts';
import { LabelHostname as HOSTNAME, MaxNodeScore } from '../../framework/types.ts';

// Module constants: read once, not through the import binding on every node.
const LabelHostname = HOSTNAME;
const MAX = MaxNodeScore;
import { type SpreadConstraint, type SpreadScoreState, matchNodeInclusionPolicies, nodeLabelsMatchSpreadConstraints } from './common.ts';

/** topologyNormalizingWeight: log(domains + 2), so a constraint over many domains weighs more per pod. */
export function topologyNormalizingWeight(size: number): number {
  return Math.log(size + 2);
}

/** scoreForCount: matching pods × weight + (maxSkew − 1); fewer pods in the domain is better. */
export function scoreForCount(cnt: number, maxSkew: number, tpWeight: number): number {
  return cnt * tpWeight + (maxSkew - 1);
}

/**
 * preScore (initPreScoreState + the count over all nodes): the domains of the scored nodes, their
 * weights, and the matching pods per domain for every constraint but the hostname one (counted
 * node by node in Score). With the system defaults a node need not carry every key; with the
 * pod's own constraints a node missing one is not scored (ignoredNodes).
 * A constraint whose key no scored node carries is not counted at all: Score would not read it.
 * The scored nodes are the first `count` of `filtered` (a scratch list longer than that).
 */
export function preScore(
  pod: Pod,
  constraints: readonly SpreadConstraint[],
  systemDefaulted: boolean,
  filtered: readonly NodeInfo[],
  allNodes: readonly NodeInfo[],
  anyNodeHas: (key: string) => boolean = () => true,
  count = filtered.length,
): SpreadScoreState {
  const requireAll = !systemDefaulted;
  // The hostname domains are the nodes themselves: only the other keys need a pass over the nodes,
  // and a key no node has (zones, on a cluster without them) has nothing to score.
  let perNodeOnly = true;
  for (const c of constraints) if (perNodeOnly && c.topologyKey !== LabelHostname && anyNodeHas(c.topologyKey)) perNodeOnly = false;
  // Then nothing is counted and nothing ignored: the state follows from the constraints and the
  // number of nodes scored, the same for cycle after cycle of a rollout.
  const reusable = perNodeOnly && !requireAll;
  if (reusable && lastPerNode !== null && lastPerNode.constraints === constraints && lastPerNode.count === count) return lastPerNode.state;
  const ignoredNodes = new Set<string>();
  const k = constraints.length;
  const tpValueToPodCounts: Map<string, number>[] = [];
  const topoSize: number[] = [];
  const keyed: boolean[] = [];
  const hostname: boolean[] = [];
  for (let i = 0; i < k; i++) {
    tpValueToPodCounts.push(new Map());
    topoSize.push(0);
    keyed.push(false);
    hostname.push((constraints[i] as SpreadConstraint).topologyKey === LabelHostname);
  }
  for (let n = 0; !perNodeOnly || requireAll ? n < count : false; n++) {
    const ni = filtered[n] as NodeInfo;
    const labels = ni.node?.metadata.labels ?? {};
    if (requireAll && !nodeLabelsMatchSpreadConstraints(labels, constraints)) {
      ignoredNodes.add(ni.name);
      continue;
    }
    for (let i = 0; i < k; i++) {
      if (hostname[i]) continue;
      const key = (constraints[i] as SpreadConstraint).topologyKey;
      if (Object.hasOwn(labels, key)) keyed[i] = true;
      const value = labels[key] ?? '';
      const m = tpValueToPodCounts[i] as Map<string, number>;
      if (!m.has(value)) {
        m.set(value, 0);
        topoSize[i] = (topoSize[i] as number) + 1;
      }
    }
  }
  const topologyNormalizingWeight_ = constraints.map((_c, i) =>
    topologyNormalizingWeight(hostname[i] ? count - ignoredNodes.size : (topoSize[i] as number)),
  );
  const ns = pod.metadata.namespace ?? 'default';
  const counted = constraints.map((_c, i) => !hostname[i] && keyed[i]);
  if (counted.some((x) => x)) {
    const memos = constraints.map(() => new Map<string, boolean>());
    for (const ni of allNodes) {
      const node = ni.node;
      if (node === undefined) continue;
      const labels = node.metadata.labels ?? {};
      if (requireAll && !nodeLabelsMatchSpreadConstraints(labels, constraints)) continue;
      for (let i = 0; i < k; i++) {
        const c = constraints[i] as SpreadConstraint;
        if (!counted[i] || !matchNodeInclusionPolicies(c, pod, node)) continue;
        const m = tpValueToPodCounts[i] as Map<string, number>;
        const value = labels[c.topologyKey] ?? '';
        const cur = m.get(value);
        if (cur === undefined) continue;
        m.set(value, cur + countPodsMatchSelector(ni, c.selector, ns, memos[i] as Map<string, boolean>));
      }
    }
  }
  const state: SpreadScoreState = { constraints, ignoredNodes, tpValueToPodCounts, topologyNormalizingWeight: topologyNormalizingWeight_ };
  if (reusable) lastPerNode = { constraints, count, state };
  return state;
}

/** The last per-node-only state preScore made (not engine state: it is a function of its key). */
let lastPerNode: { constraints: readonly SpreadConstraint[]; count: number; state: SpreadScoreState } | null = null;

/**
 * hostnameCounts is the node's own share of score: for each kubernetes.io/hostname constraint, its
 * matching pods on this node (null where the constraint is not a hostname one). It depends on the
 * node and the pod alone, so a scheduling cycle may reuse it from the last one (NodeVerdicts).
 */
export function hostnameCounts(pod: Pod, s: SpreadScoreState, ni: NodeInfo, memos: Map<string, boolean>[]): number[] {
  const ns = pod.metadata.namespace ?? 'default';
  const out = new Array<number>(s.constraints.length);
  for (let i = 0; i < s.constraints.length; i++) {
    const c = s.constraints[i] as SpreadConstraint;
    out[i] = c.topologyKey === LabelHostname ? countPodsMatchSelector(ni, c.selector, ns, memos[i] as Map<string, boolean>) : 0;
  }
  return out;
}

/**
 * score sums, over the constraints whose key the node has, scoreForCount of the matching pods in
 * the node's domain (on the node itself for kubernetes.io/hostname, from `hostCounts`), rounded.
 * Worked example (system default, 10 nodes scored): 2 pods here → 2 × ln 12 + 2 = 6.97 → 7.
 */
export function score(s: SpreadScoreState, ni: NodeInfo, hostCounts: readonly number[]): number {
  if (s.ignoredNodes.size > 0 && s.ignoredNodes.has(ni.name)) return 0;
  const labels = ni.node?.metadata.labels ?? {};
  let total = 0;
  for (let i = 0; i < s.constraints.length; i++) {
    const c = s.constraints[i] as SpreadConstraint;
    if (!Object.hasOwn(labels, c.topologyKey)) continue;
    const cnt =
      c.topologyKey === LabelHostname
        ? (hostCounts[i] as number)
        : ((s.tpValueToPodCounts[i] as Map<string, number>).get(labels[c.topologyKey] as string) ?? 0);
    total += scoreForCount(cnt, c.maxSkew, s.topologyNormalizingWeight[i] as number);
  }
  return Math.round(total);
}

/**
 * normalizeScore turns "fewer matching pods" into a high score: 100 × (max + min − s) / max, integer
 * division; all zero → 100 each; ignored nodes 0.
 */
export function normalizeScore(s: SpreadScoreState, names: readonly string[], scores: number[] | Float64Array): void {
  let min = Number.MAX_SAFE_INTEGER;
  let max = 0;
  const none = s.ignoredNodes.size === 0;
  for (let i = 0; i < scores.length; i++) {
    if (!none && s.ignoredNodes.has(names[i] as string)) continue;
    const v = scores[i] as number;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  for (let i = 0; i < scores.length; i++) {
    if (!none && s.ignoredNodes.has(names[i] as string)) scores[i] = 0;
    else if (max === 0) scores[i] = MAX;
    else scores[i] = Math.trunc((MAX * (max + min - (scores[i] as number))) / max);
  }
}
