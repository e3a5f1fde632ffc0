// Port of kubernetes pkg/apis/core/validation (ValidateConfigMap, ValidateConfigMapUpdate,
// ValidateSecret, ValidateSecretUpdate) and apimachinery's IsConfigMapKey, v1.36.
import type { ConfigMap, Secret } from '../api/configTypes.ts';
import { type FieldError, forbidden, invalid, required, tooLong } from '../apimachinery/fieldErrors.ts';
import { base64Length } from '../lib/base64.ts';
import { utf8Length } from '../lib/utf8.ts';
import { maxLenError, regexError, validateObjectMetaName } from './validationCore.ts';

/** core.MaxSecretSize: 1 MiB, for a Secret's data and a ConfigMap's data and binaryData together. */
export const MaxSecretSize = 1024 * 1024;

const configMapKeyFmt = '[-._a-zA-Z0-9]+';
const configMapKeyRe = new RegExp(`^${configMapKeyFmt}$`);

/** isConfigMapKey: at most 253 characters of `[-._a-zA-Z0-9]`, not `.`, `..` or `..`-prefixed. */
export function isConfigMapKey(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 253) errs.push(maxLenError(253));
  if (!configMapKeyRe.test(value)) {
    errs.push(regexError("a valid config key must consist of alphanumeric characters, '-', '_' or '.'", configMapKeyFmt, 'key.name', 'KEY_NAME', 'key-name'));
  }
  if (value === '.') errs.push("must not be '.'");
  else if (value === '..') errs.push("must not be '..'");
  else if (value.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}

// Go ranges over a map in random order; the errors come out here in key order, so one object
// always gives one message.
const sortedEntries = (m: Record<string, string> | undefined): [string, string][] =>
  Object.entries(m ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * validateConfigMap: the keys of data and binaryData are config keys, no key in both, and
 * both together at most 1 MiB (`: Too long: may not be more than 1048576 bytes`: the path is the
 * whole object's, empty).
 */
export function validateConfigMap(cm: ConfigMap): FieldError[] {
  const errs = validateObjectMetaName(cm.metadata ?? { name: '' });
  let total = 0;
  for (const [key, value] of sortedEntries(cm.data)) {
    for (const m of isConfigMapKey(key)) errs.push(invalid(`data[${key}]`, key, m));
    if (cm.binaryData !== undefined && key in cm.binaryData) errs.push(invalid(`data[${key}]`, key, 'duplicate of key present in binaryData'));
    total += utf8Length(value);
  }
  for (const [key, value] of sortedEntries(cm.binaryData)) {
    for (const m of isConfigMapKey(key)) errs.push(invalid(`binaryData[${key}]`, key, m));
    total += base64Length(value);
  }
  if (total > MaxSecretSize) errs.push(tooLong('', MaxSecretSize));
  return errs;
}

/** The keys each Secret type requires (core.SecretType…): `data[tls.crt]: Required value`. */
function requiredKeys(s: Secret): FieldError[] {
  const has = (k: string): boolean => s.data !== undefined && k in s.data;
  switch (s.type) {
    case 'kubernetes.io/service-account-token':
      return s.metadata.annotations?.['kubernetes.io/service-account.name'] ? [] : [required('metadata.annotations[kubernetes.io/service-account.name]')];
    case 'kubernetes.io/dockercfg':
      return has('.dockercfg') ? [] : [required('data[.dockercfg]')];
    case 'kubernetes.io/dockerconfigjson':
      return has('.dockerconfigjson') ? [] : [required('data[.dockerconfigjson]')];
    case 'kubernetes.io/basic-auth':
      return has('username') || has('password') ? [] : [required('data[username]'), required('data[password]')];
    case 'kubernetes.io/ssh-auth':
      return base64Length(s.data?.['ssh-privatekey'] ?? '') > 0 ? [] : [required('data[ssh-privatekey]')];
    case 'kubernetes.io/tls':
      return [...(has('tls.crt') ? [] : [required('data[tls.crt]')]), ...(has('tls.key') ? [] : [required('data[tls.key]')])];
    default:
      return [];
  }
}

/** validateSecret: config keys, 1 MiB of data, and the keys the Secret's type requires. */
export function validateSecret(s: Secret): FieldError[] {
  const errs = validateObjectMetaName(s.metadata ?? { name: '' });
  let total = 0;
  for (const [key, value] of sortedEntries(s.data)) {
    for (const m of isConfigMapKey(key)) errs.push(invalid(`data[${key}]`, key, m));
    total += base64Length(value);
  }
  if (total > MaxSecretSize) errs.push(tooLong('data', MaxSecretSize));
  errs.push(...requiredKeys(s));
  return errs;
}

const IMMUTABLE = 'field is immutable when `immutable` is set';
const sameMap = (a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean => {
  // reflect.DeepEqual: a nil map is not an empty one.
  if (a === undefined || b === undefined) return a === b;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => k in b && a[k] === b[k]);
};

/** configMapUpdateErrors: once `immutable: true`, neither it nor data nor binaryData may change. */
export function configMapUpdateErrors(next: ConfigMap, old: ConfigMap): FieldError[] {
  const errs: FieldError[] = [];
  if (old.immutable === true) {
    if (next.immutable !== true) errs.push(forbidden('immutable', IMMUTABLE));
    if (!sameMap(next.data, old.data)) errs.push(forbidden('data', IMMUTABLE));
    if (!sameMap(next.binaryData, old.binaryData)) errs.push(forbidden('binaryData', IMMUTABLE));
  }
  return errs;
}

/** validateConfigMapUpdate is ValidateConfigMapUpdate: the update's rules, then the object's. */
export function validateConfigMapUpdate(next: ConfigMap, old: ConfigMap): FieldError[] {
  return [...configMapUpdateErrors(next, old), ...validateConfigMap(next)];
}

/**
 * secretUpdateErrors: the type never changes (`type: Invalid value: "kubernetes.io/tls": field is
 * immutable`); once `immutable: true`, neither it nor data may.
 */
export function secretUpdateErrors(next: Secret, old: Secret): FieldError[] {
  const errs: FieldError[] = [];
  if ((next.type ?? '') !== (old.type ?? '')) errs.push(invalid('type', next.type ?? '', 'field is immutable'));
  if (old.immutable === true) {
    if (next.immutable !== true) errs.push(forbidden('immutable', IMMUTABLE));
    if (!sameMap(next.data, old.data)) errs.push(forbidden('data', IMMUTABLE));
  }
  return errs;
}

/** validateSecretUpdate is ValidateSecretUpdate: the update's rules, then the object's. */
export function validateSecretUpdate(next: Secret, old: Secret): FieldError[] {
  return [...secretUpdateErrors(next, old), ...validateSecret(next)];
}
