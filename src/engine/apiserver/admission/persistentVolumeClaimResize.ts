// Port of kubernetes plugin/pkg/admission/storage/persistentvolume/resize/admission.go
// (PersistentVolumeClaimResize's Validate and allowResize, v1.36).
/**
 * A validating admission plugin, run on an update of a claim once its validation passed: a claim's
 * storage request may grow only when the claim is Bound and its StorageClass (the same before and
 * after) sets allowVolumeExpansion. The simulated cluster's one class, kind's `standard`
 * (rancher.io/local-path), does not, and no other class exists, so every growth is refused as on
 * a kind cluster: `persistentvolumeclaims "data" is forbidden: only dynamically provisioned pvc can
 * be resized and the storageclass that provisions the pvc must support resize`.
 */
import type { PersistentVolumeClaim } from '../../api/statefulTypes.ts';
import { cmpQuantities, parseQuantity, type Quantity } from '../../lib/quantity.ts';
import { getPersistentVolumeClaimClass } from '../../lib/storageHelpers.ts';

/** The classes whose allowVolumeExpansion is true: none (server/derived.ts serves `standard` without it). */
const EXPANDABLE_CLASSES: ReadonlySet<string> = new Set();

function storageOf(c: PersistentVolumeClaim): Quantity {
  const v = c.spec.resources?.requests?.storage;
  const q = v === undefined ? null : parseQuantity(String(v));
  return q?.ok ? q.value : { nanos: 0n, format: 'DecimalSI' };
}

/** allowResize: both claims of one class, and that class allows expansion. */
function allowResize(next: PersistentVolumeClaim, old: PersistentVolumeClaim): boolean {
  const cls = getPersistentVolumeClaimClass(next);
  if (cls === '' || cls !== getPersistentVolumeClaimClass(old)) return false;
  return EXPANDABLE_CLASSES.has(cls);
}

/** validatePersistentVolumeClaimResize: why a grown request is refused (NewForbidden's reason), or null. */
export function validatePersistentVolumeClaimResize(next: PersistentVolumeClaim, old: PersistentVolumeClaim): string | null {
  if (cmpQuantities(storageOf(next), storageOf(old)) <= 0) return null;
  if (old.status?.phase !== 'Bound') return 'Only bound persistent volume claims can be expanded';
  if (!allowResize(next, old)) return 'only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize';
  return null;
}
