// Port of kubernetes staging/src/k8s.io/component-helpers/storage/volume/helpers.go
// (GetPersistentVolumeClaimClass, IsDelayBindingMode) (v1.36), for the one StorageClass the
// simulated cluster has. The scheduler's VolumeBinding plugin and the PV controller both read them.
import type { PersistentVolumeClaimObject, StatefulPod } from '../api/statefulTypes.ts';
import type { Pod } from '../api/types.ts';

/** The default class a kind cluster has (WaitForFirstConsumer, rancher.io/local-path): the only one here. */
export const StandardStorageClassName = 'standard';
/** AnnSelectedNode: the node a WaitForFirstConsumer claim's volume is made on (the scheduler picks it). */
export const SelectedNodeAnnotation = 'volume.kubernetes.io/selected-node';
/** v1.BetaStorageClassAnnotation: read before spec.storageClassName. */
export const BetaStorageClassAnnotation = 'volume.beta.kubernetes.io/storage-class';

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

/** isUnboundImmediate: a claim no volume is bound to, which does not wait for a consumer. */
export function isUnboundImmediate(claim: Claim): boolean {
  return !claim.spec.volumeName && !isDelayBindingMode(claim);
}

/** claimNames: the claims a pod's volumes name, in the order of its volumes. */
export function claimNames(pod: Pod): string[] {
  const vols = (pod as StatefulPod).spec.volumes ?? [];
  const out: string[] = [];
  for (const v of vols) if (v.persistentVolumeClaim) out.push(v.persistentVolumeClaim.claimName);
  return out;
}
