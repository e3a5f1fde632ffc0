// Port of kubernetes pkg/apis/apps/validation/validation.go (v1.36): Deployment and DaemonSet
// validation with the API server's field errors.
import type {
  DaemonSet,
  DaemonSetUpdateStrategy,
  Deployment,
  DeploymentStrategy,
  ReplicaSet,
  IntOrString,
  RollingUpdateDaemonSet,
  RollingUpdateDeployment,
} from '../api/types.ts';
import { getIntOrPercentValue } from '../lib/intstr.ts';
import { selectorIsEmpty, selectorMatches } from '../lib/labels.ts';
import { type FieldError, forbidden, invalid, invalidMessage as kubectlInvalidMessage, notSupported, required, sortedMap } from '../apimachinery/fieldErrors.ts';
import {
  regexError,
  selectorIsConvertible,
  selectorJSON,
  validateLabelSelector,
  validateObjectMetaName,
} from './validationCore.ts';
import { validatePodTemplateSpec, validatePodTemplateSpecForReplicaSet } from './validationPod.ts';

const percentFmt = '[0-9]+%';
const percentErrMsg = "a valid percent string must be a numeric string followed by an ending '%'";

/** isValidPercent: the digits-then-'%' form ("25%"). */
export function isValidPercent(s: string): string[] {
  return new RegExp(`^${percentFmt}$`).test(s) ? [] : [regexError(percentErrMsg, percentFmt, '1%', '93%')];
}

/** validateNonnegativeField: `Invalid value: -1: must be greater than or equal to 0`. */
export function validateNonnegativeField(value: number, path: string): FieldError[] {
  return value < 0 ? [invalid(path, value, 'must be greater than or equal to 0')] : [];
}

/** intOrStringValue is an unset internal IntOrString: the zero value, int 0. */
function ios(v: IntOrString | undefined): IntOrString {
  return v ?? 0;
}

/** validatePositiveIntOrPercent: a non-negative int, or a valid percent string. */
export function validatePositiveIntOrPercent(v: IntOrString | undefined, path: string): FieldError[] {
  const value = ios(v);
  if (typeof value === 'string') return isValidPercent(value).map((m) => invalid(path, value, m));
  return validateNonnegativeField(value, path);
}

function getPercentValue(v: IntOrString | undefined): number | null {
  const value = ios(v);
  if (typeof value !== 'string' || isValidPercent(value).length) return null;
  return Number(value.slice(0, -1));
}

/** isNotMoreThan100Percent: a percent value above 100% is `must not be greater than 100%`. */
export function isNotMoreThan100Percent(v: IntOrString | undefined, path: string): FieldError[] {
  const p = getPercentValue(v);
  if (p === null || p <= 100) return [];
  return [invalid(path, ios(v), 'must not be greater than 100%')];
}

/**
 * validateRollingUpdateDeployment: both values non-negative ints or percents; not both 0
 * (reported on maxUnavailable: "may not be 0 when `maxSurge` is 0"); maxUnavailable ≤ 100%.
 * maxSurge has no 100% cap (200% is valid).
 */
export function validateRollingUpdateDeployment(ru: RollingUpdateDeployment, path: string): FieldError[] {
  const errs = [
    ...validatePositiveIntOrPercent(ru.maxUnavailable, `${path}.maxUnavailable`),
    ...validatePositiveIntOrPercent(ru.maxSurge, `${path}.maxSurge`),
  ];
  if (getIntOrPercentValue(ios(ru.maxUnavailable)) === 0 && getIntOrPercentValue(ios(ru.maxSurge)) === 0) {
    errs.push(invalid(`${path}.maxUnavailable`, ios(ru.maxUnavailable), 'may not be 0 when `maxSurge` is 0'));
  }
  errs.push(...isNotMoreThan100Percent(ru.maxUnavailable, `${path}.maxUnavailable`));
  return errs;
}

/** internalStrategyJSON renders a strategy as the internal Go struct marshals (no json tags). */
function internalStrategyJSON(s: DeploymentStrategy | DaemonSetUpdateStrategy | undefined): unknown {
  const ru = s?.rollingUpdate;
  return {
    Type: s?.type ?? '',
    RollingUpdate: ru ? { MaxUnavailable: ios(ru.maxUnavailable), MaxSurge: ios(ru.maxSurge) } : null,
  };
}

/** validateDeploymentStrategy: Recreate forbids rollingUpdate; RollingUpdate requires it; nothing else is supported. */
export function validateDeploymentStrategy(s: DeploymentStrategy | undefined, path: string): FieldError[] {
  switch (s?.type) {
    case 'Recreate':
      return s.rollingUpdate ? [forbidden(`${path}.rollingUpdate`, "may not be specified when strategy `type` is 'Recreate'")] : [];
    case 'RollingUpdate':
      if (!s.rollingUpdate) return [required(`${path}.rollingUpdate`, 'this should be defaulted and never be nil')];
      return validateRollingUpdateDeployment(s.rollingUpdate, `${path}.rollingUpdate`);
    default:
      return [notSupported(path, internalStrategyJSON(s), ['Recreate', 'RollingUpdate'])];
  }
}

/**
 * validateDeploymentSpec: replicas ≥ 0; a non-empty selector that the template labels match
 * ("`selector` does not match template `labels`"); the pod template (restartPolicy Always);
 * the strategy; minReadySeconds and revisionHistoryLimit ≥ 0; progressDeadlineSeconds ≥ 0 and
 * strictly greater than minReadySeconds.
 */
export function validateDeploymentSpec(spec: Deployment['spec'], path = 'spec'): FieldError[] {
  const errs = validateNonnegativeField(spec.replicas ?? 1, `${path}.replicas`);
  const selector = spec.selector as Deployment['spec']['selector'] | undefined;
  if (!selector) {
    errs.push(required(`${path}.selector`));
  } else {
    errs.push(...validateLabelSelector(selector, `${path}.selector`));
    if (selectorIsEmpty(selector)) errs.push(invalid(`${path}.selector`, selectorJSON(selector), 'empty selector is invalid for deployment'));
  }
  if (!selectorIsConvertible(selector)) {
    errs.push(invalid(`${path}.selector`, selectorJSON(selector), 'invalid label selector'));
  } else {
    errs.push(...validatePodTemplateSpecForReplicaSet(spec.template, selector, `${path}.template`));
  }
  errs.push(...validateDeploymentStrategy(spec.strategy, `${path}.strategy`));
  errs.push(...validateNonnegativeField(spec.minReadySeconds ?? 0, `${path}.minReadySeconds`));
  if (spec.revisionHistoryLimit !== undefined) {
    errs.push(...validateNonnegativeField(spec.revisionHistoryLimit, `${path}.revisionHistoryLimit`));
  }
  if (spec.progressDeadlineSeconds !== undefined) {
    errs.push(...validateNonnegativeField(spec.progressDeadlineSeconds, `${path}.progressDeadlineSeconds`));
    if (spec.progressDeadlineSeconds <= (spec.minReadySeconds ?? 0)) {
      errs.push(invalid(`${path}.progressDeadlineSeconds`, spec.progressDeadlineSeconds, 'must be greater than minReadySeconds'));
    }
  }
  return errs;
}

/**
 * validateReplicaSetSpec (ValidateReplicaSetSpec), for a ReplicaSet a client writes: replicas and
 * minReadySeconds ≥ 0, a selector, not empty (in the Deployment's words, "empty selector is invalid
 * for deployment", as upstream's copy says it), the template as a Deployment's is checked.
 */
export function validateReplicaSetSpec(spec: ReplicaSet['spec'], path = 'spec'): FieldError[] {
  const errs = validateNonnegativeField(spec.replicas ?? 1, `${path}.replicas`);
  errs.push(...validateNonnegativeField(spec.minReadySeconds ?? 0, `${path}.minReadySeconds`));
  const selector = spec.selector as ReplicaSet['spec']['selector'] | undefined;
  if (!selector) errs.push(required(`${path}.selector`));
  else {
    errs.push(...validateLabelSelector(selector, `${path}.selector`));
    if (selectorIsEmpty(selector)) errs.push(invalid(`${path}.selector`, selectorJSON(selector), 'empty selector is invalid for deployment'));
  }
  if (!selectorIsConvertible(selector)) errs.push(invalid(`${path}.selector`, selectorJSON(selector), 'invalid label selector'));
  else errs.push(...validatePodTemplateSpecForReplicaSet(spec.template, selector, `${path}.template`));
  return errs;
}

/** validateReplicaSet validates metadata (name as a DNS-1123 subdomain) and spec. */
export function validateReplicaSet(rs: ReplicaSet): FieldError[] {
  return [...validateObjectMetaName(rs.metadata), ...validateReplicaSetSpec(rs.spec)];
}

/** validateDeployment validates metadata (name as a DNS-1123 subdomain) and spec. */
export function validateDeployment(d: Deployment): FieldError[] {
  return [...validateObjectMetaName(d.metadata), ...validateDeploymentSpec(d.spec)];
}

/**
 * validateRollingUpdateDaemonSet: both values non-negative ints or percents, both ≤ 100%, and
 * exactly one non-zero: both set → maxSurge "may not be set when maxUnavailable is non-zero";
 * both 0 → Required maxUnavailable "cannot be 0 when maxSurge is 0".
 */
export function validateRollingUpdateDaemonSet(ru: RollingUpdateDaemonSet, path: string): FieldError[] {
  const errs = [
    ...validatePositiveIntOrPercent(ru.maxUnavailable, `${path}.maxUnavailable`),
    ...validatePositiveIntOrPercent(ru.maxSurge, `${path}.maxSurge`),
    ...isNotMoreThan100Percent(ru.maxUnavailable, `${path}.maxUnavailable`),
    ...isNotMoreThan100Percent(ru.maxSurge, `${path}.maxSurge`),
  ];
  const hasUnavailable = getIntOrPercentValue(ios(ru.maxUnavailable)) !== 0;
  const hasSurge = getIntOrPercentValue(ios(ru.maxSurge)) !== 0;
  if (hasUnavailable && hasSurge) {
    errs.push(invalid(`${path}.maxSurge`, ios(ru.maxSurge), 'may not be set when maxUnavailable is non-zero'));
  } else if (!hasUnavailable && !hasSurge) {
    errs.push(required(`${path}.maxUnavailable`, 'cannot be 0 when maxSurge is 0'));
  }
  return errs;
}

/** validateDaemonSetUpdateStrategy: OnDelete needs nothing; RollingUpdate needs rollingUpdate; nothing else. */
export function validateDaemonSetUpdateStrategy(s: DaemonSetUpdateStrategy | undefined, path: string): FieldError[] {
  switch (s?.type) {
    case 'OnDelete':
      return [];
    case 'RollingUpdate':
      if (!s.rollingUpdate) return [required(`${path}.rollingUpdate`)];
      return validateRollingUpdateDaemonSet(s.rollingUpdate, `${path}.rollingUpdate`);
    default:
      return [notSupported(path, internalStrategyJSON(s), ['RollingUpdate', 'OnDelete'])];
  }
}

/**
 * validateDaemonSetSpec: the selector (valid, non-empty, matching the template labels), the pod
 * template (restartPolicy Always), minReadySeconds ≥ 0, the update strategy and
 * revisionHistoryLimit ≥ 0.
 */
export function validateDaemonSetSpec(spec: DaemonSet['spec'], path = 'spec'): FieldError[] {
  const selector = spec.selector as DaemonSet['spec']['selector'] | undefined;
  const errs = validateLabelSelector(selector, `${path}.selector`);
  const labels = spec.template?.metadata?.labels;
  if (selectorIsConvertible(selector) && !selectorMatches(selector, labels)) {
    errs.push(invalid(`${path}.template.metadata.labels`, sortedMap(labels), '`selector` does not match template `labels`'));
  }
  if (selector && selectorIsEmpty(selector)) {
    errs.push(invalid(`${path}.selector`, selectorJSON(selector), 'empty selector is invalid for daemonset'));
  }
  errs.push(...validatePodTemplateSpec(spec.template, `${path}.template`));
  const rp = spec.template?.spec?.restartPolicy ?? 'Always';
  if (spec.template && rp !== 'Always') errs.push(notSupported(`${path}.template.spec.restartPolicy`, rp, ['Always']));
  if (spec.template?.spec?.activeDeadlineSeconds !== undefined) errs.push(forbidden(`${path}.template.spec.activeDeadlineSeconds`, 'activeDeadlineSeconds in DaemonSet is not Supported'));
  errs.push(...validateNonnegativeField(spec.minReadySeconds ?? 0, `${path}.minReadySeconds`));
  errs.push(...validateDaemonSetUpdateStrategy(spec.updateStrategy, `${path}.updateStrategy`));
  if (spec.revisionHistoryLimit !== undefined) {
    errs.push(...validateNonnegativeField(spec.revisionHistoryLimit, `${path}.revisionHistoryLimit`));
  }
  return errs;
}

/** validateDaemonSet validates metadata (name as a DNS-1123 subdomain) and spec. */
export function validateDaemonSet(ds: DaemonSet): FieldError[] {
  return [...validateObjectMetaName(ds.metadata), ...validateDaemonSetSpec(ds.spec)];
}

/**
 * validateObject validates a defaulted Deployment or DaemonSet as the API server does on create
 * and update; an empty list means valid.
 */
export function validateObject(obj: Deployment | DaemonSet): FieldError[] {
  return obj.kind === 'Deployment' ? validateDeployment(obj) : validateDaemonSet(obj);
}

/**
 * invalidMessage renders the errors as kubectl prints an Invalid error:
 * `The Deployment "web" is invalid: spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0`.
 */
export function invalidMessage(kind: string, name: string, errs: readonly FieldError[]): string {
  return kubectlInvalidMessage(kind, name, errs);
}
