// Port of kube-apiserver's jsonPatcher (staging/src/k8s.io/apiserver/pkg/endpoints/handlers/patch.go,
// v1.36): applyJSPatch for application/json-patch+json and application/merge-patch+json, and the
// answers applyPatchToCurrentObject gives when the patched JSON does not decode.
/**
 * A JSON or merge patch applies to the object's JSON, and the result is decoded from JSON (a
 * strategic merge patch's is converted from a map instead: fromUnstructured.ts). The API server
 * answers:
 * - a patch body the strict decoder refuses (fieldValidation Strict or Warn, kubectl patch's
 *   default being the server's Warn): 400 `error decoding patch: json: cannot unmarshal …`;
 * - a JSON patch that is not a list of operations: 400 with the library's decoding error;
 *   more than 10000 operations: 413; an operation that does not apply (a failed test, a missing
 *   path): 422 with the library's message as the one cause, no field;
 * - a merge patch that is null or a scalar: 400 `Invalid JSON Patch`;
 * - a patched object that does not decode: 422 on the field `patch`, the value being the whole
 *   patched JSON as the library wrote it (lazyNode.ts), the detail the decoder's error;
 *   an unknown field is a warning under Warn, that same 422 with `strict decoding error: …`
 *   under Strict.
 */
import { invalid } from '../../apimachinery/fieldErrors.ts';
import { decodePolicyManifest } from '../decoding/manifestShape.ts';
import type { RequestInfo } from './requestInfo.ts';
import { ErrBadJSONPatch, mergePatch } from './jsonMergePatchV4.ts';
import { applyJsonPatch, decodePatch } from './jsonPatchV4.ts';
import { isJsonObject, type LazyNode, marshal, nodeValue } from './lazyNode.ts';
import { newBadRequest, newGenericServerResponse, newInvalid, newRequestEntityTooLargeError, type Status } from './status.ts';

/** maxJSONPatchOperations bounds the operations of one JSON patch. */
const maxJSONPatchOperations = 10000;

export type PatchedJSON = { value: unknown; text: string } | { status: Status };

/** jsonKindOf names a JSON value as encoding/json's UnmarshalTypeError does. */
function jsonKindOf(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  if (typeof v === 'boolean') return 'bool';
  return typeof v === 'object' ? 'object' : typeof v;
}

/**
 * strictPatchOpsError is kjson.UnmarshalStrict of a JSON patch into []jsonPatchOp{op, path, from,
 * value}: the first type error (op, path and from are strings), or null.
 */
function strictPatchOpsError(body: unknown): string | null {
  if (body === null) return null;
  if (!Array.isArray(body)) return `json: cannot unmarshal ${jsonKindOf(body)} into Go value of type []handlers.jsonPatchOp`;
  for (const op of body) {
    if (op === null) continue;
    if (!isJsonObject(op)) return `json: cannot unmarshal ${jsonKindOf(op)} into Go value of type handlers.jsonPatchOp`;
    for (const [k, v] of Object.entries(op)) {
      if ((k === 'op' || k === 'path' || k === 'from') && v !== null && typeof v !== 'string') {
        return `json: cannot unmarshal ${jsonKindOf(v)} into Go struct field jsonPatchOp.${k} of type string`;
      }
    }
  }
  return null;
}

/**
 * applyJSPatch applies a JSON patch or a merge patch to the object as the client reads it: the
 * patched value and its JSON text (what a 422 quotes), or the Status the API server refuses with.
 */
export function applyJSPatch(versioned: Record<string, unknown>, patchType: string, patch: unknown, fieldValidation: RequestInfo['fieldValidation']): PatchedJSON {
  const strict = fieldValidation === 'Strict' || fieldValidation === 'Warn';
  let node: LazyNode;
  if (patchType === 'application/json-patch+json') {
    const bad = strict ? strictPatchOpsError(patch) : null;
    if (bad) return { status: newBadRequest(`error decoding patch: ${bad}`) };
    const p = decodePatch(patch);
    if ('error' in p) return { status: newBadRequest(p.error) };
    if (p.ops.length > maxJSONPatchOperations) {
      return { status: newRequestEntityTooLargeError(`The allowed maximum operations in a JSON patch is ${maxJSONPatchOperations}, got ${p.ops.length}`) };
    }
    const r = applyJsonPatch(versioned, p.ops);
    if ('error' in r) return { status: newGenericServerResponse(422, r.error) };
    node = r.node;
  } else {
    if (strict && patch !== null && !isJsonObject(patch)) {
      return { status: newBadRequest(`error decoding patch: json: cannot unmarshal ${jsonKindOf(patch)} into Go value of type map[string]interface {}`) };
    }
    const r = mergePatch(versioned, patch);
    if ('error' in r) return { status: newBadRequest(ErrBadJSONPatch) };
    node = r.node;
  }
  const text = marshal(node);
  const value = nodeValue(node);
  // The decoder reads apiVersion and kind first (SimpleMetaFactory.Interpret), from an object only.
  if (!isJsonObject(value)) {
    const findKind = 'struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }';
    return { status: patchInvalid(text, `couldn't get version/kind; json parse error: json: cannot unmarshal ${jsonKindOf(value)} into Go value of type ${findKind}`) };
  }
  return { value, text };
}

/**
 * decodePatchedScale decodes a patched autoscaling/v1 Scale (the scale subresource's body) as the
 * API server does: a type error is the 422 of the patch, an unknown field a warning under Warn
 * or that 422 under Strict.
 */
export function decodePatchedScale(value: Record<string, unknown>, text: string, fieldValidation: RequestInfo['fieldValidation']): { warnings: string[] } | { status: Status } {
  const d = decodePolicyManifest('Scale', value);
  if (d.ok) return { warnings: [] };
  const detail = d.message.replace(/^.*? cannot be handled as a Scale: /, '');
  if (!detail.startsWith('strict decoding error: ')) return { status: patchInvalid(text, detail) };
  if (fieldValidation === 'Strict') return { status: patchInvalid(text, detail) };
  return { warnings: fieldValidation === 'Ignore' ? [] : detail.slice('strict decoding error: '.length).split(', ') };
}

/** patchInvalid is the 422 of a patched object that does not decode: GroupKind{}, no name, the cause on `patch`. */
export function patchInvalid(text: string, detail: string): Status {
  return newInvalid('', '', '', [invalid('patch', text, detail)]);
}
