/**
 * `/openapi/v2` as the protobuf kubectl 1.27 and 1.28 ask for
 * (`application/com.github.proto-openapi.spec.v2@v1.0+protobuf`, gnostic's openapi_v2.Document).
 * Those releases decide from this document whether the server checks fields itself: they look
 * for each kind's PATCH operation (its `x-kubernetes-group-version-kind` extension) and its
 * `fieldValidation` query parameter (kubectl's QueryParamVerifier). The document holds exactly
 * that: no schemas (kubectl then builds patches from its compiled-in types, as for any kind it
 * has no schema for). Field numbers are those of gnostic's OpenAPIv2.proto.
 */
import { RESOURCES } from '../src/engine/apiserver/rest/resources.ts';

/**
 * The media type the document is served as. kubectl asks for `…spec.v2@v1.0+protobuf`, but Go's
 * mime parser refuses `@` in an answer, so kube-openapi answers with `.v1.0` (as here).
 */
export const OPENAPI_V2_PROTOBUF = 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf';

function varint(n: number): number[] {
  const out: number[] = [];
  let v = n;
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return out;
}

/** A length-delimited field: a string or an embedded message. */
function field(tag: number, value: Uint8Array | string): number[] {
  const bytes = typeof value === 'string' ? new TextEncoder().encode(value) : value;
  return [...varint((tag << 3) | 2), ...varint(bytes.length), ...bytes];
}

const msg = (...fields: number[][]): Uint8Array => Uint8Array.from(fields.flat());

/** NamedAny{name, value: Any{yaml}}: a vendor extension. */
function extension(name: string, yaml: string): Uint8Array {
  return msg(field(1, name), field(2, msg(field(2, yaml))));
}

/** ParametersItem{parameter: Parameter{non_body_parameter: NonBodyParameter{query_parameter_sub_schema}}}. */
function queryParameter(name: string): Uint8Array {
  const sub = msg(field(2, 'query'), field(3, 'fieldValidation instructs the server on how to handle objects in the request containing unknown or duplicate fields.'), field(4, name), field(6, 'string'));
  return msg(field(1, msg(field(2, msg(field(3, sub))))));
}

/** openapiV2Document encodes the document: one PATCH operation per served kind. */
export function openapiV2Document(): Uint8Array {
  const paths: number[][] = [];
  for (const r of RESOURCES) {
    const prefix = r.group === '' ? `/api/${r.version}` : `/apis/${r.group}/${r.version}`;
    const path = `${prefix}${r.namespaced ? '/namespaces/{namespace}' : ''}/${r.resource}/{name}`;
    const gvk = `group: "${r.group}"\nkind: ${r.kind}\nversion: ${r.version}\n`;
    const operation = msg(
      field(5, `patch${r.kind}`),
      field(8, queryParameter('fieldValidation')),
      field(13, extension('x-kubernetes-action', 'patch\n')),
      field(13, extension('x-kubernetes-group-version-kind', gvk)),
    );
    const pathItem = msg(field(8, operation));
    paths.push(field(2, msg(field(1, path), field(2, pathItem))));
  }
  return msg(field(1, '2.0'), field(2, msg(field(1, 'Kubernetes'), field(2, 'unversioned'))), field(8, msg(...paths)));
}
