/**
 * OpenAPI v3 as kubectl reads it: `/openapi/v3` lists a document per group/version, and each
 * document's `patch` operations carry `x-kubernetes-group-version-kind` and a `fieldValidation`
 * query parameter, which is how kubectl's QueryParamVerifierV3 decides to send
 * `fieldValidation=Strict` instead of checking schemas itself (kubectl-wire.md). Each document's
 * `components.schemas` are Kubernetes' published schemas of the group/version's kinds (their
 * lists and subresource bodies) and of everything they reach, generated from k8s.io/api by
 * scripts/gen-openapi-schemas.mjs: `kubectl explain` finds a kind by its
 * `x-kubernetes-group-version-kind` and follows the `$ref`s.
 */
import { apiGroups, groupVersionOf, RESOURCES } from '../src/engine/apiserver/rest/resources.ts';
import { CORE_EXTRAS } from './extras.ts';
import generated from './openapiSchemas.json' with { type: 'json' };

/** A schema as the generated table holds it (only what the server reads is typed). */
export interface Schema {
  $ref?: string;
  'x-kubernetes-group-version-kind'?: { group: string; kind: string; version: string }[];
  [key: string]: unknown;
}

/** SCHEMAS: every generated schema by its published name (io.k8s.api.apps.v1.Deployment). */
export const SCHEMAS: Readonly<Record<string, Schema>> = generated.schemas as Record<string, Schema>;

const byGVK = new Map<string, string>();
for (const [name, s] of Object.entries(SCHEMAS)) {
  for (const g of s['x-kubernetes-group-version-kind'] ?? []) byGVK.set(`${g.group}/${g.version}/${g.kind}`, name);
}

/** schemaOfKind is the published schema name of a group/version/kind, or undefined. */
export function schemaOfKind(group: string, version: string, kind: string): string | undefined {
  return byGVK.get(`${group}/${version}/${kind}`);
}

/** reachable is `roots` and every schema their `$ref`s reach, by name, sorted. */
export function reachable(roots: readonly string[], prefix = '#/components/schemas/'): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  const visit = (name: string) => {
    if (out[name] || !SCHEMAS[name]) return;
    out[name] = SCHEMAS[name];
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) for (const x of v) walk(x);
      else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) {
          if (k === '$ref' && typeof x === 'string' && x.startsWith('#/components/schemas/')) visit(x.slice('#/components/schemas/'.length));
          else walk(x);
        }
      }
    };
    walk(SCHEMAS[name]);
  };
  for (const r of roots) visit(r);
  const sorted = Object.fromEntries(Object.keys(out).sort().map((k) => [k, out[k] as Schema]));
  if (prefix === '#/components/schemas/') return sorted;
  // OpenAPI v2 names the same schemas under #/definitions/.
  return JSON.parse(JSON.stringify(sorted).replaceAll('"#/components/schemas/', `"${prefix}`)) as Record<string, Schema>;
}

/** The schema roots of a group/version: its kinds, their lists, and the bodies of its subresources. */
export function groupVersionRoots(group: string, version: string): string[] {
  const rows = RESOURCES.filter((r) => r.group === group && r.version === version);
  const kinds: [string, string, string][] = [];
  for (const r of rows) {
    kinds.push([r.group, r.version, r.kind], [r.group, r.version, `${r.kind}List`]);
    for (const s of r.subresources) kinds.push([s.group, s.version, s.kind]);
  }
  if (group === '' && version === 'v1') for (const r of CORE_EXTRAS) kinds.push(['', 'v1', r.kind], ['', 'v1', `${r.kind}List`]);
  const names = kinds.map(([g, v, k]) => schemaOfKind(g, v, k)).filter((n): n is string => n !== undefined);
  if (rows.length > 0) names.push('io.k8s.apimachinery.pkg.apis.meta.v1.Patch');
  return names;
}

function docPath(g: { group: string; version: string }): string {
  return g.group === '' ? `api/${g.version}` : `apis/${g.group}/${g.version}`;
}

/** A content hash per document, so kubectl's cache key changes when a document does. */
function hashOf(text: string): string {
  let h = 0xcbf29ce4;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).toUpperCase().padStart(8, '0').repeat(2);
}

const PATCH_TYPES = ['application/apply-patch+yaml', 'application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json'];

const documents = new Map<string, unknown>();

/** groupVersionDocument is the OpenAPI v3 document of one group/version (built once: it never changes). */
export function groupVersionDocument(group: string, version: string): unknown | null {
  if (!apiGroups().some((g) => g.group === group && g.version === version)) return null;
  const key = groupVersionOf({ group, version });
  if (!documents.has(key)) documents.set(key, buildDocument(group, version));
  return documents.get(key);
}

function buildDocument(group: string, version: string): unknown {
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
        // As kube-apiserver's: kubectl's client-side apply reads this to build its strategic merge
        // patch from the schemas (their patch strategies and merge keys) rather than its own types.
        requestBody: {
          content: Object.fromEntries(PATCH_TYPES.map((t) => [t, { schema: { $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.Patch' } }])),
          required: true,
        },
        responses: { '200': { description: 'OK' } },
        'x-kubernetes-action': 'patch',
        'x-kubernetes-group-version-kind': gvk,
      },
    };
  }
  // The core group's server-derived kinds (serviceaccounts, persistentvolumes) have no patch here
  // (kubectl apply's verifier then checks them itself, as before); a read names their kind, which
  // is how `kubectl explain` finds a resource's schema.
  if (group === '' && version === 'v1') {
    for (const r of CORE_EXTRAS) {
      paths[`/api/v1${r.namespaced ? '/namespaces/{namespace}' : ''}/${r.resource}/{name}`] = {
        get: {
          operationId: `read${r.kind}`,
          responses: { '200': { description: 'OK' } },
          'x-kubernetes-action': 'get',
          'x-kubernetes-group-version-kind': { group: '', kind: r.kind, version: 'v1' },
        },
      };
    }
  }
  return { openapi: '3.0.0', info: { title: 'Kubernetes', version: 'unversioned' }, paths, components: { schemas: reachable(groupVersionRoots(group, version)) } };
}

let index: unknown;

/** openapiIndex is `/openapi/v3`: each group/version's document and its hashed URL. */
export function openapiIndex(): unknown {
  if (index) return index;
  const paths: Record<string, { serverRelativeURL: string }> = {};
  for (const g of apiGroups()) {
    const p = docPath(g);
    const hash = hashOf(JSON.stringify(groupVersionDocument(g.group, g.version)) + groupVersionOf(g));
    paths[p] = { serverRelativeURL: `/openapi/v3/${p}?hash=${hash}` };
  }
  index = { paths };
  return index;
}
