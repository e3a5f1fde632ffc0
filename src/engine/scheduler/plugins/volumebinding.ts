// Port of kubernetes pkg/scheduler/framework/plugins/volumebinding (volume_binding.go's PreFilter,
// Filter and podHasPVCs, binder.go's GetPodVolumeClaims, FindPodVolumes and checkBoundClaims)
// (v1.36), for the claims and volumes this cluster has.
/**
 * A pod's claims are read from the scheduler's informer before any node is checked (podHasPVCs):
 * one that is missing, Lost (bound to a PersistentVolume that is gone) or being deleted rejects the
 * pod with its own words. GetPodVolumeClaims then splits the claims: fully bound (spec.volumeName
 * and the PV controller's bind-completed annotation), unbound and waiting for a consumer (a
 * `standard` claim, bound after the pod is placed: controller/volume/binder.ts), or unbound
 * immediate: of a class that binds at once, or prebound (its author named the volume in
 * spec.volumeName, and the PV controller has not bound it: the volume may not even exist). One
 * unbound immediate claim rejects the pod with "pod has unbound immediate PersistentVolumeClaims".
 * Every rejection here is UnschedulableAndUnresolvable: preemption cannot help, and the pod waits
 * for a change of a claim or a volume.
 *
 * The Filter then checks each bound claim's volume against each node (checkBoundClaims): a volume
 * that does not exist fails every node ("node(s) unavailable due to one or more pvc(s) bound to
 * non-existent pv(s)"); a local-path volume is a directory on the node its first pod was scheduled
 * to (volume.kubernetes.io/selected-node), and its PersistentVolume's node affinity names that
 * node's kubernetes.io/hostname. So a StatefulSet's pod deleted and made again goes back to its
 * volume's node, and waits ("node(s) had volume node affinity conflict") while that node is
 * cordoned, drained or gone.
 */
import type { PersistentVolumeClaimObject, StatefulPod } from '../../api/statefulTypes.ts';
import type { KubeObject, Pod } from '../../api/types.ts';
import { claimNames, getPersistentVolume, isDelayBindingMode, isPVCFullyBound } from '../../lib/storageHelpers.ts';
import type { NodeInfo } from '../framework/nodeInfo.ts';
import { LabelHostname, newStatus, Plugin, type Status } from '../framework/types.ts';

/** The reason an unbound immediate claim gives (PreFilter's). */
export const ErrReasonUnboundImmediate = 'pod has unbound immediate PersistentVolumeClaims';

/** ErrReasonNodeConflict: a bound volume's node affinity does not match the node. */
export const ErrReasonNodeConflict = 'node(s) had volume node affinity conflict';

/** ErrReasonPVNotExist: a bound claim's volume does not exist. */
export const ErrReasonPVNotExist = 'node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)';

/**
 * What the PreFilter keeps for the Filter: each bound claim's volume, in the pod's volume order —
 * the node its affinity names (undefined: none), or null when that PersistentVolume does not exist.
 */
export interface VolumeBindingState {
  readonly boundVolumes: readonly (string | undefined | null)[];
}

/** PodVolumeClaims: a pod's claims as GetPodVolumeClaims splits them. */
export interface PodVolumeClaims {
  readonly boundClaims: PersistentVolumeClaimObject[];
  readonly unboundClaimsDelayBinding: PersistentVolumeClaimObject[];
  readonly unboundClaimsImmediate: PersistentVolumeClaimObject[];
}

/**
 * podHasPVCs reads each claim the pod mounts from the informer's PersistentVolumeClaims (by
 * `namespace/name`): the claims, or the first one's error, in the lister's and the plugin's words.
 */
export function podHasPVCs(pod: Pod, claims: ReadonlyMap<string, KubeObject>): { claims: PersistentVolumeClaimObject[] } | { error: string } {
  const ns = pod.metadata.namespace ?? 'default';
  const out: PersistentVolumeClaimObject[] = [];
  for (const name of claimNames(pod)) {
    const claim = claims.get(`${ns}/${name}`) as PersistentVolumeClaimObject | undefined;
    if (claim === undefined) return { error: `persistentvolumeclaim ${JSON.stringify(name)} not found` };
    if (claim.status?.phase === 'Lost') {
      return { error: `persistentvolumeclaim ${JSON.stringify(name)} bound to non-existent persistentvolume ${JSON.stringify(claim.spec.volumeName ?? '')}` };
    }
    if (claim.metadata.deletionTimestamp) return { error: `persistentvolumeclaim ${JSON.stringify(name)} is being deleted` };
    out.push(claim);
  }
  return { claims: out };
}

/** getPodVolumeClaims splits the pod's claims: fully bound, unbound waiting for a consumer, unbound immediate (prebound ones too). */
export function getPodVolumeClaims(claims: readonly PersistentVolumeClaimObject[]): PodVolumeClaims {
  const out: PodVolumeClaims = { boundClaims: [], unboundClaimsDelayBinding: [], unboundClaimsImmediate: [] };
  for (const claim of claims) {
    if (isPVCFullyBound(claim)) out.boundClaims.push(claim);
    else if (isDelayBindingMode(claim) && !claim.spec.volumeName) out.unboundClaimsDelayBinding.push(claim);
    else out.unboundClaimsImmediate.push(claim);
  }
  return out;
}

/**
 * preFilter checks the pod's claims (podHasPVCs, then GetPodVolumeClaims): a rejection, or the
 * Filter's state (null when the pod mounts no bound volume the Filter has to check). `claims` is
 * the informer's PersistentVolumeClaims by `namespace/name`, which also give the volumes
 * (lib/storageHelpers.ts getPersistentVolume), beside `volumes`, the stored ones by name.
 */
export function preFilter(pod: Pod, claims: ReadonlyMap<string, KubeObject>, volumes?: ReadonlyMap<string, KubeObject>): { rejected: Status } | { state: VolumeBindingState | null } {
  if (!(pod as StatefulPod).spec.volumes?.length) return NO_STATE;
  const has = podHasPVCs(pod, claims);
  if ('error' in has) return rejected(has.error);
  const split = getPodVolumeClaims(has.claims);
  if (split.unboundClaimsImmediate.length > 0) return rejected(ErrReasonUnboundImmediate);
  const boundVolumes = split.boundClaims.map((claim) => {
    const volume = getPersistentVolume(claims, claim.spec.volumeName ?? '', claim, volumes);
    return volume === undefined ? null : volume.node;
  });
  return boundVolumes.every((v) => v === undefined) ? NO_STATE : { state: { boundVolumes } };
}

const NO_STATE = { state: null } as const;

function rejected(reason: string): { rejected: Status } {
  return { rejected: newStatus('UnschedulableAndUnresolvable', Plugin.VolumeBinding, reason) };
}

/**
 * filter is FindPodVolumes for the bound claims (checkBoundClaims): the first bound claim, in
 * order, whose volume does not exist fails the node with ErrReasonPVNotExist, or whose volume's
 * node affinity (kubernetes.io/hostname In [its node]) does not match the node's labels
 * (CheckNodeAffinity) with ErrReasonNodeConflict.
 */
export function filter(state: VolumeBindingState, ni: NodeInfo): Status | null {
  const hostname = ni.node?.metadata.labels?.[LabelHostname];
  for (const node of state.boundVolumes) {
    if (node === null) return newStatus('UnschedulableAndUnresolvable', Plugin.VolumeBinding, ErrReasonPVNotExist);
    if (node !== undefined && hostname !== node) return newStatus('UnschedulableAndUnresolvable', Plugin.VolumeBinding, ErrReasonNodeConflict);
  }
  return null;
}

/** mountsClaim: the pod mounts the claim `namespace/name` (the plugin's queueing hint for a claim's change). */
export function mountsClaim(pod: Pod, namespace: string, name: string): boolean {
  if ((pod.metadata.namespace ?? 'default') !== namespace) return false;
  return claimNames(pod).includes(name);
}
