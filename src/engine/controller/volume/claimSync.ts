// Port of the part of kubernetes pkg/controller/volume/persistentvolume (pv_controller.go's
// syncUnboundClaim and provisionClaim, v1.36) and of component-helpers/storage/volume
// (GetPersistentVolumeClaimClass, IsDelayBindingMode) that a claim of a class this cluster lacks meets.
/**
 * The simulated cluster has one StorageClass, kind's `standard` (WaitForFirstConsumer: binder.ts
 * binds its claims once their pod is scheduled). A claim of any other class, or of none
 * (`storageClassName: ""`), is an immediate-binding claim that nothing can bind here: no
 * PersistentVolume exists and no provisioner serves the class. Upstream the PV controller says so
 * on the claim at each of its syncs — a Warning `ProvisioningFailed` (`storageclass.storage.k8s.io
 * "my-storage-class" not found`) or, with no class, a Normal `FailedBinding` — and the claim stays
 * Pending; the scheduler's VolumeBinding PreFilter keeps its pod Pending too
 * (scheduler/plugins/volumebinding.ts). The Kubernetes documentation's StatefulSet example names
 * `my-storage-class` and stops there on a cluster without that class.
 *
 * The controller syncs every claim again each --pvclaimbinder-sync-period (15 s), so the Event's
 * count rises every 15 s while the claim waits.
 */
import { decide } from '../../api/decision.ts';
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import type { KubeObject } from '../../api/types.ts';
import type { WatchRecord } from '../../apiserver/store.ts';
import { get } from '../../client/cache.ts';
import { enqueue, enqueueAfter, note, recordEvent, type Tx } from '../../client/tx.ts';
import { getPersistentVolumeClaimClass, isUnboundImmediate, StandardStorageClassName } from '../../lib/storageHelpers.ts';

const QUEUE = 'persistentvolume-claims';
/** The PV controller's event source. */
export const PersistentVolumeControllerComponent = 'persistentvolume-controller';
/** --pvclaimbinder-sync-period: every claim is synced again this often. */
export const ClaimResyncPeriodMs = 15_000;
/** claimSyncOnWatch: a new or changed claim that binds at once goes to the PV controller's claim queue. */
export function claimSyncOnWatch(tx: Tx, rec: WatchRecord): void {
  const o: KubeObject = rec.object;
  if (o.kind !== 'PersistentVolumeClaim' || rec.type === 'DELETED') return;
  if (isUnboundImmediate(o as PersistentVolumeClaimObject)) enqueue(tx, QUEUE, `${o.metadata.namespace ?? 'default'}/${o.metadata.name}`);
}

/**
 * syncUnboundClaim for a claim nothing can bind: with a class, provisionClaim's findProvisionablePlugin
 * fails on the missing class (ProvisioningFailed); without one, FailedBinding. The claim stays
 * Pending (it is already), and the periodic resync brings it back in 15 s.
 */
export function syncUnboundClaim(tx: Tx, key: string): string | null {
  tx.actor = 'persistentvolume-binder-controller';
  const claim = get(tx.st.cache, 'PersistentVolumeClaim', key) as PersistentVolumeClaimObject | undefined;
  if (!claim || claim.metadata.deletionTimestamp || !isUnboundImmediate(claim)) return null;
  const name = claim.metadata.name;
  const cls = getPersistentVolumeClaimClass(claim);
  if (cls !== '') {
    const message = `storageclass.storage.k8s.io ${JSON.stringify(cls)} not found`;
    recordEvent(tx, claim, 'Warning', 'ProvisioningFailed', message, PersistentVolumeControllerComponent);
    decide(tx.decisions, 'syncUnboundClaim', 'classNotFound', { claim: name, class: cls, known: StandardStorageClassName, resyncSeconds: ClaimResyncPeriodMs / 1000 });
    note(tx, 'claimProvisioningFailed', { claim: name, message });
  } else {
    recordEvent(tx, claim, 'Normal', 'FailedBinding', 'no persistent volumes available for this claim and no storage class is set', PersistentVolumeControllerComponent);
    decide(tx.decisions, 'syncUnboundClaim', 'noClass', { claim: name, resyncSeconds: ClaimResyncPeriodMs / 1000 });
    note(tx, 'claimNoVolume', { claim: name });
  }
  enqueueAfter(tx, QUEUE, key, ClaimResyncPeriodMs);
  return null;
}
