// Port of kubernetes pkg/controller/volume/persistentvolume/pv_controller.go (syncVolume,
// updateVolumePhase, unbindVolume, reclaimVolume) and
// pkg/controller/volume/pvprotection/pv_protection_controller.go (processPV) (v1.36), for the
// stored volumes.
/**
 * The PV controller's volume queue: a volume bound to no claim (or reserved by a claimRef without
 * a uid) is Available; one bound to a claim that names it back is Bound; one whose claim is gone
 * (deleted, or deleted and made again: another uid) is Released, and then reclaimed as its policy
 * says — Retain, the default of a volume made by hand: nothing more happens to it and no claim
 * binds it again; Delete: its storage is deleted by its plugin and the volume with it, or, when
 * the plugin cannot (a hostPath outside /tmp), it is Failed (volumeDelete.ts); Recycle is not
 * ported (it stays Released). One whose claim is bound to another volume is unbound (Available
 * again). Each decision is recorded for Explain, with the claim and the policy behind it.
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
import { decide } from '../../api/decision.ts';
import { enqueue, note, type Tx, update, writeStatusOf } from '../../client/tx.ts';
import { BoundByControllerAnnotation } from '../../lib/storageHelpers.ts';
import { withPhase } from './volumeBind.ts';
import { AnnMigratedTo, deleteVolumeOperation } from './volumeDelete.ts';

const QUEUE = 'persistentvolume-volumes';
const PROTECTION_QUEUE = 'pv-protection';

/** What syncVolume does to a volume: set this phase, unbind it, reclaim it (its policy Delete), or nothing. */
type VolumeAction = { phase: 'Available' | 'Bound' | 'Released' } | { unbind: true } | { reclaim: true } | null;

/** The claim the volume's claimRef names, as the informer has it, else as the API server has it. */
function claimOf(tx: Tx, pv: PersistentVolumeObject): PersistentVolumeClaimObject | undefined {
  const ref = pv.spec.claimRef;
  if (ref === undefined) return undefined;
  const key = `${ref.namespace ?? 'default'}/${ref.name ?? ''}`;
  const c = tx.st.cache.objects.PersistentVolumeClaim.get(key) ?? tx.st.store.objects.PersistentVolumeClaim.get(key);
  return c?.kind === 'PersistentVolumeClaim' ? c : undefined;
}

/**
 * volumeAction is syncVolume's decision for the volume and the claim its claimRef names. A
 * Released volume whose policy is Delete is reclaimed (reclaimVolume runs at each sync upstream;
 * here at the sync after the one that released it); a Failed one is left as it is (the deleter
 * runs again upstream, but a phase already Failed writes nothing and sends no Event).
 */
export function volumeAction(pv: PersistentVolumeObject, claim: PersistentVolumeClaimObject | undefined): VolumeAction {
  const phase = pv.status?.phase;
  const ref = pv.spec.claimRef;
  // Unbound, or reserved for a claim not bound yet (the claim's sync binds it).
  if (ref === undefined || (ref.uid ?? '') === '') return phase === 'Available' ? null : { phase: 'Available' };
  const found = claim !== undefined && (claim.metadata.uid ?? '') === ref.uid ? claim : undefined;
  if (found === undefined) {
    if (phase === 'Failed') return null;
    if (phase !== 'Released') return { phase: 'Released' };
    // Not a volume being deleted already (the reclaim's own Delete, until pv-protection lets it go).
    const deletes = pv.spec.persistentVolumeReclaimPolicy === 'Delete' && (pv.metadata.annotations?.[AnnMigratedTo] ?? '') === '' && pv.metadata.deletionTimestamp === undefined;
    return deletes ? { reclaim: true } : null;
  }
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

/** The decision key of each phase syncVolume writes. */
const PHASE_DECISIONS = { Available: 'available', Bound: 'bound', Released: 'released' } as const;

/**
 * syncVolume is the volume queue's sync: the phase the volume's binding calls for, its unbind, or
 * the reclaim of a Released volume whose policy is Delete (deleteVolumeOperation).
 */
export function syncVolume(tx: Tx, key: string): string | null {
  tx.actor = 'persistentvolume-binder-controller';
  const pv = tx.st.cache.objects.PersistentVolume.get(key);
  if (pv?.kind !== 'PersistentVolume') return null;
  const claim = claimOf(tx, pv);
  const action = volumeAction(pv, claim);
  if (action === null) return null;
  const ref = pv.spec.claimRef;
  const claimName = ref === undefined ? '' : `${ref.namespace ?? 'default'}/${ref.name ?? ''}`;
  const policy = pv.spec.persistentVolumeReclaimPolicy ?? '';
  if ('reclaim' in action) {
    decide(tx.decisions, 'reclaimVolume', 'delete', { volume: key, claim: claimName });
    return deleteVolumeOperation(tx, key, (v) => claimOf(tx, v));
  }
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
    decide(tx.decisions, 'syncVolume', 'unbound', { volume: key, claim: claimName, boundTo: claim?.spec.volumeName ?? '', boundByController });
    note(tx, 'volumePhase', { volume: key, phase: 'Available' });
    return null;
  }
  const st = writeStatusOf(tx, pv, withPhase(tx, pv, action.phase), key);
  if (!st.ok) return st.error.message;
  // Available with a claimRef: reserved for a claim not bound yet.
  const decision = action.phase === 'Available' && claimName !== '' ? 'reserved' : PHASE_DECISIONS[action.phase];
  decide(tx.decisions, 'syncVolume', decision, { volume: key, claim: claimName, policy, phase: action.phase, from: pv.status?.phase ?? '' });
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
  decide(tx.decisions, 'processPV', 'finalizerRemoved', { volume: key, phase: pv.status?.phase ?? '' });
  note(tx, 'pvFinalizerRemoved', { volume: key });
  return null;
}
