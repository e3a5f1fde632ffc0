import { describe, expect, it } from 'vitest';
import type { Event } from '../../api/types.ts';
import { defaultServiceAccount, type ServiceAccount } from '../../apiserver/serviceAccounts.ts';
import { type PersistentVolume, standardStorageClass, type StorageClass } from '../../controller/volume/persistentVolume.ts';
import { describePersistentVolume, describeServiceAccount, describeStorageClass } from './describeStorage.ts';

// The virtual clock, 2 minutes after the cluster's epoch (2026-01-01T00:00:00Z).
const NOW = 120_000;
const CREATED = '2026-01-01T00:00:00Z';

function volume(over: { nodeAffinity?: PersistentVolume['spec']['nodeAffinity'] | null; deleted?: string; annotations?: Record<string, string>; storage?: string } = {}): PersistentVolume {
  const { nodeAffinity: _n, ...spec } = {
    accessModes: ['ReadWriteOnce'],
    capacity: { storage: over.storage ?? '1Gi' },
    claimRef: { apiVersion: 'v1' as const, kind: 'PersistentVolumeClaim' as const, name: 'data-store-0', namespace: 'default', resourceVersion: '9', uid: 'c-uid' },
    hostPath: { path: '/var/local-path-provisioner/pvc-c-uid_default_data-store-0', type: 'DirectoryOrCreate' },
    nodeAffinity: undefined,
    persistentVolumeReclaimPolicy: 'Delete',
    storageClassName: 'standard',
    volumeMode: 'Filesystem',
  };
  const affinity =
    over.nodeAffinity === null
      ? {}
      : { nodeAffinity: over.nodeAffinity ?? { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['node-2'] }] }] } } };
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: {
      name: 'pvc-c-uid',
      creationTimestamp: CREATED,
      annotations: over.annotations ?? { 'pv.kubernetes.io/provisioned-by': 'rancher.io/local-path' },
      finalizers: ['kubernetes.io/pv-protection'],
      ...(over.deleted ? { deletionTimestamp: over.deleted } : {}),
    },
    spec: { ...spec, ...affinity },
    status: { phase: 'Bound' },
  };
}

const SOURCE = `Source:
    Type:          HostPath (bare host directory volume)
    Path:          /var/local-path-provisioner/pvc-c-uid_default_data-store-0
    HostPathType:  DirectoryOrCreate
`;

describe('describePersistentVolume', () => {
  it.each([
    [
      // The real kubectl's, against npm run serve (server/derivedAsPage.test.ts).
      'a local-path volume on its node',
      volume(),
      `Name:              pvc-c-uid
Labels:            <none>
Annotations:       pv.kubernetes.io/provisioned-by: rancher.io/local-path
Finalizers:        [kubernetes.io/pv-protection]
StorageClass:      standard
Status:            Bound
Claim:             default/data-store-0
Reclaim Policy:    Delete
Access Modes:      RWO
VolumeMode:        Filesystem
Capacity:          1Gi
Node Affinity:     
  Required Terms:  
    Term 0:        kubernetes.io/hostname in [node-2]
Message:           
${SOURCE}`,
    ],
    [
      'one being deleted, its class from the beta annotation, no affinity, its capacity canonical',
      volume({ deleted: '2026-01-01T00:01:30Z', annotations: { 'volume.beta.kubernetes.io/storage-class': 'old' }, nodeAffinity: null, storage: '1.5Gi' }),
      `Name:            pvc-c-uid
Labels:          <none>
Annotations:     volume.beta.kubernetes.io/storage-class: old
Finalizers:      [kubernetes.io/pv-protection]
StorageClass:    old
Status:          Terminating (lasts 30s)
Claim:           default/data-store-0
Reclaim Policy:  Delete
Access Modes:    RWO
VolumeMode:      Filesystem
Capacity:        1536Mi
Node Affinity:   <none>
Message:         
${SOURCE}`,
    ],
    [
      'terms with several requirements, and none',
      volume({
        nodeAffinity: {
          required: {
            nodeSelectorTerms: [
              {
                matchExpressions: [
                  { key: 'zone', operator: 'NotIn', values: ['a', 'b'] },
                  { key: 'ssd', operator: 'Exists', values: [] },
                ],
              },
              { matchExpressions: [] },
            ],
          },
        },
      }),
      `Name:              pvc-c-uid
Labels:            <none>
Annotations:       pv.kubernetes.io/provisioned-by: rancher.io/local-path
Finalizers:        [kubernetes.io/pv-protection]
StorageClass:      standard
Status:            Bound
Claim:             default/data-store-0
Reclaim Policy:    Delete
Access Modes:      RWO
VolumeMode:        Filesystem
Capacity:          1Gi
Node Affinity:     
  Required Terms:  
    Term 0:        zone notin [a, b]
                   ssd exists
    Term 1:        <none>
Message:           
${SOURCE}`,
    ],
  ])('%s', (_what, pv, want) => {
    expect(describePersistentVolume(pv, undefined, NOW)).toBe(want);
  });

  it('ends with its Events when asked for them', () => {
    expect(describePersistentVolume(volume(), [], NOW).endsWith('HostPathType:  DirectoryOrCreate\nEvents:            <none>\n')).toBe(true);
  });
});

describe('describeStorageClass', () => {
  const fast = {
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: { name: 'fast', annotations: { 'storageclass.beta.kubernetes.io/is-default-class': 'true', team: 'a' } },
    provisioner: 'example.com/ssd',
    allowVolumeExpansion: true,
    parameters: { type: 'pd-ssd', zone: 'a' },
    mountOptions: ['debug', 'noatime'],
  } as StorageClass;
  it.each([
    [
      "kind's standard",
      standardStorageClass(CREATED, '4'),
      [] as Event[],
      `Name:                  standard
IsDefaultClass:        Yes
Annotations:           storageclass.kubernetes.io/is-default-class=true
Provisioner:           rancher.io/local-path
Parameters:            <none>
AllowVolumeExpansion:  <unset>
MountOptions:          <none>
ReclaimPolicy:         Delete
VolumeBindingMode:     WaitForFirstConsumer
Events:                <none>
`,
    ],
    [
      'a class with parameters and mount options, default by the beta annotation, without Events',
      fast,
      undefined,
      `Name:                  fast
IsDefaultClass:        Yes
Annotations:           storageclass.beta.kubernetes.io/is-default-class=true,team=a
Provisioner:           example.com/ssd
Parameters:            type=pd-ssd,zone=a
AllowVolumeExpansion:  True
MountOptions:
  debug
  noatime
`,
    ],
  ])('%s', (_what, sc, events, want) => {
    expect(describeStorageClass(sc, events, NOW)).toBe(want);
  });
});

describe('describeServiceAccount', () => {
  const sa = defaultServiceAccount({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'data', creationTimestamp: CREATED } });
  const puller = { ...sa, metadata: { ...sa.metadata, labels: { team: 'a' } }, imagePullSecrets: [{ name: 'regcred' }, { name: 'mirror' }] } as ServiceAccount;
  it.each([
    [
      "a namespace's default account",
      sa,
      `Name:                default
Namespace:           data
Labels:              <none>
Annotations:         <none>
Image pull secrets:  <none>
Events:              <none>
`,
    ],
    [
      'one with image pull secrets',
      puller,
      `Name:                default
Namespace:           data
Labels:              team=a
Annotations:         <none>
Image pull secrets:  regcred
                     mirror
Events:              <none>
`,
    ],
  ])('%s', (_what, account, want) => {
    expect(describeServiceAccount(account, [], NOW)).toBe(want);
  });
});
