// Port of the update checks of kubernetes pkg/apis/apps/validation (ValidateDeploymentUpdate,
// ValidateDaemonSetUpdate, v1.36): in apps/v1 a workload's selector is immutable.
import { configMapUpdateErrors, secretUpdateErrors } from './validationConfig.ts';
import { persistentVolumeClaimUpdateErrors } from './validationClaim.ts';
import { validatePersistentVolumeUpdate } from './validationVolumeUpdate.ts';
import type { PersistentVolumeObject } from '../api/volumeTypes.ts';
import type { KubeObject, LabelSelector } from '../api/types.ts';
import { type FieldError, forbidden, invalid, sortedMap } from '../apimachinery/fieldErrors.ts';
import { newFinalizers } from './finalizers.ts';
import { jsonEqual } from './jsonEqual.ts';
import { validateStatefulSetUpdate } from './statefulSetValidation.ts';
import { validatePodUpdate } from './podUpdateValidation.ts';

function selectorValue(s: LabelSelector | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const ml = sortedMap(s?.matchLabels);
  if (ml && Object.keys(ml).length) out.matchLabels = ml;
  if (s?.matchExpressions?.length) out.matchExpressions = s.matchExpressions;
  return out;
}

/**
 * validateUpdate returns the errors of changing `old` into `next`: for a Deployment or a
 * DaemonSet, `spec.selector: Invalid value: {"matchLabels":{"app":"v2"}}: field is immutable`.
 */
export function validateUpdate(old: KubeObject, next: KubeObject): FieldError[] {
  return [...validateObjectMetaUpdate(old, next), ...validateSpecUpdate(old, next)];
}

function validateSpecUpdate(old: KubeObject, next: KubeObject): FieldError[] {
  // A StatefulSet's spec outside its mutable fields: `spec: Forbidden: updates to statefulset spec …`.
  if (old.kind === 'StatefulSet' && next.kind === 'StatefulSet') return validateStatefulSetUpdate(next, old);
  // The object's own rules run with every write (validatePolicyObject); these are the update's.
  if (old.kind === 'ConfigMap' && next.kind === 'ConfigMap') return configMapUpdateErrors(next, old);
  if (old.kind === 'Secret' && next.kind === 'Secret') return secretUpdateErrors(next, old);
  if (old.kind === 'PersistentVolumeClaim' && next.kind === 'PersistentVolumeClaim') return persistentVolumeClaimUpdateErrors(next, old);
  // ValidatePersistentVolumeUpdate whole: it validates the new volume again (validationVolumeUpdate.ts).
  if (old.kind === 'PersistentVolume' && next.kind === 'PersistentVolume') return validatePersistentVolumeUpdate(next as PersistentVolumeObject, old as PersistentVolumeObject);
  if (old.kind === 'Pod' && next.kind === 'Pod') return validatePodUpdate(next.spec, old.spec);
  if ((old.kind === 'Deployment' && next.kind === 'Deployment') || (old.kind === 'DaemonSet' && next.kind === 'DaemonSet')) {
    if (!jsonEqual(selectorValue(old.spec.selector), selectorValue(next.spec.selector))) {
      return [invalid('spec.selector', selectorValue(next.spec.selector), 'field is immutable')];
    }
  }
  return [];
}

/**
 * validateObjectMetaUpdate's finalizer rule: an object being deleted takes no new finalizer (Go's
 * %v of the []string names them), so nothing can hold it longer than it was held when deleted.
 */
function validateObjectMetaUpdate(old: KubeObject, next: KubeObject): FieldError[] {
  const added = newFinalizers(old.metadata, next.metadata);
  if (added.length === 0) return [];
  const list = added.map((f) => JSON.stringify(f)).join(', ');
  return [forbidden('metadata.finalizers', `no new finalizers can be added if the object is being deleted, found new finalizers []string{${list}}`)];
}
