// Port of client-side `kubectl apply` (pkg/cmd/apply/apply.go applyOneObject, patcher.go
// patchSimple, pkg/util/apply.go GetModifiedConfiguration), v1.36.3.
import { LastAppliedConfigAnnotation } from '../../api/constants.ts';
import { stableStringify } from '../../lib/hash.ts';
import { namePrinterLine, RESOURCES, type ResourceKind, resolveResource } from '../resources.ts';
import { clone, ok, type TransformResult } from './result.ts';
import { strategicMergePatch, threeWayMergePatch } from '../../apimachinery/patch.ts';

/** A manifest or live object as plain JSON. */
export interface ObjectJson {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string; annotations?: Record<string, string>; [k: string]: unknown };
  [k: string]: unknown;
}

/** withoutNulls drops null fields, as apply does before a create (pruneNullsFromMap). */
function withoutNulls(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutNulls);
  if (typeof v !== 'object' || v === null) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) if (x !== null) out[k] = withoutNulls(x);
  return out;
}

/**
 * modifiedConfiguration is GetModifiedConfiguration(obj, annotate=true): the manifest (with its
 * namespace filled in) serialised without the last-applied annotation — keys sorted, as Go
 * encodes a map, with a final newline — and then stored in that annotation. A manifest without
 * annotations serialises `"annotations":{}`, as kubectl's does.
 */
export function modifiedConfiguration(manifest: ObjectJson, namespace: string): { modified: ObjectJson; lastApplied: string } {
  const m = clone(manifest);
  const kind = resolveResource(m.kind ?? '');
  const meta = { ...(m.metadata ?? {}) };
  if (kind && RESOURCES[kind].namespaced && !meta.namespace) meta.namespace = namespace;
  const annotations = { ...(meta.annotations ?? {}) };
  delete annotations[LastAppliedConfigAnnotation];
  const lastApplied = `${stableStringify({ ...m, metadata: { ...meta, annotations } })}\n`;
  const modified = { ...m, metadata: { ...meta, annotations: { ...annotations, [LastAppliedConfigAnnotation]: lastApplied } } };
  return { modified, lastApplied };
}

/**
 * applyPatchOf is the patch client-side apply sends for `live`: the three-way merge of the
 * last-applied configuration, the modified one (the manifest with its new last-applied
 * annotation) and the live object; {} when nothing changes.
 */
export function applyPatchOf(live: ObjectJson, modified: unknown): Record<string, unknown> {
  const lastApplied = live.metadata?.annotations?.[LastAppliedConfigAnnotation];
  let original: unknown = {};
  if (lastApplied) {
    try {
      original = JSON.parse(lastApplied);
    } catch {
      original = {};
    }
  }
  return threeWayMergePatch(original, modified, live) as Record<string, unknown>;
}

/**
 * applyManifest is client-side `kubectl apply -f`: a missing object is created from the manifest
 * plus the last-applied annotation (`deployment.apps/nginx created`); an existing one gets the
 * three-way patch between its last-applied configuration, the new manifest and its live state:
 * `configured` when that patch is not empty, `unchanged` when it is. An object created without
 * apply gets a warning and its annotation patched in.
 */
export function applyManifest<T extends ObjectJson>(live: T | undefined, manifest: ObjectJson, namespace: string): TransformResult<T> {
  const kind = resolveResource(manifest.kind ?? '') as ResourceKind | undefined;
  const name = manifest.metadata?.name ?? '';
  if (!kind) {
    return {
      error: `error: resource mapping not found for name: "${name}" namespace: "${namespace}" from "STDIN": no matches for kind "${manifest.kind ?? ''}" in version "${manifest.apiVersion ?? ''}"\nensure CRDs are installed first`,
    };
  }
  const { modified } = modifiedConfiguration(manifest, namespace);
  if (!live) return ok(withoutNulls(modified) as T, true, namePrinterLine(kind, name, 'created'));
  const lastApplied = live.metadata?.annotations?.[LastAppliedConfigAnnotation];
  const stderr =
    lastApplied === undefined
      ? `Warning: resource ${RESOURCES[kind].plural}/${name} is missing the ${LastAppliedConfigAnnotation} annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.`
      : undefined;
  const patch = applyPatchOf(live, modified);
  if (Object.keys(patch).length === 0) return ok(live, false, namePrinterLine(kind, name, 'unchanged'), stderr);
  const next = strategicMergePatch(live, patch) as T;
  return ok(next, true, namePrinterLine(kind, name, 'configured'), stderr);
}
