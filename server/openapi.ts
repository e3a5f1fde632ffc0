/**
 * OpenAPI v3 as kubectl reads it: `/openapi/v3` lists a document per group/version, each built
 * from Kubernetes' published schemas of the group/version's kinds (their lists and subresource
 * bodies) and of everything they reach, generated from k8s.io/api by
 * scripts/gen-openapi-schemas.mjs. The documents themselves are built in the engine
 * (src/engine/apiserver/openapi/document.ts), where the page console's `kubectl explain` reads the
 * same ones.
 */
import generated from '../src/engine/apiserver/openapi/openapiSchemas.json' with { type: 'json' };
import { openapiDocumentPath, openapiDocuments, type Schema, type SchemaTable } from '../src/engine/apiserver/openapi/document.ts';
import { apiGroups, groupVersionOf } from '../src/engine/apiserver/rest/resources.ts';

export type { Schema } from '../src/engine/apiserver/openapi/document.ts';

/** SCHEMAS: every generated schema by its published name (io.k8s.api.apps.v1.Deployment). */
export const SCHEMAS: SchemaTable = generated.schemas as Record<string, Schema>;

/** The documents of the generated schemas (built once). */
export const DOCUMENTS = openapiDocuments(SCHEMAS);

/** schemaOfKind is the published schema name of a group/version/kind, or undefined. */
export function schemaOfKind(group: string, version: string, kind: string): string | undefined {
  return DOCUMENTS.schemaOfKind(group, version, kind);
}

/** reachable is `roots` and every schema their `$ref`s reach, by name, sorted. */
export function reachable(roots: readonly string[], prefix?: string): Record<string, Schema> {
  return DOCUMENTS.reachable(roots, prefix);
}

/** The schema roots of a group/version: its kinds, their lists, and the bodies of its subresources. */
export function groupVersionRoots(group: string, version: string): string[] {
  return DOCUMENTS.groupVersionRoots(group, version);
}

/** groupVersionDocument is the OpenAPI v3 document of one group/version (built once: it never changes). */
export function groupVersionDocument(group: string, version: string): unknown | null {
  return DOCUMENTS.groupVersionDocument(group, version);
}

/** A content hash per document, so kubectl's cache key changes when a document does. */
function hashOf(text: string): string {
  let h = 0xcbf29ce4;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).toUpperCase().padStart(8, '0').repeat(2);
}

let index: unknown;

/** openapiIndex is `/openapi/v3`: each group/version's document and its hashed URL. */
export function openapiIndex(): unknown {
  if (index) return index;
  const paths: Record<string, { serverRelativeURL: string }> = {};
  for (const g of apiGroups()) {
    const p = openapiDocumentPath(g);
    const hash = hashOf(JSON.stringify(groupVersionDocument(g.group, g.version)) + groupVersionOf(g));
    paths[p] = { serverRelativeURL: `/openapi/v3/${p}?hash=${hash}` };
  }
  index = { paths };
  return index;
}
