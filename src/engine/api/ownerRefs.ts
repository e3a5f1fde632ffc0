// metav1.GetControllerOf (apimachinery pkg/apis/meta/v1/controller_ref.go).
import type { KubeObject, OwnerReference } from './types.ts';

/** getControllerOf returns the ownerReference with controller: true, if any. */
export function getControllerOf(o: Pick<KubeObject, 'metadata'>): OwnerReference | undefined {
  return o.metadata.ownerReferences?.find((r) => r.controller);
}
