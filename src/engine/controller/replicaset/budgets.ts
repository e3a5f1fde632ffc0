/**
 * A teaching note, not upstream logic: the ReplicaSet controller deletes pods with a plain DELETE,
 * never through the eviction subresource, so no PodDisruptionBudget is consulted when a rollout
 * (or a scale-down) removes pods (kubernetes/kubernetes#34776). When a budget covers the pods
 * being deleted, Explain says so, with the budget's disruptionsAllowed at that moment.
 */
import { decide } from '../../api/decision.ts';
import type { Pod, ReplicaSet } from '../../api/types.ts';
import { selectorMatches } from '../../lib/labels.ts';
import type { Tx } from '../../client/tx.ts';

/** noteBudgetsNotConsulted records one Explain line per budget that selects any of the deleted pods. */
export function noteBudgetsNotConsulted(tx: Tx, rs: ReplicaSet, victims: readonly Pod[]): void {
  const ns = rs.metadata.namespace ?? 'default';
  for (const pdb of tx.st.cache.objects.PodDisruptionBudget.values()) {
    if (pdb.kind !== 'PodDisruptionBudget' || (pdb.metadata.namespace ?? 'default') !== ns) continue;
    const sel = pdb.spec.selector;
    // As the disruption controller lists them: an empty selector selects the whole namespace.
    const covered = victims.filter((p) => selectorMatches(sel, p.metadata.labels));
    if (covered.length === 0) continue;
    decide(tx.decisions, 'manageReplicas', 'budgetNotConsulted', {
      pdb: pdb.metadata.name,
      disruptionsAllowed: pdb.status?.disruptionsAllowed ?? 0,
      count: covered.length,
    });
  }
}
