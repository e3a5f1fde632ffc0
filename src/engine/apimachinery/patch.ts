// Ports of the patch algorithms kubectl patch / apply / rollout undo rely on: RFC 7386 JSON merge
// patch (evanphx/json-patch MergePatch), the strategic merge patch of apimachinery
// pkg/util/strategicpatch (the subset our objects need: merge keys, `$patch: replace|delete`),
// RFC 6902 JSON patch, and CreateThreeWayMergePatch for client-side apply.

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * PATCH_MERGE_KEYS: list fields that merge item by item (patchStrategy "merge") and the key that
 * identifies an item, from the Go struct tags of core/v1 and meta/v1. Other lists are replaced.
 */
export const PATCH_MERGE_KEYS: Readonly<Record<string, string>> = {
  containers: 'name',
  initContainers: 'name',
  ephemeralContainers: 'name',
  env: 'name',
  ports: 'containerPort',
  volumeMounts: 'mountPath',
  volumes: 'name',
  imagePullSecrets: 'name',
  hostAliases: 'ip',
  ownerReferences: 'uid',
  conditions: 'type',
  readinessGates: 'conditionType',
};

/** jsonMergePatch applies an RFC 7386 merge patch: objects merge key by key, null deletes, anything else replaces. */
export function jsonMergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const out: JsonObject = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = jsonMergePatch(out[k], v) as Json;
  }
  return out;
}

function mergeList(target: unknown, patch: Json[], key: string | undefined): Json[] {
  if (!key || !Array.isArray(target) || !patch.every(isObject)) return patch.filter((p) => !(isObject(p) && p.$patch === 'delete'));
  const out: Json[] = [...target];
  for (const item of patch as JsonObject[]) {
    const at = out.findIndex((t) => isObject(t) && t[key] === item[key]);
    if (item.$patch === 'delete') {
      if (at >= 0) out.splice(at, 1);
    } else if (at >= 0) {
      out[at] = strategicMergePatch(out[at], item) as Json;
    } else {
      out.push(strategicMergePatch(undefined, item) as Json);
    }
  }
  return out;
}

/**
 * strategicMergePatch applies a strategic merge patch: like a merge patch, except that lists of
 * containers, env, ports, volumes... merge by their key (`name`, `containerPort`, ...) instead of
 * being replaced, `$patch: replace` in a map replaces the map, `$patch: delete` deletes it (or a
 * keyed list item), and `$setElementOrder/...` / `$retainKeys` directives are ignored.
 */
export function strategicMergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  if (patch.$patch === 'delete') return undefined;
  const replace = patch.$patch === 'replace';
  const out: JsonObject = !replace && isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (k === '$patch' || k === '$retainKeys' || k.startsWith('$setElementOrder/') || k.startsWith('$deleteFromPrimitiveList/')) continue;
    if (v === null) delete out[k];
    else if (Array.isArray(v)) out[k] = mergeList(out[k], v, PATCH_MERGE_KEYS[k]);
    else {
      const merged = strategicMergePatch(out[k], v);
      if (merged === undefined) delete out[k];
      else out[k] = merged as Json;
    }
  }
  return out;
}

function pointer(path: string): string[] {
  if (path === '') return [];
  return path
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * jsonPatch applies an RFC 6902 patch (add, remove, replace, test, copy, move) and returns the
 * result, or an error text for an operation that cannot apply.
 */
export function jsonPatch(target: unknown, ops: unknown): { value: unknown } | { error: string } {
  if (!Array.isArray(ops)) return { error: 'json: cannot unmarshal object into Go value of type jsonpatch.Patch' };
  let doc: unknown = structuredClone(target);
  const get = (segs: string[]): unknown =>
    segs.reduce<unknown>((cur, s) => (Array.isArray(cur) ? cur[Number(s)] : isObject(cur) ? cur[s] : undefined), doc);
  const setAt = (segs: string[], value: unknown, mode: 'add' | 'replace' | 'remove'): string | undefined => {
    if (segs.length === 0) {
      doc = mode === 'remove' ? null : value;
      return undefined;
    }
    const parent = get(segs.slice(0, -1));
    const last = segs[segs.length - 1] ?? '';
    if (Array.isArray(parent)) {
      const i = last === '-' ? parent.length : Number(last);
      if (!Number.isInteger(i) || i < 0 || i > parent.length || (mode !== 'add' && i >= parent.length)) return 'index out of range';
      if (mode === 'add') parent.splice(i, 0, value);
      else if (mode === 'replace') parent[i] = value;
      else parent.splice(i, 1);
      return undefined;
    }
    if (!isObject(parent)) return `missing path: ${segs.join('/')}`;
    if (mode !== 'add' && !(last in parent)) return `missing path: ${segs.join('/')}`;
    if (mode === 'remove') delete parent[last];
    else parent[last] = value as Json;
    return undefined;
  };
  for (const raw of ops) {
    if (!isObject(raw)) return { error: 'invalid operation' };
    const op = raw.op;
    const path = pointer(String(raw.path ?? ''));
    let err: string | undefined;
    if (op === 'add' || op === 'replace') err = setAt(path, structuredClone(raw.value), op);
    else if (op === 'remove') err = setAt(path, undefined, 'remove');
    else if (op === 'test') err = JSON.stringify(get(path)) === JSON.stringify(raw.value) ? undefined : 'testing value failed';
    else if (op === 'copy' || op === 'move') {
      const from = pointer(String(raw.from ?? ''));
      const v = structuredClone(get(from));
      if (v === undefined) err = `missing path: ${from.join('/')}`;
      else {
        if (op === 'move') err = setAt(from, undefined, 'remove');
        err = err ?? setAt(path, v, 'add');
      }
    } else err = `Unexpected kind: ${String(op)}`;
    if (err) return { error: err };
  }
  return { value: doc };
}

function equalJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Additions and changes that turn `from` into `to`, ignoring what `to` lacks (deletions). */
function diffAdditions(from: unknown, to: unknown, field?: string): unknown {
  if (isObject(from) && isObject(to)) {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(to)) {
      const d = diffAdditions(from[k], v, k);
      if (d !== undefined) out[k] = d as Json;
    }
    return Object.keys(out).length ? out : undefined;
  }
  const key = field ? PATCH_MERGE_KEYS[field] : undefined;
  if (key && Array.isArray(from) && Array.isArray(to) && [...from, ...to].every(isObject)) {
    const items: Json[] = [];
    for (const item of to as JsonObject[]) {
      const cur = (from as JsonObject[]).find((f) => f[key] === item[key]);
      const d = cur ? diffAdditions(cur, item) : item;
      if (d !== undefined) items.push({ ...(d as JsonObject), [key]: item[key] as Json });
    }
    return items.length ? items : undefined;
  }
  return equalJson(from, to) ? undefined : to;
}

/** Deletions: null for what `original` has and `modified` dropped (keyed list items get `$patch: delete`). */
function diffDeletions(original: unknown, modified: unknown, field?: string): unknown {
  if (isObject(original) && isObject(modified)) {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(original)) {
      if (!(k in modified)) out[k] = null;
      else {
        const d = diffDeletions(v, modified[k], k);
        if (d !== undefined) out[k] = d as Json;
      }
    }
    return Object.keys(out).length ? out : undefined;
  }
  const key = field ? PATCH_MERGE_KEYS[field] : undefined;
  if (key && Array.isArray(original) && Array.isArray(modified) && [...original, ...modified].every(isObject)) {
    const items: Json[] = [];
    for (const item of original as JsonObject[]) {
      const m = (modified as JsonObject[]).find((x) => x[key] === item[key]);
      if (!m) items.push({ [key]: item[key] as Json, $patch: 'delete' });
      else {
        const d = diffDeletions(item, m);
        if (d !== undefined) items.push({ ...(d as JsonObject), [key]: item[key] as Json });
      }
    }
    return items.length ? items : undefined;
  }
  return undefined;
}

/**
 * threeWayMergePatch is CreateThreeWayMergePatch(original, modified, current) for client-side
 * apply: delete what the last applied configuration had and the new one dropped, and set what the
 * new configuration has that the live object differs on. `{}` means "unchanged".
 */
export function threeWayMergePatch(original: unknown, modified: unknown, current: unknown): Record<string, unknown> {
  const deletions = (diffDeletions(original ?? {}, modified) ?? {}) as JsonObject;
  const additions = (diffAdditions(current, modified) ?? {}) as JsonObject;
  return strategicMergePatch(deletions, additions) as Record<string, unknown>;
}
