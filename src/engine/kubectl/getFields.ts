// Port of the fieldSelector half of a list as kube-apiserver answers `kubectl get --field-selector`
// (v1.36): each listed kind's field label conversion, or the 400 kubectl prints.
import type { KubeObject } from '../api/types.ts';
import { fieldFilter, parseFieldSelector } from '../apiserver/fieldSelector.ts';
import { resourceFor, resourceOfKind } from '../apiserver/rest/resources.ts';
import { type DerivedKind, derivedFilter, isDerivedKind } from './derivedObjects.ts';
import type { Cmd } from './executeRead.ts';
import { isStored, type ResourceObject } from './executeStore.ts';
import { RESOURCES } from './resources.ts';

/**
 * withFields is the API server's fieldSelector over each listed kind (apiserver/fieldSelector.ts),
 * or the resource builder's message for the list the server refused (400).
 */
export function withFields(objects: ResourceObject[], cmd: Cmd<'get'>, selector: string): ResourceObject[] | { error: string } {
  const parsed = parseFieldSelector(selector);
  const keep = new Map<string, (obj: ResourceObject) => boolean>();
  for (const target of cmd.targets) {
    const kind = target.kind;
    if (keep.has(kind)) continue;
    const filter = isDerivedKind(kind) ? derivedTest(kind, selector) : storedTest(Array.isArray(parsed) ? fieldFilter(kind, parsed, target.group) : parsed);
    if (typeof filter !== 'function') {
      // GroupVersionResource.String() of the served resource: `/v1, Resource=pods`, `apps/v1, Resource=deployments`,
      // `events.k8s.io/v1, Resource=events`, `storage.k8s.io/v1, Resource=storageclasses`.
      const plural = RESOURCES[kind].plural;
      const r = target.group !== undefined ? resourceFor(`${plural}.${target.group}`) : isDerivedKind(kind) ? undefined : resourceOfKind(kind);
      const gvr = `${r?.group ?? RESOURCES[kind].group}/${r?.version ?? 'v1'}, Resource=${plural}`;
      return {
        error: `Error from server (BadRequest): Unable to find "${gvr}" that match label selector "${cmd.labelSelectorText ?? ''}", field selector "${selector}": ${filter.error}`,
      };
    }
    keep.set(kind, filter);
  }
  return objects.filter((o) => keep.get(o.kind)?.(o) ?? true);
}

type Test = ((obj: ResourceObject) => boolean) | { error: string };

/** storedTest is a stored kind's field filter over the objects of a get. */
function storedTest(filter: ((obj: KubeObject) => boolean) | { error: string }): Test {
  return typeof filter === 'function' ? (o) => isStored(o) && filter(o) : filter;
}

/** derivedTest is a derived kind's field filter (derivedObjects.ts) over the objects of a get. */
function derivedTest(kind: DerivedKind, selector: string): Test {
  const filter = derivedFilter(kind, undefined, selector);
  return typeof filter === 'function' ? (o) => !isStored(o) && filter(o) : filter;
}
