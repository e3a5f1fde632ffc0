import { describe, expect, it } from 'vitest';
import type { StatefulSet } from '../api/statefulTypes.ts';
import { fieldErrorString, invalidMessage } from '../apimachinery/fieldErrors.ts';
import { setDefaultsStatefulSet } from './statefulSetDefaults.ts';
import { validateStatefulSet, validateStatefulSetStatusUpdate, validateStatefulSetUpdate } from './statefulSetValidation.ts';

function sts(spec: Partial<StatefulSet['spec']> = {}, name = 'web'): StatefulSet {
  return setDefaultsStatefulSet({
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name },
    spec: {
      serviceName: 'web',
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } },
      ...spec,
    },
  });
}
const messages = (s: StatefulSet) => validateStatefulSet(s).map(fieldErrorString);

describe('validateStatefulSet', () => {
  it('accepts a defaulted set', () => expect(messages(sts())).toEqual([]));
  it.each([
    ['a negative partition', { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: -1 } } }, 'spec.updateStrategy.rollingUpdate.partition: Invalid value: -1: must be greater than or equal to 0'],
    ['podManagementPolicy Sometimes', { podManagementPolicy: 'Sometimes' }, `spec.podManagementPolicy: Invalid value: "Sometimes": must be 'OrderedReady' or 'Parallel'`],
    ['an unknown strategy', { updateStrategy: { type: 'Recreate' } }, `spec.updateStrategy: Invalid value: {"Type":"Recreate","RollingUpdate":null}: must be 'RollingUpdate' or 'OnDelete'`],
    ['OnDelete with a rollingUpdate block', { updateStrategy: { type: 'OnDelete', rollingUpdate: { partition: 1 } } }, `spec.updateStrategy.rollingUpdate: Invalid value: {"Partition":1,"MaxUnavailable":null}: only allowed for updateStrategy 'RollingUpdate'`],
    ['maxUnavailable 0', { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0 } } }, 'spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: 0: cannot be 0'],
    ['a bad retention policy', { persistentVolumeClaimRetentionPolicy: { whenScaled: 'Keep', whenDeleted: 'Retain' } }, 'spec.persistentVolumeClaimRetentionPolicy.whenScaled: Unsupported value: "Keep": supported values: "Retain", "Delete"'],
    ['a negative ordinals.start', { ordinals: { start: -1 } }, 'spec.ordinals.start: Invalid value: -1: must be greater than or equal to 0'],
    ['a selector that does not match the template', { selector: { matchLabels: { app: 'db' } } }, 'spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`'],
    ['an empty selector', { selector: {} }, 'spec.selector: Invalid value: {}: empty selector is invalid for statefulset'],
  ])('rejects %s', (_n, spec, want) => {
    expect(messages(sts(spec as Partial<StatefulSet['spec']>))).toContain(want);
  });

  it('rejects activeDeadlineSeconds and a restartPolicy other than Always', () => {
    const bad = sts({ template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }], activeDeadlineSeconds: 5, restartPolicy: 'Never' } } });
    expect(messages(bad)).toEqual([
      'spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
      'spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in StatefulSet is not Supported',
    ]);
  });

  it('wants the name to be a DNS-1123 label', () => {
    expect(messages(sts({}, 'web.v2'))[0]).toMatch(/^metadata\.name: Invalid value: "web.v2": a lowercase RFC 1123 label must consist of/);
  });
});

describe('validateStatefulSetUpdate', () => {
  it.each([
    ['serviceName', { serviceName: 'other' }],
    ['volumeClaimTemplates', { volumeClaimTemplates: [{ metadata: { name: 'www' }, spec: { resources: { requests: { storage: '2Gi' } } } }] }],
    ['podManagementPolicy', { podManagementPolicy: 'Parallel' }],
  ])('forbids changing %s in kube-apiserver words', (_n, spec) => {
    const errs = validateStatefulSetUpdate(sts(spec as Partial<StatefulSet['spec']>), sts());
    expect(invalidMessage('StatefulSet', 'web', errs)).toBe(
      `The StatefulSet "web" is invalid: spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden`,
    );
  });

  it('allows replicas, template, strategy, minReadySeconds, ordinals, retention policy and revisionHistoryLimit', () => {
    const next = sts({
      replicas: 5,
      minReadySeconds: 10,
      ordinals: { start: 1 },
      revisionHistoryLimit: 3,
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } },
      persistentVolumeClaimRetentionPolicy: { whenScaled: 'Delete', whenDeleted: 'Delete' },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.28' }] } },
    });
    expect(validateStatefulSetUpdate(next, sts())).toEqual([]);
  });
});

describe('validateStatefulSetStatusUpdate', () => {
  it('rejects counts above replicas, available above ready and a decremented collisionCount', () => {
    const old = { ...sts(), status: { replicas: 3, collisionCount: 2 } };
    const next = { ...sts(), status: { replicas: 3, readyReplicas: 2, availableReplicas: 3, updatedReplicas: 4, collisionCount: 1 } };
    expect(validateStatefulSetStatusUpdate(next, old).map(fieldErrorString)).toEqual([
      'status.updatedReplicas: Invalid value: 4: cannot be greater than status.replicas',
      'status.availableReplicas: Invalid value: 3: cannot be greater than status.readyReplicas',
      'status.collisionCount: Invalid value: 1: cannot be decremented',
    ]);
  });
});
