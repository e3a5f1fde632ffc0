/**
 * The served API's decoding step (kube-apiserver's strict JSON decoder): the Go-type
 * table of apps/v1 (engine/apiserver/decoding) refuses a wrong type (`json: cannot unmarshal string into Go struct field …`)
 * and, under `fieldValidation=Strict` (what kubectl apply sends), an unknown field
 * (`strict decoding error: unknown field "spec.replica"`); under Warn an unknown field is a
 * warning kubectl prints.
 */
import type { DecodeHook } from '../src/engine/apiserver/rest/write.ts';
import { decodeManifest } from '../src/engine/apiserver/decoding/manifestShape.ts';

/** decodeHook checks Deployment, DaemonSet and StatefulSet bodies; other kinds pass as they are. */
export const decodeHook: DecodeHook = (kind, obj, fieldValidation) => {
  if (kind !== 'Deployment' && kind !== 'DaemonSet' && kind !== 'StatefulSet') return { warnings: [] };
  const d = decodeManifest(kind, obj);
  if (d.ok) return { warnings: [] };
  const strictOnly = /: strict decoding error: /.exec(d.message);
  if (!strictOnly || fieldValidation === 'Strict') return { error: d.message };
  if (fieldValidation === 'Ignore') return { warnings: [] };
  const unknown = d.message.slice(strictOnly.index + strictOnly[0].length).split(', ');
  return { warnings: unknown };
};
