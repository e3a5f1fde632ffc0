// describeStatefulSet with the StatefulSet of kubectl's TestDescribeStatefulSet (v0.36.3,
// pkg/describe/describe_test.go), and a claim template's annotations, which describeVolumeClaimTemplates
// prints as labels are (`key=value`, printLabelsMultilineWithIndent).
import { describe, expect, it } from 'vitest';
import type { StatefulSet } from '../../api/statefulTypes.ts';
import { toRFC3339 } from '../../lib/time.ts';
import { describeStatefulSet } from './describeStateful.ts';

function bar(over: Partial<StatefulSet['spec']> = {}): StatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'bar', namespace: 'foo', creationTimestamp: toRFC3339(0) },
    spec: {
      replicas: 1,
      selector: {},
      template: { spec: { containers: [{ name: '', image: 'mytest-image:latest' }] } },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2672 } },
      ...over,
    },
  };
}

describe('describeStatefulSet', () => {
  it.each<[string, StatefulSet, string[]]>([
    ['the update strategy with its partition, and the template', bar(), ['bar', 'foo', 'Containers:', 'mytest-image:latest', '\nUpdate Strategy:    RollingUpdate\n  Partition:        2672\n']],
    [
      'a claim template’s annotations as key=value, like its labels',
      bar({
        volumeClaimTemplates: [
          {
            metadata: { name: 'data', labels: { tier: 'db' }, annotations: { 'example.com/backup': 'daily', note: 'x' } },
            spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
          },
        ],
      }),
      ['\nVolume Claims:\n  Name:          data\n  StorageClass:  \n  Labels:        tier=db\n  Annotations:   example.com/backup=daily\n                 note=x\n  Capacity:      1Gi\n  Access Modes:  [ReadWriteOnce]\n'],
    ],
  ])('prints %s', (_, set, want) => {
    const out = describeStatefulSet(set, [], undefined, 0);
    for (const s of want) expect(out).toContain(s);
    expect(out).not.toContain('Events:');
  });
});
