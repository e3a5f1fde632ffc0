/**
 * The objects a cluster serves that the engine derives rather than stores, each read from what it
 * stores at the moment of the request:
 * - `serviceaccounts` (core v1): each namespace's `default` account (serviceAccounts.ts), which
 *   every pod names (servedDefaults.ts);
 * - `persistentvolumes` (core v1): the volume of each bound claim (persistentVolume.ts);
 * - `storageclasses` (storage.k8s.io/v1): kind's default class `standard`, the claims' class.
 *
 * get, list (with label and field selectors) and the Tables kubectl prints are answered; a watch
 * stays open and sends nothing (the engine writes none of them); a write is refused with 405, as
 * the leases (leases.ts).
 */
import type { Namespace, ObjectMeta } from '../src/engine/api/types.ts';
import type { PersistentVolumeClaimObject } from '../src/engine/api/statefulTypes.ts';
import type { RequestInfo } from '../src/engine/apiserver/rest/requestInfo.ts';
import { defaultServiceAccount } from '../src/engine/apiserver/serviceAccounts.ts';
import { type PersistentVolume, persistentVolumeOf, type StorageClass, standardStorageClass } from '../src/engine/controller/volume/persistentVolume.ts';
import { accessModesAsString } from '../src/engine/kubectl/printers/describeStateful.ts';
import { formatAge } from '../src/engine/lib/duration.ts';
import type { ExtraAnswer } from './extras.ts';
import type { LiveCluster } from './live.ts';
import { newFilter } from './selectors.ts';
import { DESCRIPTIONS } from './tables.ts';

interface Served {
  metadata: ObjectMeta;
}

/** One derived resource: its objects in a namespace ('' = all), its list kind and its Table. */
interface Derived {
  group: string;
  listKind: string;
  apiVersion: string;
  items: (live: LiveCluster, namespace: string) => Served[];
  columns: readonly { name: string; type: string; format: string; description: string; priority: number }[];
  cells: (o: Served, nowMs: number) => unknown[];
  /** Why a client may not write it. */
  owner: string;
}

const col = (name: string, description: string, priority = 0, format = '', type = 'string') => ({ name, type, format, description, priority });
const NAME = DESCRIPTIONS.Name ?? '';
const AGE = DESCRIPTIONS.Age ?? '';
const byName = (a: Served, b: Served) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0);
const age = (o: Served, nowMs: number) => formatAge(nowMs, o.metadata.creationTimestamp ?? '');

function namespaces(live: LiveCluster): Namespace[] {
  return [...live.st.store.objects.Namespace.values()] as Namespace[];
}

const DERIVED: Record<string, Derived> = {
  serviceaccounts: {
    group: '',
    listKind: 'ServiceAccountList',
    apiVersion: 'v1',
    // etcd's order: by namespace, then name (one account each).
    items: (live, namespace) =>
      namespaces(live)
        .filter((n) => namespace === '' || n.metadata.name === namespace)
        .map(defaultServiceAccount)
        .sort((a, b) => ((a.metadata.namespace ?? '') < (b.metadata.namespace ?? '') ? -1 : 1)),
    columns: [col('Name', NAME, 0, 'name'), col('Secrets', 'Secrets is a list of the secrets in the same namespace that pods running using this ServiceAccount are allowed to use.', 0, '', 'integer'), col('Age', AGE)],
    cells: (o, now) => [o.metadata.name, 0, age(o, now)],
    owner: "the serviceaccount controller makes each namespace's default account, and Rollout Lab serves no other",
  },
  persistentvolumes: {
    group: '',
    listKind: 'PersistentVolumeList',
    apiVersion: 'v1',
    items: (live) => {
      const out: Served[] = [];
      for (const c of live.st.store.objects.PersistentVolumeClaim.values()) {
        const pv = persistentVolumeOf(c as PersistentVolumeClaimObject);
        if (pv) out.push(pv);
      }
      return out.sort(byName);
    },
    columns: [
      col('Name', NAME, 0, 'name'),
      col('Capacity', 'capacity is the description of the persistent volume\u2019s resources and capacity.'),
      col('Access Modes', 'accessModes contains all ways the volume can be mounted.'),
      col('Reclaim Policy', 'persistentVolumeReclaimPolicy defines what happens to a persistent volume when released from its claim.'),
      col('Status', 'phase indicates if a volume is available, bound to a claim, or released by a claim.'),
      col('Claim', 'claimRef is part of a bi-directional binding between PersistentVolume and PersistentVolumeClaim.'),
      col('StorageClass', 'StorageClass of the pv'),
      col('VolumeAttributesClass', 'VolumeAttributesClass of the pv'),
      col('Reason', 'reason is a brief CamelCase string that describes any failure and is meant for machine parsing and tidy display in the CLI.'),
      col('Age', AGE),
      col('VolumeMode', 'volumeMode defines if a volume is intended to be used with a formatted filesystem or to remain in raw block state.', 1),
    ],
    cells: (o, now) => {
      const pv = o as PersistentVolume;
      const phase = pv.metadata.deletionTimestamp ? 'Terminating' : pv.status.phase;
      const claim = `${pv.spec.claimRef.namespace}/${pv.spec.claimRef.name}`;
      return [pv.metadata.name, pv.spec.capacity.storage ?? '0', accessModesAsString(pv.spec.accessModes), pv.spec.persistentVolumeReclaimPolicy, phase, claim, pv.spec.storageClassName, '<unset>', '', age(o, now), pv.spec.volumeMode];
    },
    owner: "the local-path provisioner makes each claim's volume and deletes it with its claim",
  },
  storageclasses: {
    group: 'storage.k8s.io',
    listKind: 'StorageClassList',
    apiVersion: 'storage.k8s.io/v1',
    items: (live) => {
      const ns = live.st.store.objects.Namespace.get('kube-system') as Namespace | undefined;
      return [standardStorageClass(ns?.metadata.creationTimestamp ?? '', ns?.metadata.resourceVersion ?? '')];
    },
    columns: [
      col('Name', NAME, 0, 'name'),
      col('Provisioner', 'provisioner indicates the type of the provisioner.'),
      col('ReclaimPolicy', 'reclaimPolicy controls the reclaimPolicy for dynamically provisioned PersistentVolumes of this storage class. Defaults to Delete.'),
      col('VolumeBindingMode', 'volumeBindingMode indicates how PersistentVolumeClaims should be provisioned and bound.  When unset, VolumeBindingImmediate is used.'),
      col('AllowVolumeExpansion', 'allowVolumeExpansion shows whether the storage class allow volume expand.'),
      col('Age', AGE),
    ],
    cells: (o, now) => {
      const sc = o as StorageClass;
      const name = sc.metadata.annotations?.['storageclass.kubernetes.io/is-default-class'] === 'true' ? `${sc.metadata.name} (default)` : sc.metadata.name;
      return [name, sc.provisioner, sc.reclaimPolicy ?? 'Delete', sc.volumeBindingMode ?? 'Immediate', sc.allowVolumeExpansion === true, age(o, now)];
    },
    owner: 'the cluster comes with its one StorageClass, standard',
  },
};

/** isDerived: a resource this module serves. */
export function isDerived(resource: string): boolean {
  return Object.hasOwn(DERIVED, resource);
}

function failure(code: number, reason: string, message: string, details: Record<string, unknown>): ExtraAnswer {
  return { code, body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, details, code } };
}

/** serveDerived answers get, list and watch of a derived resource; a write is refused. */
export function serveDerived(live: LiveCluster, info: RequestInfo, query: URLSearchParams, table: boolean): ExtraAnswer {
  const d = DERIVED[info.resource] as Derived;
  const qualified = d.group === '' ? info.resource : `${info.resource}.${d.group}`;
  const now = live.virtualNow();
  if (info.verb === 'get') {
    const o = d.items(live, info.namespace).find((x) => x.metadata.name === info.name);
    if (!o) return failure(404, 'NotFound', `${qualified} "${info.name}" not found`, { name: info.name, group: d.group, kind: info.resource });
    return { code: 200, body: table ? toTable(d, [o], now, query) : o };
  }
  if (info.verb === 'list') {
    // Each with the default field conversion (metadata.name, metadata.namespace).
    const filter = newFilter('ControllerRevision', query);
    if ('error' in filter) return failure(400, 'BadRequest', filter.error, {});
    const items = d.items(live, info.namespace).filter((o) => filter(o as never));
    const metadata = { resourceVersion: String(live.resourceVersion()) };
    if (table) return { code: 200, body: { ...(toTable(d, items, now, query) as object), metadata } };
    return { code: 200, body: { kind: d.listKind, apiVersion: d.apiVersion, metadata, items } };
  }
  if (info.verb === 'watch') return { emptyWatch: true };
  return failure(405, 'MethodNotAllowed', `${info.verb} is not supported on resources of kind "${qualified}": ${d.owner}`, { group: d.group, kind: info.resource });
}

function toTable(d: Derived, items: readonly Served[], nowMs: number, query: URLSearchParams): unknown {
  const include = query.get('includeObject') ?? 'Metadata';
  const rows = items.map((o) => {
    const row: Record<string, unknown> = { cells: d.cells(o, nowMs) };
    if (include === 'Object') row.object = o;
    else if (include !== 'None') row.object = { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: o.metadata };
    return row;
  });
  return { kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: {}, columnDefinitions: d.columns, rows };
}
