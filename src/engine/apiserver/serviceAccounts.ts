// The `default` ServiceAccount of each namespace, as kube-controller-manager's serviceaccount
// controller (pkg/controller/serviceaccount/serviceaccounts_controller.go, v1.36) makes it.
/**
 * The controller creates `default` in every namespace as the namespace appears; the ServiceAccount
 * admission plugin names it in every pod that names none (servedDefaults.ts). The engine stores no
 * ServiceAccount: none of its components reads one. The served API and `kubectl get sa` read each
 * from its namespace here, with the namespace's creationTimestamp and resourceVersion (the
 * controller writes it at once), a uid made from the names (no PRNG draw), and no secrets (token
 * Secrets are no longer made since v1.24; pods get projected tokens).
 */
import type { Namespace, ObjectMeta } from '../api/types.ts';
import { fnv32a, utf8Bytes } from '../lib/hash.ts';
import { seedPrng, uuid } from '../lib/prng.ts';
import { DefaultServiceAccountName } from './servedDefaults.ts';

/** core/v1 ServiceAccount, the fields the controller's `default` has. */
export interface ServiceAccount {
  apiVersion: 'v1';
  kind: 'ServiceAccount';
  metadata: ObjectMeta;
}

/** defaultServiceAccount is the `default` account of a namespace. */
export function defaultServiceAccount(ns: Namespace): ServiceAccount {
  const namespace = ns.metadata.name;
  return {
    apiVersion: 'v1',
    kind: 'ServiceAccount',
    metadata: {
      name: DefaultServiceAccountName,
      namespace,
      uid: uuid(seedPrng(fnv32a(utf8Bytes(`serviceaccount/${namespace}/default`)))),
      resourceVersion: ns.metadata.resourceVersion ?? '',
      creationTimestamp: ns.metadata.creationTimestamp ?? '',
    },
  };
}
