// Port of kubernetes staging/src/k8s.io/component-helpers/storage/volume/helpers.go
// (GetPersistentVolumeClaimClass, IsDelayBindingMode) and pv_helpers.go (IsVolumeBoundToClaim)
// (v1.36), for the one StorageClass the simulated cluster has, and of the scheduler binder's
// isPVCFullyBound (pkg/scheduler/framework/plugins/volumebinding/binder.go). The scheduler's
// VolumeBinding plugin and the PV controller both read them.
import type { PersistentVolumeClaimObject, StatefulPod } from '../api/statefulTypes.ts';
import type { KubeObject, Pod } from '../api/types.ts';
import type { PersistentVolumeObject } from '../api/volumeTypes.ts';

/** The default class a kind cluster has (WaitForFirstConsumer, rancher.io/local-path): the only one here. */
export const StandardStorageClassName = 'standard';
/** kind's local-path provisioner, the default class's (the external provisioner of its volumes). */
export const LocalPathProvisioner = 'rancher.io/local-path';
/**
 * AnnStorageProvisioner and AnnBetaStorageProvisioner: the provisioner the PV controller asks to
 * make a claim's volume (setClaimProvisioner writes both, the beta one for older provisioners).
 */
export const StorageProvisionerAnnotation = 'volume.kubernetes.io/storage-provisioner';
export const BetaStorageProvisionerAnnotation = 'volume.beta.kubernetes.io/storage-provisioner';
/** AnnSelectedNode: the node a WaitForFirstConsumer claim's volume is made on (the scheduler picks it). */
export const SelectedNodeAnnotation = 'volume.kubernetes.io/selected-node';
/** v1.BetaStorageClassAnnotation: read before spec.storageClassName. */
export const BetaStorageClassAnnotation = 'volume.beta.kubernetes.io/storage-class';
/** AnnBindCompleted: the PV controller finished binding the claim (its value does not matter). */
export const BindCompletedAnnotation = 'pv.kubernetes.io/bind-completed';
/** AnnBoundByController: the PV controller, not the claim's author, wrote the binding. */
export const BoundByControllerAnnotation = 'pv.kubernetes.io/bound-by-controller';

type Claim = Pick<PersistentVolumeClaimObject, 'metadata' | 'spec'>;

/** getPersistentVolumeClaimClass: the beta annotation, else spec.storageClassName, else ''. */
export function getPersistentVolumeClaimClass(claim: Claim): string {
  const annotated = claim.metadata.annotations?.[BetaStorageClassAnnotation];
  if (annotated !== undefined) return annotated;
  return claim.spec.storageClassName ?? '';
}

/**
 * isDelayBindingMode: a claim of a class whose volumeBindingMode is WaitForFirstConsumer waits for
 * its pod's node. Here that is `standard` alone; no class, or a class that is not found, is
 * immediate binding.
 */
export function isDelayBindingMode(claim: Claim): boolean {
  return getPersistentVolumeClaimClass(claim) === StandardStorageClassName;
}

/** hasAnnotation is metav1.HasAnnotation: the key is set, whatever its value. */
export function hasAnnotation(claim: Claim, key: string): boolean {
  const a = claim.metadata.annotations;
  return a !== undefined && Object.hasOwn(a, key);
}

/** isPVCFullyBound: the claim names its volume and the PV controller finished the bind. */
export function isPVCFullyBound(claim: Claim): boolean {
  return !!claim.spec.volumeName && hasAnnotation(claim, BindCompletedAnnotation);
}

/**
 * isUnboundImmediate is GetPodVolumeClaims' split of a claim that is not fully bound: it binds at
 * once (its class does not wait for a consumer), or it names its volume itself (spec.volumeName
 * written by its author). Such a "prebound" claim is immediate binding whatever its class: the PV
 * controller binds it, not the scheduler, so it should be bound already.
 */
export function isUnboundImmediate(claim: Claim): boolean {
  return !isPVCFullyBound(claim) && (!!claim.spec.volumeName || !isDelayBindingMode(claim));
}

/**
 * isUnboundDelayed: a claim of a WaitForFirstConsumer class that names no volume and is not bound
 * yet. The PV controller leaves binding it to the scheduler (and here the binder, once its pod is
 * scheduled) and says on each sync what it waits for (emitEventForUnboundDelayBindingClaim).
 */
export function isUnboundDelayed(claim: Claim): boolean {
  return !isPVCFullyBound(claim) && !claim.spec.volumeName && isDelayBindingMode(claim);
}

/** provisionedVolumeName is the name the local-path provisioner gives a claim's volume: pvc-<claim uid>. */
export function provisionedVolumeName(claim: Claim): string {
  return `pvc-${claim.metadata.uid ?? claim.metadata.name}`;
}

/**
 * A PersistentVolume as the scheduler's and the PV controller's informers see it: a stored one (made
 * by hand, storedVolumeInfo), or one the provisioner made for a claim of the default class, which is
 * not stored but read from the claim it was made for (controller/volume/persistentVolume.ts).
 */
export interface VolumeInfo {
  readonly name: string;
  /** spec.claimRef: the claim the volume is bound to. */
  readonly claimRef: { readonly namespace: string; readonly name: string; readonly uid: string };
  /** The node its node affinity names (a local-path volume's), or undefined for none. */
  readonly node: string | undefined;
}

/**
 * heldVolumeName is the volume a claim holds, or undefined: the one made for it (its volumeName is
 * pvc-<its uid>, set with the bind), or the one it is Bound to (the volume `kubectl get pv` lists).
 */
export function heldVolumeName(claim: Claim & { status?: PersistentVolumeClaimObject['status'] }): string | undefined {
  const v = claim.spec.volumeName;
  if (!v) return undefined;
  return claim.status?.phase === 'Bound' || v === provisionedVolumeName(claim) ? v : undefined;
}

function volumeOf(claim: PersistentVolumeClaimObject, name: string): VolumeInfo {
  const m = claim.metadata;
  return { name, claimRef: { namespace: m.namespace ?? 'default', name: m.name, uid: m.uid ?? '' }, node: m.annotations?.[SelectedNodeAnnotation] };
}

/**
 * getPersistentVolume is the PV informer's lookup by name (pvCache.GetPV, volumes.store.GetByKey):
 * the volume `name` that one of `claims` (an informer's, by `namespace/name`) holds, or undefined
 * when no such PersistentVolume exists. `asking`, the claim that names it, is looked at first.
 */
export function getPersistentVolume(claims: ReadonlyMap<string, KubeObject>, name: string, asking?: PersistentVolumeClaimObject, volumes?: ReadonlyMap<string, KubeObject>): VolumeInfo | undefined {
  const stored = volumes !== undefined && volumes.size > 0 ? volumes.get(name) : undefined;
  if (stored?.kind === 'PersistentVolume') return storedVolumeInfo(stored);
  if (asking !== undefined && heldVolumeName(asking) === name) return volumeOf(asking, name);
  for (const c of claims.values()) {
    if (c.kind === 'PersistentVolumeClaim' && heldVolumeName(c) === name) return volumeOf(c, name);
  }
  return undefined;
}

/**
 * storedVolumeInfo is a stored (statically made) volume as the informers see it: its claimRef (all
 * empty when it has none: bound to no claim) and the node its node affinity names with
 * kubernetes.io/hostname In, if any (a hostPath volume has none: any node).
 */
export function storedVolumeInfo(pv: PersistentVolumeObject): VolumeInfo {
  const ref = pv.spec.claimRef;
  let node: string | undefined;
  for (const term of pv.spec.nodeAffinity?.required?.nodeSelectorTerms ?? []) {
    for (const e of term.matchExpressions ?? []) if (e.key === 'kubernetes.io/hostname' && e.operator === 'In' && e.values?.length === 1) node = e.values[0];
  }
  return { name: pv.metadata.name, claimRef: { namespace: ref?.namespace ?? '', name: ref?.name ?? '', uid: ref?.uid ?? '' }, node };
}

/** getPersistentVolumeClass: the beta annotation, else spec.storageClassName, else ''. */
export function getPersistentVolumeClass(pv: PersistentVolumeObject): string {
  const annotated = pv.metadata.annotations?.[BetaStorageClassAnnotation];
  if (annotated !== undefined) return annotated;
  return pv.spec.storageClassName ?? '';
}

/** isVolumeBoundToClaim: the volume's claimRef names the claim (and its uid, when the ref has one). */
export function isVolumeBoundToClaim(volume: VolumeInfo, claim: Claim): boolean {
  const ref = volume.claimRef;
  if (ref.name !== claim.metadata.name || ref.namespace !== (claim.metadata.namespace ?? 'default')) return false;
  return ref.uid === '' || ref.uid === (claim.metadata.uid ?? '');
}

/** claimNames: the claims a pod's volumes name, in the order of its volumes. */
export function claimNames(pod: Pod): string[] {
  const vols = (pod as StatefulPod).spec.volumes ?? [];
  const out: string[] = [];
  for (const v of vols) if (v.persistentVolumeClaim) out.push(v.persistentVolumeClaim.claimName);
  return out;
}
