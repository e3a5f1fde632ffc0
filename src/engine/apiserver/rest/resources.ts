/**
 * The REST resources the simulated API server serves: one row per resource, with what discovery
 * says of it (kube-apiserver's APIResource: name, singular, namespaced, kind, verbs, shortNames,
 * categories) and the group/version it lives in. Discovery, request routing, error messages
 * (`deployments.apps "web" not found`) and the served Tables all read this one table, so a kind
 * the engine gains needs one row here.
 */
import type { Kind } from '../../api/types.ts';

/** The verbs of a resource that supports everything (pkg/registry's generic store). */
export const ALL_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'] as const;

export interface Subresource {
  /** `scale`, `status`, `eviction`. */
  name: string;
  /** What the subresource takes and returns, when it is not the parent's kind. */
  group: string;
  version: string;
  kind: string;
  verbs: readonly string[];
}

export interface ResourceInfo {
  /** The plural resource name in URLs: `deployments`. */
  resource: string;
  singular: string;
  /** The object kind; every served kind is one of the engine's kinds. */
  kind: Kind;
  /** `''` for the core group. */
  group: string;
  version: string;
  namespaced: boolean;
  verbs: readonly string[];
  shortNames: readonly string[];
  categories: readonly string[];
  subresources: readonly Subresource[];
  /**
   * The version the objects are stored in, for a row that serves them converted (rest/versions.ts):
   * autoscaling/v1 HorizontalPodAutoscalers are the stored autoscaling/v2 ones. Unset: stored as served.
   */
  storageVersion?: string;
  /** The group they are stored in, when not the row's: events.k8s.io/v1 Events are core/v1 ones. */
  storageGroup?: string;
}

const SCALE: Subresource = { name: 'scale', group: 'autoscaling', version: 'v1', kind: 'Scale', verbs: ['get', 'patch', 'update'] };
const status = (group: string, version: string, kind: string): Subresource => ({ name: 'status', group, version, kind, verbs: ['get', 'patch', 'update'] });

/**
 * RESOURCES: what `kubectl api-resources` lists for the kinds the engine has (v1.36 values).
 * Events are served read-only for clients (the engine's components write them).
 */
export const RESOURCES: readonly ResourceInfo[] = [
  {
    resource: 'pods',
    singular: 'pod',
    kind: 'Pod',
    group: '',
    version: 'v1',
    namespaced: true,
    verbs: ALL_VERBS,
    shortNames: ['po'],
    categories: ['all'],
    subresources: [
      { name: 'eviction', group: 'policy', version: 'v1', kind: 'Eviction', verbs: ['create'] },
      { name: 'log', group: '', version: 'v1', kind: 'Pod', verbs: ['get'] },
      status('', 'v1', 'Pod'),
    ],
  },
  {
    resource: 'nodes',
    singular: 'node',
    kind: 'Node',
    group: '',
    version: 'v1',
    namespaced: false,
    verbs: ALL_VERBS,
    shortNames: ['no'],
    categories: [],
    subresources: [status('', 'v1', 'Node')],
  },
  {
    resource: 'namespaces',
    singular: 'namespace',
    kind: 'Namespace',
    group: '',
    version: 'v1',
    namespaced: false,
    verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
    shortNames: ['ns'],
    categories: [],
    subresources: [{ name: 'finalize', group: '', version: 'v1', kind: 'Namespace', verbs: ['update'] }, status('', 'v1', 'Namespace')],
  },
  {
    resource: 'resourcequotas',
    singular: 'resourcequota',
    kind: 'ResourceQuota',
    group: '',
    version: 'v1',
    namespaced: true,
    verbs: ALL_VERBS,
    shortNames: ['quota'],
    categories: [],
    subresources: [status('', 'v1', 'ResourceQuota')],
  },
  {
    resource: 'services',
    singular: 'service',
    kind: 'Service',
    group: '',
    version: 'v1',
    namespaced: true,
    verbs: ALL_VERBS,
    shortNames: ['svc'],
    categories: ['all'],
    subresources: [status('', 'v1', 'Service')],
  },
  { resource: 'limitranges', singular: 'limitrange', kind: 'LimitRange', group: '', version: 'v1', namespaced: true, verbs: ALL_VERBS, shortNames: ['limits'], categories: [], subresources: [] },
  { resource: 'configmaps', singular: 'configmap', kind: 'ConfigMap', group: '', version: 'v1', namespaced: true, verbs: ALL_VERBS, shortNames: ['cm'], categories: [], subresources: [] },
  { resource: 'secrets', singular: 'secret', kind: 'Secret', group: '', version: 'v1', namespaced: true, verbs: ALL_VERBS, shortNames: [], categories: [], subresources: [] },
  {
    resource: 'persistentvolumeclaims',
    singular: 'persistentvolumeclaim',
    kind: 'PersistentVolumeClaim',
    group: '',
    version: 'v1',
    namespaced: true,
    verbs: ALL_VERBS,
    shortNames: ['pvc'],
    categories: [],
    subresources: [status('', 'v1', 'PersistentVolumeClaim')],
  },
  {
    // Written by the Endpoints controller; served read-only (write.ts refuses writes).
    resource: 'endpoints',
    singular: 'endpoints',
    kind: 'Endpoints',
    group: '',
    version: 'v1',
    namespaced: true,
    verbs: ALL_VERBS,
    shortNames: ['ep'],
    categories: [],
    subresources: [],
  },
  {
    resource: 'events',
    singular: 'event',
    kind: 'Event',
    group: '',
    version: 'v1',
    namespaced: true,
    verbs: ALL_VERBS,
    shortNames: ['ev'],
    categories: [],
    subresources: [],
  },
  {
    resource: 'deployments',
    singular: 'deployment',
    kind: 'Deployment',
    group: 'apps',
    version: 'v1',
    namespaced: true,
    verbs: ALL_VERBS,
    shortNames: ['deploy'],
    categories: ['all'],
    subresources: [SCALE, status('apps', 'v1', 'Deployment')],
  },
  {
    resource: 'replicasets',
    singular: 'replicaset',
    kind: 'ReplicaSet',
    group: 'apps',
    version: 'v1',
    namespaced: true,
    verbs: ALL_VERBS,
    shortNames: ['rs'],
    categories: ['all'],
    subresources: [SCALE, status('apps', 'v1', 'ReplicaSet')],
  },
  {
    resource: 'daemonsets',
    singular: 'daemonset',
    kind: 'DaemonSet',
    group: 'apps',
    version: 'v1',
    namespaced: true,
    verbs: ALL_VERBS,
    shortNames: ['ds'],
    categories: ['all'],
    subresources: [status('apps', 'v1', 'DaemonSet')],
  },
  {
    resource: 'statefulsets',
    singular: 'statefulset',
    kind: 'StatefulSet',
    group: 'apps',
    version: 'v1',
    namespaced: true,
    verbs: ALL_VERBS,
    shortNames: ['sts'],
    categories: ['all'],
    subresources: [SCALE, status('apps', 'v1', 'StatefulSet')],
  },
  {
    resource: 'controllerrevisions',
    singular: 'controllerrevision',
    kind: 'ControllerRevision',
    group: 'apps',
    version: 'v1',
    namespaced: true,
    verbs: ALL_VERBS,
    shortNames: [],
    categories: [],
    subresources: [],
  },
  {
    // The core Events again, converted (eventConversion.ts), as every cluster serves them: the
    // scheduler writes here, kubectl reads the core group. Its group comes right after apps in
    // kube-apiserver's group order.
    resource: 'events',
    singular: 'event',
    kind: 'Event',
    group: 'events.k8s.io',
    version: 'v1',
    namespaced: true,
    verbs: ALL_VERBS,
    shortNames: ['ev'],
    categories: [],
    subresources: [],
    storageGroup: '',
    storageVersion: 'v1',
  },
  {
    resource: 'horizontalpodautoscalers',
    singular: 'horizontalpodautoscaler',
    kind: 'HorizontalPodAutoscaler',
    group: 'autoscaling',
    version: 'v2',
    namespaced: true,
    verbs: ALL_VERBS,
    shortNames: ['hpa'],
    categories: ['all'],
    subresources: [status('autoscaling', 'v2', 'HorizontalPodAutoscaler')],
  },
  {
    // The older version beside the preferred v2, converted both ways (hpaConversion.ts).
    resource: 'horizontalpodautoscalers',
    singular: 'horizontalpodautoscaler',
    kind: 'HorizontalPodAutoscaler',
    group: 'autoscaling',
    version: 'v1',
    namespaced: true,
    verbs: ALL_VERBS,
    shortNames: ['hpa'],
    categories: ['all'],
    subresources: [status('autoscaling', 'v1', 'HorizontalPodAutoscaler')],
    storageVersion: 'v2',
  },
  {
    resource: 'poddisruptionbudgets',
    singular: 'poddisruptionbudget',
    kind: 'PodDisruptionBudget',
    group: 'policy',
    version: 'v1',
    namespaced: true,
    verbs: ALL_VERBS,
    shortNames: ['pdb'],
    categories: [],
    subresources: [status('policy', 'v1', 'PodDisruptionBudget')],
  },
  {
    // Written by the EndpointSlice controller; served read-only (write.ts refuses writes).
    resource: 'endpointslices',
    singular: 'endpointslice',
    kind: 'EndpointSlice',
    group: 'discovery.k8s.io',
    version: 'v1',
    namespaced: true,
    verbs: ALL_VERBS,
    shortNames: [],
    categories: [],
    subresources: [],
  },
];

/** groupVersionOf is `apps/v1`, or `v1` for the core group. */
export function groupVersionOf(r: { group: string; version: string }): string {
  return r.group === '' ? r.version : `${r.group}/${r.version}`;
}

/** qualifiedResource is how errors name a resource: `deployments.apps`, `pods`. */
export function qualifiedResource(r: ResourceInfo): string {
  return r.group === '' ? r.resource : `${r.resource}.${r.group}`;
}

/** findResource is the row of a URL's group, version and plural resource, or undefined. */
export function findResource(group: string, version: string, resource: string): ResourceInfo | undefined {
  return RESOURCES.find((r) => r.group === group && r.version === version && r.resource === resource) ?? WRITTEN_ONLY.find((r) => r.group === group && r.version === version && r.resource === resource);
}

/**
 * WRITTEN_ONLY: the stored PersistentVolumes, whose writes (create, update, patch, delete) take the
 * generic registry path; their reads and discovery are the derived ones' (rest/extraResources.ts
 * CORE_EXTRAS, kubectl/derivedObjects.ts), which list them beside the provisioned volumes.
 */
const WRITTEN_ONLY: readonly ResourceInfo[] = [
  {
    resource: 'persistentvolumes',
    singular: 'persistentvolume',
    kind: 'PersistentVolume',
    group: '',
    version: 'v1',
    namespaced: false,
    verbs: ALL_VERBS,
    shortNames: ['pv'],
    categories: [],
    subresources: [status('', 'v1', 'PersistentVolume')],
  },
];

/**
 * resourceFor is the REST mapper's ResourceFor over what discovery serves, with the shortcut
 * expander's short names, case aside: `deploy`, `deployments`, `Deployment`, `deployments.apps`,
 * `deployments.v1.apps` name the apps/v1 row; `events.events.k8s.io` the events.k8s.io one, plain
 * `events` (or `ev`) the core one, first in discovery's order; undefined for a word not served
 * (`pods.apps` included).
 */
export function resourceFor(word: string): ResourceInfo | undefined {
  const w = word.toLowerCase();
  const [base = '', ...rest] = w.split('.');
  const tail = rest.join('.');
  for (const r of RESOURCES) {
    if (r.resource !== base && r.singular !== base && !r.shortNames.includes(base)) continue;
    // `resource.group` or `resource.version.group`: the group must be the row's.
    if (tail === '' || tail === r.group || tail === `${r.version}.${r.group}`) return r;
  }
  return undefined;
}

/** resourceOfKind is the row a kind is stored under (its preferred version). */
export function resourceOfKind(kind: Kind): ResourceInfo | undefined {
  return RESOURCES.find((r) => r.kind === kind && r.storageVersion === undefined);
}

/** apiGroups lists the served group/versions, the core group first: what /api and /apis report. */
export function apiGroups(): { group: string; version: string }[] {
  const seen = new Set<string>();
  const out: { group: string; version: string }[] = [];
  const add = (group: string, version: string) => {
    const gv = groupVersionOf({ group, version });
    if (seen.has(gv)) return;
    seen.add(gv);
    out.push({ group, version });
  };
  for (const r of RESOURCES) {
    add(r.group, r.version);
    for (const s of r.subresources) if (s.kind === 'Eviction') add(s.group, s.version);
  }
  return out;
}

/**
 * resourcesIn lists a group/version's resources as discovery does: by resource name (the API
 * server's installer sorts its storage paths), so apps/v1 reads controllerrevisions, daemonsets,
 * deployments, replicasets, statefulsets.
 */
export function resourcesIn(group: string, version: string): ResourceInfo[] {
  return RESOURCES.filter((r) => r.group === group && r.version === version).sort((a, b) => (a.resource < b.resource ? -1 : a.resource > b.resource ? 1 : 0));
}

/**
 * groupVersions is apiGroups() by group: each group with its versions, the preferred (stored) one
 * first, as kube-apiserver lists autoscaling: v2, then v1; the core group first.
 */
export function groupVersions(): { group: string; versions: string[] }[] {
  const out: { group: string; versions: string[] }[] = [];
  for (const g of apiGroups()) {
    const known = out.find((x) => x.group === g.group);
    if (known) known.versions.push(g.version);
    else out.push({ group: g.group, versions: [g.version] });
  }
  return out;
}

/**
 * categoryKinds is what kubectl's category expander makes of a category (`all`): the kinds whose
 * resources carry it, in discovery order (groups as apiGroups lists them, resources by name).
 */
export function categoryKinds(category: string): Kind[] {
  // A kind served in two versions (autoscaling v2 and v1) is one group/resource to the expander.
  const kinds = apiGroups().flatMap((g) => resourcesIn(g.group, g.version).filter((r) => r.categories.includes(category)).map((r) => r.kind));
  return kinds.filter((k, i) => kinds.indexOf(k) === i);
}
