/**
 * The OpenAPI v3 documents the API server publishes, one per group/version, built from the
 * generated schemas (openapiSchemas.json, scripts/gen-openapi-schemas.mjs): the served API answers
 * `/openapi/v3/...` with them (server/openapi.ts) and the page console's `kubectl explain` reads the
 * very same documents (kubectl/explainField), so both explain alike. Each document's `patch`
 * operations carry `x-kubernetes-group-version-kind` and a `fieldValidation` query parameter, which
 * is how kubectl's QueryParamVerifierV3 decides to send `fieldValidation=Strict` instead of checking
 * schemas itself (kubectl-wire.md); `kubectl explain` finds a resource's kind in the paths, the kind
 * by its `x-kubernetes-group-version-kind` among `components.schemas`, and follows the `$ref`s.
 *
 * The schemas are data handed in (not imported here): the server imports the file, the page's
 * worker loads it as a chunk of its own the first time a console line asks for it.
 */
import { CORE_EXTRAS } from '../rest/extraResources.ts';
import { apiGroups, groupVersionOf, RESOURCES } from '../rest/resources.ts';

/** A schema as the generated table holds it (only what the readers need is typed). */
export interface Schema {
  $ref?: string;
  'x-kubernetes-group-version-kind'?: { group: string; kind: string; version: string }[];
  [key: string]: unknown;
}

/** The schemas by their published name (io.k8s.api.apps.v1.Deployment): openapiSchemas.json's `schemas`. */
export type SchemaTable = Readonly<Record<string, Schema>>;

const V3_REF = '#/components/schemas/';

/** What is built from one schema table: its kinds, and the documents (each built once: they never change). */
export interface OpenAPIDocuments {
  readonly schemas: SchemaTable;
  /** schemaOfKind is the published schema name of a group/version/kind, or undefined. */
  schemaOfKind(group: string, version: string, kind: string): string | undefined;
  /** reachable is `roots` and every schema their `$ref`s reach, by name, sorted (`prefix`: how the refs are written). */
  reachable(roots: readonly string[], prefix?: string): Record<string, Schema>;
  /** groupVersionRoots: the schema roots of a group/version: its kinds, their lists, and the bodies of its subresources. */
  groupVersionRoots(group: string, version: string): string[];
  /** groupVersionDocument is the OpenAPI v3 document of one served group/version, or null. */
  groupVersionDocument(group: string, version: string): unknown | null;
}

const built = new WeakMap<SchemaTable, OpenAPIDocuments>();

/** openapiDocuments is the documents of a schema table (built once per table). */
export function openapiDocuments(schemas: SchemaTable): OpenAPIDocuments {
  let docs = built.get(schemas);
  if (docs === undefined) {
    docs = buildDocuments(schemas);
    built.set(schemas, docs);
  }
  return docs;
}

function buildDocuments(schemas: SchemaTable): OpenAPIDocuments {
  const byGVK = new Map<string, string>();
  for (const [name, s] of Object.entries(schemas)) {
    for (const g of s['x-kubernetes-group-version-kind'] ?? []) byGVK.set(`${g.group}/${g.version}/${g.kind}`, name);
  }
  const schemaOfKind = (group: string, version: string, kind: string) => byGVK.get(`${group}/${version}/${kind}`);

  const reachable = (roots: readonly string[], prefix = V3_REF): Record<string, Schema> => {
    const out: Record<string, Schema> = {};
    const visit = (name: string) => {
      const schema = schemas[name];
      if (out[name] || !schema) return;
      out[name] = schema;
      const walk = (v: unknown): void => {
        if (Array.isArray(v)) for (const x of v) walk(x);
        else if (v && typeof v === 'object') {
          for (const [k, x] of Object.entries(v)) {
            if (k === '$ref' && typeof x === 'string' && x.startsWith(V3_REF)) visit(x.slice(V3_REF.length));
            else walk(x);
          }
        }
      };
      walk(schema);
    };
    for (const r of roots) visit(r);
    const sorted = Object.fromEntries(
      Object.keys(out)
        .sort()
        .map((k) => [k, out[k] as Schema]),
    );
    if (prefix === V3_REF) return sorted;
    // OpenAPI v2 names the same schemas under #/definitions/.
    return JSON.parse(JSON.stringify(sorted).replaceAll(`"${V3_REF}`, `"${prefix}`)) as Record<string, Schema>;
  };

  const groupVersionRoots = (group: string, version: string): string[] => {
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
  };

  const documents = new Map<string, unknown>();
  const groupVersionDocument = (group: string, version: string): unknown | null => {
    if (!apiGroups().some((g) => g.group === group && g.version === version)) return null;
    const key = groupVersionOf({ group, version });
    if (!documents.has(key)) {
      documents.set(key, {
        openapi: '3.0.0',
        info: { title: 'Kubernetes', version: 'unversioned' },
        paths: documentPaths(group, version),
        components: { schemas: reachable(groupVersionRoots(group, version)) },
      });
    }
    return documents.get(key);
  };

  return { schemas, schemaOfKind, reachable, groupVersionRoots, groupVersionDocument };
}

function docPath(g: { group: string; version: string }): string {
  return g.group === '' ? `api/${g.version}` : `apis/${g.group}/${g.version}`;
}

/** openapiDocumentPath is where `/openapi/v3` lists a group/version's document: `api/v1`, `apis/apps/v1`. */
export const openapiDocumentPath = docPath;

const PATCH_TYPES = ['application/apply-patch+yaml', 'application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json'];

/** documentPaths: a group/version document's `paths`, one operation per resource that names its kind. */
function documentPaths(group: string, version: string): Record<string, unknown> {
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
  return paths;
}
