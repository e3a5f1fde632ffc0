/**
 * `/openapi/v2` as the protobuf kubectl asks for
 * (`application/com.github.proto-openapi.spec.v2@v1.0+protobuf`, gnostic's openapi_v2.Document).
 * Readers:
 * - kubectl 1.27 and 1.28 decide from its PATCH operations whether the server checks fields
 *   itself: each kind's operation (its `x-kubernetes-group-version-kind` extension) with a
 *   `fieldValidation` query parameter (kubectl's QueryParamVerifier);
 * - their client-side apply builds its strategic merge patch from the kind's definition (its
 *   x-kubernetes-patch-strategy / -patch-merge-key) when the kind's PATCH operation consumes
 *   strategic merge patches, as against a cluster, instead of from its compiled-in types;
 * - `kubectl explain --output=plaintext-openapiv2` (every kubectl since 1.27; explain reads v3
 *   otherwise) renders the definitions.
 * The definitions are the generated v3 schemas (src/engine/apiserver/openapi/openapiSchemas.json)
 * as kube-apiserver publishes them in v2 (src/engine/apiserver/openapi/v2.ts: under
 * `#/definitions/`, a `$ref` beside its description and default rather than wrapped in `allOf`,
 * and IntOrString and Quantity as `type: string`). Built and encoded once per process.
 */
import { v2Definitions as definitionsOf, v2Schema } from '../src/engine/apiserver/openapi/v2.ts';
import { RESOURCES } from '../src/engine/apiserver/rest/resources.ts';
import { DOCUMENTS, type Schema } from './openapi.ts';
import { ProtoWriter, writeExtension, writeSchema } from './openapiV2Proto.ts';

export { v2Schema };

/**
 * The media type the document is served as. kubectl asks for `…spec.v2@v1.0+protobuf`, but Go's
 * mime parser refuses `@` in an answer, so kube-openapi answers with `.v1.0` (as here).
 */
export const OPENAPI_V2_PROTOBUF = 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf';

/** v2Definitions: every generated schema, in name order, as v2 definitions (src/engine/apiserver/openapi/v2.ts). */
export function v2Definitions(): [string, Schema][] {
  return definitionsOf(DOCUMENTS);
}

/** ParametersItem{parameter: Parameter{non_body_parameter: NonBodyParameter{query_parameter_sub_schema}}}. */
function writeQueryParameter(w: ProtoWriter, name: string, description: string): void {
  w.message(8, (item) =>
    item.message(1, (param) =>
      param.message(2, (nonBody) =>
        nonBody.message(3, (q) => {
          q.string(2, 'query');
          q.string(3, description);
          q.string(4, name);
          q.string(6, 'string');
          q.varint(20, 1); // uniqueItems, as kube-apiserver marks every query parameter
        }),
      ),
    ),
  );
}

function writeDocument(w: ProtoWriter): void {
  w.string(1, '2.0');
  w.message(2, (info) => {
    info.string(1, 'Kubernetes');
    info.string(2, 'unversioned');
  });
  w.message(8, (paths) => {
    for (const r of RESOURCES) {
      const prefix = r.group === '' ? `/api/${r.version}` : `/apis/${r.group}/${r.version}`;
      const path = `${prefix}${r.namespaced ? '/namespaces/{namespace}' : ''}/${r.resource}/{name}`;
      paths.message(2, (named) => {
        named.string(1, path);
        named.message(2, (item) =>
          item.message(8, (op) => {
            op.string(5, `patch${r.kind}`);
            for (const t of PATCH_TYPES) op.string(7, t);
            writeQueryParameter(op, 'fieldValidation', 'fieldValidation instructs the server on how to handle objects in the request containing unknown or duplicate fields.');
            writeExtension(op, 13, 'x-kubernetes-action', 'patch');
            writeExtension(op, 13, 'x-kubernetes-group-version-kind', { group: r.group, kind: r.kind, version: r.version });
          }),
        );
      });
    }
  });
  w.message(9, (defs) => {
    for (const [name, schema] of v2Definitions()) {
      defs.message(1, (named) => {
        named.string(1, name);
        named.message(2, (x) => writeSchema(x, schema));
      });
    }
  });
}

/**
 * The PATCH operations' `consumes`, as kube-apiserver lists them for a built-in kind. kubectl's
 * client-side apply builds its patch from the v2 definition only when the kind's operation
 * consumes `application/strategic-merge-patch+json` (Patcher.getPatchTypeFromOpenAPI); without it
 * it falls back to its compiled-in types.
 */
const PATCH_TYPES = ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml'];

let encoded: Uint8Array | undefined;

/** openapiV2Document is the encoded document (built on the first call: it never changes). */
export function openapiV2Document(): Uint8Array {
  if (!encoded) {
    const w = new ProtoWriter();
    writeDocument(w);
    encoded = w.bytes();
  }
  return encoded;
}
