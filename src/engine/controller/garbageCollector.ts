/**
 * The garbage collector, reduced to background cascading deletion: when an owner is gone, each
 * dependent whose ownerReferences name it is deleted, one per tick.
 */
import type { KubeObject } from '../api/types.ts';
import { objectKey, type WatchRecord } from '../apiserver/store.ts';
import { list, podsOwnedBy } from '../client/cache.ts';
import { del, note, schedule, type Tx } from '../client/tx.ts';

const OWNER_KINDS = new Set(['Deployment', 'ReplicaSet', 'DaemonSet', 'StatefulSet', 'Service']);

type GcKind = 'ReplicaSet' | 'Pod' | 'ControllerRevision' | 'PersistentVolumeClaim' | 'EndpointSlice';

/**
 * claimsOwnedBy: the claims whose owner references name `uid` — a StatefulSet's under
 * whenDeleted: Delete, a condemned pod's under whenScaled: Delete. No claims, no walk.
 */
function claimsOwnedBy(tx: Tx, uid: string): KubeObject[] {
  if (tx.st.cache.objects.PersistentVolumeClaim.size === 0) return [];
  return list(tx.st.cache, 'PersistentVolumeClaim').filter((c) => c.metadata.ownerReferences?.some((o) => o.uid === uid));
}

/** gcOnWatch queues the deletion of every dependent of an owner that was just deleted. */
export function gcOnWatch(tx: Tx, rec: WatchRecord): void {
  if (rec.type !== 'DELETED') return;
  if (rec.object.kind === 'Pod') {
    // A pod owns claims only under a StatefulSet's whenScaled: Delete.
    const uid = rec.object.metadata.uid ?? '';
    for (const d of claimsOwnedBy(tx, uid)) schedule(tx, tx.now, { type: 'gc', kind: 'PersistentVolumeClaim', key: objectKey(d), ownerUid: uid });
    return;
  }
  if (!OWNER_KINDS.has(rec.object.kind)) return;
  const uid = rec.object.metadata.uid ?? '';
  const dependents: KubeObject[] = [];
  if (rec.object.kind === 'Service') {
    // A Service owns the EndpointSlices its controller made (ownerReferences from
    // newEndpointSlice); the Endpoints controller deletes the legacy Endpoints itself.
    if (tx.st.cache.objects.EndpointSlice.size === 0) return;
    dependents.push(...list(tx.st.cache, 'EndpointSlice').filter((s) => s.metadata.ownerReferences?.some((o) => o.uid === uid)));
  } else if (rec.object.kind === 'Deployment') {
    dependents.push(...list(tx.st.cache, 'ReplicaSet').filter((r) => r.metadata.ownerReferences?.some((o) => o.uid === uid)));
  } else {
    dependents.push(...podsOwnedBy(tx.st.cache, uid));
    if (rec.object.kind === 'StatefulSet') dependents.push(...claimsOwnedBy(tx, uid));
    if (rec.object.kind === 'DaemonSet' || rec.object.kind === 'StatefulSet') {
      dependents.push(
        ...list(tx.st.cache, 'ControllerRevision').filter((r) => r.metadata.ownerReferences?.some((o) => o.uid === uid)),
      );
    }
  }
  for (const d of dependents) {
    schedule(tx, tx.now, { type: 'gc', kind: d.kind as GcKind, key: objectKey(d), ownerUid: uid });
  }
}

/** gcDelete deletes one dependent if its owner is still gone. */
export function gcDelete(tx: Tx, kind: GcKind, key: string, ownerUid: string): void {
  tx.actor = 'garbage-collector';
  const obj = tx.st.store.objects[kind].get(key);
  if (!obj || !obj.metadata.ownerReferences?.some((o) => o.uid === ownerUid)) {
    note(tx, 'notDependent', { kind, key });
    return;
  }
  const res = del(tx, kind, key);
  if (res.ok) note(tx, 'ownerGone', { kind, name: obj.metadata.name });
  else note(tx, 'apiError', { message: res.error.message });
}
