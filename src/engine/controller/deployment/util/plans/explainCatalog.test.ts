import { describe, expect, it } from 'vitest';
import type { DecisionLog } from '../../../../api/decision.ts';
import { dep, rs } from '../fixtures.ts';
import { DEPLOYMENT_DECISION_KEYS, renderDecision, templatePlaceholders } from './explainCatalog.ts';
import { newRSNewReplicasPlan } from './fenceposts.ts';
import { syncRolloutStatusPlan } from './progress.ts';
import { reconcileNewReplicaSetPlan, reconcileOldReplicaSetsPlan } from './rolling.ts';
import { cleanupDeploymentPlan, isScalingEventPlan, scalePlan } from './sync.ts';

/** Runs the plans over situations that reach every branch that records a decision. */
function emittedDecisions(): DecisionLog {
  const log: DecisionLog = [];
  const d = dep({ progressDeadlineSeconds: 600 });
  const old = rs('old', 10);
  const fresh = rs('new', 3, { statusReplicas: 0, available: 0 });
  reconcileOldReplicaSetsPlan([old, fresh], [old], fresh, d, log);
  reconcileOldReplicaSetsPlan([fresh], [], fresh, d, log);
  reconcileOldReplicaSetsPlan([rs('o', 8), rs('n', 5, { available: 0 })], [rs('o', 8)], rs('n', 5, { available: 0 }), d, log);
  const sick = rs('sick', 4, { available: 1 });
  reconcileOldReplicaSetsPlan([sick, rs('n', 6)], [sick], rs('n', 6), d, log);
  reconcileOldReplicaSetsPlan([rs('x', 2, { statusReplicas: 4, available: 4 }), rs('n', 8)], [rs('x', 2, { statusReplicas: 4, available: 4 })], rs('n', 8), d, log);
  reconcileOldReplicaSetsPlan([rs('y', 2, { available: 2 }), rs('n', 8, { available: 6 })], [rs('y', 2, { available: 2 })], rs('n', 8, { available: 6 }), dep({ maxUnavailable: 0, maxSurge: 1 }), log);
  reconcileNewReplicaSetPlan(d, [rs('new', 10)], rs('new', 10), log);
  reconcileNewReplicaSetPlan(d, [rs('new', 12)], rs('new', 12), log);
  reconcileNewReplicaSetPlan(d, [old, fresh], fresh, log);
  reconcileNewReplicaSetPlan(d, [rs('old', 8), fresh], fresh, log);
  const ann = (n: number) => ({ 'deployment.kubernetes.io/desired-replicas': String(n), 'deployment.kubernetes.io/max-replicas': String(n) });
  scalePlan(dep({ replicas: 12, maxSurge: 0 }), rs('new', 10), [], log);
  scalePlan(dep({ replicas: 3 }), rs('new', 3, { annotations: ann(3) }), [rs('old', 1)], log);
  scalePlan(dep({ replicas: 10, maxSurge: 0 }), rs('new', 2, { annotations: ann(5) }), [rs('old', 3, { annotations: ann(5) })], log);
  scalePlan(dep({ replicas: 4, maxSurge: 0 }), rs('new', 2, { annotations: ann(10) }), [rs('old', 8, { annotations: ann(10) })], log);
  newRSNewReplicasPlan(d, [old, rs('n', 0)], rs('n', 0), log);
  newRSNewReplicasPlan(d, [rs('old', 13), rs('n', 0)], rs('n', 0), log);
  newRSNewReplicasPlan(dep({ strategy: 'Recreate' }), [rs('n', 0)], rs('n', 0), log);
  reconcileOldReplicaSetsPlan([old, fresh], [old], fresh, dep({ maxSurge: '0%', maxUnavailable: '0%' }), log);
  isScalingEventPlan(dep({ replicas: 12 }), [rs('a', 10, { annotations: ann(10) })], log);
  cleanupDeploymentPlan(dep({ revisionHistoryLimit: 0 }), [rs('a', 0), rs('b', 1)], log);
  const progressingStatus = { replicas: 10, updatedReplicas: 0, conditions: [{ type: 'Progressing' as const, status: 'True' as const, lastUpdateTime: '2026-01-01T00:00:00Z', reason: 'ReplicaSetUpdated' }] };
  syncRolloutStatusPlan([old, fresh], fresh, dep({ progressDeadlineSeconds: 600, status: progressingStatus }), 1000, log);
  syncRolloutStatusPlan([rs('new', 10)], rs('new', 10), dep({ progressDeadlineSeconds: 600, status: progressingStatus }), 1000, log);
  const stuck = { ...progressingStatus, replicas: 13, updatedReplicas: 3, readyReplicas: 10, availableReplicas: 10 };
  syncRolloutStatusPlan([old, fresh], fresh, dep({ progressDeadlineSeconds: 10, status: stuck }), 60_000, log);
  return log;
}

describe('DEPLOYMENT_DECISION_KEYS', () => {
  const log = emittedDecisions();

  it('has a template for every decision the plans record', () => {
    const missing = log.filter((d) => DEPLOYMENT_DECISION_KEYS[d.fn]?.[d.key] === undefined).map((d) => `${d.fn}.${d.key}`);
    expect(missing).toEqual([]);
  });

  it('fills every placeholder from the recorded values', () => {
    for (const d of log) {
      const template = DEPLOYMENT_DECISION_KEYS[d.fn]?.[d.key] ?? '';
      for (const name of templatePlaceholders(template)) expect(Object.keys(d.values), `${d.fn}.${d.key} {${name}}`).toContain(name);
      expect(renderDecision(d)).not.toMatch(/\{[A-Za-z0-9_]+\}/);
    }
  });

  it('reaches every plan template at least once', () => {
    const seen = new Set(log.map((d) => `${d.fn}.${d.key}`));
    const planFns = ['reconcileNewReplicaSet', 'reconcileOldReplicaSets', 'cleanupUnhealthyReplicas', 'scaleDownOldReplicaSetsForRollingUpdate', 'scale', 'isScalingEvent', 'cleanupDeployment', 'syncRolloutStatus', 'resolveFenceposts', 'newRSNewReplicas'];
    const all = planFns.flatMap((fn) => Object.keys(DEPLOYMENT_DECISION_KEYS[fn] ?? {}).map((k) => `${fn}.${k}`));
    expect(all.filter((k) => !seen.has(k))).toEqual([]);
  });
});

describe('renderDecision', () => {
  it('renders the Seed scale-down sentence', () => {
    expect(
      renderDecision({
        fn: 'reconcileOldReplicaSets',
        key: 'maxScaledDown',
        values: { allPodsCount: 13, minAvailable: 8, newRSUnavailablePodCount: 3, maxScaledDown: 2 },
      }),
    ).toBe('maxScaledDown = allPodsCount 13 − minAvailable 8 − newRSUnavailablePodCount 3 = 2');
  });

  it('falls back to fn.key and the values when the key is unknown', () => {
    expect(renderDecision({ fn: 'x', key: 'y', values: { a: 1 } })).toBe('x.y {"a":1}');
  });
});
