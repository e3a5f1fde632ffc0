// Port of kubernetes pkg/printers/internalversion/printers.go (v1.36): the column definitions of
// persistentVolumeColumnDefinitions, storageClassColumnDefinitions and serviceAccountColumnDefinitions,
// and printPersistentVolume, printStorageClass and printServiceAccount — the cells of the Tables
// the served API answers (server/derived.ts) and of the page's `kubectl get pv|sc|sa`.
import type { PersistentVolume, ServiceAccount, StorageClass } from '../derivedObjects.ts';
import { IsDefaultStorageClassAnnotation } from '../../controller/volume/persistentVolume.ts';
import { formatAge } from '../../lib/duration.ts';
import { canonicalQuantity } from '../../lib/quantity.ts';
import { accessModesAsString } from './describeStateful.ts';
import type { Column } from './rows.ts';

/** A column with its Table type and description (Name and Age: metav1.ObjectMeta's, which the server adds). */
export interface StorageColumn extends Column {
  type: 'string' | 'integer' | 'boolean';
  description?: string;
}

/** A cell as the Go printer fills it: a string, an int64 or a bool. */
export type Cell = string | number | boolean;

const col = (name: string, description?: string, wide = false, type: StorageColumn['type'] = 'string'): StorageColumn => ({
  name,
  wide,
  type,
  ...(description !== undefined ? { description } : {}),
});

/** The column definitions of each kind, in order. */
export const STORAGE_COLUMNS = {
  PersistentVolume: [
    col('Name'),
    col('Capacity', 'capacity is the description of the persistent volume\u2019s resources and capacity.'),
    col('Access Modes', 'accessModes contains all ways the volume can be mounted.'),
    col('Reclaim Policy', 'persistentVolumeReclaimPolicy defines what happens to a persistent volume when released from its claim.'),
    col('Status', 'phase indicates if a volume is available, bound to a claim, or released by a claim.'),
    col('Claim', 'claimRef is part of a bi-directional binding between PersistentVolume and PersistentVolumeClaim.'),
    col('StorageClass', 'StorageClass of the pv'),
    col('VolumeAttributesClass', 'VolumeAttributesClass of the pv'),
    col('Reason', 'reason is a brief CamelCase string that describes any failure and is meant for machine parsing and tidy display in the CLI.'),
    col('Age'),
    col('VolumeMode', 'volumeMode defines if a volume is intended to be used with a formatted filesystem or to remain in raw block state.', true),
  ],
  StorageClass: [
    col('Name'),
    col('Provisioner', 'provisioner indicates the type of the provisioner.'),
    col('ReclaimPolicy', 'reclaimPolicy controls the reclaimPolicy for dynamically provisioned PersistentVolumes of this storage class. Defaults to Delete.'),
    col('VolumeBindingMode', 'volumeBindingMode indicates how PersistentVolumeClaims should be provisioned and bound.  When unset, VolumeBindingImmediate is used.'),
    col('AllowVolumeExpansion', 'allowVolumeExpansion shows whether the storage class allow volume expand.', false, 'boolean'),
    col('Age'),
  ],
  ServiceAccount: [
    col('Name'),
    col('Secrets', 'Secrets is a list of the secrets in the same namespace that pods running using this ServiceAccount are allowed to use.', false, 'integer'),
    col('Age'),
  ],
} as const satisfies Record<string, readonly StorageColumn[]>;

/** The kinds printed here. */
export type StorageKind = keyof typeof STORAGE_COLUMNS;

const age = (o: { metadata: { creationTimestamp?: string } }, nowMs: number) => formatAge(nowMs, o.metadata.creationTimestamp ?? '');

/**
 * printPersistentVolume: NAME CAPACITY (Quantity.String()) ACCESS MODES RECLAIM POLICY STATUS (Terminating once
 * deleted) CLAIM (namespace/name) STORAGECLASS VOLUMEATTRIBUTESCLASS (`<unset>`) REASON AGE [VOLUMEMODE].
 */
export function printPersistentVolume(pv: PersistentVolume, nowMs: number): Cell[] {
  const phase = pv.metadata.deletionTimestamp ? 'Terminating' : (pv.status?.phase ?? '');
  const ref = pv.spec.claimRef;
  const claim = ref ? `${ref.namespace ?? ''}/${ref.name ?? ''}` : '';
  return [
    pv.metadata.name,
    canonicalQuantity(pv.spec.capacity?.storage ?? '0'),
    accessModesAsString(pv.spec.accessModes ?? []),
    pv.spec.persistentVolumeReclaimPolicy ?? '',
    phase,
    claim,
    pv.spec.storageClassName ?? '',
    '<unset>',
    pv.status?.reason ?? '',
    age(pv, nowMs),
    pv.spec.volumeMode ?? '',
  ];
}

/** printStorageClass: NAME (`standard (default)` for the default class) PROVISIONER RECLAIMPOLICY VOLUMEBINDINGMODE ALLOWVOLUMEEXPANSION AGE. */
export function printStorageClass(sc: StorageClass, nowMs: number): Cell[] {
  const name = sc.metadata.annotations?.[IsDefaultStorageClassAnnotation] === 'true' ? `${sc.metadata.name} (default)` : sc.metadata.name;
  return [name, sc.provisioner, sc.reclaimPolicy ?? 'Delete', sc.volumeBindingMode ?? 'Immediate', sc.allowVolumeExpansion === true, age(sc, nowMs)];
}

/** printServiceAccount: NAME SECRETS (how many it lists) AGE. */
export function printServiceAccount(sa: ServiceAccount, nowMs: number): Cell[] {
  return [sa.metadata.name, 0, age(sa, nowMs)];
}

/** storageCells is a derived object's Table cells, every column, as the server sends them. */
export function storageCells(obj: PersistentVolume | StorageClass | ServiceAccount, nowMs: number): Cell[] {
  if (obj.kind === 'PersistentVolume') return printPersistentVolume(obj, nowMs);
  if (obj.kind === 'StorageClass') return printStorageClass(obj, nowMs);
  return printServiceAccount(obj, nowMs);
}

/** storageRow is the row kubectl prints: each cell as `%v` prints it, the priority-1 ones only with -o wide. */
export function storageRow(obj: PersistentVolume | StorageClass | ServiceAccount, nowMs: number, wide: boolean): string[] {
  const columns: readonly StorageColumn[] = STORAGE_COLUMNS[obj.kind];
  return storageCells(obj, nowMs)
    .filter((_, i) => wide || columns[i]?.wide !== true)
    .map(String);
}
