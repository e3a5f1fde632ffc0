/**
 * The served API's decoding step (kube-apiserver's strict JSON decoder): the Go-type
 * table of apps/v1 (engine/apiserver/decoding) refuses a wrong type (`json: cannot unmarshal string into Go struct field …`)
 * and, under `fieldValidation=Strict` (what kubectl apply sends), an unknown field
 * (`strict decoding error: unknown field "spec.replica"`); under Warn an unknown field is a
 * warning kubectl prints (the engine's write drops it from what is stored). A strategic
 * merge patch's result is converted instead (fromUnstructured.ts): a 422 on `patch` for a value
 * the converter cannot take.
 */
import type { DecodeHook } from '../src/engine/apiserver/rest/write.ts';
import { fromUnstructured } from '../src/engine/apiserver/decoding/fromUnstructured.ts';
import { decodeManifest, goTypeOf } from '../src/engine/apiserver/decoding/manifestShape.ts';

/** decodeHook checks Deployment, DaemonSet and StatefulSet bodies; other kinds pass as they are. */
export const decodeHook: DecodeHook = (kind, obj, fieldValidation, smpPatch) => {
  if (kind !== 'Deployment' && kind !== 'DaemonSet' && kind !== 'StatefulSet') return { warnings: [] };
  if (smpPatch !== undefined) {
    // A strategic merge patch's result is converted from a map (fromUnstructured.ts), not decoded.
    const c = fromUnstructured(goTypeOf(kind), obj);
    if ('error' in c) return { patchInvalid: c.error };
    if (c.unknown.length === 0) return { warnings: [] };
    if (fieldValidation === 'Strict') return { error: `strict decoding error: ${c.unknown.join(', ')}` };
    return { warnings: fieldValidation === 'Ignore' ? [] : c.unknown };
  }
  const d = decodeManifest(kind, obj);
  if (d.ok) return { warnings: [] };
  const strictOnly = /: strict decoding error: /.exec(d.message);
  if (!strictOnly || fieldValidation === 'Strict') return { error: d.message };
  if (fieldValidation === 'Ignore') return { warnings: [] };
  const unknown = d.message.slice(strictOnly.index + strictOnly[0].length).split(', ');
  return { warnings: unknown };
};
