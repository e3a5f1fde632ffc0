// Port of kubernetes plugin/pkg/admission/namespace/autoprovision/admission.go (v1.36) and of the
// system namespaces the API server creates at start (pkg/controlplane/controller/systemnamespaces)
// with the label every namespace gets (kubernetes.io/metadata.name, NamespaceDefaultLabelName).
//
// Rollout Lab's API server runs the NamespaceAutoProvision admission plugin: a create in a
// namespace that does not exist first creates that namespace, as if `kubectl create namespace`
// had run just before. (A cluster without the plugin refuses the create with
// `namespaces "payments" not found`; a scenario would then need a v1 Namespace object first.)
import type { Namespace } from '../../api/types.ts';
import { createObject, type StoreState, type WriteContext } from '../store.ts';

/** The label the API server sets on every namespace: its own name. */
export const NamespaceNameLabel = 'kubernetes.io/metadata.name';

/** The namespaces a cluster starts with, in the order the API server creates them. */
export const SYSTEM_NAMESPACES: readonly string[] = ['default', 'kube-node-lease', 'kube-public', 'kube-system'];

/** namespaceObject is the Namespace the API server stores for a name: Active, finalizer `kubernetes`, the name label. */
export function namespaceObject(name: string, labels: Record<string, string> = {}): Namespace {
  return {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name, labels: { ...labels, [NamespaceNameLabel]: name } },
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
  };
}

/** createSystemNamespaces stores default, kube-node-lease, kube-public and kube-system, with the context's clock and PRNG. */
export function createSystemNamespaces(st: StoreState, ctx: WriteContext): void {
  for (const name of SYSTEM_NAMESPACES) createObject(st, ctx, namespaceObject(name));
}

/** namespaceExists tells whether the store holds the namespace. */
export function namespaceExists(st: StoreState, name: string): boolean {
  return st.objects.Namespace.has(name);
}
