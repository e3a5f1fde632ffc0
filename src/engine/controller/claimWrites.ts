// The writes and words ClaimPods shares between the ReplicaSet and the StatefulSet controllers
// (controller_ref_manager.go's AdoptPod / ReleasePod patches, utilerrors.NewAggregate).
import type { KubeObject } from '../api/types.ts';
import { objectKey } from '../apiserver/store.ts';
import { type Tx, update } from '../client/tx.ts';
import { releasedMetadata } from './controllerRefManager.ts';

/**
 * patchOwners writes an ownerReferences change as the controller's patch does: onto the stored
 * object, whatever its resourceVersion. An object gone (or replaced by another uid) is NotFound,
 * which the claim ignores: null. Else the stored result, or the error message.
 */
export function patchOwners<T extends KubeObject>(tx: Tx, obj: T, edit: (m: T['metadata']) => T['metadata']): T | null | string {
  const stored = tx.st.store.objects[obj.kind].get(objectKey(obj)) as T | undefined;
  if (stored === undefined || stored.metadata.uid !== obj.metadata.uid) return null;
  const { resourceVersion: _rv, ...metadata } = edit(stored.metadata);
  const res = update(tx, { ...stored, metadata } as T);
  if (res.ok) return res.object;
  return res.error.reason === 'NotFound' ? null : res.error.message;
}

/**
 * releaseAsStored is the release patch (ReleasePod, ReleaseReplicaSet, ReleaseControllerRevision)
 * of `ownerUid`'s reference, written only while the stored object still names that owner. A cache
 * behind an earlier sync's release has the stored object naming it no more: upstream's patch is
 * then refused (no such reference to delete), which the release ignores, so nothing is written or
 * said twice: null, as for an object gone. Else patchOwners' answer.
 */
export function releaseAsStored<T extends KubeObject>(tx: Tx, obj: T, ownerUid: string): T | null | string {
  const stored = tx.st.store.objects[obj.kind].get(objectKey(obj));
  if (!stored?.metadata.ownerReferences?.some((r) => r.uid === ownerUid)) return null;
  return patchOwners(tx, obj, (m) => releasedMetadata(m, ownerUid));
}

/** aggregate is utilerrors.NewAggregate's message: one error as it is, several as `[a, b]`. */
export const aggregate = (errors: readonly string[]) => (errors.length === 1 ? (errors[0] as string) : `[${errors.join(', ')}]`);

/** labelText: an object's labels as `k=v,k2=v2`, for an Explain line. */
export function labelText(obj: Pick<KubeObject, 'metadata'>): string {
  return Object.entries(obj.metadata.labels ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
}
