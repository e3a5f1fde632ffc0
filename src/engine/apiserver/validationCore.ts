// Port of kubernetes staging/src/k8s.io/apimachinery/pkg/util/validation/validation.go (names,
// labels), apimachinery pkg/apis/meta/v1/validation (label selectors) and the pod-template subset of
// pkg/apis/core/validation/validation.go that a workload manifest exercises (v1.36).
import type { LabelSelector, ObjectMeta } from '../api/types.ts';
import { type FieldError, forbidden, invalid, required, sortedMap } from '../apimachinery/fieldErrors.ts';

/**
 * regexError formats a pattern failure as apimachinery's RegexError does, double space before
 * "or" included: `… (e.g. 'my-name',  or '123-abc', regex used for validation is '…')`.
 */
export function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  let s = `${msg} (e.g. `;
  examples.forEach((e, i) => {
    if (i > 0) s += ' or ';
    s += `'${e}', `;
  });
  return `${s}regex used for validation is '${fmt}')`;
}

/** maxLenError: `must be no more than N characters`. */
export function maxLenError(n: number): string {
  return `must be no more than ${n} characters`;
}

const dns1123LabelFmt = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const dns1123LabelErrMsg =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
const dns1123SubdomainFmt = `${dns1123LabelFmt}(\\.${dns1123LabelFmt})*`;
const dns1123SubdomainErrorMsg =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const dns1123LabelRe = new RegExp(`^${dns1123LabelFmt}$`);
const dns1123SubdomainRe = new RegExp(`^${dns1123SubdomainFmt}$`);

/** isDNS1123Label returns the problems of a DNS-1123 label (≤ 63 chars, [a-z0-9-], alphanumeric ends). */
export function isDNS1123Label(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 63) errs.push(maxLenError(63));
  if (!dns1123LabelRe.test(v)) errs.push(regexError(dns1123LabelErrMsg, dns1123LabelFmt, 'my-name', '123-abc'));
  return errs;
}

/** isDNS1123Subdomain returns the problems of a DNS-1123 subdomain (≤ 253 chars, dot-separated labels). */
export function isDNS1123Subdomain(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 253) errs.push(maxLenError(253));
  if (!dns1123SubdomainRe.test(v)) errs.push(regexError(dns1123SubdomainErrorMsg, dns1123SubdomainFmt, 'example.com'));
  return errs;
}

const qualifiedNameFmt = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const qualifiedNameErrMsg =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const qualifiedNameRe = new RegExp(`^${qualifiedNameFmt}$`);

/** isQualifiedName checks a label key: an optional DNS-subdomain prefix and '/', then a name ≤ 63 chars. */
export function isQualifiedName(v: string): string[] {
  const errs: string[] = [];
  const parts = v.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0] ?? '';
  } else if (parts.length === 2) {
    const prefix = parts[0] ?? '';
    name = parts[1] ?? '';
    if (prefix.length === 0) errs.push('prefix part must be non-empty');
    else for (const m of isDNS1123Subdomain(prefix)) errs.push(`prefix part ${m}`);
  } else {
    return [
      `a qualified name ${regexError(qualifiedNameErrMsg, qualifiedNameFmt, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  }
  if (name.length === 0) errs.push('name part must be non-empty');
  else if (name.length > 63) errs.push(`name part ${maxLenError(63)}`);
  if (!qualifiedNameRe.test(name)) errs.push(`name part ${regexError(qualifiedNameErrMsg, qualifiedNameFmt, 'MyName', 'my.name', '123-abc')}`);
  return errs;
}

const labelValueFmt = `(${qualifiedNameFmt})?`;
const labelValueErrMsg =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const labelValueRe = new RegExp(`^${labelValueFmt}$`);

/** isValidLabelValue checks a label value: empty, or ≤ 63 chars of [A-Za-z0-9-_.] with alphanumeric ends. */
export function isValidLabelValue(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 63) errs.push(maxLenError(63));
  if (!labelValueRe.test(v)) errs.push(regexError(labelValueErrMsg, labelValueFmt, 'MyValue', 'my_value', '12345'));
  return errs;
}

/** validateLabels checks every key and value of a label map (keys in sorted order). */
export function validateLabels(labels: Record<string, string> | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const k of Object.keys(labels ?? {}).sort()) {
    for (const m of isQualifiedName(k)) errs.push(invalid(path, k, m));
    for (const m of isValidLabelValue(labels?.[k] ?? '')) errs.push(invalid(path, labels?.[k] ?? '', m));
  }
  return errs;
}

/** validateLabelSelector checks matchLabels and each matchExpressions requirement. */
export function validateLabelSelector(selector: LabelSelector | undefined, path: string): FieldError[] {
  if (!selector) return [];
  const errs = validateLabels(selector.matchLabels, `${path}.matchLabels`);
  (selector.matchExpressions ?? []).forEach((r, i) => {
    const p = `${path}.matchExpressions[${i}]`;
    const values = r.values ?? [];
    switch (r.operator) {
      case 'In':
      case 'NotIn':
        if (values.length === 0) errs.push(required(`${p}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (values.length > 0) errs.push(forbidden(`${p}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
        break;
      default:
        errs.push(invalid(`${p}.operator`, r.operator, 'not a valid selector operator'));
    }
    for (const m of isQualifiedName(r.key)) errs.push(invalid(`${p}.key`, r.key, m));
    values.forEach((v, j) => {
      for (const m of isValidLabelValue(v)) errs.push(invalid(`${p}.values[${j}]`, v, m));
    });
  });
  return errs;
}

/**
 * selectorIsConvertible reports whether metav1.LabelSelectorAsSelector would accept the selector
 * (known operators with the values they need, valid keys and values).
 */
export function selectorIsConvertible(selector: LabelSelector | undefined): boolean {
  if (!selector) return true;
  return validateLabelSelector(selector, 's').length === 0;
}

/** selectorJSON renders a LabelSelector as Go marshals it (matchLabels sorted, then matchExpressions). */
export function selectorJSON(selector: LabelSelector | undefined): unknown {
  if (!selector) return null;
  const out: Record<string, unknown> = {};
  const ml = sortedMap(selector.matchLabels);
  if (ml && Object.keys(ml).length) out.matchLabels = ml;
  if (selector.matchExpressions?.length) {
    out.matchExpressions = selector.matchExpressions.map((r) => ({
      key: r.key,
      operator: r.operator,
      ...(r.values?.length ? { values: r.values } : {}),
    }));
  }
  return out;
}

/**
 * validateNamespace is ValidateNamespace for a create: the name a DNS-1123 label
 * (ValidateNamespaceName), the labels valid.
 */
export function validateNamespace(meta: ObjectMeta): FieldError[] {
  if (!meta.name) return [required('metadata.name', 'name or generateName is required')];
  const errs = isDNS1123Label(meta.name).map((m) => invalid('metadata.name', meta.name, m));
  return [...errs, ...validateLabels(meta.labels, 'metadata.labels')];
}

/**
 * validateNamespaceOf checks a namespaced object's metadata.namespace, when given, as a DNS-1123
 * label (ValidateNamespaceName): `metadata.namespace: Invalid value: "Pay_ments": a lowercase
 * RFC 1123 label must consist of …`.
 */
export function validateNamespaceOf(meta: ObjectMeta, path = 'metadata'): FieldError[] {
  const ns = meta.namespace;
  if (ns === undefined || ns === '') return [];
  return isDNS1123Label(ns).map((m) => invalid(`${path}.namespace`, ns, m));
}

/**
 * validateObjectMetaName checks metadata.name against a DNS-1123 subdomain
 * (ValidateObjectMeta with NameIsDNSSubdomain): `metadata.name: Required value: name or
 * generateName is required` when empty.
 */
export function validateObjectMetaName(meta: ObjectMeta, path = 'metadata'): FieldError[] {
  if (!meta.name) {
    if (meta.generateName) return isDNS1123Subdomain(meta.generateName).map((m) => invalid(`${path}.generateName`, meta.generateName, m));
    return [required(`${path}.name`, 'name or generateName is required')];
  }
  const errs = isDNS1123Subdomain(meta.name).map((m) => invalid(`${path}.name`, meta.name, m));
  errs.push(...validateNamespaceOf(meta, path));
  return [...errs, ...validateLabels(meta.labels, `${path}.labels`)];
}
