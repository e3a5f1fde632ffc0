// metav1.GetControllerOf and metav1.NewControllerRef (apimachinery pkg/apis/meta/v1/controller_ref.go).
import type { KubeObject, OwnerReference } from './types.ts';

/** getControllerOf returns the ownerReference with controller: true, if any. */
export function getControllerOf(o: Pick<KubeObject, 'metadata'>): OwnerReference | undefined {
  // A loop, not find() with a closure: every pod watch event asks two to five times (the informer
  // cache, the ReplicaSet handlers), ~300,000 times in a 10,000-replica rollout.
  const refs = o.metadata.ownerReferences;
  if (!refs) return undefined;
  for (let i = 0; i < refs.length; i++) {
    const r = refs[i] as OwnerReference;
    if (r.controller) return r;
  }
  return undefined;
}

/**
 * newControllerRef is metav1.NewControllerRef: the ownerReference a controller puts on what it
 * creates (controller and blockOwnerDeletion true), keys in the order the API server writes them.
 */
export function newControllerRef(owner: Pick<KubeObject, 'metadata'>, apiVersion: string, kind: string): OwnerReference {
  return { apiVersion, kind, name: owner.metadata.name, uid: owner.metadata.uid ?? '', controller: true, blockOwnerDeletion: true };
}
