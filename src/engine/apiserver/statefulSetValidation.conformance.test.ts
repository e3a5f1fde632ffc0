// Conformance: TestValidateStatefulSetUpdate of kubernetes pkg/apis/apps/validation/validation_test.go,
// as data in tests/fixtures/k8s-statefulset-cases.json. Errors compare by type and field, as
// upstream's cmpopts.IgnoreFields(BadValue, Detail) does; a case that gives a detail checks it too.
import { describe, expect, it } from 'vitest';
import { DRIVERS, casesFor } from '../../../tests/conformance/statefulSetCases.ts';
import type { PersistentVolumeClaim, StatefulSet } from '../api/statefulTypes.ts';
import type { Container } from '../api/types.ts';
import { validateStatefulSetUpdate } from './statefulSetValidation.ts';

type Obj = Record<string, unknown>;
const container = (name: string, image: string): Container => ({ name, image, imagePullPolicy: 'IfNotPresent' });
const TEMPLATES: Record<string, StatefulSet['spec']['template']> = {
  valid: { metadata: { labels: { a: 'b' } }, spec: { restartPolicy: 'Always', containers: [container('abc', 'image')] } },
  valid2: { metadata: { labels: { c: 'd' } }, spec: { restartPolicy: 'Always', containers: [container('abc', 'image')] } },
  addContainers: { metadata: { labels: { a: 'b' } }, spec: { restartPolicy: 'Always', containers: [container('abc', 'image'), container('def', 'image2')] } },
};
const pvc = (name: string, storageClassName: string, storage: string): PersistentVolumeClaim => ({
  metadata: { name },
  spec: { storageClassName, resources: { requests: { storage } } },
});
const PVCS: Record<string, PersistentVolumeClaim> = {
  valid: pvc('pvc-abc', 'storage-class1', '1Gi'),
  changedSize: pvc('pvc-abc', 'storage-class1', '2Gi'),
  changedClass: pvc('pvc-abc', 'storage-class2', '1Gi'),
  valid2: pvc('pvc-abc2', 'storage-class2', '2Gi'),
};

/** mkStatefulSet(template, tweaks…) of validation_test.go: abc in default, OrderedReady, selector a=b, RollingUpdate. */
function mkStatefulSet(t: Obj): StatefulSet {
  const spec: StatefulSet['spec'] = {
    podManagementPolicy: 'OrderedReady',
    selector: { matchLabels: (t.selectorLabels as Record<string, string>) ?? { a: 'b' } },
    template: TEMPLATES[(t.template as string) ?? 'valid'] as StatefulSet['spec']['template'],
    updateStrategy: { type: (t.updateStrategyType as string) ?? 'RollingUpdate' },
  };
  if ('podManagementPolicy' in t) spec.podManagementPolicy = t.podManagementPolicy as string;
  if ('replicas' in t) spec.replicas = t.replicas as number;
  if ('minReadySeconds' in t) spec.minReadySeconds = t.minReadySeconds as number;
  if ('ordinalsStart' in t) spec.ordinals = { start: t.ordinalsStart as number };
  if ('pvcPolicy' in t) spec.persistentVolumeClaimRetentionPolicy = t.pvcPolicy as Obj;
  if ('pvcTemplates' in t) spec.volumeClaimTemplates = (t.pvcTemplates as string[]).map((n) => PVCS[n] as PersistentVolumeClaim);
  if ('revisionHistoryLimit' in t) spec.revisionHistoryLimit = t.revisionHistoryLimit as number;
  if ('serviceName' in t) spec.serviceName = t.serviceName as string;
  const metadata: StatefulSet['metadata'] = { name: (t.name as string) ?? 'abc', namespace: (t.namespace as string) ?? 'default', resourceVersion: '1' };
  if ('finalizers' in t) metadata.finalizers = t.finalizers as string[];
  return { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata, spec };
}

describe('validation_test.go TestValidateStatefulSetUpdate conformance', () => {
  for (const c of casesFor(DRIVERS.validation)) {
    it(c.name, () => {
      const errs = validateStatefulSetUpdate(mkStatefulSet(c.input.update as Obj), mkStatefulSet(c.input.old as Obj));
      const want = c.expected.errs as { type: string; field: string; detail?: string }[];
      const key = (e: { type: string; field: string }) => `${e.field}|${e.type}`;
      expect(errs.map(key).sort()).toEqual(want.map(key).sort());
      for (const w of want) if (w.detail) expect(errs.find((e) => e.field === w.field)?.detail).toBe(w.detail);
    });
  }
});
