/**
 * The API groups a real cluster serves beside the engine's kinds, answered by the server alone:
 * `metrics.k8s.io/v1beta1` (metrics-server, for `kubectl top`), `apiextensions.k8s.io/v1` (no
 * CustomResourceDefinitions, so an unknown kind is kubectl's `no matches for kind`),
 * `authorization.k8s.io/v1` (every review allowed: this server has no authorization, and says so),
 * `authentication.k8s.io/v1` (`kubectl auth whoami`: anonymous, as nothing is authenticated) and
 * `coordination.k8s.io/v1` (the kubelets' node leases, leases.ts), and what is derived from the
 * engine's objects (derived.ts): `storage.k8s.io/v1` storageclasses, and in the core group
 * serviceaccounts and persistentvolumes (CORE_EXTRAS).
 */
import type { RequestInfo } from '../src/engine/apiserver/rest/requestInfo.ts';
import { CORE_EXTRAS, EXTRA_GROUPS, type ExtraGroup, type ExtraResource } from '../src/engine/apiserver/rest/extraResources.ts';

export { CORE_EXTRAS, EXTRA_GROUPS, type ExtraGroup, type ExtraResource };
import type { Status } from '../src/engine/apiserver/rest/status.ts';
import type { Pod } from '../src/engine/api/types.ts';
import type { PodMetric } from '../src/engine/controller/podautoscaler/metrics.ts';
import type { LiveCluster } from './live.ts';
import { metricsList, metricsTable, type NodeFigures, nodeMetrics, podMetrics, scrape } from './metrics.ts';
import { newFilter } from './selectors.ts';
import { serveLeases } from './leases.ts';
import { isDerived, serveDerived } from './derived.ts';
import { podMemory } from '../src/engine/kubectl/metricsServer.ts';

/** The core group as findExtra sees it (group '', v1) for CORE_EXTRAS. */
const CORE_GROUP: ExtraGroup = { group: '', version: 'v1', resources: CORE_EXTRAS };

/** What the server answers: a body with its code, or an open watch that never has an event. */
export type ExtraAnswer = { code: number; body: unknown } | { emptyWatch: true };

/** The reason every review gives. */
export const ALLOWED_REASON = 'Rollout Lab serves its simulated cluster without authorization: every request is allowed';

function failure(code: number, reason: string, message: string, details?: Status['details']): ExtraAnswer {
  const body: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code };
  if (details) body.details = details;
  return { code, body };
}

function notFound(group: string, resource: string, name: string): ExtraAnswer {
  const qualified = group === '' ? resource : `${resource}.${group}`;
  return failure(404, 'NotFound', `${qualified} "${name}" not found`, { name, group, kind: resource });
}

function methodNotAllowed(info: RequestInfo, why: string): ExtraAnswer {
  return failure(405, 'MethodNotAllowed', `${info.verb} is not supported on resources of kind "${info.resource}.${info.group}": ${why}`, {
    group: info.group,
    kind: info.resource,
  });
}

/** findExtra finds the resource a request names, or null when it is not one of these groups. */
export function findExtra(info: RequestInfo): { group: ExtraGroup; resource: ExtraResource } | null {
  const group = info.group === '' && info.version === 'v1' ? CORE_GROUP : EXTRA_GROUPS.find((g) => g.group === info.group && g.version === info.version);
  const resource = group?.resources.find((r) => r.resource === info.resource);
  return group && resource ? { group, resource } : null;
}

/** serveExtra answers a request to one of these groups (body: the parsed JSON of a POST). */
export function serveExtra(live: LiveCluster, info: RequestInfo, query: URLSearchParams, body: unknown, table: boolean): ExtraAnswer {
  const found = findExtra(info);
  if (!found) return failure(404, 'NotFound', 'the server could not find the requested resource', {});
  const { group, resource } = found;
  if (!resource.verbs.includes(info.verb)) {
    return failure(405, 'MethodNotAllowed', `the server does not allow this method on the requested resource`, { group: group.group, kind: resource.resource });
  }
  if (group.group === 'metrics.k8s.io') return serveMetrics(live, info, query, table);
  if (group.group === 'apiextensions.k8s.io') return serveCrds(live, info, table);
  if (group.group === 'coordination.k8s.io') return serveLeases(live, info, query, table);
  if (isDerived(resource.resource)) return serveDerived(live, info, query, table);
  return review(resource, body);
}

function serveMetrics(live: LiveCluster, info: RequestInfo, query: URLSearchParams, table: boolean): ExtraAnswer {
  const now = live.virtualNow();
  const s = scrape(live.st, now);
  const include = query.get('includeObject') ?? 'Metadata';
  // Each answer as metrics-server gives it: the object or list, or the Table kubectl get asks for.
  const answer = (kind: 'PodMetricsList' | 'NodeMetricsList', objects: unknown[], one: boolean, rows: { name: string; cpuMilli: number; memoryBytes: number; window: number }[]): ExtraAnswer => {
    if (table) {
      const items = rows.map((r, i) => ({ ...r, metadata: (objects[i] as { metadata: unknown }).metadata }));
      return { code: 200, body: metricsTable(items, include) };
    }
    return { code: 200, body: one ? objects[0] : metricsList(kind, objects) };
  };
  if (info.resource === 'pods') {
    let found: { pod: Pod; metric: PodMetric }[];
    if (info.verb === 'get') {
      const key = `${info.namespace}/${info.name}`;
      if (!live.st.store.objects.Pod.has(key)) return notFound('', 'pods', key);
      const m = s.pods.get(key);
      if (!m) return notFound('metrics.k8s.io', 'podmetrics', key);
      found = [m];
    } else {
      const all = [...s.pods.values()].filter((m) => info.namespace === '' || (m.pod.metadata.namespace ?? 'default') === info.namespace);
      const filter = newFilter('Pod', query);
      if ('error' in filter) return failure(400, 'BadRequest', filter.error);
      found = all.filter((m) => filter(m.pod)).sort((a, b) => order(a.pod, b.pod));
    }
    const rows = found.map((m) => ({ name: m.pod.metadata.name, cpuMilli: m.metric.value, memoryBytes: podMemory(m.pod), window: m.metric.window }));
    return answer('PodMetricsList', found.map((m) => podMetrics(m.pod, m.metric, now)), info.verb === 'get', rows);
  }
  let nodes: NodeFigures[];
  if (info.verb === 'get') {
    if (!live.st.store.objects.Node.has(info.name)) return notFound('', 'node', info.name);
    const n = s.nodes.get(info.name);
    if (!n) return notFound('metrics.k8s.io', 'nodemetrics', info.name);
    nodes = [n];
  } else {
    const all = [...s.nodes.values()];
    const filter = newFilter('Node', query);
    if ('error' in filter) return failure(400, 'BadRequest', filter.error);
    nodes = all.filter((n) => filter(n.node)).sort((a, b) => order(a.node, b.node));
  }
  const rows = nodes.map((n) => ({ name: n.node.metadata.name, cpuMilli: n.cpuMilli, memoryBytes: n.memoryBytes, window: n.window }));
  return answer('NodeMetricsList', nodes.map((n) => nodeMetrics(n, now)), info.verb === 'get', rows);
}

/** order is metrics-server's: by namespace, then name. */
function order(a: { metadata: { name: string; namespace?: string } }, b: { metadata: { name: string; namespace?: string } }): number {
  const ka = `${a.metadata.namespace ?? ''}/${a.metadata.name}`;
  const kb = `${b.metadata.namespace ?? ''}/${b.metadata.name}`;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** The default table convertor's columns (apiserver's rest.NewDefaultTableConvertor), which CRDs use. */
const DEFAULT_COLUMNS = [
  {
    name: 'Name',
    type: 'string',
    format: 'name',
    description: 'Name must be unique within a namespace. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names',
    priority: 0,
  },
  {
    name: 'Created At',
    type: 'date',
    format: '',
    description:
      'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata',
    priority: 0,
  },
];

function serveCrds(live: LiveCluster, info: RequestInfo, table: boolean): ExtraAnswer {
  if (info.verb === 'list') {
    const metadata = { resourceVersion: String(live.resourceVersion()) };
    // An empty Table, not an empty list: kubectl then says `No resources found`, as for any cluster-scoped kind.
    if (table) return { code: 200, body: { kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata, columnDefinitions: DEFAULT_COLUMNS, rows: [] } };
    return { code: 200, body: { kind: 'CustomResourceDefinitionList', apiVersion: 'apiextensions.k8s.io/v1', metadata, items: [] } };
  }
  if (info.verb === 'watch') return { emptyWatch: true };
  if (info.verb === 'get' || info.verb === 'delete' || info.verb === 'patch' || info.verb === 'update') {
    return notFound('apiextensions.k8s.io', 'customresourcedefinitions', info.name);
  }
  return methodNotAllowed(info, 'Rollout Lab simulates no custom resources');
}

/** review answers a SubjectAccessReview-like request: allowed, with the reason; a rules review lists everything. */
function review(resource: ExtraResource, body: unknown): ExtraAnswer {
  const sent = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const apiVersion = resource.kind === 'SelfSubjectReview' ? 'authentication.k8s.io/v1' : 'authorization.k8s.io/v1';
  const metadata = { ...((sent.metadata as Record<string, unknown> | undefined) ?? {}), creationTimestamp: null };
  const base = { kind: resource.kind, apiVersion, metadata };
  if (resource.kind === 'SelfSubjectReview') {
    return { code: 201, body: { ...base, status: { userInfo: { username: 'system:anonymous', groups: ['system:unauthenticated'] } } } };
  }
  const spec = sent.spec ?? {};
  if (resource.kind === 'SelfSubjectRulesReview') {
    const status = {
      resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }],
      nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
      incomplete: false,
    };
    return { code: 201, body: { ...base, spec, status } };
  }
  return { code: 201, body: { ...base, spec, status: { allowed: true, reason: ALLOWED_REASON } } };
}
