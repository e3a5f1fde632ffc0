/**
 * The decoding a manifest meets on its way through `kubectl apply -f -`. kubectl itself decodes
 * each document's own metadata into an ObjectMeta first (a label that YAML read as a boolean
 * stops it before any request: `error: unable to decode "STDIN": json: cannot unmarshal bool
 * into Go struct field ObjectMeta.metadata.labels of type string`, as the real kubectl 1.32
 * prints it). The rest is the API server's strict decoder (kubectl sends fieldValidation=Strict):
 * a type error or an unknown field refuses the create with a BadRequest that kubectl prints
 * with the request it was answering (AddSourceToErr). An update is a strategic merge patch, whose
 * result the unstructured converter reads (fromUnstructured.ts): a value it cannot take is a 422
 * with the patch as the bad value, and so is an unknown field (`strict decoding error: …`), as
 * applyPatchToObject answers under Strict.
 */
import { fromUnstructured, patchInvalidBody } from '../apiserver/decoding/fromUnstructured.ts';
import { type Decoded, decodedGoType, decodeManifest, decodeTyped } from '../apiserver/decoding/manifestShape.ts';
import type { GoType } from '../apiserver/decoding/manifestGoTypes.ts';

type Workload = 'Deployment' | 'DaemonSet' | 'StatefulSet';
/** The kinds whose bodies the API server's decoder checks here: the workloads, ConfigMaps, Secrets and claims. */
export type Decodable = Workload | 'ConfigMap' | 'Secret' | 'PersistentVolumeClaim';


/** clientDecodeError is kubectl's own refusal of a document whose metadata does not decode, or null. */
export function clientDecodeError(kind: Workload, raw: Record<string, unknown>): string | null {
  if (!('metadata' in raw)) return null;
  const d = decodeManifest(kind, { apiVersion: raw.apiVersion, kind: raw.kind, metadata: raw.metadata });
  if (d.ok) return null;
  const json = d.message.indexOf(': json: ');
  return json < 0 ? null : `error: unable to decode "STDIN": ${d.message.slice(json + 2)}`;
}

/**
 * serverDecodeError is the API server's refusal of what apply sends (the object to create, or
 * the live object with the patch applied), as kubectl prints it, or null when it decodes.
 * `patchOf` gives the patch sent for an update (null: a create); it is only made for a refusal,
 * which prints it.
 */
export function serverDecodeError(kind: Decodable, sent: Record<string, unknown>, patchOf: (() => Record<string, unknown>) | null): string | null {
  if (patchOf === null) {
    const d = decodeTyped(kind, sent) as Decoded;
    return d.ok ? null : `Error from server (BadRequest): error when creating "STDIN": ${d.message}`;
  }
  // The patched object is converted from a map, not decoded (fromUnstructured.ts): a value it
  // cannot take, or an unknown field under Strict, is a 422 kubectl prints from its cause,
  // without the source it would name for another error.
  const c = fromUnstructured(decodedGoType(kind) as GoType, sent);
  if ('error' in c) return `The request is invalid: patch: ${patchInvalidBody(patchOf(), c.error)}`;
  if (c.unknown.length === 0) return null;
  return `The request is invalid: patch: ${patchInvalidBody(patchOf(), `strict decoding error: ${c.unknown.join(', ')}`)}`;
}
