// What the API server stores when it starts (pkg/controlplane: the system namespaces controller,
// then the kubernetes Service controller's first run), before any controller watches.
import { createSystemNamespaces } from '../../apiserver/admission/namespaceAutoProvision.ts';
import { createObject, type StoreState, type WatchRecord, type WriteContext } from '../../apiserver/store.ts';
import { seedPrng } from '../../lib/prng.ts';
import { kubernetesServiceObjects } from './controller.ts';

/**
 * bootstrapControlPlane stores, at t = 0, the namespaces default, kube-node-lease, kube-public and
 * kube-system, then service/kubernetes with its Endpoints and EndpointSlice, and gives back its write
 * context for what kube-controller-manager writes first (simulation.ts: each namespace's
 * kube-root-ca.crt, the root CA publisher's first pass). Their uids come from a
 * PRNG of their own (seed 0), so the run's own draws are where they were; the controllers find them
 * in their caches at start (no watch event, no tick).
 */
export function bootstrapControlPlane(st: StoreState, writes: WatchRecord[]): WriteContext {
  const ctx = { now: 0, prng: seedPrng(0), writes };
  createSystemNamespaces(st, ctx);
  for (const o of kubernetesServiceObjects()) createObject(st, ctx, o);
  return ctx;
}
