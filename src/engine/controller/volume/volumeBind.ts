// Port of kubernetes pkg/controller/volume/persistentvolume/index.go (findBestMatchForClaim),
// staging/src/k8s.io/component-helpers/storage/volume/pv_helpers.go (FindMatchingVolume,
// CheckVolumeModeMismatches, CheckAccessModes) and pv_controller.go (bind, bindVolumeToClaim,
// bindClaimToVolume, updateVolumePhase, updateClaimStatus) (v1.36), for the stored volumes.
/**
 * An immediate-binding claim (no class object waits for a consumer) is matched to the smallest
 * volume that fits it: of the claim's class ("" matches ""), offering every access mode it asks
 * for, of its volume mode, at least as large as its request, with no claimRef (or a claimRef
 * naming this claim: a volume "prebound" to it wins at once), selected by its label selector, and
 * not being deleted. Binding writes the volume first (claimRef, then phase Bound), then the claim
 * (volumeName and the annotations, then status Bound with the volume's capacity and access modes).
 */
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import type { KubeObject, LabelSelector } from '../../api/types.ts';
import type { PersistentVolumeObject } from '../../api/volumeTypes.ts';
import { toRFC3339 } from '../../lib/time.ts';
import { type Tx, update, writeStatusOf } from '../../client/tx.ts';
import { selectorMatches } from '../../lib/labels.ts';
import { cmpQuantities, parseQuantity, type Quantity } from '../../lib/quantity.ts';
import { BindCompletedAnnotation, BoundByControllerAnnotation, getPersistentVolumeClaimClass, getPersistentVolumeClass } from '../../lib/storageHelpers.ts';

const ZERO: Quantity = { nanos: 0n, format: 'DecimalSI' };

function quantity(v: string | undefined): Quantity {
  if (v === undefined) return ZERO;
  const q = parseQuantity(String(v));
  return q.ok ? q.value : ZERO;
}

/** isVolumeBoundToClaimRef: the volume's claimRef names the claim (its uid too, when the ref has one). */
export function isVolumeBoundToClaimRef(pv: PersistentVolumeObject, claim: PersistentVolumeClaimObject): boolean {
  const ref = pv.spec.claimRef;
  if (ref === undefined) return false;
  if (ref.name !== claim.metadata.name || (ref.namespace ?? '') !== (claim.metadata.namespace ?? 'default')) return false;
  return (ref.uid ?? '') === '' || ref.uid === (claim.metadata.uid ?? '');
}

/** checkVolumeModeMismatches: the claim's and the volume's volume modes differ (both default to Filesystem). */
function checkVolumeModeMismatches(claim: PersistentVolumeClaimObject, pv: PersistentVolumeObject): boolean {
  return (claim.spec.volumeMode ?? 'Filesystem') !== (pv.spec.volumeMode ?? 'Filesystem');
}

/** checkAccessModes: the volume offers every access mode the claim asks for. */
function checkAccessModes(claim: PersistentVolumeClaimObject, pv: PersistentVolumeObject): boolean {
  const offered = pv.spec.accessModes ?? [];
  return (claim.spec.accessModes ?? []).every((m) => offered.includes(m));
}

/**
 * findBestMatchForClaim is findMatchingVolume for an immediate-binding claim (no node): the volume
 * prebound to the claim, else the smallest matching one, or undefined. `volumes` are the
 * informer's, in name order (the index's order is a map's; a tie of sizes is broken by name here).
 */
export function findBestMatchForClaim(claim: PersistentVolumeClaimObject, volumes: Iterable<KubeObject>): PersistentVolumeObject | undefined {
  const requested = quantity(claim.spec.resources?.requests?.storage);
  const requestedClass = getPersistentVolumeClaimClass(claim);
  const selector = (claim.spec as { selector?: LabelSelector }).selector;
  let smallest: PersistentVolumeObject | undefined;
  let smallestQty = ZERO;
  const sorted = [...volumes].filter((v): v is PersistentVolumeObject => v.kind === 'PersistentVolume');
  sorted.sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
  for (const pv of sorted) {
    if (!checkAccessModes(claim, pv)) continue;
    const qty = quantity(pv.spec.capacity?.storage);
    if (cmpQuantities(qty, requested) < 0) continue;
    if (checkVolumeModeMismatches(claim, pv)) continue;
    if (pv.metadata.deletionTimestamp !== undefined) continue;
    // A volume reserved for this claim is taken whatever its class or labels.
    if (isVolumeBoundToClaimRef(pv, claim)) return pv;
    if (pv.spec.claimRef !== undefined) continue;
    if (selector !== undefined && !selectorMatches(selector, pv.metadata.labels)) continue;
    if (getPersistentVolumeClass(pv) !== requestedClass) continue;
    if (smallest === undefined || cmpQuantities(smallestQty, qty) > 0) {
      smallest = pv;
      smallestQty = qty;
    }
  }
  return smallest;
}

/**
 * withPhase is updateVolumePhase's status: this phase and message (none: no message);
 * lastPhaseTransitionTime moves when the phase does (the status strategy's PrepareForUpdate).
 */
export function withPhase(tx: Tx, pv: PersistentVolumeObject, phase: string, message = ''): PersistentVolumeObject['status'] {
  const { message: _m, reason: _r, ...rest } = pv.status ?? {};
  const status = message === '' ? { ...rest, phase } : { ...rest, phase, message };
  if (pv.status?.phase === phase) return status;
  return { ...status, lastPhaseTransitionTime: toRFC3339(tx.now) };
}

/**
 * bind is the PV controller's bind: the volume's claimRef (bound-by-controller when it had none),
 * its phase Bound, the claim's volumeName and annotations, its status Bound. It answers an error
 * message, or null.
 */
export function bind(tx: Tx, pv: PersistentVolumeObject, claim: PersistentVolumeClaimObject): string | null {
  const namespace = claim.metadata.namespace ?? 'default';
  let volume = pv;
  if (!isVolumeBoundToClaimRef(pv, claim) || (pv.spec.claimRef?.uid ?? '') === '') {
    // bindVolumeToClaim: the claimRef (GetReference of the claim), and AnnBoundByController when the controller chose the volume.
    const claimRef = { kind: 'PersistentVolumeClaim', namespace, name: claim.metadata.name, uid: claim.metadata.uid ?? '', apiVersion: 'v1', resourceVersion: claim.metadata.resourceVersion ?? '' };
    const annotations = pv.spec.claimRef === undefined ? { ...(pv.metadata.annotations ?? {}), [BoundByControllerAnnotation]: 'yes' } : pv.metadata.annotations;
    const res = update(tx, { ...pv, metadata: { ...pv.metadata, ...(annotations ? { annotations } : {}) }, spec: { ...pv.spec, claimRef } });
    if (!res.ok) return res.error.message;
    volume = res.object;
  }
  if (volume.status?.phase !== 'Bound') {
    const st = writeStatusOf(tx, volume, withPhase(tx, volume, 'Bound'), volume.metadata.name);
    if (!st.ok) return st.error.message;
    volume = st.object;
  }
  let bound = claim;
  if (claim.spec.volumeName !== pv.metadata.name || claim.metadata.annotations?.[BindCompletedAnnotation] === undefined) {
    // bindClaimToVolume: the volumeName (AnnBoundByController when the controller set it) and AnnBindCompleted.
    const annotations: Record<string, string> = { ...(claim.metadata.annotations ?? {}), [BindCompletedAnnotation]: 'yes' };
    if (claim.spec.volumeName !== pv.metadata.name) annotations[BoundByControllerAnnotation] = 'yes';
    const res = update(tx, { ...claim, metadata: { ...claim.metadata, annotations }, spec: { ...claim.spec, volumeName: pv.metadata.name } } as KubeObject);
    if (!res.ok) return res.error.message;
    bound = res.object as PersistentVolumeClaimObject;
  }
  const capacity = volume.spec.capacity?.storage;
  const status = { ...(bound.status ?? {}), phase: 'Bound', accessModes: volume.spec.accessModes ?? [], ...(capacity ? { capacity: { storage: capacity } } : {}) };
  const st = writeStatusOf(tx, bound, status, `${namespace}/${claim.metadata.name}`);
  return st.ok ? null : st.error.message;
}
