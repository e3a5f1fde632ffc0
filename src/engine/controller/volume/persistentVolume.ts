// The PersistentVolumes and the StorageClass a kind cluster's local-path provisioner
// (rancher.io/local-path) gives the simulated claims (binder.ts), as kube-apiserver serves them.
/**
 * The engine stores no PersistentVolume (binder.ts): the claim's side (spec.volumeName, the bind
 * annotations, status) is what its controllers read. The served API and `kubectl get pv` read each
 * volume from its bound claim here:
 * - named `pvc-<claim uid>`, Bound to the claim, its capacity and access modes the claim's;
 * - provisioned on the claim's selected node (a local-path volume is a directory on one node,
 *   hence the node affinity);
 * - reclaim policy Delete, the class's: it goes with its claim.
 *
 * Modelling choice: a volume's creationTimestamp and resourceVersion are its claim's (the engine
 * keeps no time of the bind; a bind writes the claim).
 */
import { LabelHostname } from '../../api/constants.ts';
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import type { ObjectMeta } from '../../api/types.ts';
import { nameUidOf } from '../../client/eventUids.ts';
import { SelectedNodeAnnotation } from './binder.ts';
import { LocalPathProvisioner, StandardStorageClassName } from '../../lib/storageHelpers.ts';

/** The default class a kind cluster has (lib/storageHelpers.ts), and its provisioner. */
export { LocalPathProvisioner, StandardStorageClassName };
/** storageutil.IsDefaultStorageClassAnnotation. */
export const IsDefaultStorageClassAnnotation = 'storageclass.kubernetes.io/is-default-class';
/** The PV protection admission plugin's finalizer. */
export const PVProtectionFinalizer = 'kubernetes.io/pv-protection';

/** storage.k8s.io/v1 StorageClass, the fields kind's `standard` sets. */
export interface StorageClass {
  apiVersion: 'storage.k8s.io/v1';
  kind: 'StorageClass';
  metadata: ObjectMeta;
  provisioner: string;
  reclaimPolicy?: string;
  volumeBindingMode?: string;
  allowVolumeExpansion?: boolean;
}

/** core/v1 PersistentVolume, the fields a local-path volume has. */
export interface PersistentVolume {
  apiVersion: 'v1';
  kind: 'PersistentVolume';
  metadata: ObjectMeta;
  spec: {
    accessModes: string[];
    capacity: Record<string, string>;
    claimRef: { apiVersion: 'v1'; kind: 'PersistentVolumeClaim'; name: string; namespace: string; resourceVersion: string; uid: string };
    hostPath: { path: string; type: string };
    nodeAffinity?: { required: { nodeSelectorTerms: { matchExpressions: { key: string; operator: string; values: string[] }[] }[] } };
    persistentVolumeReclaimPolicy: string;
    storageClassName: string;
    volumeMode: string;
  };
  status: { phase: string; lastPhaseTransitionTime?: string };
}

/**
 * standardStorageClass is kind's default class, made with the cluster at `createdAt` (the
 * kube-system namespace's creationTimestamp): WaitForFirstConsumer, so a claim waits for its pod's node.
 */
export function standardStorageClass(createdAt: string, resourceVersion: string): StorageClass {
  return {
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: {
      name: StandardStorageClassName,
      uid: nameUidOf(StandardStorageClassName, '/storageclass'),
      resourceVersion,
      creationTimestamp: createdAt,
      annotations: { [IsDefaultStorageClassAnnotation]: 'true' },
    },
    provisioner: LocalPathProvisioner,
    reclaimPolicy: 'Delete',
    volumeBindingMode: 'WaitForFirstConsumer',
  };
}

/** persistentVolumeOf is the volume a claim is bound to, or undefined while it is not bound. */
export function persistentVolumeOf(claim: PersistentVolumeClaimObject): PersistentVolume | undefined {
  const name = claim.spec.volumeName;
  if (!name || claim.status?.phase !== 'Bound') return undefined;
  const namespace = claim.metadata.namespace ?? 'default';
  const node = claim.metadata.annotations?.[SelectedNodeAnnotation];
  const storage = claim.status.capacity?.storage ?? claim.spec.resources?.requests?.storage;
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: {
      name,
      uid: nameUidOf(name, '/pv'),
      resourceVersion: claim.metadata.resourceVersion ?? '',
      creationTimestamp: claim.metadata.creationTimestamp ?? '',
      annotations: { 'pv.kubernetes.io/provisioned-by': LocalPathProvisioner, ...(node ? { 'local.path.provisioner/selected-node': node } : {}) },
      finalizers: [PVProtectionFinalizer],
    },
    spec: {
      accessModes: claim.spec.accessModes ?? ['ReadWriteOnce'],
      capacity: storage ? { storage } : {},
      claimRef: { apiVersion: 'v1', kind: 'PersistentVolumeClaim', name: claim.metadata.name, namespace, resourceVersion: claim.metadata.resourceVersion ?? '', uid: claim.metadata.uid ?? '' },
      hostPath: { path: `/var/local-path-provisioner/${name}_${namespace}_${claim.metadata.name}`, type: 'DirectoryOrCreate' },
      ...(node ? { nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: LabelHostname, operator: 'In', values: [node] }] }] } } } : {}),
      persistentVolumeReclaimPolicy: 'Delete',
      storageClassName: claim.spec.storageClassName ?? StandardStorageClassName,
      volumeMode: claim.spec.volumeMode ?? 'Filesystem',
    },
    status: { phase: 'Bound', ...(claim.metadata.creationTimestamp ? { lastPhaseTransitionTime: claim.metadata.creationTimestamp } : {}) },
  };
}
