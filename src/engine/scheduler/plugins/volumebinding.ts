// Port of kubernetes pkg/scheduler/framework/plugins/volumebinding (volume_binding.go's PreFilter
// and podHasPVCs, binder.go's GetPodVolumeClaims) (v1.36), for the claims this cluster has.
/**
 * A pod's claims are read from the scheduler's informer before any node is checked: one that is
 * missing or being deleted rejects the pod with its own words, and one that binds immediately but
 * is not bound yet rejects it with "pod has unbound immediate PersistentVolumeClaims". Either is
 * UnschedulableAndUnresolvable: preemption cannot help, and the pod waits for a change of the claim.
 * A claim of the `standard` class (WaitForFirstConsumer) passes: it is bound after the pod is placed
 * (controller/volume/binder.ts). The Filter's node checks (a bound volume's node affinity) are left
 * out: a volume is provisioned on the node its first pod was scheduled to, and the pod comes back
 * to that node's claim only after being deleted, as a StatefulSet's ordinal does.
 */
import type { PersistentVolumeClaimObject, StatefulPod } from '../../api/statefulTypes.ts';
import type { KubeObject, Pod } from '../../api/types.ts';
import { isUnboundImmediate } from '../../lib/storageHelpers.ts';
import { newStatus, Plugin, type Status } from '../framework/types.ts';

/** The reason an unbound immediate claim gives (ErrReasonBindConflict's sibling in PreFilter). */
export const ErrReasonUnboundImmediate = 'pod has unbound immediate PersistentVolumeClaims';

/**
 * preFilter checks the pod's claims (podHasPVCs, then GetPodVolumeClaims); null when it has none
 * or all can be used. `claims` is the informer's PersistentVolumeClaims by `namespace/name`.
 */
export function preFilter(pod: Pod, claims: ReadonlyMap<string, KubeObject>): Status | null {
  const volumes = (pod as StatefulPod).spec.volumes;
  if (volumes === undefined || volumes.length === 0) return null;
  const ns = pod.metadata.namespace ?? 'default';
  let immediate = false;
  for (const v of volumes) {
    const name = v.persistentVolumeClaim?.claimName;
    if (name === undefined) continue;
    const claim = claims.get(`${ns}/${name}`) as PersistentVolumeClaimObject | undefined;
    // The lister's NotFound error, as it words it.
    if (claim === undefined) return newStatus('UnschedulableAndUnresolvable', Plugin.VolumeBinding, `persistentvolumeclaim ${JSON.stringify(name)} not found`);
    if (claim.metadata.deletionTimestamp) return newStatus('UnschedulableAndUnresolvable', Plugin.VolumeBinding, `persistentvolumeclaim ${JSON.stringify(name)} is being deleted`);
    if (isUnboundImmediate(claim)) immediate = true;
  }
  return immediate ? newStatus('UnschedulableAndUnresolvable', Plugin.VolumeBinding, ErrReasonUnboundImmediate) : null;
}

/** mountsClaim: the pod mounts the claim `namespace/name` (the plugin's queueing hint for a claim's change). */
export function mountsClaim(pod: Pod, namespace: string, name: string): boolean {
  if ((pod.metadata.namespace ?? 'default') !== namespace) return false;
  return ((pod as StatefulPod).spec.volumes ?? []).some((v) => v.persistentVolumeClaim?.claimName === name);
}
