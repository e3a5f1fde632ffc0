// Port of kubernetes plugin/pkg/admission/resourcequota/controller.go (v1.36): CheckRequest for
// the creates Rollout Lab's quota evaluators handle: pods, Services and claims.
/**
 * The ResourceQuota admission plugin sees every pod create in a namespace that has quotas. For
 * each quota whose status.hard names a pod resource and whose scopes select the pod it checks,
 * in this order: the pod states what the quota needs (`failed quota: compute: must specify
 * limits.cpu for: app`), the quota's usage is known (`status unknown for quota: …`), and
 * used + requested stays within hard (`exceeded quota: compute, requested: requests.cpu=500m,
 * used: requests.cpu=1500m, limited: requests.cpu=2`). When every quota allows it, the new
 * usage is written to each quota's status before the pod is stored: status.used grows at once,
 * and only the quota controller lowers it again (after the pod is gone).
 *
 * Worked example: hard requests.cpu 2, used 1500m, a pod asking 500m → new 2 ≤ 2: admitted, used
 * 2; the next 500m pod → 2500m > 2: refused with requested 500m, used 2, limited 2.
 */
import type { ResourceQuota } from '../../api/policyTypes.ts';
import type { Pod } from '../../api/types.ts';
import { podConstraints, podMatchingResources, podUsageFunc } from '../../quota/evaluator/pods.ts';
import { type CountEvaluator, countMatches, matches } from '../../quota/generic.ts';
import {
  add,
  isNegative,
  isZero,
  lessThanOrEqual,
  mask,
  parseResourceList,
  prettyPrint,
  prettyPrintResourceNames,
  resourceNames,
  type Usage,
} from '../../quota/resources.ts';

/** What admission decided: the quotas whose status.used must grow, or the reason the pod is forbidden. */
export type QuotaAdmission =
  | { ok: true; updates: { quota: ResourceQuota; used: Usage }[]; delta: Usage }
  | { ok: false; reason: string; quota: string };

/** hasUsageStats: the quota's status.used has every hard resource the evaluator measures. */
function hasUsageStats(q: ResourceQuota, interesting: readonly string[]): boolean {
  const used = q.status?.used ?? {};
  for (const name of Object.keys(q.status?.hard ?? {})) {
    if (interesting.includes(name) && !Object.hasOwn(used, name)) return false;
  }
  return true;
}

/**
 * checkRequest is CheckRequest for a pod create: `quotas` are the namespace's quotas (by name,
 * for a deterministic first failure), `pod` the admitted pod with its generated name. Pure: the
 * caller writes the returned usages.
 */
export function checkRequest(quotas: readonly ResourceQuota[], pod: Pod, nowMs: number): QuotaAdmission {
  const interesting: ResourceQuota[] = [];
  for (const q of quotas) {
    if (!matches(q, pod)) continue;
    const restricted = podMatchingResources(Object.keys(q.status?.hard ?? {}));
    const constraint = podConstraints(restricted, pod);
    if (constraint !== null) return { ok: false, quota: q.metadata.name, reason: `failed quota: ${q.metadata.name}: ${constraint}` };
    if (!hasUsageStats(q, restricted)) {
      return {
        ok: false,
        quota: q.metadata.name,
        reason: `status unknown for quota: ${q.metadata.name}, resources: ${prettyPrintResourceNames(restricted)}`,
      };
    }
    interesting.push(q);
  }
  const delta = podUsageFunc(pod, nowMs);
  const negative = isNegative(delta);
  if (negative.length > 0) {
    return { ok: false, quota: '', reason: `quota usage is negative for resource(s): ${prettyPrintResourceNames(negative)}` };
  }
  return admitDelta(interesting, delta);
}

/**
 * checkCountRequest is CheckRequest for the create of a Service or a claim (`obj`), with its
 * evaluator: the unscoped quotas whose status.hard names a resource it measures must know their
 * usage and have room for the object's.
 */
export function checkCountRequest<T>(quotas: readonly ResourceQuota[], ev: CountEvaluator<T>, obj: T): QuotaAdmission {
  const interesting: ResourceQuota[] = [];
  for (const q of quotas) {
    if (!countMatches(q, ev)) continue;
    const restricted = ev.matchingResources(Object.keys(q.status?.hard ?? {}));
    if (!hasUsageStats(q, restricted)) {
      return { ok: false, quota: q.metadata.name, reason: `status unknown for quota: ${q.metadata.name}, resources: ${prettyPrintResourceNames(restricted)}` };
    }
    interesting.push(q);
  }
  return admitDelta(interesting, ev.usage(obj));
}

/** admitDelta: each quota's used + the request's share of it within hard, or the first quota exceeded. */
function admitDelta(interesting: readonly ResourceQuota[], delta: Usage): QuotaAdmission {
  if (isZero(delta) || interesting.length === 0) return { ok: true, updates: [], delta };
  const updates: { quota: ResourceQuota; used: Usage }[] = [];
  for (const q of interesting) {
    const hard = parseResourceList(q.status?.hard);
    const used = parseResourceList(q.status?.used);
    const requested = mask(delta, resourceNames(hard));
    const newUsage = add(used, requested);
    const masked = mask(newUsage, resourceNames(requested));
    const verdict = lessThanOrEqual(masked, hard);
    if (!verdict.allowed) {
      const ex = verdict.exceeded;
      return {
        ok: false,
        quota: q.metadata.name,
        reason: `exceeded quota: ${q.metadata.name}, requested: ${prettyPrint(mask(requested, ex))}, used: ${prettyPrint(mask(used, ex))}, limited: ${prettyPrint(mask(hard, ex))}`,
      };
    }
    updates.push({ quota: q, used: newUsage });
  }
  return { ok: true, updates, delta };
}
