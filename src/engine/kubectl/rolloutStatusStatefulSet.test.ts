import { describe, expect, it } from 'vitest';
import type { StatefulSet, StatefulSetStatus } from '../api/statefulTypes.ts';
import { statefulSetStatusViewer } from './rolloutStatusStatefulSet.ts';

function sts(updateStrategy: StatefulSet['spec']['updateStrategy'], status: Partial<StatefulSetStatus>, replicas = 5): StatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web', generation: 2 },
    spec: { replicas, selector: {}, template: { spec: { containers: [] } }, updateStrategy },
    status: { replicas, observedGeneration: 2, ...status },
  };
}

describe('statefulSetStatusViewer', () => {
  it.each([
    ['a partition canary in progress is not done', { type: 'RollingUpdate', rollingUpdate: { partition: 3 } }, { readyReplicas: 5, updatedReplicas: 1 }, 'Waiting for partitioned roll out to finish: 1 out of 2 new pods have been updated...\n', false],
    ['a finished canary prints complete while revisions differ', { type: 'RollingUpdate', rollingUpdate: { partition: 3 } }, { readyReplicas: 5, updatedReplicas: 2, currentRevision: 'web-a', updateRevision: 'web-b' }, 'partitioned roll out complete: 2 new pods have been updated...\n', true],
    ['partition 0 still takes the partitioned branch', { type: 'RollingUpdate', rollingUpdate: { partition: 0 } }, { readyReplicas: 5, updatedReplicas: 5 }, 'partitioned roll out complete: 5 new pods have been updated...\n', true],
    ['without a rollingUpdate block the revisions decide', { type: 'RollingUpdate' }, { readyReplicas: 5, updatedReplicas: 2, currentRevision: 'web-a', updateRevision: 'web-b' }, 'waiting for statefulset rolling update to complete 2 pods at revision web-b...\n', false],
  ])('%s', (_n, strategy, status, message, done) => {
    expect(statefulSetStatusViewer(sts(strategy, status))).toEqual({ message, done, error: null });
  });

  it('refuses OnDelete in kubectl words', () => {
    expect(statefulSetStatusViewer(sts({ type: 'OnDelete' }, {})).error).toBe('error: rollout status is only available for RollingUpdate strategy type');
  });
});
