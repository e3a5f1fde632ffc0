// Port of kubectl pkg/cmd/set/env/env_resolve.go (v1.36): how `set env --list` names a variable's
// source (getEnvVarRefString) and, with --resolve, reads its value (getEnvVarRefValue).
import type { ConfigMap, Container, EnvVarSource, KubeObject, Secret } from '../../api/types.ts';
import { goQuote } from '../../apiserver/decoding/fromUnstructured.ts';
import { decodeBase64, utf8Decode } from '../../lib/base64.ts';
import { milliValue, parseQuantity, type Quantity, value } from '../../lib/quantity.ts';
import { isQualifiedName } from '../validation.ts';

/** What --resolve reads from the API server: the ConfigMaps and Secrets of the command's namespace. */
export interface RefStore {
  configMap(name: string): ConfigMap | undefined;
  secret(name: string): Secret | undefined;
}

type Result = { value: string } | { error: string };

/** getSecretRefValue is the key's value in the Secret (its bytes as a string). */
function getSecretRefValue(store: RefStore, sel: { name?: string; key: string }): Result {
  const name = sel.name ?? '';
  const secret = store.secret(name);
  if (!secret) return { error: `secrets ${goQuote(name)} not found` };
  const data = secret.data ?? {};
  if (!Object.hasOwn(data, sel.key)) return { error: `key ${sel.key} not found in secret ${name}` };
  const d = decodeBase64(data[sel.key] ?? '');
  return { value: 'bytes' in d ? utf8Decode(d.bytes) : '' };
}

/** getConfigMapRefValue is the key's value in the ConfigMap's data. */
function getConfigMapRefValue(store: RefStore, sel: { name?: string; key: string }): Result {
  const name = sel.name ?? '';
  const cm = store.configMap(name);
  if (!cm) return { error: `configmaps ${goQuote(name)} not found` };
  const data = cm.data ?? {};
  if (!Object.hasOwn(data, sel.key)) return { error: `key ${sel.key} not found in config map ${name}` };
  return { value: data[sel.key] ?? '' };
}

/** splitMaybeSubscriptedPath: `metadata.labels['app']` → (`metadata.labels`, `app`). */
function splitMaybeSubscriptedPath(fieldPath: string): { path: string; subscript: string } | null {
  if (!fieldPath.endsWith("']")) return null;
  const s = fieldPath.slice(0, -2);
  const at = s.indexOf("['");
  if (at <= 0) return null;
  return { path: s.slice(0, at), subscript: s.slice(at + 2) };
}

/** formatMap prints a map as `key="value"` lines in key order. */
function formatMap(m: Readonly<Record<string, string>> | undefined): string {
  return Object.keys(m ?? {})
    .sort()
    .map((k) => `${k}=${goQuote(m?.[k] ?? '')}`)
    .join('\n');
}

/** extractFieldPathAsString reads a fieldRef of the object the command changes (not of a pod). */
function extractFieldPathAsString(obj: KubeObject, fieldPath: string): Result {
  const meta = obj.metadata;
  const sub = splitMaybeSubscriptedPath(fieldPath);
  if (sub) {
    if (sub.path === 'metadata.annotations' || sub.path === 'metadata.labels') {
      const errs = isQualifiedName(sub.path === 'metadata.annotations' ? sub.subscript.toLowerCase() : sub.subscript);
      if (errs.length) return { error: `invalid key subscript in ${fieldPath}: ${errs.join(';')}` };
      const m = sub.path === 'metadata.annotations' ? meta.annotations : meta.labels;
      return { value: m?.[sub.subscript] ?? '' };
    }
    return { error: `fieldPath ${goQuote(fieldPath)} does not support subscript` };
  }
  switch (fieldPath) {
    case 'metadata.annotations':
      return { value: formatMap(meta.annotations) };
    case 'metadata.labels':
      return { value: formatMap(meta.labels) };
    case 'metadata.name':
      return { value: meta.name };
    case 'metadata.namespace':
      return { value: meta.namespace ?? '' };
    case 'metadata.uid':
      return { value: meta.uid ?? '' };
  }
  return { error: `unsupported fieldPath: ${fieldPath}` };
}

const ZERO: Quantity = { nanos: 0n, format: 'DecimalSI' };

function quantityOf(v: string | number | undefined): Quantity {
  if (v === undefined) return ZERO;
  const q = parseQuantity(String(v));
  return q.ok ? q.value : ZERO;
}

/**
 * extractContainerResourceValue reads a resourceFieldRef of the container being listed (its
 * containerName is not looked at), divided by the divisor (1 when zero) and rounded up. Describe
 * reads a container's resource variables with it too (kubectl's util/resource, shared).
 */
export function extractContainerResourceValue(fs: { resource: string; divisor?: string }, c: Container): Result {
  const d = quantityOf(fs.divisor);
  const divisor = d.nanos === 0n ? quantityOf('1') : d;
  const res = c.resources ?? {};
  const [list, name = ''] = fs.resource.startsWith('requests.')
    ? [res.requests, fs.resource.slice('requests.'.length)]
    : fs.resource.startsWith('limits.')
      ? [res.limits, fs.resource.slice('limits.'.length)]
      : [undefined];
  const q = quantityOf(list?.[name]);
  if (name === 'cpu') return { value: String(Math.ceil(milliValue(q) / milliValue(divisor))) };
  if (name === 'memory' || name === 'ephemeral-storage' || name.startsWith('hugepages-')) {
    return { value: String(Math.ceil(value(q) / value(divisor))) };
  }
  return { error: `Unsupported container resource : ${fs.resource}` };
}

/** getEnvVarRefValue resolves a valueFrom: a Secret's key, a ConfigMap's key, a field of obj, a resource of c. */
export function getEnvVarRefValue(store: RefStore, from: EnvVarSource, obj: KubeObject, c: Container): Result {
  if (from.secretKeyRef) return getSecretRefValue(store, from.secretKeyRef);
  if (from.configMapKeyRef) return getConfigMapRefValue(store, from.configMapKeyRef);
  if (from.fieldRef) return extractFieldPathAsString(obj, from.fieldRef.fieldPath);
  if (from.resourceFieldRef) return extractContainerResourceValue(from.resourceFieldRef, c);
  return { error: 'invalid valueFrom' };
}

/** getEnvVarRefString names a valueFrom's source: `configmap cfg, key PORT`, `field path metadata.name`. */
export function getEnvVarRefString(from: EnvVarSource): string {
  if (from.configMapKeyRef) return `configmap ${from.configMapKeyRef.name ?? ''}, key ${from.configMapKeyRef.key}`;
  if (from.secretKeyRef) return `secret ${from.secretKeyRef.name ?? ''}, key ${from.secretKeyRef.key}`;
  if (from.fieldRef) return `field path ${from.fieldRef.fieldPath}`;
  if (from.resourceFieldRef) {
    const prefix = from.resourceFieldRef.containerName ? `${from.resourceFieldRef.containerName}/` : '';
    return `resource field ${prefix}${from.resourceFieldRef.resource}`;
  }
  return 'invalid valueFrom';
}
