// Port of kubernetes pkg/scheduler/framework/plugins/interpodaffinity/filtering.go (v1.36).
import type { Pod } from '../../../api/types.ts';
import type { SchedulerCache } from '../../cache/cache.ts';
import type { NodeInfo } from '../../framework/nodeInfo.ts';
import { affinityTerms, namespaceLabels, podMatchesAllAffinityTerms, termMatches } from '../../framework/podInfo.ts';
import { newStatus, Plugin, type Status } from '../../framework/types.ts';
import { type InterPodAffinityFilterState, type TopologyToMatchedTermCount, tpKey } from './state.ts';

export const ErrReasonExistingAntiAffinityRulesNotMatch = "node(s) didn't satisfy existing pods anti-affinity rules";
export const ErrReasonAffinityRulesNotMatch = "node(s) didn't match pod affinity rules";
export const ErrReasonAntiAffinityRulesNotMatch = "node(s) didn't match pod anti-affinity rules";

function bump(m: TopologyToMatchedTermCount, key: string, value: string): void {
  const k = tpKey(key, value);
  m.set(k, (m.get(k) ?? 0) + 1);
}

/**
 * preFilter counts, per topology domain: existing pods whose required anti-affinity rejects the
 * incoming pod (only nodes holding such pods are visited), and existing pods matching the incoming
 * pod's required affinity (all terms) and anti-affinity (any term). Terminating pods count: they
 * are still on their node. Returns null (skip) when the pod has no terms and nothing repels it.
 */
export function preFilter(pod: Pod, cache: SchedulerCache, allNodes: readonly NodeInfo[]): InterPodAffinityFilterState | null {
  const terms = affinityTerms(pod);
  // Nothing repels the pod and it has no required terms: skip before counting anything.
  if (cache.podsWithRequiredAntiAffinity === 0 && terms.requiredAffinity.length === 0 && terms.requiredAntiAffinity.length === 0) return null;
  const nsLabels = namespaceLabels(pod.metadata.namespace ?? 'default');
  const existingAntiAffinityCounts: TopologyToMatchedTermCount = new Map();
  if (cache.podsWithRequiredAntiAffinity > 0) {
    for (const ni of allNodes) {
      const labels = ni.node?.metadata.labels;
      if (ni.podsWithRequiredAntiAffinity === 0 || labels === undefined) continue;
      for (const existing of ni.pods.values()) {
        for (const t of affinityTerms(existing).requiredAntiAffinity) {
          const v = labels[t.topologyKey];
          if (v !== undefined && termMatches(t, pod, nsLabels)) bump(existingAntiAffinityCounts, t.topologyKey, v);
        }
      }
    }
  }
  const affinityCounts: TopologyToMatchedTermCount = new Map();
  const antiAffinityCounts: TopologyToMatchedTermCount = new Map();
  if (terms.requiredAffinity.length > 0 || terms.requiredAntiAffinity.length > 0) {
    for (const ni of allNodes) {
      const labels = ni.node?.metadata.labels;
      if (labels === undefined) continue;
      for (const existing of ni.pods.values()) {
        if (podMatchesAllAffinityTerms(terms.requiredAffinity, existing)) {
          for (const t of terms.requiredAffinity) {
            const v = labels[t.topologyKey];
            if (v !== undefined) bump(affinityCounts, t.topologyKey, v);
          }
        }
        for (const t of terms.requiredAntiAffinity) {
          const v = labels[t.topologyKey];
          if (v !== undefined && termMatches(t, existing, undefined)) bump(antiAffinityCounts, t.topologyKey, v);
        }
      }
    }
  }
  if (existingAntiAffinityCounts.size === 0 && terms.requiredAffinity.length === 0 && terms.requiredAntiAffinity.length === 0) return null;
  return { terms, existingAntiAffinityCounts, affinityCounts, antiAffinityCounts };
}

function satisfyExistingPodsAntiAffinity(s: InterPodAffinityFilterState, labels: Record<string, string>): boolean {
  if (s.existingAntiAffinityCounts.size === 0) return true;
  for (const [k, v] of Object.entries(labels)) if ((s.existingAntiAffinityCounts.get(tpKey(k, v)) ?? 0) > 0) return false;
  return true;
}

function satisfyPodAntiAffinity(s: InterPodAffinityFilterState, labels: Record<string, string>): boolean {
  if (s.antiAffinityCounts.size === 0) return true;
  for (const t of s.terms.requiredAntiAffinity) {
    const v = labels[t.topologyKey];
    if (v !== undefined && (s.antiAffinityCounts.get(tpKey(t.topologyKey, v)) ?? 0) > 0) return false;
  }
  return true;
}

/**
 * satisfyPodAffinity: every required affinity term has a matching pod in the node's domain, and
 * the node has every term's key. The first pod of a group that is affine to itself may go
 * anywhere with the keys when no pod matches yet and it matches its own terms.
 */
function satisfyPodAffinity(s: InterPodAffinityFilterState, pod: Pod, labels: Record<string, string>): boolean {
  let podsExist = true;
  for (const t of s.terms.requiredAffinity) {
    const v = labels[t.topologyKey];
    if (v === undefined) return false;
    if ((s.affinityCounts.get(tpKey(t.topologyKey, v)) ?? 0) <= 0) podsExist = false;
  }
  if (!podsExist) return s.affinityCounts.size === 0 && podMatchesAllAffinityTerms(s.terms.requiredAffinity, pod);
  return true;
}

/** filter checks the pod's affinity, then its anti-affinity, then the existing pods' anti-affinity. */
export function filter(pod: Pod, s: InterPodAffinityFilterState, ni: NodeInfo): Status | null {
  const labels = ni.node?.metadata.labels ?? {};
  if (!satisfyPodAffinity(s, pod, labels)) return newStatus('UnschedulableAndUnresolvable', Plugin.InterPodAffinity, ErrReasonAffinityRulesNotMatch);
  if (!satisfyPodAntiAffinity(s, labels)) return newStatus('Unschedulable', Plugin.InterPodAffinity, ErrReasonAntiAffinityRulesNotMatch);
  if (!satisfyExistingPodsAntiAffinity(s, labels)) return newStatus('Unschedulable', Plugin.InterPodAffinity, ErrReasonExistingAntiAffinityRulesNotMatch);
  return null;
}
