import { describe, expect, it } from 'vitest';
import type { DeploymentStatus } from '../../../../api/types.ts';
import { dep, rs } from '../fixtures.ts';
import { getReplicaFailures, requeueStuckDeployment, syncRolloutStatusPlan } from './progress.ts';

const progressing = (reason: string, at = '2026-01-01T00:00:00Z', status: 'True' | 'False' = 'True'): DeploymentStatus['conditions'] => [
  { type: 'Progressing', status, lastUpdateTime: at, lastTransitionTime: at, reason, message: 'm' },
];

const cond = (s: DeploymentStatus, type: string) => s.conditions?.find((c) => c.type === type);

describe('syncRolloutStatusPlan', () => {
  it('marks progress with ReplicaSetUpdated and keeps lastTransitionTime while True', () => {
    const d = dep({ progressDeadlineSeconds: 600, status: { replicas: 10, updatedReplicas: 0, conditions: progressing('NewReplicaSetCreated') } });
    const fresh = rs('web-abc', 3, { statusReplicas: 3, available: 0, ready: 0 });
    const plan = syncRolloutStatusPlan([rs('old', 8, { statusReplicas: 10, available: 10 }), fresh], fresh, d, 30_000);
    expect(plan.changed).toBe(true);
    expect(cond(plan.status, 'Progressing')).toEqual({
      type: 'Progressing',
      status: 'True',
      lastUpdateTime: '2026-01-01T00:00:30Z',
      lastTransitionTime: '2026-01-01T00:00:00Z',
      reason: 'ReplicaSetUpdated',
      message: 'ReplicaSet "web-abc" is progressing.',
    });
  });

  it('reports NewReplicaSetAvailable once the rollout is complete', () => {
    const d = dep({ progressDeadlineSeconds: 600, status: { conditions: progressing('ReplicaSetUpdated') } });
    const fresh = rs('web-abc', 10);
    const plan = syncRolloutStatusPlan([fresh], fresh, d, 50_000);
    expect(cond(plan.status, 'Progressing')).toMatchObject({ reason: 'NewReplicaSetAvailable', message: 'ReplicaSet "web-abc" has successfully progressed.' });
  });

  it('times out with ProgressDeadlineExceeded when nothing moved past the deadline', () => {
    const fresh = rs('web-abc', 3, { available: 0, ready: 0 });
    const d0 = dep({ progressDeadlineSeconds: 10, status: {} });
    const status = { ...syncRolloutStatusPlan([fresh], fresh, d0, 0).status, conditions: progressing('ReplicaSetUpdated') };
    const d = dep({ progressDeadlineSeconds: 10, status });
    const plan = syncRolloutStatusPlan([fresh], fresh, d, 11_000);
    expect(cond(plan.status, 'Progressing')).toMatchObject({ status: 'False', reason: 'ProgressDeadlineExceeded', message: 'ReplicaSet "web-abc" has timed out progressing.' });
  });

  it('drops the Progressing condition when there is no deadline', () => {
    const d = dep({ status: { conditions: progressing('ReplicaSetUpdated') } });
    const r = rs('r', 10);
    expect(cond(syncRolloutStatusPlan([r], r, d, 0).status, 'Progressing')).toBeUndefined();
  });

  it('names the Deployment when there is no new ReplicaSet', () => {
    const d = dep({ replicas: 2, progressDeadlineSeconds: 600, status: { replicas: 3, updatedReplicas: 0 } });
    const old = rs('old', 2);
    expect(cond(syncRolloutStatusPlan([old], null, d, 0).status, 'Progressing')?.message).toBe('Deployment "web" is progressing.');
  });

  it('copies the new ReplicaSet ReplicaFailure condition', () => {
    const fresh = rs('n', 1);
    const failing = { ...fresh, status: { replicas: 0, conditions: [{ type: 'ReplicaFailure' as const, status: 'True' as const, reason: 'FailedCreate', message: 'quota' }] } };
    expect(getReplicaFailures([failing], failing)).toEqual([{ type: 'ReplicaFailure', status: 'True', reason: 'FailedCreate', message: 'quota' }]);
    expect(cond(syncRolloutStatusPlan([failing], failing, dep({ replicas: 1 }), 0).status, 'ReplicaFailure')?.reason).toBe('FailedCreate');
  });
});

describe('requeueStuckDeployment', () => {
  const stuck = (at: string) => dep({ replicas: 3, progressDeadlineSeconds: 60, status: { conditions: progressing('ReplicaSetUpdated', at) } });
  const newStatus: DeploymentStatus = { replicas: 3, updatedReplicas: 3, availableReplicas: 1 };

  it('returns the ms left until the deadline when more than a second remains', () => {
    expect(requeueStuckDeployment(stuck('2026-01-01T00:00:00Z'), newStatus, 30_000)).toBe(30_000);
  });

  it('returns 0 when less than a second remains', () => {
    expect(requeueStuckDeployment(stuck('2026-01-01T00:00:00Z'), newStatus, 59_500)).toBe(0);
  });

  it('returns -1 when the rollout is complete', () => {
    expect(requeueStuckDeployment(stuck('2026-01-01T00:00:00Z'), { replicas: 3, updatedReplicas: 3, availableReplicas: 3, observedGeneration: 1 }, 0)).toBe(-1);
  });
});
