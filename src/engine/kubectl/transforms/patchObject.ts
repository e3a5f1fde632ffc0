// Port of kubectl patch's apply-and-report step (pkg/cmd/patch/patch.go RunPatch, patchOperation), v1.36.3.
import { namePrinterLine, type ResourceKind } from '../resources.ts';
import { jsonMergePatch, jsonPatch, strategicMergePatch } from '../../apimachinery/patch.ts';
import { ok, type TransformResult } from './result.ts';

function goTypeName(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  return typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'bool' : 'string';
}

/**
 * patchObject is `kubectl patch TYPE NAME -p PATCH [--type strategic|merge|json]`: strategic
 * (the default) merges containers and the like by name, merge is RFC 7386, json is RFC 6902.
 * It prints `deployment.apps/nginx patched`, or `patched (no change)` when the result equals
 * the object. The API server still validates what it gets back.
 */
export function patchObject<T extends { kind: ResourceKind; metadata: { name: string } }>(
  obj: T,
  patchType: 'strategic' | 'merge' | 'json',
  patch: unknown,
): TransformResult<T> {
  let next: unknown;
  if (patchType === 'json') {
    const r = jsonPatch(obj, patch);
    if ('error' in r) return { error: `Error from server (BadRequest): ${r.error}` };
    next = r.value;
  } else {
    if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
      return { error: `Error from server (BadRequest): json: cannot unmarshal ${goTypeName(patch)} into Go value of type map[string]interface {}` };
    }
    next = patchType === 'merge' ? jsonMergePatch(obj, patch) : strategicMergePatch(obj, patch);
  }
  const changed = JSON.stringify(next) !== JSON.stringify(obj);
  return ok(next as T, changed, namePrinterLine(obj.kind, obj.metadata.name, changed ? 'patched' : 'patched (no change)'));
}
