// Port of the claim decisions of kubernetes pkg/controller/statefulset/stateful_pod_control.go
// (v1.36): createPersistentVolumeClaims, PodClaimIsStale, ClaimsMatchRetentionPolicy and
// UpdatePodClaimForRetentionPolicy, as pure functions over the claims the informer holds.
import type { PersistentVolumeClaim, StatefulPod, StatefulSet } from '../../api/statefulTypes.ts';
import {
  getPersistentVolumeClaimRetentionPolicy,
  hasStaleOwnerRef,
  hasUnexpectedController,
  isClaimOwnerUpToDate,
  podKind,
  updateClaimOwnerRefForSetAndPod,
  withOwnerRefs,
} from './claimOwnership.ts';
import { getOrdinal, getPersistentVolumeClaimName, getPersistentVolumeClaims } from './statefulSetUtils.ts';

/** The claims the informer holds, by namespace/name (`default/www-web-0`). */
export type ClaimLookup = (namespace: string, name: string) => PersistentVolumeClaim | undefined;

const nsOf = (set: StatefulSet) => set.metadata.namespace ?? 'default';

/**
 * createPersistentVolumeClaims' decision: the pod's claims that do not exist yet, to be created
 * before the pod. An existing claim being deleted fails the create: `pvc www-web-0 is being
 * deleted` (the pod would otherwise bind a claim about to vanish).
 */
export function claimsToCreate(set: StatefulSet, pod: StatefulPod, lookup: ClaimLookup): { create: PersistentVolumeClaim[]; error: string | null } {
  const create: PersistentVolumeClaim[] = [];
  const errors: string[] = [];
  for (const claim of getPersistentVolumeClaims(set, pod).values()) {
    const found = lookup(nsOf(set), claim.metadata.name);
    if (!found) create.push({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', ...claim });
    else if (found.metadata.deletionTimestamp !== undefined) errors.push(`pvc ${claim.metadata.name} is being deleted`);
  }
  return { create, error: errors.length ? errors.join(', ') : null };
}

/**
 * podClaimIsStale: with whenScaled Delete, a claim still owned by an earlier pod of the same name
 * (another uid — or the placeholder's none) blocks creating the pod until the garbage collector
 * removes it. Under Retain claims are meant to be reused and are never stale.
 */
export function podClaimIsStale(set: StatefulSet, pod: StatefulPod, lookup: ClaimLookup): boolean {
  if (getPersistentVolumeClaimRetentionPolicy(set).whenScaled === 'Retain') return false;
  for (const claim of getPersistentVolumeClaims(set, pod).values()) {
    const pvc = lookup(claim.metadata.namespace ?? nsOf(set), claim.metadata.name);
    if (pvc && hasStaleOwnerRef(pvc, pod, podKind)) return true;
  }
  return false;
}

const NO_CLAIMS: readonly PersistentVolumeClaim[] = [];

/** The pod's existing claims, one per template, in template order. */
function existingClaims(set: StatefulSet, pod: StatefulPod, lookup: ClaimLookup): readonly PersistentVolumeClaim[] {
  // Asked for every replica on every sync (claimsMatchRetentionPolicy): a set without claim
  // templates has none to look up (issue 23).
  if (set.spec.volumeClaimTemplates === undefined || set.spec.volumeClaimTemplates.length === 0) return NO_CLAIMS;
  const ordinal = getOrdinal(pod);
  const out: PersistentVolumeClaim[] = [];
  for (const t of set.spec.volumeClaimTemplates ?? []) {
    const c = lookup(nsOf(set), getPersistentVolumeClaimName(set, t, ordinal));
    if (c) out.push(c);
  }
  return out;
}

/** claimsMatchRetentionPolicy: every existing claim has the owner refs the policy wants (a missing one is picked up later). */
export function claimsMatchRetentionPolicy(set: StatefulSet, pod: StatefulPod, lookup: ClaimLookup): boolean {
  return existingClaims(set, pod, lookup).every((c) => isClaimOwnerUpToDate(c, set, pod));
}

/**
 * updatePodClaimForRetentionPolicy: the claims to update with the owner refs the policy wants,
 * and the claims held by another controller, for the Warning `ConflictingController` Event.
 */
export function updatePodClaimForRetentionPolicy(
  set: StatefulSet,
  pod: StatefulPod,
  lookup: ClaimLookup,
): { updates: PersistentVolumeClaim[]; conflicting: string[] } {
  const updates: PersistentVolumeClaim[] = [];
  const conflicting: string[] = [];
  for (const c of existingClaims(set, pod, lookup)) {
    if (hasUnexpectedController(c, set, pod)) conflicting.push(c.metadata.name);
    if (!isClaimOwnerUpToDate(c, set, pod)) updates.push(withOwnerRefs(c, updateClaimOwnerRefForSetAndPod(c, set, pod)));
  }
  return { updates, conflicting };
}

/** The Warning message for a claim held by another controller (upstream's typo "manging" kept). */
export function conflictingControllerMessage(claim: string): string {
  return `PersistentVolumeClaim ${claim} has a conflicting OwnerReference that acts as a manging controller, the retention policy is ignored for this claim`;
}
