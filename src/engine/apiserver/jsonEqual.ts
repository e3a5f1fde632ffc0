/**
 * The store's equality checks (split out of store.ts): JSON equality for generation bumps and
 * no-op writes, and "the same but for the resourceVersion it would take" without building the
 * object that question names.
 */
import type { KubeObject } from '../api/types.ts';

/** specOf is what a generation bump compares: the spec, or an EndpointSlice's content. */
export function specOf(obj: KubeObject): unknown {
  // An EndpointSlice has no spec: its strategy bumps generation when anything but metadata changes.
  if (obj.kind === 'EndpointSlice') return [obj.addressType, obj.endpoints, obj.ports];
  return 'spec' in obj ? obj.spec : undefined;
}

/**
 * Cheap structural equality for plain JSON values (spec comparisons for generation bumps, no-op
 * status writes): the same number of keys, and every key of a equal in b. It runs on every
 * status write, so it walks keys with for-in instead of allocating Object.keys arrays.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const isArray = Array.isArray(a);
  if (isArray !== Array.isArray(b)) return false;
  if (isArray) {
    const x = a as unknown[];
    const y = b as unknown[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!jsonEqual(x[i], y[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let n = 0;
  for (const k in x) {
    n++;
    if (!jsonEqual(x[k], y[k])) return false;
  }
  for (const _ in y) n--;
  return n === 0;
}

/**
 * jsonEqualReplacing is jsonEqual(a, { ...b, [key]: v }) without building that object, where
 * `same(a[key], b[key])` says whether a[key] equals v.
 */
function jsonEqualReplacing(a: unknown, b: unknown, key: string, same: (x: unknown, y: unknown) => boolean): boolean {
  const x = (a ?? {}) as Record<string, unknown>;
  const y = (b ?? {}) as Record<string, unknown>;
  let n = 0;
  for (const k in x) {
    n++;
    if (k === key ? !same(x[k], y[k]) : !jsonEqual(x[k], y[k])) return false;
  }
  for (const _ in y) n--;
  // The spread gives b the key when it has none.
  if (!(key in y)) n--;
  return n === 0;
}

const alwaysSame = (): boolean => true;

function sameMetaButResourceVersion(a: unknown, b: unknown): boolean {
  return jsonEqualReplacing(a, b, 'resourceVersion', alwaysSame);
}

/**
 * sameButResourceVersion is jsonEqual(a, { ...b, metadata: { ...b.metadata, resourceVersion:
 * a.metadata.resourceVersion } }): an update that changes nothing but the resourceVersion it
 * would take, told without building that object (an Event's count update asks 40,000 times a
 * probed rollout).
 */
export function sameButResourceVersion(a: KubeObject, b: KubeObject): boolean {
  return jsonEqualReplacing(a, b, 'metadata', sameMetaButResourceVersion);
}
