// Port of kubernetes pkg/registry/core/pod/storage/eviction.go (v1.36): the pods/eviction
// subresource (POST …/pods/NAME/eviction, policy/v1 Eviction).
/**
 * An eviction is a delete that asks the pod's PodDisruptionBudget first:
 * - a pod that is Pending, finished or already terminating is deleted at once;
 * - more than one budget: 500 `This pod has more than one PodDisruptionBudget, …`;
 * - an unready pod is deleted without spending the budget when the budget is healthy
 *   (currentHealthy ≥ desiredHealthy > 0) or its unhealthyPodEvictionPolicy is AlwaysAllow;
 * - otherwise the budget must allow a disruption: with status.disruptionsAllowed 0 the answer is
 *   429 `Cannot evict pod as it would violate the pod's disruption budget.` (cause: `The
 *   disruption budget web needs 3 healthy pods and has 3 currently`); else disruptionsAllowed
 *   goes down by one, the pod is listed in status.disruptedPods, and the pod is deleted
 *   gracefully after a DisruptionTarget condition (reason EvictionByEvictionAPI) is added.
 * Success is 201 with a Status `Success`. All of it happens in one tick (one request).
 */
import type { PodDisruptionBudget, PodDisruptionBudgetStatus } from '../api/policyTypes.ts';
import type { Pod } from '../api/types.ts';
import { updatePodCondition } from '../api/podConditions.ts';
import { selectorMatches } from '../lib/labels.ts';
import { toRFC3339 } from '../lib/time.ts';
import { updateDisruptionAllowedCondition } from '../apimachinery/poddisruptionbudget.ts';
import { type ApiError, newNotFound, newTooManyRequests, type StatusCause } from './errors.ts';
import { deleteObject, objectKey, type StoreState, updateStatus, type WriteContext } from './store.ts';

/** MaxDisruptedPodSize: more admitted-but-unconfirmed evictions than this and the budget refuses. */
export const MaxDisruptedPodSize = 2000;

/** The 429 message of a budget that allows no disruption now. */
export const EvictionViolatesBudget = "Cannot evict pod as it would violate the pod's disruption budget.";

/** DisruptionBudgetCause is the cause type the 429 carries (policyv1.DisruptionBudgetCause). */
export const DisruptionBudgetCause = 'DisruptionBudget';

/** The answer of the eviction subresource: the HTTP code and, on failure, the API error. */
export type EvictionResult = { code: 201; budget: string | null } | { code: 404 | 429 | 403 | 500; error: ApiError; budget: string | null };

export interface EvictionOptions {
  /** DeleteOptions.gracePeriodSeconds; undefined keeps the pod's terminationGracePeriodSeconds. */
  gracePeriodSeconds?: number;
}

/** canIgnorePDB: Succeeded, Failed and Pending pods, and pods already being deleted, need no budget. */
function canIgnorePDB(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || pod.metadata.deletionTimestamp !== undefined;
}

function isPodReady(pod: Pod): boolean {
  return pod.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') === true;
}

/** getPodDisruptionBudgets: the namespace's budgets that select the pod (policy/v1: an empty selector selects every pod, a missing one none). */
function getPodDisruptionBudgets(st: StoreState, pod: Pod): PodDisruptionBudget[] {
  const ns = pod.metadata.namespace ?? 'default';
  const out: PodDisruptionBudget[] = [];
  for (const b of st.objects.PodDisruptionBudget.values()) {
    if (b.kind !== 'PodDisruptionBudget' || (b.metadata.namespace ?? 'default') !== ns) continue;
    if (!selectorMatches(b.spec.selector, pod.metadata.labels)) continue;
    out.push(b);
  }
  return out.sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
}

function tooManyRequests(cause: string): ApiError {
  const causes: StatusCause[] = [{ type: DisruptionBudgetCause, message: cause }];
  return { ...newTooManyRequests(EvictionViolatesBudget, causes), code: 429 };
}

/**
 * checkAndDecrement: the budget allows one more disruption, or the error that says why not.
 * On success it returns the status to write (disruptionsAllowed − 1, the pod in disruptedPods).
 */
export function checkAndDecrement(podName: string, pdb: PodDisruptionBudget, nowMs: number): { status: PodDisruptionBudgetStatus } | { error: ApiError; code: 429 | 403 } {
  const s: PodDisruptionBudgetStatus = pdb.status ?? { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 };
  const name = pdb.metadata.name;
  if ((s.observedGeneration ?? 0) < (pdb.metadata.generation ?? 0)) {
    return { code: 429, error: tooManyRequests(`The disruption budget ${name} is still being processed by the server.`) };
  }
  const forbidden = (why: string): { error: ApiError; code: 403 } => ({
    code: 403,
    error: { reason: 'Forbidden', message: `poddisruptionbudget.policy "${name}" is forbidden: ${why}` },
  });
  if (s.disruptionsAllowed < 0) return forbidden('pdb disruptions allowed is negative');
  if (Object.keys(s.disruptedPods ?? {}).length > MaxDisruptedPodSize) {
    return forbidden('DisruptedPods map too big - too many evictions not confirmed by PDB controller');
  }
  if (s.disruptionsAllowed === 0) {
    return { code: 429, error: tooManyRequests(`The disruption budget ${name} needs ${s.desiredHealthy} healthy pods and has ${s.currentHealthy} currently`) };
  }
  let next: PodDisruptionBudgetStatus = { ...s, disruptionsAllowed: s.disruptionsAllowed - 1 };
  const nowIso = toRFC3339(nowMs);
  if (next.disruptionsAllowed === 0) next = updateDisruptionAllowedCondition(next, nowIso);
  const disrupted = { ...(s.disruptedPods ?? {}), [podName]: nowIso };
  const sorted: Record<string, string> = {};
  for (const k of Object.keys(disrupted).sort()) sorted[k] = disrupted[k] as string;
  return { status: { ...next, disruptedPods: sorted } };
}

const DISRUPTION_TARGET = { type: 'DisruptionTarget', status: 'True', reason: 'EvictionByEvictionAPI', message: 'Eviction API: evicting' } as const;

/**
 * addConditionAndDeletePod: mark the pod DisruptionTarget (EvictionByEvictionAPI) as
 * podutil.UpdatePodCondition does (in place, its transition time kept while it stays True; no
 * write when nothing changes), then delete it gracefully.
 */
function addConditionAndDeletePod(st: StoreState, ctx: WriteContext, pod: Pod, key: string, opts: EvictionOptions): ApiError | null {
  const conditions = updatePodCondition(pod.status?.conditions ?? [], DISRUPTION_TARGET, toRFC3339(ctx.now));
  if (conditions !== null) {
    const w = updateStatus(st, ctx, pod, key, { ...pod.status, conditions });
    if (!w.ok) return w.error;
  }
  const d = deleteObject(st, ctx, 'Pod', key, opts.gracePeriodSeconds === undefined ? {} : { gracePeriodSeconds: opts.gracePeriodSeconds });
  return d.ok ? null : d.error;
}

/** What an accepted eviction will write: the budget's new status when it spends a disruption. */
export interface EvictionPlan {
  key: string;
  pod: Pod;
  pdb: PodDisruptionBudget | null;
  /** The budget's status after this disruption; null when the eviction spends none. */
  budgetStatus: PodDisruptionBudgetStatus | null;
}

/**
 * planEviction decides EvictionREST.Create for the pod `namespace/name` at `nowMs` without
 * writing: the refusal (404, 429, 403, 500), or the plan. The served API asks it before the
 * request becomes a tick, since a refused eviction changes nothing and is not recorded.
 */
export function planEviction(st: StoreState, namespace: string, name: string, nowMs: number): EvictionPlan | Exclude<EvictionResult, { code: 201 }> {
  const key = `${namespace}/${name}`;
  const pod = st.objects.Pod.get(key);
  if (pod?.kind !== 'Pod') return { code: 404, error: newNotFound('Pod', name), budget: null };
  if (canIgnorePDB(pod)) return { key, pod, pdb: null, budgetStatus: null };
  const pdbs = getPodDisruptionBudgets(st, pod);
  if (pdbs.length > 1) {
    return {
      code: 500,
      budget: null,
      error: { reason: 'InternalError', code: 500, message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.' },
    };
  }
  const pdb = pdbs[0];
  if (!pdb) return { key, pod, pdb: null, budgetStatus: null };
  const s = pdb.status;
  const healthyBudget = (s?.currentHealthy ?? 0) >= (s?.desiredHealthy ?? 0) && (s?.desiredHealthy ?? 0) > 0;
  const unready = !isPodReady(pod);
  // An unready pod does not count as healthy: deleting it spends nothing (AlwaysAllow, or a healthy budget).
  if (unready && (pdb.spec.unhealthyPodEvictionPolicy === 'AlwaysAllow' || healthyBudget)) return { key, pod, pdb, budgetStatus: null };
  const r = checkAndDecrement(name, pdb, nowMs);
  if ('error' in r) return { code: r.code, error: r.error, budget: pdb.metadata.name };
  return { key, pod, pdb, budgetStatus: r.status };
}

/** evictPod is EvictionREST.Create for the pod `namespace/name`, at ctx.now: planEviction, then its writes. */
export function evictPod(st: StoreState, ctx: WriteContext, namespace: string, name: string, opts: EvictionOptions = {}): EvictionResult {
  const plan = planEviction(st, namespace, name, ctx.now);
  if ('code' in plan) return plan;
  const budget = plan.pdb?.metadata.name ?? null;
  if (plan.pdb && plan.budgetStatus) {
    const w = updateStatus(st, ctx, plan.pdb, objectKey(plan.pdb), plan.budgetStatus);
    if (!w.ok) return { code: 429, error: tooManyRequests(`The disruption budget ${budget} is still being processed by the server.`), budget };
  }
  const err = addConditionAndDeletePod(st, ctx, plan.pod, plan.key, opts);
  return err ? { code: 500, error: err, budget } : { code: 201, budget };
}
