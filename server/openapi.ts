/**
 * The smallest OpenAPI v3 that lets `kubectl apply` validate on the server: `/openapi/v3` lists
 * a document per group/version, and each document's `patch` operations carry
 * `x-kubernetes-group-version-kind` and a `fieldValidation` query parameter, which is how
 * kubectl's QueryParamVerifierV3 decides to send `fieldValidation=Strict` instead of checking
 * schemas itself (kubectl-wire.md). Schemas are not served: `kubectl explain` needs them and is
 * not supported.
 */
import { apiGroups, groupVersionOf, RESOURCES } from '../src/engine/apiserver/rest/resources.ts';

function docPath(g: { group: string; version: string }): string {
  return g.group === '' ? `api/${g.version}` : `apis/${g.group}/${g.version}`;
}

/** A content hash per document, so kubectl's cache key changes when a document does. */
function hashOf(text: string): string {
  let h = 0xcbf29ce4;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).toUpperCase().padStart(8, '0').repeat(2);
}

/** groupVersionDocument is the OpenAPI v3 document of one group/version. */
export function groupVersionDocument(group: string, version: string): unknown | null {
  if (!apiGroups().some((g) => g.group === group && g.version === version)) return null;
  const paths: Record<string, unknown> = {};
  const fieldValidation = {
    name: 'fieldValidation',
    in: 'query',
    description: 'fieldValidation instructs the server on how to handle objects in the request containing unknown or duplicate fields.',
    schema: { type: 'string', uniqueItems: true },
  };
  for (const r of RESOURCES.filter((x) => x.group === group && x.version === version)) {
    const base = `/${docPath(r)}${r.namespaced ? '/namespaces/{namespace}' : ''}/${r.resource}/{name}`;
    const gvk = { group: r.group, kind: r.kind, version: r.version };
    paths[base] = {
      patch: {
        operationId: `patch${r.kind}`,
        parameters: [fieldValidation],
        responses: { '200': { description: 'OK' } },
        'x-kubernetes-action': 'patch',
        'x-kubernetes-group-version-kind': gvk,
      },
    };
  }
  return { openapi: '3.0.0', info: { title: 'Kubernetes', version: 'unversioned' }, paths, components: { schemas: {} } };
}

/** openapiIndex is `/openapi/v3`: each group/version's document and its hashed URL. */
export function openapiIndex(): unknown {
  const paths: Record<string, { serverRelativeURL: string }> = {};
  for (const g of apiGroups()) {
    const p = docPath(g);
    const hash = hashOf(JSON.stringify(groupVersionDocument(g.group, g.version)) + groupVersionOf(g));
    paths[p] = { serverRelativeURL: `/openapi/v3/${p}?hash=${hash}` };
  }
  return { paths };
}
