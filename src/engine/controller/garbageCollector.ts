// Port of kubernetes pkg/controller/garbagecollector (garbagecollector.go, operations.go, v1.36).
/**
 * The garbage collector's three propagation policies. Background: when an owner is gone, each
 * dependent whose ownerReferences name it is deleted, one per tick. Orphan and Foreground: the
 * owner stays, being deleted, with the finalizer its delete asked for (`orphan`,
 * `foregroundDeletion`) until the collector has taken its owner references off the dependents, or
 * deleted the ones that block it (gcFinalizers.ts).
 */
import type { KubeObject, OwnerReference } from '../api/types.ts';
import { FinalizerDeleteDependents, FinalizerOrphanDependents } from '../apiserver/finalizers.ts';
import { objectKey, type WatchRecord } from '../apiserver/store.ts';
import { list, podsOwnedBy } from '../client/cache.ts';
import { del, note, schedule, type Tx } from '../client/tx.ts';

export const OWNER_KINDS = new Set(['Deployment', 'ReplicaSet', 'DaemonSet', 'StatefulSet', 'Service']);
export type OwnerKind = 'Deployment' | 'ReplicaSet' | 'DaemonSet' | 'StatefulSet' | 'Service';

export type GcKind = 'ReplicaSet' | 'Pod' | 'ControllerRevision' | 'PersistentVolumeClaim' | 'EndpointSlice';

const ownedBy = (uid: string) => (o: KubeObject) => o.metadata.ownerReferences?.some((r) => r.uid === uid) === true;

/**
 * claimsOwnedBy: the claims whose owner references name `uid` — a StatefulSet's under
 * whenDeleted: Delete, a condemned pod's under whenScaled: Delete. No claims, no walk.
 */
function claimsOwnedBy(tx: Tx, uid: string): KubeObject[] {
  if (tx.st.cache.objects.PersistentVolumeClaim.size === 0) return [];
  return list(tx.st.cache, 'PersistentVolumeClaim').filter(ownedBy(uid));
}

/**
 * dependentsOf: the objects whose ownerReferences name the owner `uid` of kind `kind`, from the
 * collector's informers (the graph's dependents): a Deployment's ReplicaSets, a Service's
 * EndpointSlices, a workload's pods, a StatefulSet's claims, a DaemonSet's or StatefulSet's revisions.
 */
export function dependentsOf(tx: Tx, kind: string, uid: string): KubeObject[] {
  const c = tx.st.cache;
  if (kind === 'Pod') return claimsOwnedBy(tx, uid);
  if (kind === 'Service') return c.objects.EndpointSlice.size === 0 ? [] : list(c, 'EndpointSlice').filter(ownedBy(uid));
  if (kind === 'Deployment') return list(c, 'ReplicaSet').filter(ownedBy(uid));
  const out: KubeObject[] = [...podsOwnedBy(c, uid)];
  if (kind === 'StatefulSet') out.push(...claimsOwnedBy(tx, uid));
  if (kind === 'DaemonSet' || kind === 'StatefulSet') out.push(...list(c, 'ControllerRevision').filter(ownedBy(uid)));
  return out;
}

/** The collector's finalizers on an object being deleted: the work its delete left to the collector. */
export function gcFinalizerOf(o: KubeObject): typeof FinalizerOrphanDependents | typeof FinalizerDeleteDependents | undefined {
  if (o.metadata.deletionTimestamp === undefined) return undefined;
  const f = o.metadata.finalizers;
  if (f === undefined) return undefined;
  if (f.includes(FinalizerOrphanDependents)) return FinalizerOrphanDependents;
  if (f.includes(FinalizerDeleteDependents)) return FinalizerDeleteDependents;
  return undefined;
}

/** ownerOf: the owner a reference names, when the informer holds it under that uid. */
function ownerOf(tx: Tx, o: KubeObject, ref: OwnerReference): KubeObject | undefined {
  if (!OWNER_KINDS.has(ref.kind)) return undefined;
  const owner = tx.st.cache.objects[ref.kind as OwnerKind].get(`${o.metadata.namespace ?? 'default'}/${ref.name}`);
  return owner?.metadata.uid === ref.uid ? owner : undefined;
}

/** scheduleOwner queues the collector's work on an owner its delete left to it (gcFinalizers.ts processOwner). */
function scheduleOwner(tx: Tx, owner: KubeObject): void {
  schedule(tx, tx.now, { type: 'gcOwner', kind: owner.kind as OwnerKind, key: objectKey(owner), uid: owner.metadata.uid ?? '' });
}

/**
 * gcOnWatch: an owner deleted with `orphan` or `foregroundDeletion` queues the collector's work on
 * it; a dependent gone wakes the owners waiting for it (foregroundDeletion); an owner gone queues
 * the deletion of each of its dependents (background).
 */
export function gcOnWatch(tx: Tx, rec: WatchRecord, old?: KubeObject): void {
  const o = rec.object;
  if (rec.type !== 'DELETED') {
    // Once, when the finalizer is first seen on the deleting owner (not at each status write after).
    if (OWNER_KINDS.has(o.kind) && gcFinalizerOf(o) !== undefined && (old === undefined || gcFinalizerOf(old) !== gcFinalizerOf(o))) scheduleOwner(tx, o);
    return;
  }
  for (const ref of o.metadata.ownerReferences ?? []) {
    const owner = ownerOf(tx, o, ref);
    if (owner !== undefined && gcFinalizerOf(owner) === FinalizerDeleteDependents) scheduleOwner(tx, owner);
  }
  if (o.kind !== 'Pod' && !OWNER_KINDS.has(o.kind)) return;
  const uid = o.metadata.uid ?? '';
  // A pod owns claims only under a StatefulSet's whenScaled: Delete.
  for (const d of dependentsOf(tx, o.kind, uid)) {
    schedule(tx, tx.now, { type: 'gc', kind: d.kind as GcKind, key: objectKey(d), ownerUid: uid });
  }
}

/**
 * gcDelete deletes one dependent if it still names its owner. A dependent of an owner being
 * deleted in the foreground is deleted in the foreground too when it has dependents of its own
 * (a ReplicaSet waits for its pods), as attemptToDeleteItem does.
 */
export function gcDelete(tx: Tx, kind: GcKind, key: string, ownerUid: string, foreground = false): void {
  tx.actor = 'garbage-collector';
  const obj = tx.st.store.objects[kind].get(key);
  if (!obj || !obj.metadata.ownerReferences?.some((o) => o.uid === ownerUid)) {
    note(tx, 'notDependent', { kind, key });
    return;
  }
  if (foreground && obj.metadata.deletionTimestamp !== undefined) {
    note(tx, 'dependentDeleting', { kind, key });
    return;
  }
  const policy = foreground && dependentsOf(tx, kind, obj.metadata.uid ?? '').length > 0 ? 'Foreground' : undefined;
  const res = del(tx, kind, key, policy ? { propagationPolicy: policy } : {});
  if (!res.ok) note(tx, 'apiError', { message: res.error.message });
  else if (foreground) note(tx, 'ownerDeletingDependents', { kind, name: obj.metadata.name, policy: policy ?? 'Background' });
  else note(tx, 'ownerGone', { kind, name: obj.metadata.name });
}
