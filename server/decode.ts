/**
 * The served API's decoding step (kube-apiserver's strict JSON decoder): the Go-type
 * table of apps/v1 (engine/apiserver/decoding) refuses a wrong type (`json: cannot unmarshal string into Go struct field …`)
 * and, under `fieldValidation=Strict` (what kubectl apply sends), an unknown field
 * (`strict decoding error: unknown field "spec.replica"`); under Warn an unknown field is a
 * warning kubectl prints (the engine's write drops it from what is stored). A patched object's
 * refusal is the 422 of the patch instead (handlers/patch.go): a JSON or merge patch's result is
 * decoded, its error without the create handler's prefix; a strategic merge patch's result is
 * converted (fromUnstructured.ts); and under Strict an unknown field is that 422 too.
 */
import type { DecodeHook } from '../src/engine/apiserver/rest/write.ts';
import type { RequestInfo } from '../src/engine/apiserver/rest/requestInfo.ts';
import { fromUnstructured } from '../src/engine/apiserver/decoding/fromUnstructured.ts';
import { type Decoded, decodedGoType, decodeTyped } from '../src/engine/apiserver/decoding/manifestShape.ts';

/**
 * decodeHook checks Deployment, DaemonSet, StatefulSet, ConfigMap, Secret and PersistentVolumeClaim bodies (a Secret's
 * data must be base64: `illegal base64 data at input byte 0`); other kinds pass as they are.
 */
export const decodeHook: DecodeHook = (kind, obj, fieldValidation, patched) => {
  const ty = decodedGoType(kind);
  if (ty === null) return { warnings: [] };
  if (patched && 'smp' in patched) {
    // A strategic merge patch's result is converted from a map (fromUnstructured.ts), not decoded.
    const c = fromUnstructured(ty, obj);
    if ('error' in c) return { patchInvalid: c.error };
    return unknownFields(c.unknown, fieldValidation, true);
  }
  const d = decodeTyped(kind, obj) as Decoded;
  if (d.ok) return { warnings: [] };
  const strictOnly = /: strict decoding error: /.exec(d.message);
  // A patched object's decoding error is the decoder's own, without the create handler's prefix.
  if (!strictOnly) return patched ? { patchInvalid: d.message.replace(/^.*? cannot be handled as a \w+: /, '') } : { error: d.message };
  const unknown = d.message.slice(strictOnly.index + strictOnly[0].length).split(', ');
  if (fieldValidation === 'Strict' && !patched) return { error: d.message };
  return unknownFields(unknown, fieldValidation, patched !== undefined);
};

/**
 * unknownFields: warnings under Warn, nothing under Ignore; under Strict a patched object's are
 * the 422 of the patch (`strict decoding error: unknown field "spec.replica"`).
 */
function unknownFields(unknown: string[], fieldValidation: RequestInfo['fieldValidation'], patched: boolean): ReturnType<DecodeHook> {
  if (unknown.length === 0 || fieldValidation === 'Ignore') return { warnings: [] };
  if (fieldValidation === 'Strict') {
    const message = `strict decoding error: ${unknown.join(', ')}`;
    return patched ? { patchInvalid: message } : { error: message };
  }
  return { warnings: unknown };
}
