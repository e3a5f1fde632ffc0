/**
 * The OpenAPI v2 definitions the API server publishes (`/openapi/v2`, server/openapiV2.ts): the
 * generated v3 schemas as kube-apiserver carries them in v2, under `#/definitions/`, a `$ref` beside
 * its description and default rather than wrapped in `allOf`, and IntOrString and Quantity as
 * `type: string` (their OpenAPISchemaType) rather than v3's `oneOf`. The page console's
 * `kubectl explain --output=plaintext-openapiv2` reads the same definitions.
 */
import type { OpenAPIDocuments, Schema } from './document.ts';

const V3_REF = '#/components/schemas/';
const V2_REF = '#/definitions/';

const sortedEntries = <T>(o: Record<string, T>): [string, T][] => Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * v2Schema is a generated v3 schema as OpenAPI v2 carries it (what kube-openapi's v3 builder
 * undoes, read backwards): `allOf: [{$ref}]` → `$ref` with the siblings kept, `oneOf` → `type:
 * string`, properties in name order (kube-openapi marshals them from a map).
 */
export function v2Schema(s: Schema): Schema {
  const out: Schema = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === 'allOf' && Array.isArray(v) && v.length === 1 && typeof v[0]?.$ref === 'string') out.$ref = (v[0].$ref as string).replace(V3_REF, V2_REF);
    else if (k === '$ref' && typeof v === 'string') out.$ref = v.replace(V3_REF, V2_REF);
    // Both oneOf types of apimachinery (IntOrString, Quantity) answer "string" to OpenAPISchemaType.
    else if (k === 'oneOf') out.type = 'string';
    else if (k === 'properties' && v && typeof v === 'object') out.properties = Object.fromEntries(sortedEntries(v as Record<string, Schema>).map(([n, x]) => [n, v2Schema(x)]));
    else if ((k === 'items' || k === 'additionalProperties') && v && typeof v === 'object') out[k] = v2Schema(v as Schema);
    else out[k] = v;
  }
  return out;
}

/** v2Definitions: every schema of the table, in name order, as v2 definitions. */
export function v2Definitions(docs: OpenAPIDocuments): [string, Schema][] {
  return sortedEntries(docs.reachable(Object.keys(docs.schemas))).map(([name, s]) => [name, v2Schema(s)]);
}
