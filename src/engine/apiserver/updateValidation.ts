// Port of the update checks of kubernetes pkg/apis/apps/validation (ValidateDeploymentUpdate,
// ValidateDaemonSetUpdate, v1.36): in apps/v1 a workload's selector is immutable.
import type { KubeObject, LabelSelector } from '../api/types.ts';
import { type FieldError, invalid, sortedMap } from '../apimachinery/fieldErrors.ts';
import { jsonEqual } from './jsonEqual.ts';
import { validateStatefulSetUpdate } from './statefulSetValidation.ts';

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
  // A StatefulSet's spec outside its mutable fields: `spec: Forbidden: updates to statefulset spec …`.
  if (old.kind === 'StatefulSet' && next.kind === 'StatefulSet') return validateStatefulSetUpdate(next, old);
  if ((old.kind === 'Deployment' && next.kind === 'Deployment') || (old.kind === 'DaemonSet' && next.kind === 'DaemonSet')) {
    if (!jsonEqual(selectorValue(old.spec.selector), selectorValue(next.spec.selector))) {
      return [invalid('spec.selector', selectorValue(next.spec.selector), 'field is immutable')];
    }
  }
  return [];
}
