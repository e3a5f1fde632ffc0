// Conformance: TestStatefulSetStatusViewerStatus of kubernetes/kubectl
// pkg/polymorphichelpers/rollout_status_test.go (v1.36.3), as data in tests/fixtures/k8s-statefulset-cases.json.
import { describe, expect, it } from 'vitest';
import { DRIVERS, casesFor } from '../../../tests/conformance/statefulSetCases.ts';
import type { StatefulSet, StatefulSetStatus } from '../api/statefulTypes.ts';
import { statefulSetStatusViewer } from './rolloutStatusStatefulSet.ts';

describe('rollout_status_test.go TestStatefulSetStatusViewerStatus conformance', () => {
  for (const c of casesFor(DRIVERS.kubectl)) {
    it(c.name, () => {
      const sts: StatefulSet = {
        apiVersion: 'apps/v1',
        kind: 'StatefulSet',
        metadata: { name: 'foo', namespace: 'default', labels: { a: 'b' }, generation: c.input.generation as number },
        spec: {
          replicas: c.input['spec.replicas'] as number,
          podManagementPolicy: 'OrderedReady',
          selector: { matchLabels: { a: 'b' } },
          template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'test', image: 'test_image' }] } },
          updateStrategy: c.input.strategy as StatefulSet['spec']['updateStrategy'],
        },
        status: c.input.status as StatefulSetStatus,
      };
      const got = statefulSetStatusViewer(sts);
      expect(got.error !== null).toBe(c.expected.err);
      expect(got.message).toBe(c.expected.msg);
      // Upstream fails only when the viewer says done while the table says not done.
      if (!c.expected.done) expect(got.done).toBe(false);
    });
  }
});
