import { describe, expect, it } from 'vitest';
import { dep, rs } from '../fixtures.ts';
import { calculateStatus, checkPausedConditionsPlan, isScalingEvent, scalePlan, syncDeploymentStatusPlan } from './sync.ts';

const desired = (n: number, max = n) => ({
  'deployment.kubernetes.io/desired-replicas': String(n),
  'deployment.kubernetes.io/max-replicas': String(max),
});

describe('calculateStatus', () => {
  it('sums the ReplicaSets and sets Available when minimum availability holds', () => {
    const old = rs('old', 8, { statusReplicas: 10, available: 10 });
    const fresh = rs('new', 3, { statusReplicas: 3, ready: 1, available: 0 });
    const s = calculateStatus([old, fresh], fresh, dep({ generation: 2 }), 31_000);
    expect(s).toEqual({
      observedGeneration: 2,
      replicas: 13,
      updatedReplicas: 3,
      readyReplicas: 11,
      availableReplicas: 10,
      unavailableReplicas: 1,
      terminatingReplicas: 0,
      conditions: [
        {
          type: 'Available',
          status: 'True',
          lastUpdateTime: '2026-01-01T00:00:31Z',
          lastTransitionTime: '2026-01-01T00:00:31Z',
          reason: 'MinimumReplicasAvailable',
          message: 'Deployment has minimum availability.',
        },
      ],
    });
  });

  it('omits zero counts and reports missing availability', () => {
    const fresh = rs('new', 3, { statusReplicas: 0, available: 0, ready: 0 });
    const s = calculateStatus([fresh], fresh, dep({ replicas: 3, maxUnavailable: 0, maxSurge: 1 }), 0);
    expect(s.replicas).toBeUndefined();
    expect(s.unavailableReplicas).toBe(3);
    expect(s.conditions?.[0]).toMatchObject({ status: 'False', reason: 'MinimumReplicasUnavailable', message: 'Deployment does not have minimum availability.' });
  });

  it('leaves terminatingReplicas out when an observed RS did not report it', () => {
    const r = rs('r', 1, { observedGeneration: 1 });
    expect(calculateStatus([r], r, dep({ replicas: 1 }), 0).terminatingReplicas).toBeUndefined();
  });
});

describe('syncDeploymentStatusPlan', () => {
  it('reports no change when the status is already current', () => {
    const r = rs('r', 10);
    const d = dep();
    const first = syncDeploymentStatusPlan([r], r, d, 0);
    expect(first.changed).toBe(true);
    expect(syncDeploymentStatusPlan([r], r, { ...d, status: first.status }, 99_000).changed).toBe(false);
  });
});

describe('isScalingEvent', () => {
  it('detects a desired-replicas annotation that disagrees with spec.replicas', () => {
    expect(isScalingEvent(dep({ replicas: 12 }), [rs('a', 10, { annotations: desired(10) })])).toBe(true);
    expect(isScalingEvent(dep({ replicas: 10 }), [rs('a', 10, { annotations: desired(10) })])).toBe(false);
    expect(isScalingEvent(dep({ replicas: 12 }), [rs('a', 10), rs('b', 0, { annotations: desired(3) })])).toBe(false);
  });
});

describe('scalePlan', () => {
  it('rewrites every active RS (old newest first, then new), flagging writes only where size or annotations change', () => {
    const d = dep({ replicas: 10, maxSurge: 0, maxUnavailable: 1 });
    const fresh = rs('new', 5, { created: '2026-01-01T00:00:02Z', annotations: desired(10) });
    const old = rs('old', 5, { created: '2026-01-01T00:00:01Z', annotations: desired(8) });
    const steps = scalePlan(d, fresh, [old]);
    expect(steps.map((s) => [s.rs.metadata.name, s.to, s.via, s.write])).toEqual([
      ['old', 5, 'scaleReplicaSet', true],
      ['new', 5, 'scaleReplicaSet', false],
    ]);
  });

  it('scales every active old RS to 0 when the new RS is saturated', () => {
    const d = dep({ replicas: 3 });
    const fresh = rs('new', 3, { annotations: desired(3) });
    const steps = scalePlan(d, fresh, [rs('old', 1)]);
    expect(steps.map((s) => [s.rs.metadata.name, s.to, s.via])).toEqual([['old', 0, 'scaleReplicaSetAndRecordEvent']]);
  });
});

describe('checkPausedConditionsPlan', () => {
  it('adds DeploymentPaused when paused and DeploymentResumed when resumed', () => {
    const paused = checkPausedConditionsPlan(dep({ paused: true, progressDeadlineSeconds: 600 }), 0);
    expect(paused?.conditions?.[0]).toMatchObject({ type: 'Progressing', status: 'Unknown', reason: 'DeploymentPaused', message: 'Deployment is paused' });
    const resumed = checkPausedConditionsPlan(dep({ progressDeadlineSeconds: 600, status: paused ?? {} }), 5000);
    expect(resumed?.conditions?.[0]).toMatchObject({ reason: 'DeploymentResumed', message: 'Deployment is resumed' });
    expect(checkPausedConditionsPlan(dep({ paused: true }), 0)).toBeNull();
  });
});
