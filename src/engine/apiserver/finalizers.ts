// Port of kubernetes staging/src/k8s.io/apiserver/pkg/registry/generic/registry/store.go (v1.36):
// the finalizers a delete's propagation policy asks for, and when an update completes a deletion.
/**
 * An object with finalizers is not removed by a delete: it gets a deletionTimestamp and stays
 * until whoever owns each finalizer takes it off. The garbage collector owns two of them, the
 * ones a propagation policy asks for (`kubectl delete --cascade=orphan|foreground`): `orphan`
 * (take the owner references off the dependents first) and `foregroundDeletion` (delete the
 * dependents first). Any other finalizer (`kubernetes.io/pvc-protection`, a user's
 * `example.com/block`) holds the object the same way.
 */
import type { KubeObject, ObjectMeta } from '../api/types.ts';

/** metav1.FinalizerOrphanDependents: the garbage collector orphans the dependents, then lets the owner go. */
export const FinalizerOrphanDependents = 'orphan';
/** metav1.FinalizerDeleteDependents: the garbage collector deletes the dependents, then lets the owner go. */
export const FinalizerDeleteDependents = 'foregroundDeletion';

/** metav1.DeletionPropagation. */
export type DeletionPropagation = 'Orphan' | 'Background' | 'Foreground';
export const DELETION_PROPAGATIONS: readonly DeletionPropagation[] = ['Foreground', 'Background', 'Orphan'];

/**
 * deletionFinalizersForGarbageCollection is the object's finalizers as the policy leaves them,
 * or undefined when they stay as they are. Orphan puts `orphan` on (and `foregroundDeletion` off),
 * Foreground the other way round, Background takes both off. No policy keeps what is there: the
 * apps/v1 kinds' default is Background (DeleteDependents), which adds nothing.
 */
export function deletionFinalizersForGarbageCollection(finalizers: readonly string[] | undefined, policy: DeletionPropagation | undefined): string[] | undefined {
  if (policy === undefined) return undefined;
  const have = finalizers ?? [];
  const add = policy === 'Orphan' ? FinalizerOrphanDependents : policy === 'Foreground' ? FinalizerDeleteDependents : undefined;
  const next = have.filter((f) => f !== FinalizerOrphanDependents && f !== FinalizerDeleteDependents);
  if (add !== undefined) next.push(add);
  if (next.length === have.length && next.every((f, i) => f === have[i])) return undefined;
  return next;
}

/**
 * setFinalizers writes these finalizers into metadata (a copy the caller owns), leaving the key out
 * when there are none: an object's JSON has no `finalizers: []`.
 */
export function setFinalizers(meta: ObjectMeta, finalizers: readonly string[]): ObjectMeta {
  if (finalizers.length > 0) meta.finalizers = [...finalizers];
  else delete meta.finalizers;
  return meta;
}

/** hasFinalizers: the object is held by at least one finalizer. */
export function hasFinalizers(meta: ObjectMeta): boolean {
  return (meta.finalizers?.length ?? 0) > 0;
}

/**
 * shouldDeleteDuringUpdate: an update that leaves an object being deleted without finalizers
 * completes its deletion, once its grace period is 0 (the registry's ShouldDeleteDuringUpdate):
 * a pod only after the kubelet asked for its removal; a namespace, which has no grace period,
 * never (its controller deletes it once its spec.finalizers are gone).
 */
export function shouldDeleteDuringUpdate(next: KubeObject): boolean {
  const m = next.metadata;
  return m.deletionTimestamp !== undefined && !hasFinalizers(m) && m.deletionGracePeriodSeconds === 0;
}

/**
 * newFinalizers: the finalizers `next` adds to an object being deleted, which ValidateObjectMetaUpdate
 * forbids (`no new finalizers can be added if the object is being deleted`).
 */
export function newFinalizers(old: ObjectMeta, next: ObjectMeta): string[] {
  if (old.deletionTimestamp === undefined) return [];
  const had = new Set(old.finalizers ?? []);
  return (next.finalizers ?? []).filter((f) => !had.has(f));
}
