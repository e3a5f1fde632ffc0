/**
 * The objects a cluster serves that the engine derives rather than stores, each read from what it
 * stores at the moment of the request (src/engine/kubectl/derivedObjects.ts, which the page's
 * kubectl reads too):
 * - `serviceaccounts` (core v1): each namespace's `default` account (serviceAccounts.ts), which
 *   every pod names (servedDefaults.ts);
 * - `persistentvolumes` (core v1): the volume of each bound claim (persistentVolume.ts);
 * - `storageclasses` (storage.k8s.io/v1): kind's default class `standard`, the claims' class.
 *
 * get, list (with label and field selectors) and the Tables kubectl prints (their cells the
 * engine's printers, printers/rowsStorage.ts) are answered; a watch of persistentvolumes streams
 * their changes (volumeWatch.ts), a watch of the others stays open and sends nothing (they never
 * change); a write is refused with 405, as the leases (leases.ts) — but for a PersistentVolume made
 * by hand, stored and written through the registry (isStoredVolumeWrite).
 */
import type { RequestInfo } from '../src/engine/apiserver/rest/requestInfo.ts';
import { DERIVED, type DerivedKind, type DerivedObject, derivedFilter, derivedKindOf, derivedObjects, qualifiedResource, servedResource, writeRefusedMessage } from '../src/engine/kubectl/derivedObjects.ts';
import { storedVolumeTarget } from '../src/engine/kubectl/executeStore.ts';
import { STORAGE_COLUMNS, storageCells } from '../src/engine/kubectl/printers/rowsStorage.ts';
import { parseSelector } from '../src/engine/kubectl/selector.ts';
import type { ExtraAnswer } from './extras.ts';
import type { LiveCluster } from './live.ts';
import { DESCRIPTIONS } from './tables.ts';

/** The verbs of a PersistentVolume request the registry answers for a stored volume: the writes. */
const STORED_VOLUME_VERBS: ReadonlySet<string> = new Set(['create', 'update', 'patch', 'delete']);

/**
 * isStoredVolumeWrite: a write of a PersistentVolume made by hand (or of none: a create, a
 * NotFound), which the generic registry path answers (http.ts serveWrite); a provisioned volume's
 * write is refused here (405), and every read is served here, stored volumes listed beside the
 * provisioned ones.
 */
export function isStoredVolumeWrite(live: LiveCluster, info: RequestInfo): boolean {
  if (info.resource !== 'persistentvolumes' || info.group !== '' || info.subresource !== '' || !STORED_VOLUME_VERBS.has(info.verb)) return false;
  return info.name === '' || storedVolumeTarget(live.st)('PersistentVolume', info.name);
}

/** isDerived: a resource this module serves. */
export function isDerived(resource: string): boolean {
  return derivedKindOf(resource) !== undefined;
}

function failure(code: number, reason: string, message: string, details: Record<string, unknown>): ExtraAnswer {
  return { code, body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, details, code } };
}

/** serveDerived answers get, list and watch of a derived resource; a write is refused. */
export function serveDerived(live: LiveCluster, info: RequestInfo, query: URLSearchParams, table: boolean): ExtraAnswer {
  const kind = derivedKindOf(info.resource) as DerivedKind;
  const d = DERIVED[kind];
  const now = live.virtualNow();
  const namespace = info.namespace === '' ? null : info.namespace;
  // Only the subresources discovery lists are served (a volume's status, an account's token); not
  // a scale, which `kubectl scale sa` reads first.
  if (info.subresource !== '' && !(servedResource(kind).subresources ?? []).some((r) => r.name === info.subresource)) {
    return failure(404, 'NotFound', 'the server could not find the requested resource', {});
  }
  if (info.verb === 'get') {
    const o = derivedObjects(live.st, kind, namespace).find((x) => x.metadata.name === info.name);
    if (!o) return failure(404, 'NotFound', `${qualifiedResource(kind)} "${info.name}" not found`, { name: info.name, group: d.group, kind: info.resource });
    return { code: 200, body: table ? toTable(kind, [o], now, query) : o };
  }
  if (info.verb === 'list') {
    const labels = parseSelector(query.get('labelSelector') ?? '');
    if ('error' in labels) return failure(400, 'BadRequest', labels.error, {});
    const filter = derivedFilter(kind, labels.selector, query.get('fieldSelector') ?? '');
    if ('error' in filter) return failure(400, 'BadRequest', filter.error, {});
    const items = derivedObjects(live.st, kind, namespace).filter(filter);
    const metadata = { resourceVersion: String(live.resourceVersion()) };
    if (table) return { code: 200, body: { ...(toTable(kind, items, now, query) as object), metadata } };
    return { code: 200, body: { kind: d.listKind, apiVersion: d.apiVersion, metadata, items } };
  }
  if (info.verb === 'watch') return { emptyWatch: true };
  return failure(405, 'MethodNotAllowed', writeRefusedMessage(info.verb, kind), { group: d.group, kind: info.resource });
}

/** The Table's column definitions of a derived kind: the printer's, Name and Age described as metav1.ObjectMeta's. */
function columns(kind: DerivedKind): unknown[] {
  return STORAGE_COLUMNS[kind].map((c) => ({
    name: c.name,
    type: c.type,
    format: c.name === 'Name' ? 'name' : '',
    description: c.description ?? DESCRIPTIONS[c.name] ?? '',
    priority: c.wide ? 1 : 0,
  }));
}

/** toTable is the Table of derived objects (a watch event's: one, and the resourceVersion it was written at). */
export function toTable(kind: DerivedKind, items: readonly DerivedObject[], nowMs: number, query: URLSearchParams, resourceVersion?: string): unknown {
  const include = query.get('includeObject') ?? 'Metadata';
  const rows = items.map((o) => {
    const row: Record<string, unknown> = { cells: storageCells(o, nowMs) };
    if (include === 'Object') row.object = o;
    else if (include !== 'None') row.object = { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: o.metadata };
    return row;
  });
  const metadata = resourceVersion === undefined ? {} : { resourceVersion };
  return { kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata, columnDefinitions: columns(kind), rows };
}
