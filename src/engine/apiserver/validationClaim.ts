// Port of kubernetes pkg/apis/core/validation/validation.go (v1.36): ValidatePersistentVolumeClaim,
// ValidatePersistentVolumeClaimSpec, validateDataSource, validateDataSourceRef,
// isDataSourceEqualDataSourceRef, ValidatePersistentVolumeClaimUpdate,
// validateStorageClassUpgradeFromAnnotation, validateStorageClassUpgradeFromNil and
// ValidationOptionsForPersistentVolumeClaim, with the API server's messages.
/**
 * v1.36's feature gates: RecoverVolumeExpansionFailure and VolumeAttributesClass are GA, so a
 * claim's volumeAttributesClassName is always validated and a request may go down as far as
 * (not to) status.capacity. Quantities compare by value, as Quantity.Cmp and Semantic.DeepEqual do.
 *
 * The Forbidden of an immutable spec carries go-cmp's diff of the internal specs upstream, a format
 * go-cmp keeps unstable on purpose; here it is podUpdateValidation.ts's specDiff in its shape.
 */
import type { LabelSelector } from '../api/types.ts';
import type { PersistentVolumeClaim, PersistentVolumeClaimSpec } from '../api/statefulTypes.ts';
import { type FieldError, forbidden, invalid, notSupported, required } from '../apimachinery/fieldErrors.ts';
import { cmpQuantities, formatQuantity, parseQuantity, type Quantity } from '../lib/quantity.ts';
import { BetaStorageClassAnnotation } from '../lib/storageHelpers.ts';
import { jsonEqual } from './jsonEqual.ts';
import { specDiff } from './podUpdateValidation.ts';
import { isDNS1123Label, isDNS1123Subdomain, validateLabelSelector, validateObjectMetaName } from './validationCore.ts';

/** supportedAccessModes and supportedVolumeModes as sets.List gives them: sorted. */
export const supportedAccessModes = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'] as const;

/**
 * validateAccessModes is what a claim's and a volume's spec both check of their access modes: each
 * one known, and ReadWriteOncePod alone (`[ReadWriteOncePod, ReadWriteOnce]` is Forbidden).
 */
export function validateAccessModes(modes: readonly string[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  let rwop = false;
  let other = false;
  for (const mode of modes) {
    const known = (supportedAccessModes as readonly string[]).includes(mode);
    if (!known) errs.push(notSupported(path, mode, supportedAccessModes));
    if (mode === 'ReadWriteOncePod') rwop = true;
    else if (known) other = true;
  }
  if (rwop && other) errs.push(forbidden(path, 'may not use ReadWriteOncePod with other access modes'));
  return errs;
}
export const supportedVolumeModes = ['Block', 'Filesystem'] as const;

/** The Forbidden detail of a spec changed outside what an update may change, before the diff. */
export const ClaimSpecImmutable = 'spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims';

/** The fields of the internal core.PersistentVolumeClaimSpec, in the Go struct's order (the diff counts them). */
const CLAIM_SPEC_FIELDS = ['accessModes', 'selector', 'resources', 'volumeName', 'storageClassName', 'volumeMode', 'dataSource', 'dataSourceRef', 'volumeAttributesClassName'];

/** PersistentVolumeClaimSpecValidationOptions, the two that can be off in v1.36. */
export interface ClaimValidationOptions {
  allowInvalidLabelValueInSelector?: boolean;
  allowInvalidAPIGroupInDataSourceOrRef?: boolean;
}

type DataSourceRef = NonNullable<PersistentVolumeClaimSpec['dataSourceRef']>;

/** quantityOf parses a stored quantity (a string, or a number YAML gave); the zero Quantity when absent or unreadable. */
function quantityOf(v: unknown): Quantity {
  const q = v === undefined || v === null ? null : parseQuantity(String(v));
  return q?.ok ? q.value : { nanos: 0n, format: 'DecimalSI' };
}

/**
 * validateDataSource: a name and a kind; without an apiGroup the kind must be
 * PersistentVolumeClaim; an apiGroup must be a DNS subdomain (unless the stored claim had one).
 */
export function validateDataSource(ds: DataSourceRef, path: string, allowInvalidAPIGroup: boolean): FieldError[] {
  const errs: FieldError[] = [];
  if (!ds.name) errs.push(required(`${path}.name`));
  if (!ds.kind) errs.push(required(`${path}.kind`));
  const apiGroup = ds.apiGroup ?? '';
  if (apiGroup === '' && ds.kind !== 'PersistentVolumeClaim') {
    errs.push(invalid(path, ds.kind ?? '', "must be 'PersistentVolumeClaim' when referencing the default apiGroup"));
  }
  if (apiGroup !== '' && !allowInvalidAPIGroup) for (const m of isDNS1123Subdomain(apiGroup)) errs.push(invalid(`${path}.apiGroup`, apiGroup, m));
  return errs;
}

/** validateDataSourceRef: validateDataSource's checks, and a namespace, when set, a DNS-1123 label (ValidateNamespaceName). */
export function validateDataSourceRef(ref: DataSourceRef, path: string, allowInvalidAPIGroup: boolean): FieldError[] {
  const errs = validateDataSource(ref, path, allowInvalidAPIGroup);
  const ns = ref.namespace ?? '';
  if (ns !== '') for (const m of isDNS1123Label(ns)) errs.push(invalid(`${path}.namespace`, ns, m));
  return errs;
}

/** isDataSourceEqualDataSourceRef: the same apiGroup (both unset, or equal), kind and name. */
function isDataSourceEqualDataSourceRef(ds: DataSourceRef, ref: DataSourceRef): boolean {
  return ds.apiGroup === ref.apiGroup && ds.kind === ref.kind && ds.name === ref.name;
}

/** A field error whose value is a field path: Go prints a *field.Path with its String(), unquoted. */
function invalidPath(path: string, valuePath: string, detail: string): FieldError {
  return { ...invalid(path, '', detail), badValue: valuePath };
}

/**
 * validatePersistentVolumeClaimSpec, in upstream's order: at least one access mode; the selector;
 * each mode a known one, ReadWriteOncePod alone; resources.requests.storage present and positive;
 * storageClassName a DNS subdomain when set; volumeMode Filesystem or Block; the data sources;
 * volumeAttributesClassName a DNS subdomain when set.
 */
export function validatePersistentVolumeClaimSpec(spec: PersistentVolumeClaimSpec, path = 'spec', opts: ClaimValidationOptions = {}): FieldError[] {
  const errs: FieldError[] = [];
  const modes = spec.accessModes ?? [];
  if (modes.length === 0) errs.push(required(`${path}.accessModes`, 'at least 1 access mode is required'));
  if (spec.selector !== undefined) {
    const selectorErrs = validateLabelSelector(spec.selector as LabelSelector, `${path}.selector`);
    // AllowInvalidLabelValueInSelector keeps a stored claim's bad values: only their value errors go.
    errs.push(...(opts.allowInvalidLabelValueInSelector ? selectorErrs.filter((e) => !/\.values\[\d+\]$/.test(e.field)) : selectorErrs));
  }
  errs.push(...validateAccessModes(modes, `${path}.accessModes`));
  const storagePath = `${path}.resources[storage]`;
  const storage: unknown = spec.resources?.requests?.storage;
  if (storage === undefined) errs.push(required(storagePath));
  else {
    // ValidatePositiveQuantityValue prints the value with Quantity.String().
    const q = quantityOf(storage);
    if (q.nanos <= 0n) errs.push(invalid(storagePath, formatQuantity(q), 'must be greater than zero'));
  }
  const cls = spec.storageClassName ?? '';
  if (cls !== '') for (const m of isDNS1123Subdomain(cls)) errs.push(invalid(`${path}.storageClassName`, cls, m));
  if (spec.volumeMode !== undefined && !(supportedVolumeModes as readonly string[]).includes(spec.volumeMode)) {
    errs.push(notSupported(`${path}.volumeMode`, spec.volumeMode, supportedVolumeModes));
  }
  const allowGroup = opts.allowInvalidAPIGroupInDataSourceOrRef ?? false;
  if (spec.dataSource) errs.push(...validateDataSource(spec.dataSource, `${path}.dataSource`, allowGroup));
  if (spec.dataSourceRef) errs.push(...validateDataSourceRef(spec.dataSourceRef, `${path}.dataSourceRef`, allowGroup));
  if (spec.dataSourceRef && (spec.dataSourceRef.namespace ?? '') !== '') {
    if (spec.dataSource) errs.push(invalidPath(path, `${path}.dataSource`, 'may not be specified when dataSourceRef.namespace is specified'));
  } else if (spec.dataSource && spec.dataSourceRef && !isDataSourceEqualDataSourceRef(spec.dataSource, spec.dataSourceRef)) {
    errs.push(invalidPath(path, `${path}.dataSource`, 'must match dataSourceRef'));
  }
  const vac = spec.volumeAttributesClassName ?? '';
  if (vac !== '') for (const m of isDNS1123Subdomain(vac)) errs.push(invalid(`${path}.volumeAttributesClassName`, vac, m));
  return errs;
}

/** validatePersistentVolumeClaim: ValidateObjectMeta with a DNS-subdomain name (ValidatePersistentVolumeName), then the spec. */
export function validatePersistentVolumeClaim(pvc: PersistentVolumeClaim, opts: ClaimValidationOptions = {}): FieldError[] {
  return [...validateObjectMetaName(pvc.metadata ?? { name: '' }), ...validatePersistentVolumeClaimSpec(pvc.spec ?? {}, 'spec', opts)];
}

/**
 * validationOptionsForPersistentVolumeClaim: an update keeps tolerating what the stored claim
 * already had — a data source's apiGroup that is not a DNS subdomain, a selector's bad label values.
 */
export function validationOptionsForPersistentVolumeClaim(old: PersistentVolumeClaim | null): ClaimValidationOptions {
  if (old === null) return {};
  const spec = old.spec ?? {};
  return {
    allowInvalidAPIGroupInDataSourceOrRef: spec.dataSource?.apiGroup !== undefined || spec.dataSourceRef?.apiGroup !== undefined,
    allowInvalidLabelValueInSelector: spec.selector !== undefined && validateLabelSelector(spec.selector as LabelSelector, 's').length > 0,
  };
}

/**
 * validateStorageClassUpgradeFromAnnotation: the old claim named its class in the beta annotation
 * and not in spec, and the new one names that class in spec (and the same, or no, annotation).
 */
export function validateStorageClassUpgradeFromAnnotation(
  oldAnnotations: Readonly<Record<string, string>>,
  newAnnotations: Readonly<Record<string, string>>,
  oldClass: string | undefined,
  newClass: string | undefined,
): boolean {
  const oldSc = oldAnnotations[BetaStorageClassAnnotation];
  const newSc = newAnnotations[BetaStorageClassAnnotation];
  return oldSc !== undefined && oldClass === undefined && newClass !== undefined && newClass === oldSc && (newSc === undefined || newSc === oldSc);
}

/** validateStorageClassUpgradeFromNil: a class set where there was none, matching the old beta annotation if it had one. */
export function validateStorageClassUpgradeFromNil(oldAnnotations: Readonly<Record<string, string>>, oldClass: string | undefined, newClass: string | undefined): boolean {
  const oldAnnotation = oldAnnotations[BetaStorageClassAnnotation];
  return newClass !== undefined && oldClass === undefined && (oldAnnotation === undefined || newClass === oldAnnotation);
}

/** What Semantic.DeepEqual compares: quantities by value, and nil and empty slices and maps alike. */
function semantic(v: unknown, quantities = false): unknown {
  if (Array.isArray(v)) return v.length === 0 ? undefined : v.map((x) => semantic(x));
  if (typeof v !== 'object' || v === null) return quantities && v !== undefined ? formatQuantity(quantityOf(v)) : v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    const s = semantic(x, quantities || (k === 'requests' || k === 'limits'));
    if (s !== undefined) out[k] = s;
  }
  return Object.keys(out).length === 0 ? undefined : out;
}

/** semanticSpec: the spec in that form; VolumeName is a plain Go string, unset when empty (the *string fields keep "" apart). */
function semanticSpec(spec: PersistentVolumeClaimSpec): Record<string, unknown> {
  return (semantic({ ...spec, volumeName: spec.volumeName || undefined }) ?? {}) as Record<string, unknown>;
}

/**
 * persistentVolumeClaimUpdateErrors is the update half of ValidatePersistentVolumeClaimUpdate (the
 * new claim's own rules run beside it, validatePersistentVolumeClaim). The spec is compared with
 * what may change put back: volumeName once (the binder sets it), a class moved from the beta
 * annotation or set where there was none, and for a bound claim its storage request and
 * volumeAttributesClassName. A request may not go down to status.capacity; volumeMode is immutable;
 * a volumeAttributesClassName once set stays set. The phase is the stored claim's: the strategy's
 * PrepareForUpdate gives the new object the old status.
 */
export function persistentVolumeClaimUpdateErrors(next: PersistentVolumeClaim, old: PersistentVolumeClaim): FieldError[] {
  const errs: FieldError[] = [];
  const oldSpec = old.spec ?? {};
  const newSpec = next.spec ?? {};
  const oldClone: PersistentVolumeClaimSpec = { ...oldSpec };
  const newClone: PersistentVolumeClaimSpec = { ...newSpec };
  if (!oldSpec.volumeName) oldClone.volumeName = newSpec.volumeName;
  const oldAnn = old.metadata.annotations ?? {};
  const newAnn = next.metadata.annotations ?? {};
  if (validateStorageClassUpgradeFromAnnotation(oldAnn, newAnn, oldSpec.storageClassName, newSpec.storageClassName)) {
    delete newClone.storageClassName;
  } else {
    const n = newAnn[BetaStorageClassAnnotation] ?? '';
    if (n !== (oldAnn[BetaStorageClassAnnotation] ?? '')) errs.push(invalid(`metadata.annotations.${BetaStorageClassAnnotation}`, n, 'field is immutable'));
    if (validateStorageClassUpgradeFromNil(oldAnn, oldSpec.storageClassName, newSpec.storageClassName)) delete newClone.storageClassName;
  }
  const bound = old.status?.phase === 'Bound';
  if (bound && newClone.resources?.requests) {
    newClone.resources = { ...newClone.resources, requests: { ...newClone.resources.requests, storage: oldSpec.resources?.requests?.storage ?? '0' } };
  }
  if (bound && newClone.volumeAttributesClassName !== undefined) {
    if (oldClone.volumeAttributesClassName === undefined) delete newClone.volumeAttributesClassName;
    else newClone.volumeAttributesClassName = oldClone.volumeAttributesClassName;
  }
  const was = semanticSpec(oldClone);
  const is = semanticSpec(newClone);
  if (!jsonEqual(was, is)) errs.push(forbidden('spec', `${ClaimSpecImmutable}\n${specDiff(was, is, 'core.PersistentVolumeClaimSpec', CLAIM_SPEC_FIELDS)}`));
  const newSize = quantityOf(newSpec.resources?.requests?.storage);
  if (cmpQuantities(newSize, quantityOf(oldSpec.resources?.requests?.storage)) < 0 && cmpQuantities(newSize, quantityOf(old.status?.capacity?.storage)) <= 0) {
    errs.push(forbidden('spec.resources.requests.storage', 'field can not be less than status.capacity'));
  }
  if (newSpec.volumeMode !== oldSpec.volumeMode) errs.push(invalid('volumeMode', newSpec.volumeMode, 'field is immutable'));
  if (oldSpec.volumeAttributesClassName !== undefined && newSpec.volumeAttributesClassName !== oldSpec.volumeAttributesClassName) {
    if (newSpec.volumeAttributesClassName === undefined) errs.push(forbidden('spec.volumeAttributesClassName', 'update from non-nil value to nil is forbidden'));
    else if (newSpec.volumeAttributesClassName === '') errs.push(forbidden('spec.volumeAttributesClassName', 'update from non-nil value to an empty string is forbidden'));
  }
  return errs;
}

/** validatePersistentVolumeClaimUpdate: the new claim's own rules (with the stored claim's tolerances), then the update's. */
export function validatePersistentVolumeClaimUpdate(next: PersistentVolumeClaim, old: PersistentVolumeClaim): FieldError[] {
  return [...validatePersistentVolumeClaim(next, validationOptionsForPersistentVolumeClaim(old)), ...persistentVolumeClaimUpdateErrors(next, old)];
}
