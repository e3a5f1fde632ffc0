// The CycleState entries of kubernetes pkg/scheduler/framework/plugins/interpodaffinity (v1.36).
import type { AffinityTerms } from '../../framework/podInfo.ts';

/** topologyPair `key\0value` → count (Go's map[topologyPair]int64). */
export type TopologyToMatchedTermCount = Map<string, number>;

/** tpKey makes the map key of a topology pair. */
export function tpKey(key: string, value: string): string {
  return `${key}\u0000${value}`;
}

/** What PreFilter computed (preFilterState). */
export interface InterPodAffinityFilterState {
  readonly terms: AffinityTerms;
  /** Domains where an existing pod's required anti-affinity term matches the incoming pod. */
  readonly existingAntiAffinityCounts: TopologyToMatchedTermCount;
  /** Domains with pods matching all/any of the incoming pod's required affinity / anti-affinity terms. */
  readonly affinityCounts: TopologyToMatchedTermCount;
  readonly antiAffinityCounts: TopologyToMatchedTermCount;
}

/** What PreScore computed (preScoreState.topologyScore): topology key → value → score. */
export interface InterPodAffinityScoreState {
  readonly topologyScore: Map<string, Map<string, number>>;
}
