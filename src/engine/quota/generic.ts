// Port of kubernetes pkg/quota/v1/generic/evaluator.go and resources.go CalculateUsage (v1.36),
// for the evaluators Rollout Lab registers: pods, Services and PersistentVolumeClaims.
import type { ResourceQuota, ScopedResourceSelectorRequirement } from '../api/policyTypes.ts';
import type { Pod } from '../api/types.ts';
import { podMatchesScopeFunc, podMatchingResources, podUsageFunc } from './evaluator/pods.ts';
import type { Service } from '../api/policyTypes.ts';
import type { PersistentVolumeClaimObject } from '../api/statefulTypes.ts';
import { pvcMatchingResources, pvcUsage, serviceMatchingResources, serviceUsage } from './evaluator/objects.ts';
import { add, mask, parseResourceList, resourceNames, type Usage } from './resources.ts';

/** getScopeSelectorsFromQuota: `spec.scopes` as Exists requirements, then `spec.scopeSelector`. */
export function getScopeSelectorsFromQuota(q: ResourceQuota): ScopedResourceSelectorRequirement[] {
  const out: ScopedResourceSelectorRequirement[] = (q.spec?.scopes ?? []).map((s) => ({ scopeName: s, operator: 'Exists' }));
  for (const r of q.spec?.scopeSelector?.matchExpressions ?? []) out.push(r);
  return out;
}

/** podMatchesScopes: every scope selector of the quota selects the pod (no scopes: all pods). */
export function podMatchesScopes(selectors: readonly ScopedResourceSelectorRequirement[], pod: Pod): boolean {
  for (const s of selectors) if (!podMatchesScopeFunc(s, pod)) return false;
  return true;
}

/**
 * matches is generic.Matches for pods: the quota's status.hard names a resource the pod
 * evaluator measures, and its scopes select the pod. It reads status.hard, not spec.hard: a quota
 * the controller has not synced yet constrains nothing.
 */
export function matches(q: ResourceQuota, pod: Pod): boolean {
  const hard = Object.keys(q.status?.hard ?? {});
  if (podMatchingResources(hard).length === 0) return false;
  return podMatchesScopes(getScopeSelectorsFromQuota(q), pod);
}

/**
 * usageStats is CalculateUsageStats with the pod evaluator: each of `names` starts at zero, then
 * the PodUsageFunc of every pod the scopes select is added (unmasked, as upstream: the caller
 * masks). `names` null tracks nothing up front (UsageStatsOptions without Resources).
 */
export function usageStats(
  selectors: readonly ScopedResourceSelectorRequirement[],
  names: readonly string[] | null,
  pods: Iterable<Pod>,
  nowMs: number,
): Usage {
  let used: Usage = new Map();
  // Each tracked resource starts at a zero DecimalSI quantity; the first pod's usage sets the format.
  for (const n of names ?? []) used.set(n, { nanos: 0n, format: 'DecimalSI' });
  for (const pod of pods) {
    if (!podMatchesScopes(selectors, pod)) continue;
    used = add(used, names ? mask(podUsageFunc(pod, nowMs), names) : podUsageFunc(pod, nowMs));
  }
  return used;
}

/**
 * calculateUsage is quota.CalculateUsage with the pod evaluator's UsageStats: the sum of
 * PodUsageFunc over the namespace's pods the scopes select, masked to the hard resources the
 * evaluator measures.
 */
export function calculateUsage(q: ResourceQuota, pods: Iterable<Pod>, nowMs: number): Usage {
  const hard = parseResourceList(q.spec?.hard);
  const names = podMatchingResources(resourceNames(hard));
  if (names.length === 0) return new Map();
  return usageStats(getScopeSelectorsFromQuota(q), names, pods, nowMs);
}

/** An evaluator of objects that quota scopes never select (MatchesNoScopeFunc): Services, claims. */
export interface CountEvaluator<T> {
  /** The API resource its admission refusals name (`services`, `persistentvolumeclaims`). */
  resource: string;
  matchingResources: (names: Iterable<string>) => string[];
  usage: (obj: T) => Usage;
}

export const SERVICE_EVALUATOR: CountEvaluator<Service> = { resource: 'services', matchingResources: serviceMatchingResources, usage: serviceUsage };
export const PVC_EVALUATOR: CountEvaluator<PersistentVolumeClaimObject> = { resource: 'persistentvolumeclaims', matchingResources: pvcMatchingResources, usage: pvcUsage };

/** countMatches is generic.Matches for such an evaluator: a hard resource it measures, and no scopes. */
export function countMatches<T>(q: ResourceQuota, ev: CountEvaluator<T>): boolean {
  return ev.matchingResources(Object.keys(q.status?.hard ?? {})).length > 0 && getScopeSelectorsFromQuota(q).length === 0;
}

/**
 * calculateCountUsage is CalculateUsage with such an evaluator: the sum of its usage over the
 * namespace's objects, masked to the hard resources it measures; nothing under a scoped quota.
 */
export function calculateCountUsage<T>(q: ResourceQuota, ev: CountEvaluator<T>, objects: Iterable<T>): Usage {
  const names = ev.matchingResources(resourceNames(parseResourceList(q.spec?.hard)));
  if (names.length === 0) return new Map();
  let used: Usage = new Map();
  for (const n of names) used.set(n, { nanos: 0n, format: 'DecimalSI' });
  if (getScopeSelectorsFromQuota(q).length > 0) return used;
  for (const o of objects) used = add(used, mask(ev.usage(o), names));
  return used;
}
