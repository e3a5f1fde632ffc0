/**
 * The objects as the served API's JSON answers carry them: with their type meta and their
 * metadata.managedFields (managedFields.ts), one at a time or as a `<Kind>List` whose items' text
 * is made once per object version.
 */
import { servedForm } from '../src/engine/apiserver/conversion.ts';
import type { KubeObject } from '../src/engine/api/types.ts';
import { groupVersionOf, type ResourceInfo } from '../src/engine/apiserver/rest/resources.ts';
import { toServedVersion } from '../src/engine/apiserver/rest/versions.ts';
import type { LiveCluster } from './live.ts';

/**
 * Each stored object's JSON with its type meta and managedFields, made once (objects are never
 * changed in place; `version` tells when an apply changed only the managers).
 */
const ITEM_JSON = new WeakMap<KubeObject, { version: number; text: string }>();

/** listText is JSON.stringify of the `<Kind>List`, byte for byte, from each item's cached text. */
export function listText(live: LiveCluster, r: ResourceInfo, rv: string, items: readonly KubeObject[]): string {
  const texts = items.map((o) => {
    const version = live.managedVersion(o);
    // Keyed by the object in the list's version (its v1 form is made once too), so versions stay apart.
    const shown = toServedVersion(r, o);
    let t = ITEM_JSON.get(shown);
    if (t === undefined || t.version !== version) {
      t = { version, text: JSON.stringify(served(live, r, o)) };
      ITEM_JSON.set(shown, t);
    }
    return t.text;
  });
  return `{"kind":${JSON.stringify(`${r.kind}List`)},"apiVersion":${JSON.stringify(groupVersionOf(r))},"metadata":{"resourceVersion":${JSON.stringify(rv)}},"items":[${texts.join(',')}]}`;
}

/** withTypeMeta gives an object its apiVersion and kind, as every API answer carries them. */
export function withTypeMeta(r: ResourceInfo, obj: KubeObject): KubeObject {
  const apiVersion = groupVersionOf(r);
  return obj.apiVersion === apiVersion && obj.kind === r.kind ? obj : ({ ...obj, apiVersion, kind: r.kind } as KubeObject);
}

/**
 * served is an object as a JSON answer carries it: its v1 form (conversion.ts), in the request's
 * version (versions.ts: an HPA read as autoscaling/v1), type meta and metadata.managedFields.
 */
export function served(live: LiveCluster, r: ResourceInfo, obj: KubeObject): KubeObject {
  return live.withManagedFields(withTypeMeta(r, toServedVersion(r, servedForm(obj))));
}

/** listObjects: the kind's objects in a namespace ('' = all), in etcd key order (namespace, name). */
export function listObjects(live: LiveCluster, r: ResourceInfo, namespace: string): KubeObject[] {
  const out: KubeObject[] = [];
  for (const o of live.st.store.objects[r.kind].values()) {
    if (!r.namespaced || namespace === '' || (o.metadata.namespace ?? 'default') === namespace) out.push(o);
  }
  const key = (o: KubeObject) => `${o.metadata.namespace ?? ''}/${o.metadata.name}`;
  return out.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
