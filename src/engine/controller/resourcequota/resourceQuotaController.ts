// Port of kubernetes pkg/controller/resourcequota/resource_quota_controller.go and
// resource_quota_monitor.go (v1.36): syncResourceQuota, the quota event handlers and the
// replenishment of pod, Service and claim quota.
/**
 * The quota controller owns status.hard (a copy of spec.hard) and recomputes status.used from
 * the namespace's pods. Admission raises status.used on every pod create; only this controller
 * lowers it, and only when it syncs: when a quota's spec.hard changes, when a pod it counts is
 * deleted or turns Succeeded/Failed (replenishment), and on its 5-minute resync. A terminating
 * pod still counts (quotaV1Pod), so an old pod holds its quota until it is gone.
 */
import { decide } from '../../api/decision.ts';
import type { ResourceQuota } from '../../api/policyTypes.ts';
import type { KubeObject, Pod } from '../../api/types.ts';
import { jsonEqual, objectKey, type WatchRecord } from '../../apiserver/store.ts';
import { get } from '../../client/cache.ts';
import { podMatchingResources, quotaV1Pod } from '../../quota/evaluator/pods.ts';
import { calculateCountUsage, calculateUsage, PVC_EVALUATOR, SERVICE_EVALUATOR } from '../../quota/generic.ts';
import { equals, mask, parseResourceList, prettyPrint, resourceNames, toResourceList } from '../../quota/resources.ts';
import { enqueue, enqueueAfter, note, type Tx, writeStatusOf } from '../../client/tx.ts';

/** --resource-quota-sync-period: a full recalculation of every quota at least this often. */
export const ResourceQuotaSyncPeriodMs = 5 * 60 * 1000;

function nsOf(o: KubeObject): string {
  return o.metadata.namespace ?? 'default';
}

/** replenishQuota enqueues the namespace's quotas that track a resource of `matching`'s evaluator (an object went away or finished). */
function replenishQuota(tx: Tx, namespace: string, matching: (names: Iterable<string>) => string[] = podMatchingResources): void {
  for (const q of tx.st.cache.objects.ResourceQuota.values()) {
    if (q.kind !== 'ResourceQuota' || nsOf(q) !== namespace) continue;
    if (matching(Object.keys(q.status?.hard ?? {})).length > 0) enqueue(tx, 'resourcequota', objectKey(q));
  }
}

/**
 * resourceQuotaOnWatch is the controller's handlers: a quota added, deleted or with a new
 * spec.hard is synced (its own status writes are ignored); a pod deleted, or one that stops
 * counting (quotaV1Pod true → false), replenishes its namespace's quotas. Without quotas it
 * returns at once.
 */
export function resourceQuotaOnWatch(tx: Tx, rec: WatchRecord, old: KubeObject | undefined): void {
  const o = rec.object;
  if (o.kind === 'ResourceQuota') {
    const prev = old?.kind === 'ResourceQuota' ? old : undefined;
    if (rec.type === 'MODIFIED' && prev && jsonEqual(prev.spec?.hard ?? {}, o.spec?.hard ?? {})) return;
    enqueue(tx, 'resourcequota', objectKey(o));
    return;
  }
  if (tx.st.cache.objects.ResourceQuota.size === 0) return;
  // A Service or a claim deleted gives its quota back (the monitors' replenishment of every evaluator).
  if (rec.type === 'DELETED' && (o.kind === 'Service' || o.kind === 'PersistentVolumeClaim')) {
    replenishQuota(tx, nsOf(o), (o.kind === 'Service' ? SERVICE_EVALUATOR : PVC_EVALUATOR).matchingResources);
    return;
  }
  if (o.kind !== 'Pod') return;
  if (rec.type === 'DELETED') {
    replenishQuota(tx, nsOf(o));
    return;
  }
  const prev = old?.kind === 'Pod' ? old : undefined;
  if (rec.type === 'MODIFIED' && prev && quotaV1Pod(prev, tx.now) && !quotaV1Pod(o, tx.now)) replenishQuota(tx, nsOf(o));
}

/** podsIn: the namespace's cached pods; the sync lists them all (1 µs each, tx.cost). */
function podsIn(tx: Tx, namespace: string): Pod[] {
  tx.cost += tx.st.cache.objects.Pod.size;
  return inNamespace(tx, 'Pod', namespace);
}

/** inNamespace: the cached objects of a kind in a namespace. */
function inNamespace<K extends 'Pod' | 'Service' | 'PersistentVolumeClaim'>(tx: Tx, kind: K, namespace: string): Extract<KubeObject, { kind: K }>[] {
  const out: Extract<KubeObject, { kind: K }>[] = [];
  for (const o of tx.st.cache.objects[kind].values()) if (o.kind === kind && nsOf(o) === namespace) out.push(o as Extract<KubeObject, { kind: K }>);
  return out;
}

/**
 * syncResourceQuota: hard = spec.hard; used = the namespace's usage for the hard resources (kept
 * from the old status for resources no evaluator measures); written when either changed. A
 * Conflict (admission wrote the status since the cache saw it) is returned and requeued.
 */
export function syncResourceQuota(tx: Tx, key: string): string | null {
  tx.actor = 'resourcequota-controller';
  const q = get(tx.st.cache, 'ResourceQuota', key);
  if (!q) {
    note(tx, 'quotaDeleted', { key });
    return null;
  }
  const hard = parseResourceList(q.spec?.hard);
  const statusHard = parseResourceList(q.status?.hard);
  const oldUsed = parseResourceList(q.status?.used);
  let dirty = !equals(hard, statusHard) || q.status?.hard === undefined || q.status?.used === undefined;
  const used = new Map(oldUsed);
  for (const [k, v] of calculateUsage(q, podsIn(tx, nsOf(q)), tx.now)) used.set(k, v);
  for (const [k, v] of calculateCountUsage(q, SERVICE_EVALUATOR, inNamespace(tx, 'Service', nsOf(q)))) used.set(k, v);
  for (const [k, v] of calculateCountUsage(q, PVC_EVALUATOR, inNamespace(tx, 'PersistentVolumeClaim', nsOf(q)))) used.set(k, v);
  const masked = mask(used, resourceNames(hard));
  dirty = dirty || !equals(masked, oldUsed);
  decide(tx.decisions, 'syncResourceQuota', 'usage', { quota: q.metadata.name, used: prettyPrint(masked) || '∅', hard: prettyPrint(hard) || '∅' });
  note(tx, 'quotaSynced', { quota: q.metadata.name, used: prettyPrint(masked) || 'nothing' });
  enqueueAfter(tx, 'resourcequota', key, ResourceQuotaSyncPeriodMs);
  if (!dirty) return null;
  const status: ResourceQuota['status'] = { hard: toResourceList(hard), used: toResourceList(masked) };
  const res = writeStatusOf(tx, q, status, key);
  return res.ok ? null : res.error.message;
}
