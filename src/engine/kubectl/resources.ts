/**
 * The resource types this kubectl subset knows and how kubectl names them: the words the REST
 * mapper accepts (plural, singular, short name, kind, with or without the group), the resource
 * string of API errors (`deployments.apps`), and the NamePrinter's `deployment.apps/nginx`.
 */
import { formatApiError, newNotFound, resourceName } from '../apiserver/errors.ts';
import { resourceFor, RESOURCES as SERVED } from '../apiserver/rest/resources.ts';
import { DERIVED, type DerivedKind, isDerivedKind, qualifiedResource, servedResource } from './derivedObjects.ts';

/** The kinds a kubectl line can name here. */
export type ResourceKind =
  | 'Deployment'
  | 'ReplicaSet'
  | 'DaemonSet'
  | 'Pod'
  | 'Node'
  | 'Namespace'
  // The policy kinds (api/policyTypes.ts).
  | 'ResourceQuota'
  | 'LimitRange'
  | 'PodDisruptionBudget'
  | 'HorizontalPodAutoscaler'
  | 'Service'
  // What pods read (api/configTypes.ts).
  | 'ConfigMap'
  | 'Secret'
  // The StatefulSet and its claims (api/statefulTypes.ts).
  | 'StatefulSet'
  | 'PersistentVolumeClaim'
  // Read-only: the StatefulSet and DaemonSet controllers' history writes them.
  | 'ControllerRevision'
  // Read-only: the endpoint controllers write them.
  | 'EndpointSlice'
  | 'Endpoints'
  // Read here: the recorders write them.
  | 'Event'
  // Read-only, derived from what the engine stores (derivedObjects.ts).
  | DerivedKind;

interface ResourceInfo {
  plural: string;
  singular: string;
  shortNames: string[];
  group: string;
  namespaced: boolean;
}

export const RESOURCES: Readonly<Record<ResourceKind, ResourceInfo>> = {
  Deployment: { plural: 'deployments', singular: 'deployment', shortNames: ['deploy'], group: 'apps', namespaced: true },
  ReplicaSet: { plural: 'replicasets', singular: 'replicaset', shortNames: ['rs'], group: 'apps', namespaced: true },
  DaemonSet: { plural: 'daemonsets', singular: 'daemonset', shortNames: ['ds'], group: 'apps', namespaced: true },
  Pod: { plural: 'pods', singular: 'pod', shortNames: ['po'], group: '', namespaced: true },
  Node: { plural: 'nodes', singular: 'node', shortNames: ['no'], group: '', namespaced: false },
  Namespace: { plural: 'namespaces', singular: 'namespace', shortNames: ['ns'], group: '', namespaced: false },
  ResourceQuota: { plural: 'resourcequotas', singular: 'resourcequota', shortNames: ['quota'], group: '', namespaced: true },
  LimitRange: { plural: 'limitranges', singular: 'limitrange', shortNames: ['limits'], group: '', namespaced: true },
  PodDisruptionBudget: { plural: 'poddisruptionbudgets', singular: 'poddisruptionbudget', shortNames: ['pdb'], group: 'policy', namespaced: true },
  HorizontalPodAutoscaler: {
    plural: 'horizontalpodautoscalers',
    singular: 'horizontalpodautoscaler',
    shortNames: ['hpa'],
    group: 'autoscaling',
    namespaced: true,
  },
  Service: { plural: 'services', singular: 'service', shortNames: ['svc'], group: '', namespaced: true },
  ConfigMap: { plural: 'configmaps', singular: 'configmap', shortNames: ['cm'], group: '', namespaced: true },
  Secret: { plural: 'secrets', singular: 'secret', shortNames: [], group: '', namespaced: true },
  StatefulSet: { plural: 'statefulsets', singular: 'statefulset', shortNames: ['sts'], group: 'apps', namespaced: true },
  PersistentVolumeClaim: { plural: 'persistentvolumeclaims', singular: 'persistentvolumeclaim', shortNames: ['pvc'], group: '', namespaced: true },
  // No short name: discovery (apiserver/rest/resources.ts) lists none for it.
  ControllerRevision: { plural: 'controllerrevisions', singular: 'controllerrevision', shortNames: [], group: 'apps', namespaced: true },
  EndpointSlice: { plural: 'endpointslices', singular: 'endpointslice', shortNames: [], group: 'discovery.k8s.io', namespaced: true },
  Endpoints: { plural: 'endpoints', singular: 'endpoints', shortNames: ['ep'], group: '', namespaced: true },
  Event: { plural: 'events', singular: 'event', shortNames: ['ev'], group: '', namespaced: true },
  PersistentVolume: derivedInfo('PersistentVolume'),
  StorageClass: derivedInfo('StorageClass'),
  ServiceAccount: derivedInfo('ServiceAccount'),
};

/** derivedInfo is a derived kind's names as the served discovery lists them (derivedObjects.ts servedResource). */
function derivedInfo(kind: DerivedKind): ResourceInfo {
  const r = servedResource(kind);
  return { plural: r.resource, singular: r.singular, shortNames: [...(r.shortNames ?? [])], group: DERIVED[kind].group, namespaced: r.namespaced };
}

const KINDS = Object.keys(RESOURCES) as ResourceKind[];

/**
 * resolveResource maps a resource word to its kind, case-insensitively, as the REST mapper does:
 * `deploy`, `deployments`, `Deployment`, `deployment.apps`, `deployments.v1.apps` all mean
 * Deployment. Unknown words (and a wrong group such as `pods.apps`) give undefined.
 */
export function resolveResource(word: string): ResourceKind | undefined {
  const w = word.toLowerCase();
  const dot = w.indexOf('.');
  const base = dot >= 0 ? w.slice(0, dot) : w;
  const rest = dot >= 0 ? w.slice(dot + 1) : undefined;
  for (const k of KINDS) {
    const r = RESOURCES[k];
    if (![r.plural, r.singular, ...r.shortNames].includes(base)) continue;
    if (rest === undefined) return k;
    const group = rest.startsWith('v1.') ? rest.slice(3) : rest === 'v1' ? '' : rest;
    if (group === r.group) return k;
  }
  return alternateGroup(word)?.kind;
}

/**
 * alternateGroup is the served group a word names its kind in when that is not the group the kind
 * is stored in: `events.events.k8s.io` and `events.v1.events.k8s.io` are the core Events served
 * as events.k8s.io/v1 (apiserver/rest/resources.ts); undefined for any other word.
 */
export function alternateGroup(word: string): { kind: ResourceKind; group: string } | undefined {
  if (!word.includes('.')) return undefined;
  const r = resourceFor(word);
  if (r === undefined || r.storageGroup === undefined || !(r.kind in RESOURCES)) return undefined;
  return { kind: r.kind as ResourceKind, group: r.group };
}

/**
 * shortNameWarnings are the shortcut expander's warnings for a short name two served resources
 * share: the first in discovery's priority order is taken, each other group/resource named once.
 * `ev` is the core `events` and also `events.events.k8s.io`, so `kubectl get ev` warns, as against
 * any cluster; `hpa` (autoscaling v2 and v1) is one group/resource and does not.
 */
export function shortNameWarnings(word: string): string[] {
  const found: string[] = [];
  for (const r of SERVED) {
    if (!r.shortNames.includes(word)) continue;
    const groupResource = r.group === '' ? r.resource : `${r.resource}.${r.group}`;
    if (!found.includes(groupResource)) found.push(groupResource);
  }
  return found.slice(1).map((gr) => `Warning: short name "${word}" could also match lower priority resource ${gr}`);
}

/** resourceString is the resource as API errors and rollout errors print it: `deployments.apps`, `pods`. */
export function resourceString(kind: ResourceKind): string {
  return isDerivedKind(kind) ? qualifiedResource(kind) : resourceName(kind);
}

/** kindString is the NamePrinter's prefix: `deployment.apps`, `pod`, `node`. */
export function kindString(kind: ResourceKind): string {
  const g = RESOURCES[kind].group;
  return g ? `${kind.toLowerCase()}.${g}` : kind.toLowerCase();
}

/**
 * namePrinterLine is the NamePrinter's line for an operation (without the newline):
 * `deployment.apps/nginx scaled`, `node/node-1 cordoned`.
 */
export function namePrinterLine(kind: ResourceKind, name: string, operation: string): string {
  return operation ? `${kindString(kind)}/${name} ${operation}` : `${kindString(kind)}/${name}`;
}

/**
 * notFound is the NotFound error kubectl prints: `Error from server (NotFound): deployments.apps "x"
 * not found`; in another served group, that group's resource (`events.events.k8s.io "x"`).
 */
export function notFound(kind: ResourceKind, name: string, group?: string): string {
  if (group !== undefined) return `Error from server (NotFound): ${RESOURCES[kind].plural}.${group} "${name}" not found`;
  if (isDerivedKind(kind)) return `Error from server (NotFound): ${qualifiedResource(kind)} "${name}" not found`;
  return formatApiError(newNotFound(kind, name));
}

/** groupKindString is schema.GroupKind.String(): `ReplicaSet.apps`, `Pod`. */
export function groupKindString(kind: ResourceKind): string {
  const g = RESOURCES[kind].group;
  return g ? `${kind}.${g}` : kind;
}
