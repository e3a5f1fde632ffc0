import { describe, expect, it } from 'vitest';
import type { DeploymentStatus } from '../../../api/types.ts';
import {
  deploymentTimedOut,
  getDeploymentCondition,
  hasProgressDeadline,
  hasRevisionHistoryLimit,
  newDeploymentCondition,
  removeDeploymentCondition,
  replicaSetToDeploymentCondition,
  setDeploymentCondition,
} from './conditions.ts';
import { dep } from './fixtures.ts';

const T0 = '2026-01-01T00:00:00Z';

const progressing = (reason: string, status: 'True' | 'False' | 'Unknown', at: string): DeploymentStatus => ({
  conditions: [{ type: 'Progressing', status, lastUpdateTime: at, lastTransitionTime: at, reason, message: 'm' }],
});

describe('newDeploymentCondition', () => {
  it('stamps both times with now when virtual ms are given', () => {
    expect(newDeploymentCondition('Available', 'True', 'R', 'msg', 31_500)).toEqual({
      type: 'Available',
      status: 'True',
      lastUpdateTime: '2026-01-01T00:00:31Z',
      lastTransitionTime: '2026-01-01T00:00:31Z',
      reason: 'R',
      message: 'msg',
    });
  });
});

describe('setDeploymentCondition', () => {
  it('returns the same status when status and reason are unchanged', () => {
    const s = progressing('ReplicaSetUpdated', 'True', T0);
    expect(setDeploymentCondition(s, newDeploymentCondition('Progressing', 'True', 'ReplicaSetUpdated', 'other', 5000))).toBe(s);
  });

  it('keeps lastTransitionTime when only the reason changes', () => {
    const s = progressing('ReplicaSetUpdated', 'True', T0);
    const next = setDeploymentCondition(s, newDeploymentCondition('Progressing', 'True', 'NewReplicaSetAvailable', 'done', 5000));
    const c = getDeploymentCondition(next, 'Progressing');
    expect(c?.lastTransitionTime).toBe(T0);
    expect(c?.lastUpdateTime).toBe('2026-01-01T00:00:05Z');
    expect(c?.reason).toBe('NewReplicaSetAvailable');
  });

  it('moves a replaced condition to the end of the list', () => {
    const s: DeploymentStatus = {
      conditions: [
        { type: 'Progressing', status: 'True', reason: 'A' },
        { type: 'Available', status: 'True', reason: 'B' },
      ],
    };
    const next = setDeploymentCondition(s, newDeploymentCondition('Progressing', 'False', 'ProgressDeadlineExceeded', 'x', 0));
    expect(next.conditions?.map((c) => c.type)).toEqual(['Available', 'Progressing']);
    expect(s.conditions?.[0]?.reason).toBe('A');
  });
});

describe('removeDeploymentCondition', () => {
  it('drops the conditions key when the last condition goes', () => {
    expect(removeDeploymentCondition(progressing('R', 'True', T0), 'Progressing')).toEqual({});
  });
});

describe('replicaSetToDeploymentCondition', () => {
  it('uses the RS lastTransitionTime for both times', () => {
    expect(
      replicaSetToDeploymentCondition({ type: 'ReplicaFailure', status: 'True', lastTransitionTime: T0, reason: 'FailedCreate', message: 'quota' }),
    ).toEqual({ type: 'ReplicaFailure', status: 'True', lastUpdateTime: T0, lastTransitionTime: T0, reason: 'FailedCreate', message: 'quota' });
  });
});

describe('deploymentTimedOut', () => {
  it('times out only once lastUpdateTime + deadline is strictly before now', () => {
    const d = dep({ progressDeadlineSeconds: 10 });
    const s = progressing('ReplicaSetUpdated', 'True', T0);
    expect(deploymentTimedOut(d, s, 10_000)).toBe(false);
    expect(deploymentTimedOut(d, s, 10_001)).toBe(true);
  });

  it('never times out a completed rollout', () => {
    expect(deploymentTimedOut(dep({ progressDeadlineSeconds: 1 }), progressing('NewReplicaSetAvailable', 'True', T0), 99_000)).toBe(false);
  });
});

describe('hasProgressDeadline / hasRevisionHistoryLimit', () => {
  it('treats MaxInt32 as unset', () => {
    expect(hasProgressDeadline(dep({ progressDeadlineSeconds: 2147483647 }))).toBe(false);
    expect(hasProgressDeadline(dep({ progressDeadlineSeconds: 600 }))).toBe(true);
    expect(hasRevisionHistoryLimit(dep({ revisionHistoryLimit: 2147483647 }))).toBe(false);
    expect(hasRevisionHistoryLimit(dep({ revisionHistoryLimit: 0 }))).toBe(true);
  });
});
