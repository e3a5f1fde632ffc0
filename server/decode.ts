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
import { decodeManifest, decodePolicyManifest, goTypeOf } from '../src/engine/apiserver/decoding/manifestShape.ts';
import { POLICY_TYPES } from '../src/engine/apiserver/decoding/manifestPolicyTypes.ts';
import type { GoType } from '../src/engine/apiserver/decoding/manifestGoTypes.ts';

/**
 * decodeHook checks Deployment, DaemonSet, StatefulSet, ConfigMap and Secret bodies (a Secret's
 * data must be base64: `illegal base64 data at input byte 0`); other kinds pass as they are.
 */
export const decodeHook: DecodeHook = (kind, obj, fieldValidation, smpPatch) => {
  const config = kind === 'ConfigMap' || kind === 'Secret';
  if (kind !== 'Deployment' && kind !== 'DaemonSet' && kind !== 'StatefulSet' && !config) return { warnings: [] };
  if (smpPatch !== undefined) {
    // A strategic merge patch's result is converted from a map (fromUnstructured.ts), not decoded.
    const c = fromUnstructured(config ? (POLICY_TYPES[kind]?.ty as GoType) : goTypeOf(kind), obj);
    if ('error' in c) return { patchInvalid: c.error };
    if (c.unknown.length === 0) return { warnings: [] };
    if (fieldValidation === 'Strict') return { error: `strict decoding error: ${c.unknown.join(', ')}` };
    return { warnings: fieldValidation === 'Ignore' ? [] : c.unknown };
  }
  const d = config ? decodePolicyManifest(kind, obj) : decodeManifest(kind, obj);
  if (d.ok) return { warnings: [] };
  const strictOnly = /: strict decoding error: /.exec(d.message);
  if (!strictOnly || fieldValidation === 'Strict') return { error: d.message };
  if (fieldValidation === 'Ignore') return { warnings: [] };
  const unknown = d.message.slice(strictOnly.index + strictOnly[0].length).split(', ');
  return { warnings: unknown };
};
