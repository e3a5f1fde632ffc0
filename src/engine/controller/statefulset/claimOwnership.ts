// Port of the PVC retention-policy half of kubernetes pkg/controller/statefulset/stateful_set_utils.go
// (v1.36; StatefulSetAutoDeletePVC GA in 1.32): which owner references a claim should carry.
import type {
  PersistentVolumeClaim,
  StatefulPod,
  StatefulSet,
  StatefulSetPersistentVolumeClaimRetentionPolicy,
} from '../../api/statefulTypes.ts';
import type { ObjectMeta, OwnerReference } from '../../api/types.ts';
import { podInOrdinalRange } from './statefulSetUtils.ts';

/** An object's kind as matchesRef compares it: apiVersion (group/version) and kind. */
export interface GroupVersionKind {
  apiVersion: string;
  kind: string;
}
export const controllerKind: GroupVersionKind = { apiVersion: 'apps/v1', kind: 'StatefulSet' };
export const podKind: GroupVersionKind = { apiVersion: 'v1', kind: 'Pod' };

type Owner = { metadata: Pick<ObjectMeta, 'name' | 'uid'> };

/** getPersistentVolumeClaimRetentionPolicy: the set's policy, or Retain/Retain when unset. */
export function getPersistentVolumeClaimRetentionPolicy(set: StatefulSet): Required<StatefulSetPersistentVolumeClaimRetentionPolicy> {
  const p = set.spec.persistentVolumeClaimRetentionPolicy;
  if (!p) return { whenDeleted: 'Retain', whenScaled: 'Retain' };
  return { whenDeleted: p.whenDeleted ?? '', whenScaled: p.whenScaled ?? '' };
}

/** matchesRef: same apiVersion, kind and name; the uid is not compared. */
export function matchesRef(ref: OwnerReference, obj: Owner, gvk: GroupVersionKind): boolean {
  return gvk.apiVersion === ref.apiVersion && gvk.kind === ref.kind && ref.name === obj.metadata.name;
}

/** hasOwnerRef: any reference (controller or not) to the owner's uid. */
export function hasOwnerRef(target: { metadata: Pick<ObjectMeta, 'ownerReferences'> }, owner: Owner): boolean {
  const uid = owner.metadata.uid ?? '';
  return (target.metadata.ownerReferences ?? []).some((r) => r.uid === uid);
}

/** hasStaleOwnerRef: the first reference matching the object by kind and name has another uid. */
export function hasStaleOwnerRef(target: PersistentVolumeClaim, obj: Owner, gvk: GroupVersionKind): boolean {
  for (const ref of target.metadata.ownerReferences ?? []) {
    if (matchesRef(ref, obj, gvk)) return ref.uid !== (obj.metadata.uid ?? '');
  }
  return false;
}

/**
 * hasUnexpectedController: under any policy but Retain/Retain, a claim controlled by something
 * other than this set or pod — including a reference to a set or pod of the same name but
 * another uid (an object deleted and re-created) — is left alone.
 */
export function hasUnexpectedController(claim: PersistentVolumeClaim, set: StatefulSet, pod: StatefulPod): boolean {
  const policy = getPersistentVolumeClaimRetentionPolicy(set);
  if (policy.whenScaled === 'Retain' && policy.whenDeleted === 'Retain') return false;
  for (const ref of claim.metadata.ownerReferences ?? []) {
    if (matchesRef(ref, set, controllerKind)) {
      if (ref.uid !== (set.metadata.uid ?? '')) return true;
      continue;
    }
    if (matchesRef(ref, pod, podKind)) {
      if (ref.uid !== (pod.metadata.uid ?? '')) return true;
      continue;
    }
    if (ref.controller === true) return true;
  }
  return false;
}

/** hasNonControllerOwner: the set or the pod owns the claim without being its controller. */
export function hasNonControllerOwner(claim: PersistentVolumeClaim, set: StatefulSet, pod: StatefulPod): boolean {
  for (const ref of claim.metadata.ownerReferences ?? []) {
    if ((ref.uid === (set.metadata.uid ?? '') || ref.uid === (pod.metadata.uid ?? '')) && ref.controller !== true) return true;
  }
  return false;
}

export function removeRefs(refs: readonly OwnerReference[], predicate: (r: OwnerReference) => boolean): OwnerReference[] {
  return refs.filter((r) => !predicate(r));
}

/** addControllerRef appends a controller reference to the owner unless one to its uid is there. */
export function addControllerRef(refs: readonly OwnerReference[], owner: Owner, gvk: GroupVersionKind): OwnerReference[] {
  const uid = owner.metadata.uid ?? '';
  if (refs.some((r) => r.uid === uid)) return [...refs];
  return [...refs, { ...gvk, name: owner.metadata.name, uid, controller: true, blockOwnerDeletion: true }];
}

/**
 * isClaimOwnerUpToDate: does the claim carry the references the policy wants?
 *   Retain/Retain: none. Retain/Delete (whenScaled/whenDeleted): the set's.
 *   Delete/Retain: the pod's only while the pod is condemned (outside the ordinal range).
 *   Delete/Delete: the pod's when condemned, the set's otherwise.
 * A stale reference (same name, other uid) or another controller means "leave it": true,
 * unless the set or pod also owns it (then it must be cleaned: false).
 */
export function isClaimOwnerUpToDate(claim: PersistentVolumeClaim, set: StatefulSet, pod: StatefulPod): boolean {
  if (hasStaleOwnerRef(claim, set, controllerKind) || hasStaleOwnerRef(claim, pod, podKind)) return true;
  if (hasUnexpectedController(claim, set, pod)) return !(hasOwnerRef(claim, set) || hasOwnerRef(claim, pod));
  if (hasNonControllerOwner(claim, set, pod)) return false;
  const policy = getPersistentVolumeClaimRetentionPolicy(set);
  const setRef = hasOwnerRef(claim, set);
  const podRef = hasOwnerRef(claim, pod);
  const scaledDown = !podInOrdinalRange(pod, set);
  if (policy.whenScaled === 'Retain' && policy.whenDeleted === 'Delete') return setRef && !podRef;
  if (policy.whenScaled === 'Delete' && policy.whenDeleted === 'Retain') return !setRef && scaledDown === podRef;
  if (policy.whenScaled === 'Delete' && policy.whenDeleted === 'Delete') return scaledDown !== setRef && scaledDown === podRef;
  // Retain/Retain, and any unknown policy (upstream logs it and treats it as Retain).
  return !setRef && !podRef;
}

/**
 * updateClaimOwnerRefForSetAndPod returns the claim's references as the policy wants them: its
 * references to this set and pod scrubbed, then the wanted controller reference added (none when
 * another controller holds the claim). Other owners are kept in place.
 */
export function updateClaimOwnerRefForSetAndPod(claim: PersistentVolumeClaim, set: StatefulSet, pod: StatefulPod): OwnerReference[] {
  const unexpected = hasUnexpectedController(claim, set, pod);
  let refs = removeRefs(claim.metadata.ownerReferences ?? [], (r) => matchesRef(r, set, controllerKind) || matchesRef(r, pod, podKind));
  if (unexpected) return refs;
  const policy = getPersistentVolumeClaimRetentionPolicy(set);
  const scaledDown = !podInOrdinalRange(pod, set);
  if (policy.whenScaled === 'Retain' && policy.whenDeleted === 'Delete') {
    refs = addControllerRef(refs, set, controllerKind);
  } else if (policy.whenScaled === 'Delete' && policy.whenDeleted === 'Retain') {
    if (scaledDown) refs = addControllerRef(refs, pod, podKind);
  } else if (policy.whenScaled === 'Delete' && policy.whenDeleted === 'Delete') {
    refs = scaledDown ? addControllerRef(refs, pod, podKind) : addControllerRef(refs, set, controllerKind);
  }
  return refs;
}

/** withOwnerRefs returns the claim with its references replaced (metav1 SetOwnerReferences). */
export function withOwnerRefs(claim: PersistentVolumeClaim, refs: OwnerReference[]): PersistentVolumeClaim {
  const metadata = { ...claim.metadata };
  if (refs.length) metadata.ownerReferences = refs;
  else delete metadata.ownerReferences;
  return { ...claim, metadata };
}

/** apiVersion-kind-name: a module function, not a closure named on each call under tsx (keepNames). */
const ownerRefKey = (r: OwnerReference) => `${r.apiVersion}-${r.kind}-${r.name}`;

/**
 * ownerRefsChanged (a test helper upstream): do two lists differ as multisets of
 * apiVersion-kind-name? Order does not matter; a duplicate does.
 */
export function ownerRefsChanged(originalRefs: readonly OwnerReference[], newRefs: readonly OwnerReference[]): boolean {
  if (originalRefs.length !== newRefs.length) return true;
  const refs = new Map<string, boolean>();
  for (const r of originalRefs) refs.set(ownerRefKey(r), true);
  for (const r of newRefs) {
    const k = ownerRefKey(r);
    if (refs.get(k) !== true) return true;
    refs.set(k, false);
  }
  return false;
}
