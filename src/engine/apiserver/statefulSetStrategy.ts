// Port of kubernetes pkg/registry/apps/statefulset/strategy.go (v1.36): what the API server does to
// a StatefulSet it is asked to create or update before it stores it.
/**
 * One entry for every write path (the scenario's objects, kubectl apply/patch/scale in the
 * engine, the served API): default (SetDefaults_StatefulSet), drop rollingUpdate.maxUnavailable
 * (MaxUnavailableStatefulSet is off in v1.36), validate — a create with ValidateStatefulSet, an
 * update with ValidateStatefulSetUpdate, whose Forbidden message names the mutable fields.
 */
import type { StatefulSet } from '../api/statefulTypes.ts';
import type { FieldError } from '../apimachinery/fieldErrors.ts';
import { dropStatefulSetDisabledFields, setDefaultsStatefulSet } from './statefulSetDefaults.ts';
import { validateStatefulSet, validateStatefulSetUpdate } from './statefulSetValidation.ts';

export { validateStatefulSet };

/** prepareStatefulSet is PrepareForCreate / PrepareForUpdate after defaulting: the object to validate. */
export function prepareStatefulSet(raw: StatefulSet, old: StatefulSet | null): StatefulSet {
  return dropStatefulSetDisabledFields(setDefaultsStatefulSet(raw), old);
}

/** validateStatefulSetWrite is Validate (create) or ValidateUpdate (update, the old object given). */
export function validateStatefulSetWrite(set: StatefulSet, old: StatefulSet | null): FieldError[] {
  return old ? validateStatefulSetUpdate(set, old) : validateStatefulSet(set);
}
