// Port of kubernetes plugin/pkg/admission/namespace/lifecycle/admission.go (v1.36): no new
// content in a namespace being deleted, and the namespaces that may never be deleted.
import type { KubeObject } from '../../api/types.ts';
import { type ApiError, newForbidden } from '../errors.ts';
import { qualifiedResource, resourceOfKind } from '../rest/resources.ts';
import type { StoreState } from '../storeCore.ts';

/** The namespaces the plugin refuses to delete (immortalNamespaces). */
export const IMMORTAL_NAMESPACES: ReadonlySet<string> = new Set(['default', 'kube-system', 'kube-public']);

/** namespaceTerminating: the namespace exists and is being deleted. */
export function namespaceTerminating(st: StoreState, namespace: string): boolean {
  return st.objects.Namespace.get(namespace)?.metadata.deletionTimestamp !== undefined;
}

/**
 * refuseInTerminating is the plugin's answer to a create in a namespace being deleted: the
 * controllers' pods, the recorders' Events and a user's apply alike are refused.
 */
export function refuseInTerminating(st: StoreState, obj: KubeObject): ApiError | null {
  if (obj.kind === 'Namespace' || obj.kind === 'Node' || obj.kind === 'PersistentVolume') return null;
  const ns = obj.metadata.namespace ?? 'default';
  if (!namespaceTerminating(st, ns)) return null;
  const info = resourceOfKind(obj.kind);
  const resource = info ? qualifiedResource(info) : obj.kind.toLowerCase();
  // Admission runs before a generated name is made: a pod of a ReplicaSet is named by its prefix.
  const name = obj.metadata.name || obj.metadata.generateName || 'Unknown';
  return newForbidden(resource, name, `unable to create new content in namespace ${ns} because it is being terminated`);
}

/** refuseImmortalDelete: `namespaces "default" is forbidden: this namespace may not be deleted`. */
export function refuseImmortalDelete(name: string): ApiError | null {
  return IMMORTAL_NAMESPACES.has(name) ? newForbidden('namespaces', name, 'this namespace may not be deleted') : null;
}
