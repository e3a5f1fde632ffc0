import { describe, expect, it } from 'vitest';
import type { PersistentVolumeObject } from '../api/volumeTypes.ts';
import { fieldErrorString } from '../apimachinery/fieldErrors.ts';
import { checkMountOption, setDefaultsPersistentVolume, validatePersistentVolume } from './validationVolume.ts';

const pv = (spec: Record<string, unknown>, name = 'task-pv-volume'): PersistentVolumeObject => ({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name }, spec });
const good = { storageClassName: 'manual', capacity: { storage: '10Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/mnt/data' } };

describe('validatePersistentVolume', () => {
  it.each([
    ['accepts the tutorial volume', good, []],
    [
      'wants access modes, a capacity and a source',
      {},
      ['spec.accessModes: Required value', 'spec.capacity: Required value', 'spec.capacity: Unsupported value: core.ResourceList(nil): supported values: "storage"', 'spec: Required value: must specify a volume type'],
    ],
    ['refuses a capacity of more than storage', { ...good, capacity: { storage: '1Gi', cpu: '1' } }, ['spec.capacity: Unsupported value: core.ResourceList{"cpu":"1", "storage":"1Gi"}: supported values: "storage"']],
    ['refuses a zero capacity', { ...good, capacity: { storage: '0' } }, ['spec.capacity[storage]: Invalid value: "0": must be greater than zero']],
    ['refuses an unknown access mode', { ...good, accessModes: ['ReadWriteSometimes'] }, ['spec.accessModes: Unsupported value: "ReadWriteSometimes": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"']],
    ['refuses ReadWriteOncePod with another mode', { ...good, accessModes: ['ReadWriteOncePod', 'ReadWriteOnce'] }, ['spec.accessModes: Forbidden: may not use ReadWriteOncePod with other access modes']],
    ['refuses an unknown reclaim policy', { ...good, persistentVolumeReclaimPolicy: 'Keep' }, ['spec.persistentVolumeReclaimPolicy: Unsupported value: "Keep": supported values: "Delete", "Recycle", "Retain"']],
    ['refuses an unknown volume mode', { ...good, volumeMode: 'Raw' }, ['spec.volumeMode: Unsupported value: "Raw": supported values: "Block", "Filesystem"']],
    ['refuses two sources', { ...good, nfs: { server: 'nfs', path: '/' } }, ['spec.nfs: Forbidden: may not specify more than 1 volume type']],
    ['wants a hostPath path', { ...good, hostPath: {} }, ['spec.hostPath.path: Required value']],
    ['refuses Recycle of a hostPath mount of /', { ...good, hostPath: { path: '/' }, persistentVolumeReclaimPolicy: 'Recycle' }, ["spec.persistentVolumeReclaimPolicy: Forbidden: may not be 'recycle' for a hostPath mount of '/'"]],
  ])('%s', (_, spec, want) => {
    expect(validatePersistentVolume(pv(spec)).map(fieldErrorString)).toEqual(want);
  });

  it('refuses a name that is not a DNS subdomain', () => {
    expect(validatePersistentVolume(pv(good, 'Task_PV')).map((e) => e.field)).toEqual(['metadata.name']);
  });
});

describe('checkMountOption', () => {
  const annotated = (spec: Record<string, unknown>): PersistentVolumeObject => ({ ...pv(spec), metadata: { name: 'v', annotations: { 'volume.beta.kubernetes.io/mount-options': 'ro' } } });

  it('refuses the mount-options annotation on a hostPath volume', () => {
    expect(checkMountOption(annotated(good)).map(fieldErrorString)).toEqual(['metadata.annotations.volume.beta.kubernetes.io/mount-options: Forbidden: may not specify mount options for this volume type']);
  });

  it('lets an NFS volume have mount options', () => {
    expect(checkMountOption(annotated({ ...good, hostPath: undefined, nfs: { server: 'nfs', path: '/' } }))).toEqual([]);
  });
});

describe('setDefaultsPersistentVolume', () => {
  it('defaults reclaim policy Retain, volume mode Filesystem and an unset hostPath type', () => {
    expect(setDefaultsPersistentVolume(pv(good)).spec).toEqual({ ...good, hostPath: { path: '/mnt/data', type: '' }, persistentVolumeReclaimPolicy: 'Retain', volumeMode: 'Filesystem' });
  });

  it('keeps a reclaim policy the client set', () => {
    expect(setDefaultsPersistentVolume(pv({ ...good, persistentVolumeReclaimPolicy: 'Delete' })).spec.persistentVolumeReclaimPolicy).toBe('Delete');
  });
});
