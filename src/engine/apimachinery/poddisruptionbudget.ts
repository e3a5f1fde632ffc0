// Port of k8s.io/component-helpers apps/poddisruptionbudget (UpdateDisruptionAllowedCondition,
// ConditionsAreUpToDate) and apimachinery's meta.SetStatusCondition: both the eviction subresource
// (apiserver/eviction.ts) and the disruption controller set a budget's DisruptionAllowed condition.
import type { MetaCondition, PodDisruptionBudget, PodDisruptionBudgetStatus } from '../api/policyTypes.ts';

/** The DisruptionAllowed condition and its reasons (policy/v1). */
export const DisruptionAllowedCondition = 'DisruptionAllowed';
export const SufficientPodsReason = 'SufficientPods';
export const InsufficientPodsReason = 'InsufficientPods';

/**
 * setStatusCondition is apimeta.SetStatusCondition: add the condition, or update it in place;
 * lastTransitionTime moves only when the status changes.
 */
export function setStatusCondition(conditions: readonly MetaCondition[], c: Omit<MetaCondition, 'lastTransitionTime'>, nowIso: string): MetaCondition[] {
  const i = conditions.findIndex((x) => x.type === c.type);
  if (i < 0) return [...conditions, { type: c.type, status: c.status, ...obsGen(c), lastTransitionTime: nowIso, reason: c.reason, message: c.message }];
  const cur = conditions[i] as MetaCondition;
  const next: MetaCondition = {
    type: cur.type,
    status: c.status,
    ...obsGen(c),
    lastTransitionTime: cur.status !== c.status ? nowIso : cur.lastTransitionTime,
    reason: c.reason,
    message: c.message,
  };
  return conditions.map((x, k) => (k === i ? next : x));
}

function obsGen(c: { observedGeneration?: number }): { observedGeneration?: number } {
  return c.observedGeneration === undefined || c.observedGeneration === 0 ? {} : { observedGeneration: c.observedGeneration };
}

/** updateDisruptionAllowedCondition: DisruptionAllowed True/SufficientPods when disruptionsAllowed > 0, else False/InsufficientPods. */
export function updateDisruptionAllowedCondition(status: PodDisruptionBudgetStatus, nowIso: string): PodDisruptionBudgetStatus {
  const allowed = status.disruptionsAllowed > 0;
  const conditions = setStatusCondition(
    status.conditions ?? [],
    {
      type: DisruptionAllowedCondition,
      status: allowed ? 'True' : 'False',
      reason: allowed ? SufficientPodsReason : InsufficientPodsReason,
      message: '',
      ...(status.observedGeneration === undefined ? {} : { observedGeneration: status.observedGeneration }),
    },
    nowIso,
  );
  return { ...status, conditions };
}

/** conditionsAreUpToDate: the DisruptionAllowed condition agrees with disruptionsAllowed for this generation. */
export function conditionsAreUpToDate(pdb: PodDisruptionBudget): boolean {
  const s = pdb.status;
  const cond = s?.conditions?.find((c) => c.type === DisruptionAllowedCondition);
  if (!s || !cond) return false;
  if ((s.observedGeneration ?? 0) !== (pdb.metadata.generation ?? 0)) return false;
  if (s.disruptionsAllowed > 0) return cond.status === 'True' && cond.reason === SufficientPodsReason;
  return cond.status === 'False' && cond.reason === InsufficientPodsReason;
}
