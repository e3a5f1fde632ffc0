/**
 * The objects the API server serves that the engine derives rather than stores, read from what it
 * stores at the moment of the request — one source for the served API (server/derived.ts) and the
 * page's kubectl:
 * - ServiceAccount (core v1): each namespace's `default` account (apiserver/serviceAccounts.ts);
 * - PersistentVolume (core v1): the volume of each bound claim (controller/volume/persistentVolume.ts),
 *   listed beside the stored (statically made) ones;
 * - StorageClass (storage.k8s.io/v1): kind's default class `standard`, the claims' class.
 *
 * They are read-only: a write is refused with 405 MethodNotAllowed in its owner's words (a stored
 * PersistentVolume, made by hand, is written as any stored object: isProvisionedVolume tells them apart).
 */
import type { LabelSelector, Namespace } from '../api/types.ts';
import type { PersistentVolumeClaimObject } from '../api/statefulTypes.ts';
import { convertFieldLabel, parseFieldSelector } from '../apiserver/fieldSelector.ts';
import { defaultServiceAccount, type ServiceAccount } from '../apiserver/serviceAccounts.ts';
import { CORE_EXTRAS, EXTRA_GROUPS, type ExtraResource } from '../apiserver/rest/extraResources.ts';
import type { EngineState } from '../client/state.ts';
import { LocalPathProvisioner, persistentVolumeOf, type StorageClass, standardStorageClass } from '../controller/volume/persistentVolume.ts';
import type { PersistentVolumeObject } from '../api/volumeTypes.ts';

/** A volume as the API serves it: a stored one (api/volumeTypes.ts) or a provisioned one, derived. */
type PersistentVolume = PersistentVolumeObject;
import { selectorMatches } from '../lib/labels.ts';

export type { PersistentVolume, ServiceAccount, StorageClass };

/** The derived kinds. */
export type DerivedKind = 'PersistentVolume' | 'StorageClass' | 'ServiceAccount';

/** A derived object. */
export type DerivedObject = PersistentVolume | StorageClass | ServiceAccount;

/** How the served API names each: its resource, group, list kind and version, and who owns it. */
export const DERIVED: Readonly<Record<DerivedKind, { resource: string; group: string; listKind: string; apiVersion: string; owner: string }>> = {
  ServiceAccount: {
    resource: 'serviceaccounts',
    group: '',
    listKind: 'ServiceAccountList',
    apiVersion: 'v1',
    owner: "the serviceaccount controller makes each namespace's default account, and Rollout Lab serves no other",
  },
  PersistentVolume: {
    resource: 'persistentvolumes',
    group: '',
    listKind: 'PersistentVolumeList',
    apiVersion: 'v1',
    owner: "the local-path provisioner makes each claim's volume and deletes it with its claim",
  },
  StorageClass: {
    resource: 'storageclasses',
    group: 'storage.k8s.io',
    listKind: 'StorageClassList',
    apiVersion: 'storage.k8s.io/v1',
    owner: 'the cluster comes with its one StorageClass, standard',
  },
};

/**
 * servedResource is a derived kind's row of the served discovery (apiserver/rest/extraResources.ts):
 * its singular, short names, scope and subresources, which kubectl's REST mapper reads.
 */
export function servedResource(kind: DerivedKind): ExtraResource {
  const d = DERIVED[kind];
  const rows = d.group === '' ? CORE_EXTRAS : (EXTRA_GROUPS.find((g) => g.group === d.group)?.resources ?? []);
  return rows.find((r) => r.resource === d.resource) ?? { resource: d.resource, singular: '', kind, namespaced: false, verbs: [] };
}

/** isDerivedKind: a kind the API server derives. */
export function isDerivedKind(kind: string): kind is DerivedKind {
  return Object.hasOwn(DERIVED, kind);
}

/** derivedKindOf is the derived kind served as `resource` (`serviceaccounts`), or undefined. */
export function derivedKindOf(resource: string): DerivedKind | undefined {
  return (Object.keys(DERIVED) as DerivedKind[]).find((k) => DERIVED[k].resource === resource);
}

/** qualifiedResource is the resource as API errors name it: `serviceaccounts`, `storageclasses.storage.k8s.io`. */
export function qualifiedResource(kind: DerivedKind): string {
  const d = DERIVED[kind];
  return d.group === '' ? d.resource : `${d.resource}.${d.group}`;
}

const byName = (a: DerivedObject, b: DerivedObject) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0);

/**
 * derivedObjects lists a derived kind as the API server lists it: the accounts of one namespace
 * (`null`: every namespace, by namespace as etcd's keys go), every volume (by name) or the class;
 * the namespace is ignored for a cluster-scoped kind, as the REST mapper does.
 */
export function derivedObjects(st: EngineState, kind: DerivedKind, namespace: string | null): DerivedObject[] {
  if (kind === 'ServiceAccount') {
    return ([...st.store.objects.Namespace.values()] as Namespace[])
      .filter((n) => namespace === null || n.metadata.name === namespace)
      .map(defaultServiceAccount)
      .sort((a, b) => ((a.metadata.namespace ?? '') < (b.metadata.namespace ?? '') ? -1 : 1));
  }
  if (kind === 'PersistentVolume') {
    // The stored volumes beside the provisioned ones, by name.
    const out: PersistentVolume[] = [...(st.store.objects.PersistentVolume.values() as Iterable<PersistentVolume>)];
    for (const c of st.store.objects.PersistentVolumeClaim.values()) {
      const pv = persistentVolumeOf(c as PersistentVolumeClaimObject);
      // A claim Bound to a stored volume has no volume of its own.
      if (pv && !st.store.objects.PersistentVolume.has(pv.metadata.name)) out.push(pv);
    }
    return out.sort(byName);
  }
  // Made with the cluster: kube-system's creationTimestamp and resourceVersion.
  const ns = st.store.objects.Namespace.get('kube-system') as Namespace | undefined;
  return [standardStorageClass(ns?.metadata.creationTimestamp ?? '', ns?.metadata.resourceVersion ?? '')];
}

/**
 * isProvisionedVolume: a volume the local-path provisioner made for a claim (derived, read-only):
 * named pvc-<its claim's uid> and marked provisioned-by; any other is stored.
 */
export function isProvisionedVolume(pv: PersistentVolume): boolean {
  const uid = pv.spec.claimRef?.uid;
  return pv.metadata.annotations?.['pv.kubernetes.io/provisioned-by'] === LocalPathProvisioner && uid !== undefined && pv.metadata.name === `pvc-${uid}`;
}

/**
 * derivedFilter is a list's label and field selectors over a derived kind: the fields are the
 * default conversion's (metadata.name, metadata.namespace, which a cluster-scoped object has
 * empty), or the conversion's error.
 */
export function derivedFilter(kind: DerivedKind, selector: LabelSelector | undefined, fieldSelector: string): ((o: DerivedObject) => boolean) | { error: string } {
  const fields = parseFieldSelector(fieldSelector);
  if ('error' in fields) return fields;
  for (const r of fields) {
    // No field label conversion of their own: the kind passed only picks the default one.
    const field = convertFieldLabel('ControllerRevision', r.field);
    if (typeof field !== 'string') return field;
  }
  const namespaced = servedResource(kind).namespaced;
  const value = (o: DerivedObject, field: string) => (field === 'metadata.name' ? o.metadata.name : namespaced ? (o.metadata.namespace ?? '') : '');
  return (o) => (selector === undefined || selectorMatches(selector, o.metadata.labels)) && fields.every((r) => (value(o, r.field) === r.value) !== r.negate);
}

/**
 * writeRefused is what kubectl prints for the API server's 405 to a write (`delete`, `patch`,
 * `create`, `update`) of a derived kind: `Error from server (MethodNotAllowed): delete is not
 * supported on resources of kind "serviceaccounts": the serviceaccount controller makes …`.
 */
export function writeRefused(verb: string, kind: DerivedKind): string {
  return `Error from server (MethodNotAllowed): ${writeRefusedMessage(verb, kind)}`;
}

/** writeRefusedMessage is the 405 Status's message. */
export function writeRefusedMessage(verb: string, kind: DerivedKind): string {
  return `${verb} is not supported on resources of kind "${qualifiedResource(kind)}": ${DERIVED[kind].owner}`;
}

/**
 * namedDerived splits off the named targets of a derived kind, for a verb whose write kubectl
 * sends without reading the object first (delete, patch): the API server refuses each, whether
 * the object exists or not. `kinds` has one entry per such target, in order.
 */
export function namedDerived<T extends { kind: string; name?: string }>(targets: readonly T[], stored?: (kind: string, name: string) => boolean): { targets: T[]; kinds: DerivedKind[] } {
  const kinds: DerivedKind[] = [];
  const rest: T[] = [];
  for (const t of targets) {
    if (t.name !== undefined && isDerivedKind(t.kind) && !stored?.(t.kind, t.name)) kinds.push(t.kind);
    else rest.push(t);
  }
  return { targets: rest, kinds };
}
