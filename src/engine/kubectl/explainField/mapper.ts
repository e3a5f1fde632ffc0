// Port of the REST mapper kubectl explain resolves its resource word with (v1.36): client-go
// restmapper/discovery.go (NewDiscoveryRESTMapper) and restmapper/shortcut.go (the shortcut
// expander and its warning), over apimachinery pkg/api/meta's DefaultRESTMapper (restmapper.go:
// Add, AddSpecific, ResourcesFor, KindsFor, UnsafeGuessKindToResource), MultiRESTMapper and
// PriorityRESTMapper (priority.go), fed with what the served API's discovery lists: the resource
// table (apiserver/rest/resources.ts) and the groups the server answers alone
// (apiserver/rest/extraResources.ts), in discovery's order.
import { type DiscoveredGroup, discoveredGroups } from '../../apiserver/rest/extraResources.ts';
import type { GVR } from './plaintext.ts';

/** A group/version/kind as schema.GroupVersionKind. */
export interface GVK {
  group: string;
  version: string;
  kind: string;
}

/** unsafeGuessKindToResource is meta.UnsafeGuessKindToResource: a kind's plural and singular resource. */
export function unsafeGuessKindToResource(kind: string): { plural: string; singular: string } {
  if (kind === '') return { plural: '', singular: '' };
  const singular = kind.toLowerCase();
  if (singular.endsWith('endpoints')) return { plural: singular, singular };
  if (singular.endsWith('s')) return { plural: `${singular}es`, singular };
  if (singular.endsWith('y')) return { plural: `${singular.slice(0, -1)}ies`, singular };
  return { plural: `${singular}s`, singular };
}

/** One group/version's DefaultRESTMapper: plural → singular and resource → kind. */
interface VersionMapper {
  group: string;
  version: string;
  pluralToSingular: Map<string, string>;
  resourceToKind: Map<string, string>;
}

function addSpecific(m: VersionMapper, kind: string, plural: string, singular: string): void {
  m.pluralToSingular.set(plural, singular);
  m.resourceToKind.set(singular, kind);
  m.resourceToKind.set(plural, kind);
}

/** A short name as getShortcutMappings lists it: the short form and the resource it stands for, in its group. */
interface Shortcut {
  group: string;
  short: string;
  resource: string;
}

/** An error of the mapper: a NoResourceMatchError names the resource kubectl says it does not have. */
export type MapperError = { noMatch: string } | { error: string };

/** The discovery REST mapper behind a shortcut expander, as kubectl's factory builds it. */
export interface RESTMapper {
  /** ResourcesFor of a bare resource word: every group/version/resource it names, in priority order. */
  resourcesFor(resource: string): { gvrs: GVR[]; warnings: string[] } | MapperError;
  /** ResourceFor of a bare resource word: the one of highest priority. */
  resourceFor(resource: string): { gvr: GVR; warnings: string[] } | MapperError;
  /** KindFor of a fully specified group/version/resource. */
  kindFor(gvr: GVR): GVK | MapperError;
}

let built: RESTMapper | undefined;

/** discoveryRESTMapper is the mapper over the served API's discovery (built once: discovery never changes). */
export function discoveryRESTMapper(): RESTMapper {
  built ??= newDiscoveryRESTMapper(discoveredGroups());
  return built;
}

/** groupResourceString is schema.GroupResource's String(): `deployments.apps`, `pods`. */
export function groupResourceString(group: string, resource: string): string {
  return group === '' ? resource : `${resource}.${group}`;
}

function newDiscoveryRESTMapper(groups: DiscoveredGroup[]): RESTMapper {
  const mappers: VersionMapper[] = [];
  // The core group's v1 first, then each group's preferred version, its other versions, and the
  // groups themselves in any version.
  const priority: { group: string; version?: string }[] = [{ group: '', version: 'v1' }];
  for (const g of groups) {
    for (const v of g.versions) {
      priority.push({ group: g.group, version: v.version });
      const m: VersionMapper = { group: g.group, version: v.version, pluralToSingular: new Map(), resourceToKind: new Map() };
      for (const r of v.resources) {
        if (r.name.includes('/')) continue;
        const singular = r.singularName === '' ? unsafeGuessKindToResource(r.kind).singular : r.singularName;
        addSpecific(m, r.kind.toLowerCase(), r.name, singular);
        addSpecific(m, r.kind, r.name, singular);
        const list = unsafeGuessKindToResource(`${r.kind}List`);
        addSpecific(m, `${r.kind}List`, list.plural, list.singular);
      }
      const list = unsafeGuessKindToResource('List');
      addSpecific(m, 'List', list.plural, list.singular);
      mappers.push(m);
    }
  }
  for (const g of groups) priority.push({ group: g.group });

  const shortcuts: Shortcut[] = groups.flatMap((g) => g.versions.flatMap((v) => v.resources.flatMap((r) => r.shortNames.map((short) => ({ group: g.group, short, resource: r.name })))));
  const allNames = groups.flatMap((g) => g.versions.flatMap((v) => v.resources.map((r) => ({ group: g.group, name: r.name, singular: r.singularName }))));

  /** expandResourceShortcut: a word that is no resource's name or singular, but a short name, becomes its resource (and group). */
  const expandResourceShortcut = (resource: string): { group: string; resource: string; warnings: string[] } => {
    if (allNames.some((r) => resource === r.name || resource === r.singular)) return { group: '', resource, warnings: [] };
    let found: { group: string; resource: string } | undefined;
    const warnings: string[] = [];
    const warned = new Set<string>();
    for (const item of shortcuts) {
      if (resource !== item.short) continue;
      if (found) {
        if (item.group === found.group && item.resource === found.resource) continue;
        const gr = groupResourceString(item.group, item.resource);
        if (!warned.has(gr)) {
          warnings.push(`Warning: short name "${resource}" could also match lower priority resource ${gr}`);
          warned.add(gr);
        }
        continue;
      }
      found = { group: item.group, resource: item.resource };
    }
    return found ? { ...found, warnings } : { group: '', resource, warnings };
  };

  /** The union of every version mapper's ResourcesFor, each found once, in the mappers' order. */
  const unionResourcesFor = (input: { group: string; resource: string }): GVR[] | MapperError => {
    const resource = input.resource.toLowerCase();
    if (resource === '') return { error: `a resource must be present, got: ${input.group}/, Resource=` };
    const out: GVR[] = [];
    const push = (m: VersionMapper, plural: string) => {
      if (!out.some((x) => x.group === m.group && x.version === m.version && x.resource === plural)) out.push({ group: m.group, version: m.version, resource: plural });
    };
    for (const m of mappers) {
      if (input.group === '') {
        for (const [plural, singular] of m.pluralToSingular) if (singular === resource || plural === resource) push(m, plural);
        continue;
      }
      // A group given: an exact group/resource, else a group it prefixes (storageclass.storage).
      let exact = false;
      if (m.group === input.group) {
        for (const [plural, singular] of m.pluralToSingular) {
          if (singular === resource || plural === resource) {
            exact = true;
            push(m, plural);
          }
        }
      }
      if (!exact && m.group.startsWith(input.group)) {
        for (const [plural, singular] of m.pluralToSingular) if (singular === resource || plural === resource) push(m, plural);
      }
    }
    if (out.length === 0) return { noMatch: input.resource };
    return out;
  };

  const matches = (p: { group: string; version?: string }, gvr: GVR) => p.group === gvr.group && (p.version === undefined || p.version === gvr.version);

  return {
    resourcesFor(word) {
      const expanded = expandResourceShortcut(word);
      const gvrs = unionResourcesFor(expanded);
      if (!Array.isArray(gvrs)) return gvrs;
      return { gvrs, warnings: expanded.warnings };
    },
    resourceFor(word) {
      const expanded = expandResourceShortcut(word);
      const gvrs = unionResourcesFor(expanded);
      if (!Array.isArray(gvrs)) return gvrs;
      if (gvrs.length === 1) return { gvr: gvrs[0] as GVR, warnings: expanded.warnings };
      let remaining = gvrs;
      for (const p of priority) {
        const matched = remaining.filter((gvr) => matches(p, gvr));
        if (matched.length === 0) continue;
        if (matched.length === 1) return { gvr: matched[0] as GVR, warnings: expanded.warnings };
        remaining = matched;
      }
      return { error: `${word} matches multiple resources or kinds` };
    },
    kindFor(gvr) {
      const resource = gvr.resource.toLowerCase();
      for (const m of mappers) {
        if (m.group !== gvr.group || m.version !== gvr.version) continue;
        const kind = m.resourceToKind.get(resource);
        if (kind !== undefined) return { group: gvr.group, version: gvr.version, kind };
      }
      return { noMatch: gvr.resource };
    },
  };
}
