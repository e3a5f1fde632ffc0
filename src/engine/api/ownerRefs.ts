// metav1.GetControllerOf and metav1.NewControllerRef (apimachinery pkg/apis/meta/v1/controller_ref.go).
import type { KubeObject, OwnerReference } from './types.ts';

/** getControllerOf returns the ownerReference with controller: true, if any. */
export function getControllerOf(o: Pick<KubeObject, 'metadata'>): OwnerReference | undefined {
  return o.metadata.ownerReferences?.find((r) => r.controller);
}

/**
 * newControllerRef is metav1.NewControllerRef: the ownerReference a controller puts on what it
 * creates (controller and blockOwnerDeletion true), keys in the order the API server writes them.
 */
export function newControllerRef(owner: Pick<KubeObject, 'metadata'>, apiVersion: string, kind: string): OwnerReference {
  return { apiVersion, kind, name: owner.metadata.name, uid: owner.metadata.uid ?? '', controller: true, blockOwnerDeletion: true };
}
