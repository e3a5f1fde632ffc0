/**
 * API discovery as kube-apiserver serves it (v1.36): the legacy documents (`/api`, `/apis`,
 * `/api/v1`, `/apis/apps/v1`) and, when a client asks for it in Accept, the aggregated
 * `APIGroupDiscoveryList` (apidiscovery.k8s.io v2, or v2beta1 for kubectl 1.26–1.29), from the
 * one resource table. kubectl finds short names (`deploy`), `categories: ["all"]` for
 * `kubectl get all`, and `pods/eviction` for `kubectl drain` here.
 */
import { apiGroups, groupVersionOf, groupVersions, type ResourceInfo, resourcesIn } from '../src/engine/apiserver/rest/resources.ts';
import { CORE_EXTRAS, EXTRA_GROUPS, type ExtraGroup, type ExtraResource } from './extras.ts';

/** The core group as its derived resources' entries name it. */
const CORE_GROUP_EXTRA: ExtraGroup = { group: '', version: 'v1', resources: CORE_EXTRAS };

/** storageVersionHash: a stable 8-byte hash per resource, as the field's clients only compare it. */
function storageVersionHash(r: Pick<ResourceInfo, 'group' | 'version'> & { kind: string }): string {
  let h = 0x811c9dc5;
  for (const c of `${groupVersionOf(r)}/${r.kind}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return Buffer.from([h >>> 24, (h >>> 16) & 255, (h >>> 8) & 255, h & 255, 0x6b, 0x38, 0x73, 0x21]).toString('base64').replace(/=+$/, '=');
}

/** apiVersions is `/api`. */
export function apiVersions(serverAddress: string): unknown {
  return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }] };
}

/** servedGroups: each non-core group with its versions, the preferred (stored) one first (groupVersions). */
function servedGroups(): { group: string; versions: string[] }[] {
  return groupVersions().filter((g) => g.group !== '');
}

/** apiGroupList is `/apis`: every non-core group, its versions and its preferred one. */
export function apiGroupList(): unknown {
  const groups = servedGroups().map((g) => {
    const versions = g.versions.map((version) => ({ groupVersion: groupVersionOf({ group: g.group, version }), version }));
    return { name: g.group, versions, preferredVersion: versions[0] };
  });
  for (const g of EXTRA_GROUPS) {
    const gv = { groupVersion: groupVersionOf(g), version: g.version };
    groups.push({ name: g.group, versions: [gv], preferredVersion: gv });
  }
  return { kind: 'APIGroupList', apiVersion: 'v1', groups };
}

function resourcesOf(group: string, version: string): ResourceInfo[] {
  return resourcesIn(group, version);
}

/** legacyEntries: one engine resource's APIResourceList entries, the resource then its subresources (eviction lives in core's list as policy/v1). */
function legacyEntries(r: ResourceInfo): unknown[] {
  const out: unknown[] = [];
  const main: Record<string, unknown> = {
    name: r.resource,
    singularName: r.singular,
    namespaced: r.namespaced,
    kind: r.kind,
    verbs: r.verbs,
  };
  if (r.shortNames.length) main.shortNames = r.shortNames;
  if (r.categories.length) main.categories = r.categories;
  // Every version of a resource names the one it is stored in.
  main.storageVersionHash = storageVersionHash({ ...r, group: r.storageGroup ?? r.group, version: r.storageVersion ?? r.version });
  out.push(main);
  for (const s of r.subresources) {
    const sub: Record<string, unknown> = { name: `${r.resource}/${s.name}`, singularName: '', namespaced: r.namespaced };
    if (s.group !== r.group || s.version !== r.version) {
      sub.group = s.group;
      sub.version = s.version;
    }
    sub.kind = s.kind;
    sub.verbs = s.verbs;
    out.push(sub);
  }
  return out;
}

/**
 * byResource merges resources named with their entries and lists them by resource name, as the
 * API server's installer sorts its storage paths: the core group's derived resources
 * (CORE_EXTRAS: persistentvolumes, serviceaccounts) fall among the engine's.
 */
function byResource<T>(parts: [string, T][]): T[] {
  return parts.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, t]) => t);
}

function legacyResources(group: string, version: string): unknown[] {
  const parts: [string, unknown[]][] = resourcesOf(group, version).map((r) => [r.resource, legacyEntries(r)]);
  if (group === '' && version === 'v1') for (const r of CORE_EXTRAS) parts.push([r.resource, extraEntries(CORE_GROUP_EXTRA, r)]);
  return byResource(parts).flat();
}

/** apiResourceList is `/api/v1` or `/apis/GROUP/VERSION`, or null for a group/version not served. */
export function apiResourceList(group: string, version: string): unknown | null {
  const extra = EXTRA_GROUPS.find((g) => g.group === group && g.version === version);
  if (extra) return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: groupVersionOf(extra), resources: extraResources(extra) };
  if (!apiGroups().some((g) => g.group === group && g.version === version)) return null;
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: groupVersionOf({ group, version }), resources: legacyResources(group, version) };
}

/** A discovery row: an engine resource's, or a server-only one's (rowOf); kind any served kind. */
type DiscoveryRow = Omit<ResourceInfo, 'kind'> & { kind: string };

function aggregatedResource(r: DiscoveryRow): unknown {
  const out: Record<string, unknown> = {
    resource: r.resource,
    responseKind: { group: r.group, version: r.version, kind: r.kind },
    scope: r.namespaced ? 'Namespaced' : 'Cluster',
    singularResource: r.singular,
    verbs: r.verbs,
  };
  if (r.shortNames.length) out.shortNames = r.shortNames;
  if (r.categories.length) out.categories = r.categories;
  if (r.subresources.length) {
    out.subresources = r.subresources.map((s) => ({
      subresource: s.name,
      responseKind: { group: s.group, version: s.version, kind: s.kind },
      verbs: s.verbs,
    }));
  }
  return out;
}

/** aggregatedResources: a group/version's resources, the core group's derived ones among them (byResource). */
function aggregatedResources(group: string, version: string): unknown[] {
  const parts: [string, unknown][] = resourcesOf(group, version).map((r) => [r.resource, aggregatedResource(r)]);
  if (group === '' && version === 'v1') for (const r of CORE_EXTRAS) parts.push([r.resource, aggregatedExtraResource(CORE_GROUP_EXTRA, r)]);
  return byResource(parts);
}

/** The aggregated discovery media types kubectl asks for, newest first. */
export const AGGREGATED = {
  v2: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList',
  v2beta1: 'application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList',
} as const;

/**
 * aggregatedVersion reads which aggregated discovery version an Accept header asks for first,
 * or null when it asks for none (the legacy document then answers).
 */
export function aggregatedVersion(accept: string | undefined): 'v2' | 'v2beta1' | null {
  for (const part of (accept ?? '').split(',')) {
    const params = part.split(';').map((p) => p.trim());
    if (!params.includes('g=apidiscovery.k8s.io') || !params.includes('as=APIGroupDiscoveryList')) continue;
    if (params.includes('v=v2')) return 'v2';
    if (params.includes('v=v2beta1')) return 'v2beta1';
  }
  return null;
}

/** aggregatedDiscovery is the APIGroupDiscoveryList of `/api` (core) or `/apis` (the groups). */
export function aggregatedDiscovery(core: boolean, version: 'v2' | 'v2beta1'): unknown {
  const groups = core ? [{ group: '', versions: ['v1'] }] : servedGroups();
  const items: unknown[] = groups.map((g) => ({
    metadata: core ? { creationTimestamp: null } : { name: g.group, creationTimestamp: null },
    versions: g.versions.map((version) => ({ version, resources: aggregatedResources(g.group, version), freshness: 'Current' })),
  }));
  if (!core) for (const g of EXTRA_GROUPS) items.push(aggregatedExtra(g));
  return { kind: 'APIGroupDiscoveryList', apiVersion: `apidiscovery.k8s.io/${version}`, metadata: {}, items };
}

/** extraEntries: one resource's legacy APIResourceList entries, for a resource the server answers alone (extras.ts). */
function extraEntries(g: ExtraGroup, r: ExtraResource): unknown[] {
  const out: unknown[] = [];
  const main: Record<string, unknown> = { name: r.resource, singularName: r.singular, namespaced: r.namespaced, kind: r.kind, verbs: r.verbs };
  if (r.shortNames) main.shortNames = r.shortNames;
  if (r.categories) main.categories = r.categories;
  if (r.stored) main.storageVersionHash = storageVersionHash({ ...g, kind: r.kind });
  out.push(main);
  for (const s of r.subresources ?? []) out.push({ name: `${r.resource}/${s.name}`, singularName: '', namespaced: r.namespaced, kind: s.kind, verbs: s.verbs });
  return out;
}

/** extraResources: the legacy APIResourceList entries of a group the server answers alone. */
function extraResources(g: ExtraGroup): unknown[] {
  return g.resources.flatMap((r) => extraEntries(g, r));
}

/** rowOf is a server-only resource as a discovery row: its group's version, its subresources in it too. */
function rowOf(g: ExtraGroup, r: ExtraResource): DiscoveryRow {
  return {
    ...r,
    group: g.group,
    version: g.version,
    shortNames: r.shortNames ?? [],
    categories: r.categories ?? [],
    subresources: (r.subresources ?? []).map((sub) => ({ ...sub, group: g.group, version: g.version })),
  };
}

/** aggregatedExtraResource: one resource of a group the server answers alone, as an APIResourceDiscovery. */
function aggregatedExtraResource(g: ExtraGroup, r: ExtraResource): unknown {
  return aggregatedResource(rowOf(g, r));
}

function aggregatedExtra(g: ExtraGroup): { metadata: unknown; versions: unknown[] } {
  return { metadata: { name: g.group, creationTimestamp: null }, versions: [{ version: g.version, resources: g.resources.map((r) => aggregatedExtraResource(g, r)), freshness: 'Current' }] };
}
