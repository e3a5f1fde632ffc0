/**
 * What a request is about, read from its method and path as kube-apiserver's RequestInfoFactory
 * does (staging/src/k8s.io/apiserver/pkg/endpoints/request/requestinfo.go, v1.36):
 * `/apis/apps/v1/namespaces/default/deployments/web/scale` → group apps, version v1, namespace
 * default, resource deployments, name web, subresource scale; the verb from the method
 * (GET with a name → get, without → list, or watch with `?watch=true`).
 */

export type Verb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection';

export interface RequestInfo {
  /** False for paths that are not resources: /version, /api, /apis, /openapi/... */
  isResourceRequest: boolean;
  verb: Verb;
  group: string;
  version: string;
  namespace: string;
  resource: string;
  name: string;
  subresource: string;
  /** The path split on `/`, without empty parts. */
  parts: string[];
  /** `Strict`, `Warn` (the default) or `Ignore`: what unknown fields in a body do. */
  fieldValidation: 'Strict' | 'Warn' | 'Ignore';
}

/** Subresources of a namespace itself, so /api/v1/namespaces/x/status is not a resource named status. */
const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

function methodVerb(method: string, named: boolean, watch: boolean): Verb | null {
  switch (method) {
    case 'GET':
    case 'HEAD':
      return watch ? 'watch' : named ? 'get' : 'list';
    case 'POST':
      return 'create';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return named ? 'delete' : 'deletecollection';
    default:
      return null;
  }
}

/**
 * newRequestInfo parses a request; `query` is the URL's search parameters. A path under /api or
 * /apis that names no resource (`/api/v1`) is not a resource request: discovery answers it.
 */
export function newRequestInfo(method: string, path: string, query: URLSearchParams): RequestInfo {
  const parts = path.split('/').filter((p) => p !== '').map(decodeURIComponent);
  const info: RequestInfo = {
    isResourceRequest: false,
    verb: 'get',
    group: '',
    version: '',
    namespace: '',
    resource: '',
    name: '',
    subresource: '',
    parts,
    fieldValidation: query.get('fieldValidation') === 'Strict' ? 'Strict' : query.get('fieldValidation') === 'Ignore' ? 'Ignore' : 'Warn',
  };
  let rest: string[];
  if (parts[0] === 'api' && parts.length >= 3) {
    info.version = parts[1] as string;
    rest = parts.slice(2);
  } else if (parts[0] === 'apis' && parts.length >= 4) {
    info.group = parts[1] as string;
    info.version = parts[2] as string;
    rest = parts.slice(3);
  } else return info;
  // Old-style watch paths (/api/v1/watch/pods) are not served: kubectl uses ?watch=true.
  if (rest[0] === 'namespaces' && rest.length > 1) {
    info.namespace = rest[1] as string;
    if (rest.length > 2 && !NAMESPACE_SUBRESOURCES.has(rest[2] as string)) rest = rest.slice(2);
  }
  info.resource = rest[0] as string;
  info.name = rest[1] ?? '';
  info.subresource = rest[2] ?? '';
  if (rest.length > 3) return info;
  const watch = query.get('watch') === 'true' || query.get('watch') === '1';
  const verb = methodVerb(method, info.name !== '', watch);
  if (verb === null) return info;
  info.verb = verb;
  info.isResourceRequest = true;
  return info;
}
