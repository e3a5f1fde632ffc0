// Port of kubernetes pkg/controller/volume/persistentvolume/pv_controller.go (syncVolume,
// updateVolumePhase, unbindVolume; reclaimVolume for Retain) and
// pkg/controller/volume/pvprotection/pv_protection_controller.go (processPV) (v1.36), for the
// stored volumes.
/**
 * The PV controller's volume queue: a volume bound to no claim (or reserved by a claimRef without
 * a uid) is Available; one bound to a claim that names it back is Bound; one whose claim is gone
 * (deleted, or deleted and made again: another uid) is Released — with reclaim policy Retain, the
 * default of a volume made by hand, nothing more happens to it and no claim binds it again; one
 * whose claim is bound to another volume is unbound (Available again).
 *
 * The pv-protection controller takes `kubernetes.io/pv-protection` off a volume being deleted once
 * it is not Bound, and the API server then removes it.
 */
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import type { KubeObject } from '../../api/types.ts';
import type { PersistentVolumeObject } from '../../api/volumeTypes.ts';
import { PVProtectionFinalizer } from '../../apiserver/admission/storageObjectInUseProtection.ts';
import { setFinalizers } from '../../apiserver/finalizers.ts';
import type { WatchRecord } from '../../apiserver/store.ts';
import { enqueue, note, type Tx, update, writeStatusOf } from '../../client/tx.ts';
import { BoundByControllerAnnotation } from '../../lib/storageHelpers.ts';
import { withPhase } from './volumeBind.ts';

const QUEUE = 'persistentvolume-volumes';
const PROTECTION_QUEUE = 'pv-protection';

/** What syncVolume does to a volume: set this phase, unbind it, or nothing. */
type VolumeAction = { phase: string } | { unbind: true } | null;

/** The claim the volume's claimRef names, as the informer has it, else as the API server has it. */
function claimOf(tx: Tx, pv: PersistentVolumeObject): PersistentVolumeClaimObject | undefined {
  const ref = pv.spec.claimRef;
  if (ref === undefined) return undefined;
  const key = `${ref.namespace ?? 'default'}/${ref.name ?? ''}`;
  const c = tx.st.cache.objects.PersistentVolumeClaim.get(key) ?? tx.st.store.objects.PersistentVolumeClaim.get(key);
  return c?.kind === 'PersistentVolumeClaim' ? c : undefined;
}

/** volumeAction is syncVolume's decision for the volume and the claim its claimRef names. */
export function volumeAction(pv: PersistentVolumeObject, claim: PersistentVolumeClaimObject | undefined): VolumeAction {
  const phase = pv.status?.phase;
  const ref = pv.spec.claimRef;
  // Unbound, or reserved for a claim not bound yet (the claim's sync binds it).
  if (ref === undefined || (ref.uid ?? '') === '') return phase === 'Available' ? null : { phase: 'Available' };
  const found = claim !== undefined && (claim.metadata.uid ?? '') === ref.uid ? claim : undefined;
  if (found === undefined) return phase === 'Released' || phase === 'Failed' ? null : { phase: 'Released' };
  // The claim's side of the bind is not written yet: its own sync finishes it.
  if (!found.spec.volumeName) return null;
  if (found.spec.volumeName === pv.metadata.name) return phase === 'Bound' ? null : { phase: 'Bound' };
  // The claim is bound to another volume.
  return { unbind: true };
}

/** volumeSyncOnWatch: a stored volume that needs a phase or an unbind, and the volume of a deleted claim, go to the volume queue. */
export function volumeSyncOnWatch(tx: Tx, rec: WatchRecord): void {
  const volumes = tx.st.cache.objects.PersistentVolume;
  if (volumes.size === 0) return;
  const o: KubeObject = rec.object;
  if (o.kind === 'PersistentVolumeClaim') {
    const name = o.spec.volumeName;
    if (rec.type === 'DELETED' && name && volumes.has(name)) enqueue(tx, QUEUE, name);
    return;
  }
  if (o.kind !== 'PersistentVolume' || rec.type === 'DELETED') return;
  if (volumeAction(o, claimOf(tx, o)) !== null) enqueue(tx, QUEUE, o.metadata.name);
  const m = o.metadata;
  if (m.deletionTimestamp !== undefined && (m.finalizers ?? []).includes(PVProtectionFinalizer) && o.status?.phase !== 'Bound') enqueue(tx, PROTECTION_QUEUE, m.name);
}

/** syncVolume is the volume queue's sync: the phase the volume's binding calls for, or its unbind. */
export function syncVolume(tx: Tx, key: string): string | null {
  tx.actor = 'persistentvolume-binder-controller';
  const pv = tx.st.cache.objects.PersistentVolume.get(key);
  if (pv?.kind !== 'PersistentVolume') return null;
  const action = volumeAction(pv, claimOf(tx, pv));
  if (action === null) return null;
  if ('unbind' in action) {
    // unbindVolume: a binding the controller made is dropped whole; a user's claimRef loses its uid.
    const boundByController = pv.metadata.annotations?.[BoundByControllerAnnotation] !== undefined;
    const { [BoundByControllerAnnotation]: _a, ...annotations } = pv.metadata.annotations ?? {};
    const { claimRef, ...spec } = pv.spec;
    const next = boundByController ? { ...pv, metadata: { ...pv.metadata, annotations }, spec } : { ...pv, spec: { ...spec, claimRef: { ...claimRef, uid: '' } } };
    const res = update(tx, next);
    if (!res.ok) return res.error.message;
    const st = writeStatusOf(tx, res.object, withPhase(tx, res.object, 'Available'), key);
    if (!st.ok) return st.error.message;
    note(tx, 'volumePhase', { volume: key, phase: 'Available' });
    return null;
  }
  const st = writeStatusOf(tx, pv, withPhase(tx, pv, action.phase), key);
  if (!st.ok) return st.error.message;
  note(tx, 'volumePhase', { volume: key, phase: action.phase });
  return null;
}

/** syncPVProtection is processPV: the finalizer off a volume being deleted that is not Bound. */
export function syncPVProtection(tx: Tx, key: string): string | null {
  tx.actor = 'pv-protection-controller';
  const pv = tx.st.cache.objects.PersistentVolume.get(key);
  if (pv?.kind !== 'PersistentVolume' || pv.metadata.deletionTimestamp === undefined) return null;
  const finalizers = pv.metadata.finalizers ?? [];
  if (!finalizers.includes(PVProtectionFinalizer) || pv.status?.phase === 'Bound') return null;
  const res = update(tx, { ...pv, metadata: setFinalizers({ ...pv.metadata }, finalizers.filter((f) => f !== PVProtectionFinalizer)) });
  if (!res.ok) return res.error.message;
  note(tx, 'pvFinalizerRemoved', { volume: key });
  return null;
}
