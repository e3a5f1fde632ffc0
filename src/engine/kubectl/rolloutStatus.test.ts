import { describe, expect, it } from 'vitest';
import type { DaemonSet, Deployment } from '../api/types.ts';
import { daemonSetStatusViewer, deploymentStatusViewer } from './rolloutStatus.ts';

function deploy(status: Deployment['status'], annotations?: Record<string, string>): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'nginx', generation: 2, ...(annotations ? { annotations } : {}) },
    spec: { replicas: 10, selector: {}, template: { spec: { containers: [] } } },
    status,
  };
}

describe('deploymentStatusViewer', () => {
  it.each([
    [
      'an error when the progress deadline was exceeded',
      deploy({ observedGeneration: 2, conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' }] }),
      0,
      { message: '', done: false, error: 'error: deployment "nginx" exceeded its progress deadline' },
    ],
    [
      'an error when the requested revision is not the running one',
      deploy({ observedGeneration: 2 }, { 'deployment.kubernetes.io/revision': '2' }),
      3,
      { message: '', done: false, error: 'error: desired revision (3) is different from the running revision (2)' },
    ],
    [
      'the waiting line when 3 of 10 are updated',
      deploy({ observedGeneration: 2, replicas: 13, updatedReplicas: 3, availableReplicas: 10 }, { 'deployment.kubernetes.io/revision': '2' }),
      2,
      {
        message: 'Waiting for deployment "nginx" rollout to finish: 3 out of 10 new replicas have been updated...\n',
        done: false,
        error: null,
      },
    ],
  ])('returns %s', (_name, d, revision, want) => {
    expect(deploymentStatusViewer(d, revision)).toEqual(want);
  });
});

describe('daemonSetStatusViewer', () => {
  it('returns a final error when the strategy is OnDelete', () => {
    const ds: DaemonSet = {
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'agent' },
      spec: { selector: {}, template: { spec: { containers: [] } }, updateStrategy: { type: 'OnDelete' } },
    };
    expect(daemonSetStatusViewer(ds)).toEqual({
      message: '',
      done: true,
      error: 'error: rollout status is only available for RollingUpdate strategy type',
    });
  });
});
