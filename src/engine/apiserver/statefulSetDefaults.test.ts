import { describe, expect, it } from 'vitest';
import type { StatefulSet } from '../api/statefulTypes.ts';
import { dropStatefulSetDisabledFields, setDefaultsStatefulSet } from './statefulSetDefaults.ts';

function sts(spec: Partial<StatefulSet['spec']> = {}): StatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web' },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } },
      ...spec,
    },
  };
}

describe('setDefaultsStatefulSet', () => {
  it('fills policy, strategy with partition 0, retention, replicas, history limit and namespace when nothing is set', () => {
    const d = setDefaultsStatefulSet(sts());
    expect(d.metadata.namespace).toBe('default');
    expect(d.spec).toMatchObject({
      podManagementPolicy: 'OrderedReady',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
      replicas: 1,
      revisionHistoryLimit: 10,
    });
    expect(d.spec.updateStrategy?.rollingUpdate).not.toHaveProperty('maxUnavailable');
    expect(d.spec.template.spec.restartPolicy).toBe('Always');
  });

  it('leaves rollingUpdate unset when the type RollingUpdate is given explicitly', () => {
    expect(setDefaultsStatefulSet(sts({ updateStrategy: { type: 'RollingUpdate' } })).spec.updateStrategy).toEqual({ type: 'RollingUpdate' });
  });

  it('defaults a given rollingUpdate block partition to 0 and leaves OnDelete alone', () => {
    expect(setDefaultsStatefulSet(sts({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: {} } })).spec.updateStrategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { partition: 0 } });
    expect(setDefaultsStatefulSet(sts({ updateStrategy: { type: 'OnDelete' } })).spec.updateStrategy).toEqual({ type: 'OnDelete' });
  });

  it('defaults a claim template volumeMode Filesystem and phase Pending, and an empty retention field to Retain', () => {
    const d = setDefaultsStatefulSet(sts({ volumeClaimTemplates: [{ metadata: { name: 'www' }, spec: {} }], persistentVolumeClaimRetentionPolicy: { whenScaled: 'Delete' } }));
    expect(d.spec.volumeClaimTemplates?.[0]).toMatchObject({ spec: { volumeMode: 'Filesystem' }, status: { phase: 'Pending' } });
    expect(d.spec.persistentVolumeClaimRetentionPolicy).toEqual({ whenScaled: 'Delete', whenDeleted: 'Retain' });
  });
});

describe('dropStatefulSetDisabledFields', () => {
  const withMu = sts({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1, maxUnavailable: 2 } } });
  it('drops maxUnavailable on create with MaxUnavailableStatefulSet off (v1.36)', () => {
    expect(dropStatefulSetDisabledFields(withMu, null).spec.updateStrategy?.rollingUpdate).toEqual({ partition: 1 });
  });
  it('keeps it when the stored object already used it, or with the gate on', () => {
    expect(dropStatefulSetDisabledFields(withMu, withMu)).toBe(withMu);
    expect(dropStatefulSetDisabledFields(withMu, null, true)).toBe(withMu);
  });
});
