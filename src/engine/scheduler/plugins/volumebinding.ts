// Port of kubernetes pkg/scheduler/framework/plugins/volumebinding (volume_binding.go's PreFilter
// and podHasPVCs, binder.go's GetPodVolumeClaims) (v1.36), for the claims this cluster has.
/**
 * A pod's claims are read from the scheduler's informer before any node is checked: one that is
 * missing or being deleted rejects the pod with its own words, and one that binds immediately but
 * is not bound yet rejects it with "pod has unbound immediate PersistentVolumeClaims". Either is
 * UnschedulableAndUnresolvable: preemption cannot help, and the pod waits for a change of the claim.
 * A claim of the `standard` class (WaitForFirstConsumer) passes: it is bound after the pod is placed
 * (controller/volume/binder.ts).
 *
 * The Filter then checks a bound claim's volume against each node: a local-path volume is a
 * directory on the node its first pod was scheduled to (volume.kubernetes.io/selected-node), and
 * its PersistentVolume's node affinity names that node's kubernetes.io/hostname. So a StatefulSet's
 * pod deleted and made again goes back to its volume's node, and waits ("node(s) had volume node
 * affinity conflict") while that node is cordoned, drained or gone.
 */
import type { PersistentVolumeClaimObject, StatefulPod } from '../../api/statefulTypes.ts';
import type { KubeObject, Pod } from '../../api/types.ts';
import { claimNames, isUnboundImmediate, SelectedNodeAnnotation } from '../../lib/storageHelpers.ts';
import type { NodeInfo } from '../framework/nodeInfo.ts';
import { LabelHostname, newStatus, Plugin, type Status } from '../framework/types.ts';

/** The reason an unbound immediate claim gives (ErrReasonBindConflict's sibling in PreFilter). */
export const ErrReasonUnboundImmediate = 'pod has unbound immediate PersistentVolumeClaims';

/** ErrReasonNodeConflict: a bound volume's node affinity does not match the node. */
export const ErrReasonNodeConflict = 'node(s) had volume node affinity conflict';

/** What the PreFilter keeps for the Filter: the node each bound claim's volume lives on. */
export interface VolumeBindingState {
  readonly volumeNodes: readonly string[];
}

/**
 * preFilter checks the pod's claims (podHasPVCs, then GetPodVolumeClaims): a rejection, or the
 * Filter's state (null when the pod mounts no bound volume with a node). `claims` is the
 * informer's PersistentVolumeClaims by `namespace/name`.
 */
export function preFilter(pod: Pod, claims: ReadonlyMap<string, KubeObject>): { rejected: Status } | { state: VolumeBindingState | null } {
  if (!(pod as StatefulPod).spec.volumes?.length) return NO_STATE;
  const ns = pod.metadata.namespace ?? 'default';
  let immediate = false;
  let volumeNodes: string[] | null = null;
  for (const name of claimNames(pod)) {
    const claim = claims.get(`${ns}/${name}`) as PersistentVolumeClaimObject | undefined;
    // The lister's NotFound error, as it words it.
    if (claim === undefined) return rejected(`persistentvolumeclaim ${JSON.stringify(name)} not found`);
    if (claim.metadata.deletionTimestamp) return rejected(`persistentvolumeclaim ${JSON.stringify(name)} is being deleted`);
    if (isUnboundImmediate(claim)) immediate = true;
    const node = claim.spec.volumeName ? claim.metadata.annotations?.[SelectedNodeAnnotation] : undefined;
    if (node !== undefined) {
      volumeNodes ??= [];
      volumeNodes.push(node);
    }
  }
  if (immediate) return rejected(ErrReasonUnboundImmediate);
  return volumeNodes === null ? NO_STATE : { state: { volumeNodes } };
}

const NO_STATE = { state: null } as const;

function rejected(reason: string): { rejected: Status } {
  return { rejected: newStatus('UnschedulableAndUnresolvable', Plugin.VolumeBinding, reason) };
}

/**
 * filter: every bound volume's node affinity (kubernetes.io/hostname In [its node]) matches the
 * node's labels (CheckNodeAffinity), else the node conflicts.
 */
export function filter(state: VolumeBindingState, ni: NodeInfo): Status | null {
  const hostname = ni.node?.metadata.labels?.[LabelHostname];
  for (const node of state.volumeNodes) {
    if (hostname !== node) return newStatus('UnschedulableAndUnresolvable', Plugin.VolumeBinding, ErrReasonNodeConflict);
  }
  return null;
}

/** mountsClaim: the pod mounts the claim `namespace/name` (the plugin's queueing hint for a claim's change). */
export function mountsClaim(pod: Pod, namespace: string, name: string): boolean {
  if ((pod.metadata.namespace ?? 'default') !== namespace) return false;
  return claimNames(pod).includes(name);
}
