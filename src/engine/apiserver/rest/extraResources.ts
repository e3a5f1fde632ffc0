/**
 * The API groups and core resources a real cluster serves beside the engine's kinds, as discovery
 * lists them: the served API answers them alone (server/extras.ts: metrics.k8s.io,
 * apiextensions.k8s.io, authorization.k8s.io, authentication.k8s.io, coordination.k8s.io,
 * storage.k8s.io, and the core group's serviceaccounts and persistentvolumes), and the console's
 * `kubectl api-resources` and `api-versions` list them beside the engine's resource table, as
 * kubectl lists a cluster's.
 */
import { ALL_VERBS, groupVersions, resourcesIn } from './resources.ts';

export interface ExtraResource {
  resource: string;
  singular: string;
  kind: string;
  namespaced: boolean;
  verbs: readonly string[];
  shortNames?: readonly string[];
  categories?: readonly string[];
  /** Whether it is stored (discovery then carries a storageVersionHash). */
  stored?: boolean;
  subresources?: readonly { name: string; kind: string; verbs: readonly string[] }[];
}

export interface ExtraGroup {
  group: string;
  version: string;
  resources: readonly ExtraResource[];
}

const CREATE = ['create'] as const;

/** EXTRA_GROUPS, in the order kube-apiserver lists them (an aggregated API server's group last). */
export const EXTRA_GROUPS: readonly ExtraGroup[] = [
  { group: 'authentication.k8s.io', version: 'v1', resources: [{ resource: 'selfsubjectreviews', singular: 'selfsubjectreview', kind: 'SelfSubjectReview', namespaced: false, verbs: CREATE }] },
  {
    group: 'authorization.k8s.io',
    version: 'v1',
    resources: [
      { resource: 'localsubjectaccessreviews', singular: 'localsubjectaccessreview', kind: 'LocalSubjectAccessReview', namespaced: true, verbs: CREATE },
      { resource: 'selfsubjectaccessreviews', singular: 'selfsubjectaccessreview', kind: 'SelfSubjectAccessReview', namespaced: false, verbs: CREATE },
      { resource: 'selfsubjectrulesreviews', singular: 'selfsubjectrulesreview', kind: 'SelfSubjectRulesReview', namespaced: false, verbs: CREATE },
      { resource: 'subjectaccessreviews', singular: 'subjectaccessreview', kind: 'SubjectAccessReview', namespaced: false, verbs: CREATE },
    ],
  },
  {
    group: 'apiextensions.k8s.io',
    version: 'v1',
    resources: [
      {
        resource: 'customresourcedefinitions',
        singular: 'customresourcedefinition',
        kind: 'CustomResourceDefinition',
        namespaced: false,
        verbs: ALL_VERBS,
        shortNames: ['crd', 'crds'],
        categories: ['api-extensions'],
        stored: true,
        subresources: [{ name: 'status', kind: 'CustomResourceDefinition', verbs: ['get', 'patch', 'update'] }],
      },
    ],
  },
  {
    group: 'coordination.k8s.io',
    version: 'v1',
    resources: [{ resource: 'leases', singular: 'lease', kind: 'Lease', namespaced: true, verbs: ALL_VERBS, stored: true }],
  },
  {
    group: 'storage.k8s.io',
    version: 'v1',
    resources: [{ resource: 'storageclasses', singular: 'storageclass', kind: 'StorageClass', namespaced: false, verbs: ALL_VERBS, shortNames: ['sc'], stored: true }],
  },
  {
    group: 'metrics.k8s.io',
    version: 'v1beta1',
    resources: [
      { resource: 'nodes', singular: '', kind: 'NodeMetrics', namespaced: false, verbs: ['get', 'list'] },
      { resource: 'pods', singular: '', kind: 'PodMetrics', namespaced: true, verbs: ['get', 'list'] },
    ],
  },
];

/**
 * CORE_EXTRAS: the core v1 resources the server serves beside the engine's kinds, derived from
 * what the engine stores (derived.ts); discovery lists them in the core group with the others.
 */
export const CORE_EXTRAS: readonly ExtraResource[] = [
  {
    resource: 'persistentvolumes',
    singular: 'persistentvolume',
    kind: 'PersistentVolume',
    namespaced: false,
    verbs: ALL_VERBS,
    shortNames: ['pv'],
    stored: true,
    subresources: [{ name: 'status', kind: 'PersistentVolume', verbs: ['get', 'patch', 'update'] }],
  },
  {
    resource: 'serviceaccounts',
    singular: 'serviceaccount',
    kind: 'ServiceAccount',
    namespaced: true,
    verbs: ALL_VERBS,
    shortNames: ['sa'],
    stored: true,
    subresources: [{ name: 'token', kind: 'TokenRequest', verbs: ['create'] }],
  },
];

/** One resource as discovery lists it (an APIResource without its subresources). */
export interface DiscoveredResource {
  name: string;
  singularName: string;
  kind: string;
  namespaced: boolean;
  verbs: readonly string[];
  shortNames: readonly string[];
  categories: readonly string[];
}

/** One group as discovery lists it: its versions, the preferred first, each with its resources. */
export interface DiscoveredGroup {
  group: string;
  versions: { version: string; resources: DiscoveredResource[] }[];
}

/**
 * discoveredGroups is what a client's ServerGroupsAndResources reads of the served API: the core
 * group first, then the groups as /apis lists them (the engine's, then those the server answers
 * alone), each version's resources by name as the resource table gives them, the core group's
 * derived ones (CORE_EXTRAS) after the engine's. The console's api-resources, api-versions and
 * explain's REST mapper read it.
 */
export function discoveredGroups(): DiscoveredGroup[] {
  const row = (r: ExtraResource): DiscoveredResource => ({
    name: r.resource,
    singularName: r.singular,
    kind: r.kind,
    namespaced: r.namespaced,
    verbs: r.verbs,
    shortNames: r.shortNames ?? [],
    categories: r.categories ?? [],
  });
  const out: DiscoveredGroup[] = groupVersions().map((g) => ({
    group: g.group,
    versions: g.versions.map((version) => ({
      version,
      resources: [...resourcesIn(g.group, version).map(row), ...(g.group === '' && version === 'v1' ? CORE_EXTRAS.map(row) : [])],
    })),
  }));
  for (const g of EXTRA_GROUPS) out.push({ group: g.group, versions: [{ version: g.version, resources: g.resources.map(row) }] });
  return out;
}
