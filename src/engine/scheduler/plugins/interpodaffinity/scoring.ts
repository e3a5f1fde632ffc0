// Port of kubernetes pkg/scheduler/framework/plugins/interpodaffinity/scoring.go (v1.36).
import type { Pod } from '../../../api/types.ts';
import type { SchedulerCache } from '../../cache/cache.ts';
import type { NodeInfo } from '../../framework/nodeInfo.ts';
import { type AffinityTerm, affinityTerms, NO_TERMS, namespaceLabels, termMatches, type WeightedAffinityTerm } from '../../framework/podInfo.ts';
import { MaxNodeScore } from '../../framework/types.ts';
import type { InterPodAffinityScoreState } from './state.ts';

/** The weight an existing pod's *required* affinity term adds for a pod it matches (hardPodAffinityWeight, default 1). */
export const HardPodAffinityWeight = 1;

type ScoreMap = Map<string, Map<string, number>>;

function processTerm(m: ScoreMap, t: AffinityTerm, weight: number, pod: Pod, nsLabels: Record<string, string> | undefined, nodeLabels: Record<string, string>, multiplier: 1 | -1): void {
  if (!termMatches(t, pod, nsLabels)) return;
  const v = nodeLabels[t.topologyKey];
  if (v === undefined) return;
  let byValue = m.get(t.topologyKey);
  if (byValue === undefined) {
    byValue = new Map();
    m.set(t.topologyKey, byValue);
  }
  byValue.set(v, (byValue.get(v) ?? 0) + weight * multiplier);
}

function processTerms(m: ScoreMap, ts: readonly WeightedAffinityTerm[], pod: Pod, nsLabels: Record<string, string> | undefined, nodeLabels: Record<string, string>, multiplier: 1 | -1): void {
  for (const t of ts) processTerm(m, t, t.weight, pod, nsLabels, nodeLabels, multiplier);
}

/**
 * preScore adds up, per topology domain: the incoming pod's preferred (anti-)affinity weights for
 * each existing pod they match, and each existing pod's required affinity (weight 1) and
 * preferred (anti-)affinity weights that match the incoming pod. Without preferred terms of its
 * own, only pods with affinity terms need visiting. Null (skip) when nothing scored.
 */
export function preScore(pod: Pod, cache: SchedulerCache, allNodes: readonly NodeInfo[]): InterPodAffinityScoreState | null {
  const terms = affinityTerms(pod);
  const hasConstraints = terms.preferredAffinity.length > 0 || terms.preferredAntiAffinity.length > 0;
  if (!hasConstraints && cache.podsWithAffinity === 0) return null;
  const nsLabels = namespaceLabels(pod.metadata.namespace ?? 'default');
  const topologyScore: ScoreMap = new Map();
  for (const ni of allNodes) {
    const nodeLabels = ni.node?.metadata.labels;
    if (nodeLabels === undefined || Object.keys(nodeLabels).length === 0) continue;
    if (!hasConstraints && ni.podsWithAffinity === 0) continue;
    for (const existing of ni.pods.values()) {
      const ex = affinityTerms(existing);
      if (!hasConstraints && ex === NO_TERMS) continue;
      processTerms(topologyScore, terms.preferredAffinity, existing, undefined, nodeLabels, 1);
      processTerms(topologyScore, terms.preferredAntiAffinity, existing, undefined, nodeLabels, -1);
      for (const t of ex.requiredAffinity) processTerm(topologyScore, t, HardPodAffinityWeight, pod, nsLabels, nodeLabels, 1);
      processTerms(topologyScore, ex.preferredAffinity, pod, nsLabels, nodeLabels, 1);
      processTerms(topologyScore, ex.preferredAntiAffinity, pod, nsLabels, nodeLabels, -1);
    }
  }
  if (topologyScore.size === 0) return null;
  return { topologyScore };
}

/** score sums the domain scores of the node's labels. */
export function score(s: InterPodAffinityScoreState, ni: NodeInfo): number {
  const labels = ni.node?.metadata.labels ?? {};
  let total = 0;
  for (const [key, byValue] of s.topologyScore) {
    const v = labels[key];
    if (v !== undefined) total += byValue.get(v) ?? 0;
  }
  return total;
}

/** normalizeScore maps [min, max] onto [0, 100] (float, truncated); all equal → 0. */
export function normalizeScore(scores: number[] | Float64Array): void {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const v of scores) {
    if (v > max) max = v;
    if (v < min) min = v;
  }
  const diff = max - min;
  for (let i = 0; i < scores.length; i++) {
    scores[i] = diff > 0 ? Math.trunc(MaxNodeScore * (((scores[i] as number) - min) / diff)) : 0;
  }
}
