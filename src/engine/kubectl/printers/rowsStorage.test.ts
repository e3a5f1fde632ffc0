import { describe, expect, it } from 'vitest';
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import { defaultServiceAccount } from '../../apiserver/serviceAccounts.ts';
import { type PersistentVolume, persistentVolumeOf, standardStorageClass, type StorageClass } from '../../controller/volume/persistentVolume.ts';
import { printTable } from './table.ts';
import { printPersistentVolume, printServiceAccount, printStorageClass, STORAGE_COLUMNS, storageRow } from './rowsStorage.ts';

// The virtual clock, 2 minutes after the cluster's epoch (2026-01-01T00:00:00Z).
const NOW = 120_000;
const CREATED = '2026-01-01T00:00:00Z';

/** A claim bound to its local-path volume on node-2. */
function claim(over: { storage?: string; accessModes?: string[]; storageClassName?: string } = {}): PersistentVolumeClaimObject {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name: 'data-store-0', namespace: 'default', uid: 'c-uid', resourceVersion: '9', creationTimestamp: CREATED, annotations: { 'volume.kubernetes.io/selected-node': 'node-2' } },
    spec: {
      accessModes: over.accessModes ?? ['ReadWriteOnce'],
      resources: { requests: { storage: over.storage ?? '1Gi' } },
      volumeName: 'pvc-c-uid',
      storageClassName: over.storageClassName ?? 'standard',
      volumeMode: 'Filesystem',
    },
    status: { phase: 'Bound', accessModes: over.accessModes ?? ['ReadWriteOnce'], capacity: { storage: over.storage ?? '1Gi' } },
  } as PersistentVolumeClaimObject;
}

function volume(over: Parameters<typeof claim>[0] = {}): PersistentVolume {
  const pv = persistentVolumeOf(claim(over));
  if (!pv) throw new Error('the claim is bound');
  return pv;
}

describe('printPersistentVolume', () => {
  it.each([
    ['a bound volume', volume(), ['pvc-c-uid', '1Gi', 'RWO', 'Delete', 'Bound', 'default/data-store-0', 'standard', '<unset>', '', '2m', 'Filesystem']],
    ['a shared one, its quantity canonical', volume({ storage: '1.5Gi', accessModes: ['ReadWriteMany', 'ReadOnlyMany'] }), ['pvc-c-uid', '1536Mi', 'ROX,RWX', 'Delete', 'Bound', 'default/data-store-0', 'standard', '<unset>', '', '2m', 'Filesystem']],
    ['one being deleted', { ...volume(), metadata: { ...volume().metadata, deletionTimestamp: '2026-01-01T00:01:00Z' } }, ['pvc-c-uid', '1Gi', 'RWO', 'Delete', 'Terminating', 'default/data-store-0', 'standard', '<unset>', '', '2m', 'Filesystem']],
  ])('%s', (_what, pv, want) => {
    expect(printPersistentVolume(pv, NOW)).toEqual(want);
    expect(printPersistentVolume(pv, NOW)).toHaveLength(STORAGE_COLUMNS.PersistentVolume.length);
  });
});

describe('printStorageClass', () => {
  const standard = standardStorageClass(CREATED, '4');
  const fast: StorageClass = { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'fast', creationTimestamp: CREATED }, provisioner: 'example.com/ssd', allowVolumeExpansion: true };
  it.each([
    ['the default class', standard, ['standard (default)', 'rancher.io/local-path', 'Delete', 'WaitForFirstConsumer', false, '2m']],
    ['a class that leaves its policies to the defaults', fast, ['fast', 'example.com/ssd', 'Delete', 'Immediate', true, '2m']],
  ])('%s', (_what, sc, want) => {
    expect(printStorageClass(sc, NOW)).toEqual(want);
  });
});

describe('storageRow and printTable', () => {
  const sa = defaultServiceAccount({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'data', creationTimestamp: CREATED } });
  it.each([
    ['an account', sa, false, ['default', '0', '2m']],
    ['a class, the bool as %v prints it', standardStorageClass(CREATED, '4'), false, ['standard (default)', 'rancher.io/local-path', 'Delete', 'WaitForFirstConsumer', 'false', '2m']],
    ['a volume without -o wide', volume(), false, ['pvc-c-uid', '1Gi', 'RWO', 'Delete', 'Bound', 'default/data-store-0', 'standard', '<unset>', '', '2m']],
    ['a volume with -o wide', volume(), true, ['pvc-c-uid', '1Gi', 'RWO', 'Delete', 'Bound', 'default/data-store-0', 'standard', '<unset>', '', '2m', 'Filesystem']],
  ])('%s', (_what, obj, wide, want) => {
    expect(storageRow(obj, NOW, wide)).toEqual(want);
  });

  it('counts the secrets an account lists', () => {
    expect(printServiceAccount(sa, NOW)).toEqual(['default', 0, '2m']);
  });

  it.each([
    ['get sa -A: the namespace first', 'ServiceAccount', [sa], { allNamespaces: true }, 'NAMESPACE   NAME      SECRETS   AGE\ndata        default   0         2m\n'],
    ['get pv -A: a cluster-scoped kind has none', 'PersistentVolume', [volume()], { allNamespaces: true }, 'NAME        CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM                  STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE\npvc-c-uid   1Gi        RWO            Delete           Bound    default/data-store-0   standard       <unset>                          2m\n'],
    ['get pvc,pv -A: the column kept, its cells empty', 'StorageClass', [standardStorageClass(CREATED, '4')], { allNamespaces: true, namespaceColumn: true, withKind: true }, 'NAMESPACE   NAME                                             PROVISIONER             RECLAIMPOLICY   VOLUMEBINDINGMODE      ALLOWVOLUMEEXPANSION   AGE\n            storageclass.storage.k8s.io/standard (default)   rancher.io/local-path   Delete          WaitForFirstConsumer   false                  2m\n'],
  ] as const)('%s', (_what, kind, objects, opts, want) => {
    expect(printTable(kind, objects as never, NOW, opts).stdout).toBe(want);
  });
});
