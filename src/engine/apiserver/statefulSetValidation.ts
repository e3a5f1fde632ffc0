// Port of kubernetes pkg/apis/apps/validation/validation.go ValidateStatefulSet,
// ValidateStatefulSetSpec, validateRollingUpdateStatefulSet, ValidatePersistentVolumeClaimRetentionPolicy
// and ValidateStatefulSetUpdate (v1.36), on the defaulted apps/v1 object.
import type { RollingUpdateStatefulSetStrategy, StatefulSet, StatefulSetStatus, StatefulSetUpdateStrategy } from '../api/statefulTypes.ts';
import type { IntOrString } from '../api/types.ts';
import { deepEqual } from '../lib/hash.ts';
import { getIntOrPercentValue } from '../lib/intstr.ts';
import { selectorIsEmpty, selectorMatches } from '../lib/labels.ts';
import { type FieldError, forbidden, invalid, notSupported, required, sortedMap } from '../apimachinery/fieldErrors.ts';
import { isNotMoreThan100Percent, validateNonnegativeField, validatePositiveIntOrPercent } from './validation.ts';
import {
  isDNS1123Label,
  selectorIsConvertible,
  selectorJSON,
  validateLabelSelector,
  validateLabels,
  validateNamespaceOf,
} from './validationCore.ts';

/** The Forbidden detail for an update outside the mutable fields, as kube-apiserver words it. */
export const StatefulSetSpecUpdateForbidden =
  "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden";

/** The internal Go strategy struct as field.Invalid prints it (no json tags; an unset partition is 0). */
function internalStrategyJSON(s: StatefulSetUpdateStrategy | undefined): unknown {
  const ru = s?.rollingUpdate;
  return { Type: s?.type ?? '', RollingUpdate: ru ? internalRollingUpdateJSON(ru) : null };
}
function internalRollingUpdateJSON(ru: RollingUpdateStatefulSetStrategy): unknown {
  return { Partition: ru.partition ?? 0, MaxUnavailable: ru.maxUnavailable ?? null };
}

/**
 * validateRollingUpdateStatefulSet: partition ≥ 0; a maxUnavailable, when set, a positive int or
 * percent, not 0 ("cannot be 0") and not above 100%.
 */
export function validateRollingUpdateStatefulSet(ru: RollingUpdateStatefulSetStrategy, path: string): FieldError[] {
  const errs = validateNonnegativeField(ru.partition ?? 0, `${path}.partition`);
  const mu: IntOrString | undefined = ru.maxUnavailable;
  if (mu !== undefined) {
    errs.push(...validatePositiveIntOrPercent(mu, `${path}.maxUnavailable`));
    if (getIntOrPercentValue(mu) === 0) errs.push(invalid(`${path}.maxUnavailable`, mu, 'cannot be 0'));
    errs.push(...isNotMoreThan100Percent(mu, `${path}.maxUnavailable`));
  }
  return errs;
}

/** The retention policy's two fields must be Retain or Delete (whenDeleted checked first). */
function validateRetentionPolicy(spec: StatefulSet['spec'], path: string): FieldError[] {
  const p = spec.persistentVolumeClaimRetentionPolicy;
  if (!p) return [];
  const errs: FieldError[] = [];
  for (const f of ['whenDeleted', 'whenScaled'] as const) {
    const v = p[f] ?? '';
    if (v !== 'Retain' && v !== 'Delete') errs.push(notSupported(`${path}.${f}`, v, ['Retain', 'Delete']));
  }
  return errs;
}

/**
 * validateStatefulSetSpec, in upstream's order: podManagementPolicy (Required, or "must be
 * 'OrderedReady' or 'Parallel'"); updateStrategy (Required; OnDelete with a rollingUpdate block is
 * Invalid; "must be 'RollingUpdate' or 'OnDelete'"); the retention policy; replicas,
 * minReadySeconds, ordinals.start and revisionHistoryLimit ≥ 0; serviceName a DNS-1123 label when
 * set (#130233); the selector (Required, valid, non-empty, matching the template labels); the pod
 * template; restartPolicy Always; no activeDeadlineSeconds.
 */
export function validateStatefulSetSpec(spec: StatefulSet['spec'], path = 'spec', allowInvalidServiceName = false): FieldError[] {
  const errs: FieldError[] = [];
  const pmp = spec.podManagementPolicy ?? '';
  if (pmp === '') errs.push(required(`${path}.podManagementPolicy`));
  else if (pmp !== 'OrderedReady' && pmp !== 'Parallel') {
    errs.push(invalid(`${path}.podManagementPolicy`, pmp, "must be 'OrderedReady' or 'Parallel'"));
  }
  const us = spec.updateStrategy;
  switch (us?.type ?? '') {
    case '':
      errs.push(required(`${path}.updateStrategy`));
      break;
    case 'OnDelete':
      if (us?.rollingUpdate) {
        errs.push(invalid(`${path}.updateStrategy.rollingUpdate`, internalRollingUpdateJSON(us.rollingUpdate), "only allowed for updateStrategy 'RollingUpdate'"));
      }
      break;
    case 'RollingUpdate':
      if (us?.rollingUpdate) errs.push(...validateRollingUpdateStatefulSet(us.rollingUpdate, `${path}.updateStrategy.rollingUpdate`));
      break;
    default:
      errs.push(invalid(`${path}.updateStrategy`, internalStrategyJSON(us), "must be 'RollingUpdate' or 'OnDelete'"));
  }
  errs.push(...validateRetentionPolicy(spec, `${path}.persistentVolumeClaimRetentionPolicy`));
  errs.push(...validateNonnegativeField(spec.replicas ?? 1, `${path}.replicas`));
  errs.push(...validateNonnegativeField(spec.minReadySeconds ?? 0, `${path}.minReadySeconds`));
  if (spec.ordinals) errs.push(...validateNonnegativeField(spec.ordinals.start ?? 0, `${path}.ordinals.start`));
  if (spec.revisionHistoryLimit !== undefined) {
    errs.push(...validateNonnegativeField(spec.revisionHistoryLimit, `${path}.revisionHistoryLimit`));
  }
  const svc = spec.serviceName ?? '';
  if (svc !== '' && !allowInvalidServiceName) for (const m of isDNS1123Label(svc)) errs.push(invalid(`${path}.serviceName`, svc, m));

  const selector = spec.selector as StatefulSet['spec']['selector'] | undefined;
  if (!selector) errs.push(required(`${path}.selector`));
  else {
    errs.push(...validateLabelSelector(selector, `${path}.selector`));
    if (selectorIsEmpty(selector)) errs.push(invalid(`${path}.selector`, selectorJSON(selector), 'empty selector is invalid for statefulset'));
  }
  const tpath = `${path}.template`;
  if (!selectorIsConvertible(selector)) errs.push(invalid(`${path}.selector`, selectorJSON(selector), ''));
  else {
    const labels = spec.template?.metadata?.labels;
    if (selector && !selectorIsEmpty(selector) && !selectorMatches(selector, labels)) {
      errs.push(invalid(`${tpath}.metadata.labels`, sortedMap(labels), '`selector` does not match template `labels`'));
    }
    // ValidatePodTemplateSpecForStatefulSet checks the template's labels, not its pod spec (upstream's
    // TODO: its containers mount the claim templates, not among the template's volumes). The pods
    // are validated when the controller creates them (store.ts), each create then Invalid.
    if (spec.template === undefined) errs.push(required(tpath));
    else errs.push(...validateLabels(labels, `${tpath}.labels`));
  }
  const rp = spec.template?.spec?.restartPolicy ?? 'Always';
  if (spec.template && rp !== 'Always') errs.push(notSupported(`${tpath}.spec.restartPolicy`, rp, ['Always']));
  if (spec.template?.spec?.activeDeadlineSeconds !== undefined) {
    errs.push(forbidden(`${tpath}.spec.activeDeadlineSeconds`, 'activeDeadlineSeconds in StatefulSet is not Supported'));
  }
  return errs;
}

/** ValidateObjectMeta with ValidateStatefulSetName (NameIsDNSLabel): the name must be a DNS-1123 label. */
function validateStatefulSetMeta(set: StatefulSet): FieldError[] {
  const meta = set.metadata;
  if (!meta.name) return [required('metadata.name', 'name or generateName is required')];
  const errs = isDNS1123Label(meta.name).map((m) => invalid('metadata.name', meta.name, m));
  errs.push(...validateNamespaceOf(meta));
  return [...errs, ...validateLabels(meta.labels, 'metadata.labels')];
}

/** validateStatefulSet is ValidateStatefulSet for a create. */
export function validateStatefulSet(set: StatefulSet): FieldError[] {
  return [...validateStatefulSetMeta(set), ...validateStatefulSetSpec(set.spec)];
}

/**
 * validateStatefulSetUpdate: name and namespace are immutable ("field is immutable"); the new
 * spec is validated (a stored invalid serviceName is tolerated); then, with replicas, ordinals,
 * template, updateStrategy, revisionHistoryLimit, the retention policy and minReadySeconds copied
 * from the old object, the specs must be semantically equal — otherwise `spec: Forbidden: …`.
 * So selector, serviceName, volumeClaimTemplates and podManagementPolicy are immutable.
 */
export function validateStatefulSetUpdate(next: StatefulSet, old: StatefulSet): FieldError[] {
  const errs: FieldError[] = [];
  if (next.metadata.name !== old.metadata.name) errs.push(invalid('metadata.name', next.metadata.name, 'field is immutable'));
  if ((next.metadata.namespace ?? '') !== (old.metadata.namespace ?? '')) {
    errs.push(invalid('metadata.namespace', next.metadata.namespace ?? '', 'field is immutable'));
  }
  const oldSvc = old.spec.serviceName ?? '';
  errs.push(...validateStatefulSetSpec(next.spec, 'spec', oldSvc !== '' && isDNS1123Label(oldSvc).length > 0));
  const clone = {
    ...next.spec,
    replicas: old.spec.replicas,
    ordinals: old.spec.ordinals,
    template: old.spec.template,
    updateStrategy: old.spec.updateStrategy,
    revisionHistoryLimit: old.spec.revisionHistoryLimit,
    persistentVolumeClaimRetentionPolicy: old.spec.persistentVolumeClaimRetentionPolicy,
    minReadySeconds: old.spec.minReadySeconds,
  };
  if (!deepEqual(clone, old.spec)) errs.push(forbidden('spec', StatefulSetSpecUpdateForbidden));
  return errs;
}

/**
 * validateStatefulSetStatus: every count ≥ 0; ready, current, updated and available not above
 * replicas ("cannot be greater than status.replicas"); available not above ready.
 */
export function validateStatefulSetStatus(st: StatefulSetStatus, path = 'status'): FieldError[] {
  const n = (v: number | undefined) => v ?? 0;
  const errs: FieldError[] = [];
  for (const f of ['replicas', 'readyReplicas', 'currentReplicas', 'updatedReplicas', 'availableReplicas'] as const) {
    errs.push(...validateNonnegativeField(n(st[f]), `${path}.${f}`));
  }
  if (st.observedGeneration !== undefined) errs.push(...validateNonnegativeField(st.observedGeneration, `${path}.observedGeneration`));
  if (st.collisionCount !== undefined) errs.push(...validateNonnegativeField(st.collisionCount, `${path}.collisionCount`));
  const msg = 'cannot be greater than status.replicas';
  for (const f of ['readyReplicas', 'currentReplicas', 'updatedReplicas', 'availableReplicas'] as const) {
    if (n(st[f]) > st.replicas) errs.push(invalid(`${path}.${f}`, n(st[f]), msg));
  }
  if (n(st.availableReplicas) > n(st.readyReplicas)) {
    errs.push(invalid(`${path}.availableReplicas`, n(st.availableReplicas), 'cannot be greater than status.readyReplicas'));
  }
  return errs;
}

/** validateStatefulSetStatusUpdate: the status rules, immutable name and namespace, and a collisionCount that never goes down. */
export function validateStatefulSetStatusUpdate(next: StatefulSet, old: StatefulSet): FieldError[] {
  const errs = validateStatefulSetStatus(next.status ?? { replicas: 0 });
  if (next.metadata.name !== old.metadata.name) errs.push(invalid('metadata.name', next.metadata.name, 'field is immutable'));
  const before = old.status?.collisionCount;
  const after = next.status?.collisionCount;
  if (before !== undefined && (after === undefined || after < before)) errs.push(invalid('status.collisionCount', after ?? 0, 'cannot be decremented'));
  return errs;
}
