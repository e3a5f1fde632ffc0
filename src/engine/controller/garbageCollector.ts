/**
 * The garbage collector, reduced to background cascading deletion: when an owner is gone, each
 * dependent whose ownerReferences name it is deleted, one per tick.
 */
import type { KubeObject } from '../api/types.ts';
import { objectKey, type WatchRecord } from '../apiserver/store.ts';
import { list, podsOwnedBy } from '../client/cache.ts';
import { del, note, schedule, type Tx } from '../client/tx.ts';

const OWNER_KINDS = new Set(['Deployment', 'ReplicaSet', 'DaemonSet']);

/** gcOnWatch queues the deletion of every dependent of an owner that was just deleted. */
export function gcOnWatch(tx: Tx, rec: WatchRecord): void {
  if (rec.type !== 'DELETED' || !OWNER_KINDS.has(rec.object.kind)) return;
  const uid = rec.object.metadata.uid ?? '';
  const dependents: KubeObject[] = [];
  if (rec.object.kind === 'Deployment') {
    dependents.push(...list(tx.st.cache, 'ReplicaSet').filter((r) => r.metadata.ownerReferences?.some((o) => o.uid === uid)));
  } else {
    dependents.push(...podsOwnedBy(tx.st.cache, uid));
    if (rec.object.kind === 'DaemonSet') {
      dependents.push(
        ...list(tx.st.cache, 'ControllerRevision').filter((r) => r.metadata.ownerReferences?.some((o) => o.uid === uid)),
      );
    }
  }
  for (const d of dependents) {
    schedule(tx, tx.now, { type: 'gc', kind: d.kind as 'ReplicaSet' | 'Pod' | 'ControllerRevision', key: objectKey(d), ownerUid: uid });
  }
}

/** gcDelete deletes one dependent if its owner is still gone. */
export function gcDelete(tx: Tx, kind: 'ReplicaSet' | 'Pod' | 'ControllerRevision', key: string, ownerUid: string): void {
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
