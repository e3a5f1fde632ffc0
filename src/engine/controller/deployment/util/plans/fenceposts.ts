// The Explain records of kubernetes pkg/controller/deployment/util/deployment_util.go (v1.36):
// how ResolveFenceposts rounds maxSurge / maxUnavailable and how NewRSNewReplicas sizes the new
// ReplicaSet, with the numbers, so no scaling decision appears without its formula.
import { decide, type DecisionLog } from '../../../../api/decision.ts';
import type { Deployment, IntOrString, ReplicaSet } from '../../../../api/types.ts';
import { isPercent } from '../../../../lib/intstr.ts';
import { specReplicas } from '../../../sort.ts';
import { deploymentReplicas, isRollingUpdate, maxSurge, maxUnavailable, newRSNewReplicas } from '../fenceposts.ts';
import { getMaxReplicasAnnotation } from '../replicasAnnotations.ts';

/** percentOf is p% of total as a decimal, e.g. "25%" of 10 → 2.5 (null for an int or a bad string). */
function percentOf(v: IntOrString | undefined | null, total: number): number | null {
  if (!isPercent(v) || !/^[0-9]+%$/.test(v)) return null;
  return (Number(v.slice(0, -1)) * total) / 100;
}

/**
 * explainSurge records how a percentage maxSurge became a pod count: 25% of 10 = 2.5, rounded
 * up → 3. An int maxSurge needs no line (it is the count).
 */
export function explainSurge(d: Deployment, log?: DecisionLog): void {
  if (!log || !isRollingUpdate(d)) return;
  const spec = d.spec.strategy?.rollingUpdate?.maxSurge;
  const replicas = deploymentReplicas(d);
  const exact = percentOf(spec, replicas);
  // Once a sync: creating the new RS and reconciling it both read maxSurge.
  if (exact === null || log.some((x) => x.fn === 'resolveFenceposts' && x.key === 'surgePercent')) return;
  decide(log, 'resolveFenceposts', 'surgePercent', { maxSurgeSpec: String(spec), replicas, exact, maxSurge: maxSurge(d) });
}

/**
 * explainUnavailable records how maxUnavailable became a pod count: 25% of 10 = 2.5, rounded
 * down → 2; when surge and unavailable both come to 0, unavailable becomes 1.
 */
export function explainUnavailable(d: Deployment, log?: DecisionLog): void {
  if (!log || !isRollingUpdate(d)) return;
  const ru = d.spec.strategy?.rollingUpdate;
  const replicas = deploymentReplicas(d);
  const unavailable = maxUnavailable(d);
  const exact = percentOf(ru?.maxUnavailable, replicas);
  if (exact !== null) {
    decide(log, 'resolveFenceposts', 'unavailablePercent', {
      maxUnavailableSpec: String(ru?.maxUnavailable),
      replicas,
      exact,
      maxUnavailable: unavailable,
    });
  }
  if (maxSurge(d) === 0 && unavailable === 1 && Math.floor(exact ?? Number(ru?.maxUnavailable ?? 0)) === 0) {
    decide(log, 'resolveFenceposts', 'bothZero', {});
  }
}

/**
 * newRSNewReplicasPlan is NewRSNewReplicas with its formula recorded. RollingUpdate: the new
 * ReplicaSet grows by min(replicas + maxSurge − currentPodCount, replicas − its size), or keeps
 * its size when currentPodCount already reaches replicas + maxSurge. The Seed rollout creates it
 * at 0 + min(10 + 3 − 10, 10 − 0) = 3; a first rollout (no old pods) at 0 + min(10 + 3 − 0, 10) = 10.
 * Recreate: replicas. Throws what newRSNewReplicas throws.
 */
export function newRSNewReplicasPlan(d: Deployment, allRSs: readonly ReplicaSet[], newRS: ReplicaSet, log?: DecisionLog): number {
  const newReplicasCount = newRSNewReplicas(d, allRSs, newRS);
  const fn = 'newRSNewReplicas';
  const replicas = deploymentReplicas(d);
  if (!isRollingUpdate(d)) {
    decide(log, fn, 'recreate', { replicas, newReplicasCount });
    return newReplicasCount;
  }
  explainSurge(d, log);
  const surge = maxSurge(d);
  const currentPodCount = allRSs.reduce((n, rs) => n + specReplicas(rs), 0);
  const newRSReplicas = specReplicas(newRS);
  const values = { replicas, maxSurge: surge, currentPodCount, newRSReplicas, newReplicasCount };
  decide(log, fn, currentPodCount >= replicas + surge ? 'atMaxTotal' : 'rollingUpdate', values);
  return newReplicasCount;
}

/**
 * proportionInputs are the numbers of getReplicaSetFraction for one ReplicaSet: its size times
 * (replicas + maxSurge) over the size the Deployment had (the max-replicas annotation, else
 * status.replicas). 5 of 13 → 15 + 3 = 18: round(5 × 18 / 13) − 5 = 2.
 */
export function proportionInputs(rs: ReplicaSet, d: Deployment): { after: number; before: number } {
  const before = getMaxReplicasAnnotation(rs);
  return {
    after: deploymentReplicas(d) + maxSurge(d),
    before: before === null || before === 0 ? (d.status?.replicas ?? 0) : before,
  };
}
