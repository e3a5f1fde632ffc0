// Port of kubernetes pkg/controller/garbagecollector/garbagecollector.go (v1.36): the work an
// owner's `orphan` or `foregroundDeletion` finalizer leaves to the collector (orphanDependents,
// processDeletingDependentsItem, removeFinalizer).
import { decide } from '../api/decision.ts';
import type { KubeObject } from '../api/types.ts';
import { FinalizerDeleteDependents, FinalizerOrphanDependents, setFinalizers } from '../apiserver/finalizers.ts';
import { objectKey } from '../apiserver/store.ts';
import { note, schedule, type Tx, update } from '../client/tx.ts';
import { dependentsOf, type GcKind, gcFinalizerOf, type OwnerKind } from './garbageCollector.ts';

const ownerName = (o: KubeObject): string => `${o.kind.toLowerCase()}/${o.metadata.name}`;

/**
 * gcProcessOwner is the collector's turn on an owner being deleted with one of its finalizers:
 * orphan its dependents, or delete them and wait for the blocking ones. Read from the store, as
 * the collector GETs the owner before removing a finalizer.
 */
export function gcProcessOwner(tx: Tx, kind: OwnerKind, key: string, uid: string): void {
  tx.actor = 'garbage-collector';
  tx.key = key;
  const owner = tx.st.store.objects[kind].get(key);
  const finalizer = owner?.metadata.uid === uid ? gcFinalizerOf(owner) : undefined;
  if (owner === undefined || finalizer === undefined) {
    note(tx, 'ownerAlreadyGone', { kind, key });
    return;
  }
  const dependents = dependentsOf(tx, kind, uid);
  if (finalizer === FinalizerOrphanDependents) orphanDependents(tx, owner, dependents);
  else processDeletingDependentsItem(tx, owner, dependents);
}

/**
 * orphanDependents takes the owner's reference off every dependent (a patch each; the dependents
 * stay, and a controller whose selector matches them may adopt them), then the `orphan` finalizer
 * off the owner, which lets the API server remove it.
 */
function orphanDependents(tx: Tx, owner: KubeObject, dependents: readonly KubeObject[]): void {
  const uid = owner.metadata.uid ?? '';
  const names: string[] = [];
  for (const d of dependents) {
    const cur = tx.st.store.objects[d.kind].get(objectKey(d));
    if (cur === undefined) continue;
    const refs = (cur.metadata.ownerReferences ?? []).filter((r) => r.uid !== uid);
    const metadata = { ...cur.metadata, ownerReferences: refs };
    if (refs.length === 0) delete (metadata as { ownerReferences?: unknown }).ownerReferences;
    const res = update(tx, { ...cur, metadata } as KubeObject);
    if (res.ok) names.push(ownerName(cur));
    else note(tx, 'apiError', { message: res.error.message });
  }
  decide(tx.decisions, 'orphanDependents', 'orphaned', { owner: ownerName(owner), count: names.length, dependents: names.join(', ') || '—' });
  note(tx, 'orphanedDependents', { owner: ownerName(owner), count: names.length });
  removeFinalizer(tx, owner, FinalizerOrphanDependents);
}

/**
 * processDeletingDependentsItem: an owner deleted in the foreground goes once no dependent that
 * blocks it (blockOwnerDeletion, which every controller sets on its pods and ReplicaSets) is left.
 * Until then each dependent not yet being deleted is deleted, one per tick (attemptToDeleteItem);
 * each dependent gone brings the collector back here (garbageCollector.ts gcOnWatch).
 */
function processDeletingDependentsItem(tx: Tx, owner: KubeObject, dependents: readonly KubeObject[]): void {
  const uid = owner.metadata.uid ?? '';
  const blocking = dependents.filter((d) => d.metadata.ownerReferences?.some((r) => r.uid === uid && r.blockOwnerDeletion === true));
  if (blocking.length === 0) {
    decide(tx.decisions, 'processDeletingDependentsItem', 'noBlocking', { owner: ownerName(owner), dependents: dependents.length });
    removeFinalizer(tx, owner, FinalizerDeleteDependents);
    return;
  }
  let deleting = 0;
  for (const d of dependents) {
    if (d.metadata.deletionTimestamp !== undefined) continue;
    schedule(tx, tx.now, { type: 'gc', kind: d.kind as GcKind, key: objectKey(d), ownerUid: uid, foreground: true });
    deleting++;
  }
  decide(tx.decisions, 'processDeletingDependentsItem', 'waiting', { owner: ownerName(owner), blocking: blocking.length, deleting });
  note(tx, 'waitingForDependents', { owner: ownerName(owner), count: blocking.length });
}

/** removeFinalizer takes one finalizer off the owner; the last one off, the API server removes it. */
function removeFinalizer(tx: Tx, owner: KubeObject, finalizer: string): void {
  const cur = tx.st.store.objects[owner.kind].get(objectKey(owner)) ?? owner;
  const finalizers = (cur.metadata.finalizers ?? []).filter((f) => f !== finalizer);
  const res = update(tx, { ...cur, metadata: setFinalizers({ ...cur.metadata }, finalizers) } as KubeObject);
  if (!res.ok) {
    note(tx, 'apiError', { message: res.error.message });
    return;
  }
  decide(tx.decisions, 'removeFinalizer', 'removed', { owner: ownerName(owner), finalizer, gone: finalizers.length === 0 ? 'yes' : 'no' });
  note(tx, 'finalizerRemoved', { finalizer, owner: ownerName(owner) });
}
