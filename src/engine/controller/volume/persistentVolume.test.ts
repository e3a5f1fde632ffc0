import { describe, expect, it } from 'vitest';
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import { persistentVolumeOf, standardStorageClass } from './persistentVolume.ts';

const claim = (status: PersistentVolumeClaimObject['status'], volumeName?: string): PersistentVolumeClaimObject => ({
  apiVersion: 'v1',
  kind: 'PersistentVolumeClaim',
  metadata: { name: 'data-web-0', namespace: 'db', uid: 'c-1', resourceVersion: '42', creationTimestamp: '2026-01-01T00:00:05Z', annotations: { 'volume.kubernetes.io/selected-node': 'node-2' } },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, storageClassName: 'standard', ...(volumeName ? { volumeName } : {}) },
  ...(status ? { status } : {}),
});

describe('persistentVolumeOf', () => {
  it.each([
    ['a Pending claim', claim({ phase: 'Pending' })],
    ['a claim with no volume yet', claim({ phase: 'Bound' })],
  ])('has no volume for %s', (_name, c) => {
    expect(persistentVolumeOf(c)).toBeUndefined();
  });

  it('is the local-path volume of a Bound claim: on its selected node, Delete, bound back to the claim', () => {
    const pv = persistentVolumeOf(claim({ phase: 'Bound', capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'] }, 'pvc-c-1'));
    expect(pv?.metadata).toMatchObject({ name: 'pvc-c-1', resourceVersion: '42', creationTimestamp: '2026-01-01T00:00:05Z', finalizers: ['kubernetes.io/pv-protection'] });
    expect(pv?.metadata.annotations).toEqual({ 'pv.kubernetes.io/provisioned-by': 'rancher.io/local-path', 'local.path.provisioner/selected-node': 'node-2' });
    expect(pv?.spec).toEqual({
      accessModes: ['ReadWriteOnce'],
      capacity: { storage: '1Gi' },
      claimRef: { apiVersion: 'v1', kind: 'PersistentVolumeClaim', name: 'data-web-0', namespace: 'db', resourceVersion: '42', uid: 'c-1' },
      hostPath: { path: '/var/local-path-provisioner/pvc-c-1_db_data-web-0', type: 'DirectoryOrCreate' },
      nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['node-2'] }] }] } },
      persistentVolumeReclaimPolicy: 'Delete',
      storageClassName: 'standard',
      volumeMode: 'Filesystem',
    });
    expect(pv?.status.phase).toBe('Bound');
  });
});

describe('standardStorageClass', () => {
  it('is kind’s default class: local-path, Delete, WaitForFirstConsumer', () => {
    const sc = standardStorageClass('2026-01-01T00:00:00Z', '4');
    expect(sc).toMatchObject({ provisioner: 'rancher.io/local-path', reclaimPolicy: 'Delete', volumeBindingMode: 'WaitForFirstConsumer' });
    expect(sc.metadata.annotations).toEqual({ 'storageclass.kubernetes.io/is-default-class': 'true' });
  });
});
