// Port of kubernetes pkg/printers/internalversion/printers.go (v1.36): statefulSetColumnDefinitions,
// printStatefulSet, pvcColumnDefinitions and printPersistentVolumeClaim.
import type { PersistentVolumeClaimObject, StatefulSet } from '../../api/statefulTypes.ts';
import { formatAge } from '../../lib/duration.ts';
import { type Column, layoutContainerCells } from './rows.ts';

const col = (name: string, wide = false): Column => ({ name, wide });

/** The StatefulSet's and the claim's columns (no UP-TO-DATE or AVAILABLE on a StatefulSet). */
export const STATEFUL_COLUMNS = {
  StatefulSet: [col('Name'), col('Ready'), col('Age'), col('Containers', true), col('Images', true)],
  PersistentVolumeClaim: [
    col('Name'),
    col('Status'),
    col('Volume'),
    col('Capacity'),
    col('Access Modes'),
    col('StorageClass'),
    col('VolumeAttributesClass'),
    col('Age'),
    col('VolumeMode', true),
  ],
} as const satisfies Record<string, readonly Column[]>;

/** statefulSetRow: NAME READY (readyReplicas/spec.replicas) AGE [CONTAINERS IMAGES]. */
export function statefulSetRow(set: StatefulSet, nowMs: number, wide: boolean): string[] {
  const row = [set.metadata.name, `${set.status?.readyReplicas ?? 0}/${set.spec.replicas ?? 1}`, formatAge(nowMs, set.metadata.creationTimestamp)];
  if (wide) row.push(...layoutContainerCells(set.spec.template.spec.containers));
  return row;
}

const ACCESS_MODES: Readonly<Record<string, string>> = {
  ReadWriteOnce: 'RWO',
  ReadOnlyMany: 'ROX',
  ReadWriteMany: 'RWX',
  ReadWriteOncePod: 'RWOP',
};

/** getAccessModesAsString: the short forms, each once, in RWO ROX RWX RWOP order, joined by commas. */
export function getAccessModesAsString(modes: readonly string[] | undefined): string {
  const have = new Set(modes ?? []);
  return Object.keys(ACCESS_MODES)
    .filter((m) => have.has(m))
    .map((m) => ACCESS_MODES[m] as string)
    .join(',');
}

/**
 * persistentVolumeClaimRow: NAME STATUS VOLUME CAPACITY ACCESS MODES STORAGECLASS
 * VOLUMEATTRIBUTESCLASS AGE [VOLUMEMODE]. Capacity and access modes come from the status, so a
 * Pending claim shows them empty; a claim being deleted shows Terminating.
 */
export function persistentVolumeClaimRow(pvc: PersistentVolumeClaimObject, nowMs: number, wide: boolean): string[] {
  const phase = pvc.metadata.deletionTimestamp ? 'Terminating' : (pvc.status?.phase ?? '');
  const bound = (pvc.spec.volumeName ?? '') !== '';
  const row = [
    pvc.metadata.name,
    phase,
    pvc.spec.volumeName ?? '',
    bound ? (pvc.status?.capacity?.storage ?? '') : '',
    bound ? getAccessModesAsString(pvc.status?.accessModes) : '',
    pvc.spec.storageClassName ?? '',
    pvc.spec.volumeAttributesClassName ?? '<unset>',
    formatAge(nowMs, pvc.metadata.creationTimestamp),
  ];
  if (wide) row.push(pvc.spec.volumeMode ?? '<unset>');
  return row;
}
