// Port of the part of kubernetes pkg/controller/volume/persistentvolume (pv_controller.go's
// syncClaim, syncUnboundClaim, syncBoundClaim and provisionClaim, v1.36) and of
// component-helpers/storage/volume (GetPersistentVolumeClaimClass, IsDelayBindingMode) that the
// claims the binder does not bind meet.
/**
 * The simulated cluster has one StorageClass, kind's `standard` (WaitForFirstConsumer: binder.ts
 * binds its claims once their pod is scheduled). A claim of any other class, or of none
 * (`storageClassName: ""`), is an immediate-binding claim: it is bound to the best matching
 * PersistentVolume made by hand (volumeBind.ts findBestMatchForClaim, as the documentation's
 * `manual` volume and claim), or, with none, nothing can bind it here: no provisioner serves the class. Upstream the PV controller says so
 * on the claim at each of its syncs — a Warning `ProvisioningFailed` (`storageclass.storage.k8s.io
 * "my-storage-class" not found`) or, with no class, a Normal `FailedBinding` — and the claim stays
 * Pending; the scheduler's VolumeBinding PreFilter keeps its pod Pending too
 * (scheduler/plugins/volumebinding.ts). The Kubernetes documentation's StatefulSet example names
 * `my-storage-class` and stops there on a cluster without that class.
 *
 * A claim whose author named its volume (spec.volumeName, a "prebound" claim) is bound by this
 * controller to that volume, whatever its class: a stored volume that is free or reserved for it
 * is bound at once. Otherwise the volume is one the provisioner made for another claim
 * (lib/storageHelpers.ts getPersistentVolume), or it is either missing — the claim stays Pending, without an Event, and is tried again at the next sync —
 * or bound to a different claim (a Warning `FailedBinding`). A claim marked bound
 * (pv.kubernetes.io/bind-completed) whose volume is gone, or is another claim's, is Lost: a
 * terminal phase, with a Warning `ClaimLost` or `ClaimMisbound`.
 *
 * The controller syncs every claim again each --pvclaimbinder-sync-period (15 s), so a
 * ProvisioningFailed Event's count rises every 15 s while the claim waits.
 */
import { decide } from '../../api/decision.ts';
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import type { KubeObject } from '../../api/types.ts';
import type { WatchRecord } from '../../apiserver/store.ts';
import { get } from '../../client/cache.ts';
import { enqueue, enqueueAfter, note, recordEvent, type Tx, writeStatusOf } from '../../client/tx.ts';
import {
  BindCompletedAnnotation,
  BoundByControllerAnnotation,
  claimNames,
  getPersistentVolume,
  getPersistentVolumeClaimClass,
  hasAnnotation,
  isUnboundDelayed,
  isUnboundImmediate,
  isVolumeBoundToClaim,
  SelectedNodeAnnotation,
  StandardStorageClassName,
} from '../../lib/storageHelpers.ts';
import type { Pod } from '../../api/types.ts';
import { isPodTerminated } from './pvcProtection.ts';
import { bind, findBestMatchForClaim, isVolumeBoundToClaimRef } from './volumeBind.ts';

const QUEUE = 'persistentvolume-claims';
/** The PV controller's event source. */
export const PersistentVolumeControllerComponent = 'persistentvolume-controller';
/** --pvclaimbinder-sync-period: every claim is synced again this often. */
export const ClaimResyncPeriodMs = 15_000;

/**
 * claimSyncOnWatch: a new or changed claim goes to the PV controller's claim queue when a sync
 * has something to do or say — an unbound one (it binds at once, names its volume, or waits for
 * its first consumer), or a bound one (bind-completed) not Lost yet whose volume is missing or is
 * another claim's.
 */
export function claimSyncOnWatch(tx: Tx, rec: WatchRecord): void {
  const o: KubeObject = rec.object;
  if (o.kind !== 'PersistentVolumeClaim' || rec.type === 'DELETED') return;
  const claim = o as PersistentVolumeClaimObject;
  const bound = hasAnnotation(claim, BindCompletedAnnotation);
  const wanted = bound ? claim.status?.phase !== 'Lost' && !ownVolume(tx, claim) : isUnboundImmediate(claim) || isUnboundDelayed(claim);
  if (wanted) enqueue(tx, QUEUE, `${o.metadata.namespace ?? 'default'}/${o.metadata.name}`);
}

/** ownVolume: the claim's volume exists and is bound to it. */
function ownVolume(tx: Tx, claim: PersistentVolumeClaimObject): boolean {
  const name = claim.spec.volumeName;
  if (!name) return false;
  const volume = getPersistentVolume(tx.st.cache.objects.PersistentVolumeClaim, name, claim, tx.st.cache.objects.PersistentVolume);
  return volume !== undefined && volume.claimRef.uid === (claim.metadata.uid ?? '');
}

/**
 * syncClaim is the claim queue's sync: a claim the PV controller has not finished binding
 * (no bind-completed annotation) goes to syncUnboundClaim, one it has to syncBoundClaim.
 */
export function syncClaim(tx: Tx, key: string): string | null {
  tx.actor = 'persistentvolume-binder-controller';
  const claim = get(tx.st.cache, 'PersistentVolumeClaim', key) as PersistentVolumeClaimObject | undefined;
  if (!claim || claim.metadata.deletionTimestamp) return null;
  if (!hasAnnotation(claim, BindCompletedAnnotation)) return syncUnboundClaim(tx, key, claim);
  return syncBoundClaim(tx, key, claim);
}

/**
 * syncUnboundClaim for a claim nothing else binds. Without spec.volumeName: with a class,
 * provisionClaim's findProvisionablePlugin fails on the missing class (ProvisioningFailed);
 * without one, FailedBinding. With spec.volumeName: the volume is looked up by name; missing, the
 * claim stays Pending and is tried again (no Event); bound to another claim, FailedBinding. The
 * claim stays Pending (it is already), and the periodic resync brings it back in 15 s.
 */
function syncUnboundClaim(tx: Tx, key: string, claim: PersistentVolumeClaimObject): string | null {
  if (isUnboundDelayed(claim)) return syncDelayedClaim(tx, key, claim);
  if (!isUnboundImmediate(claim)) return null;
  const name = claim.metadata.name;
  const resyncSeconds = ClaimResyncPeriodMs / 1000;
  const volumeName = claim.spec.volumeName;
  const volumes = tx.st.cache.objects.PersistentVolume;
  if (volumes.size > 0) {
    // A stored volume: the one the claim names, if it is free or reserved for it; else the best match.
    const named = volumeName ? volumes.get(volumeName) : undefined;
    const volume =
      named?.kind === 'PersistentVolume' ? (named.spec.claimRef === undefined || isVolumeBoundToClaimRef(named, claim) ? named : undefined) : volumeName ? undefined : findBestMatchForClaim(claim, volumes.values());
    if (volume !== undefined) {
      const err = bind(tx, volume, claim);
      if (err !== null) return err;
      const storage = volume.spec.capacity?.storage ?? '';
      decide(tx.decisions, 'syncUnboundClaim', 'boundToVolume', { claim: name, volume: volume.metadata.name, storage, class: getPersistentVolumeClaimClass(claim) });
      note(tx, 'claimBoundToVolume', { claim: name, volume: volume.metadata.name });
      return null;
    }
  }
  if (volumeName) {
    // The user asked for a specific PersistentVolume.
    const volume = getPersistentVolume(tx.st.cache.objects.PersistentVolumeClaim, volumeName, claim, tx.st.cache.objects.PersistentVolume);
    if (volume === undefined) {
      decide(tx.decisions, 'syncUnboundClaim', 'volumeNotFound', { claim: name, volume: volumeName, resyncSeconds });
      note(tx, 'claimVolumeNotFound', { claim: name, volume: volumeName });
    } else if (isVolumeBoundToClaim(volume, claim)) {
      // Reserved for this claim: finishing the bind is the binder's (its own provisioned volume).
      return null;
    } else {
      const message = `volume ${JSON.stringify(volumeName)} already bound to a different claim.`;
      recordEvent(tx, claim, 'Warning', 'FailedBinding', message, PersistentVolumeControllerComponent);
      const boundTo = `${volume.claimRef.namespace}/${volume.claimRef.name}`;
      decide(tx.decisions, 'syncUnboundClaim', 'volumeBoundElsewhere', { claim: name, volume: volumeName, boundTo, resyncSeconds });
      note(tx, 'claimVolumeTaken', { claim: name, volume: volumeName, boundTo });
      // Only someone who removed the claim's bind-completed annotation gets here with the
      // controller's own binding: an error, retried with back-off.
      if (hasAnnotation(claim, BoundByControllerAnnotation)) {
        return `invalid binding of claim ${JSON.stringify(key)} to volume ${JSON.stringify(volumeName)}: volume already claimed by ${JSON.stringify(boundTo)}`;
      }
    }
  } else {
    const cls = getPersistentVolumeClaimClass(claim);
    if (cls !== '') {
      const message = `storageclass.storage.k8s.io ${JSON.stringify(cls)} not found`;
      recordEvent(tx, claim, 'Warning', 'ProvisioningFailed', message, PersistentVolumeControllerComponent);
      decide(tx.decisions, 'syncUnboundClaim', 'classNotFound', { claim: name, class: cls, known: StandardStorageClassName, resyncSeconds });
      note(tx, 'claimProvisioningFailed', { claim: name, message });
    } else {
      recordEvent(tx, claim, 'Normal', 'FailedBinding', 'no persistent volumes available for this claim and no storage class is set', PersistentVolumeControllerComponent);
      decide(tx.decisions, 'syncUnboundClaim', 'noClass', { claim: name, resyncSeconds });
      note(tx, 'claimNoVolume', { claim: name });
    }
  }
  if (claim.status?.phase !== 'Pending') {
    const st = writeStatusOf(tx, claim, { ...claim.status, phase: 'Pending' }, key);
    if (!st.ok) return st.error.message;
  }
  enqueueAfter(tx, QUEUE, key, ClaimResyncPeriodMs);
  return null;
}

/**
 * syncDelayedClaim is syncUnboundClaim for a claim of the WaitForFirstConsumer class that names no
 * volume. findBestMatchForClaim, asked with delayBinding and no node, matches only a volume
 * reserved for this claim (its claimRef names it): that one is bound at once. Otherwise, unless
 * the scheduler already chose a node (volume.kubernetes.io/selected-node: provisioning is under
 * way, the binder's here), emitEventForUnboundDelayBindingClaim says what the claim waits for —
 * a pod that mounts it (WaitForFirstConsumer) or that pod's scheduling (WaitForPodScheduled) —
 * and the claim stays Pending until the next sync, 15 s later. One Event per sync: a claim that
 * waits a minute shows `(x5 over 60s)`.
 */
function syncDelayedClaim(tx: Tx, key: string, claim: PersistentVolumeClaimObject): string | null {
  const name = claim.metadata.name;
  for (const v of tx.st.cache.objects.PersistentVolume.values()) {
    if (v.kind === 'PersistentVolume' && isVolumeBoundToClaimRef(v, claim)) {
      const err = bind(tx, v, claim);
      if (err !== null) return err;
      decide(tx.decisions, 'syncUnboundClaim', 'boundToVolume', { claim: name, volume: v.metadata.name, storage: v.spec.capacity?.storage ?? '', class: getPersistentVolumeClaimClass(claim) });
      note(tx, 'claimBoundToVolume', { claim: name, volume: v.metadata.name });
      return null;
    }
  }
  if (hasAnnotation(claim, SelectedNodeAnnotation)) return null;
  const pods = findNonScheduledPodsByPVC(tx, claim);
  const resyncSeconds = ClaimResyncPeriodMs / 1000;
  const [reason, message] =
    pods.length === 0
      ? ['WaitForFirstConsumer', 'waiting for first consumer to be created before binding']
      : ['WaitForPodScheduled', pods.length > 1 ? `waiting for pods ${pods.join(',')} to be scheduled` : `waiting for pod ${pods[0]} to be scheduled`];
  recordEvent(tx, claim, 'Normal', reason, message, PersistentVolumeControllerComponent);
  if (pods.length === 0) decide(tx.decisions, 'syncUnboundClaim', 'waitForFirstConsumer', { claim: name, class: getPersistentVolumeClaimClass(claim), resyncSeconds });
  else decide(tx.decisions, 'syncUnboundClaim', 'waitForPodScheduled', { claim: name, pods: pods.join(', '), resyncSeconds });
  note(tx, 'claimWaitsForConsumer', { claim: name, reason });
  if (claim.status?.phase !== 'Pending') {
    const st = writeStatusOf(tx, claim, { ...claim.status, phase: 'Pending' }, key);
    if (!st.ok) return st.error.message;
  }
  enqueueAfter(tx, QUEUE, key, ClaimResyncPeriodMs);
  return null;
}

/**
 * findNonScheduledPodsByPVC: the names of the pods in the claim's namespace that mount it, are not
 * terminated and have no node yet, in the pod cache's order (upstream's index hands them over in
 * no fixed order).
 */
function findNonScheduledPodsByPVC(tx: Tx, claim: PersistentVolumeClaimObject): string[] {
  const ns = claim.metadata.namespace ?? 'default';
  const out: string[] = [];
  for (const o of tx.st.cache.objects.Pod.values()) {
    if (o.kind !== 'Pod' || (o.metadata.namespace ?? 'default') !== ns) continue;
    const pod = o as Pod;
    if (isPodTerminated(pod) || pod.spec.nodeName || !claimNames(pod).includes(claim.metadata.name)) continue;
    out.push(pod.metadata.name);
  }
  return out;
}

/**
 * syncBoundClaim for a claim marked bound: without spec.volumeName, or with a volume that does not
 * exist or is bound to another claim, it is Lost (updateClaimStatusWithEvent: once, with its
 * Warning; a Lost claim is left as it is). A claim bound to its own volume needs nothing.
 */
function syncBoundClaim(tx: Tx, key: string, claim: PersistentVolumeClaimObject): string | null {
  const volumeName = claim.spec.volumeName ?? '';
  const volume = volumeName === '' ? undefined : getPersistentVolume(tx.st.cache.objects.PersistentVolumeClaim, volumeName, claim, tx.st.cache.objects.PersistentVolume);
  // All is well: bound to its own volume.
  if (volume !== undefined && volume.claimRef.uid === (claim.metadata.uid ?? '')) return null;
  if (claim.status?.phase === 'Lost') return null;
  const lostReference = volumeName === '';
  const [reason, message] = lostReference
    ? ['ClaimLost', 'Bound claim has lost reference to PersistentVolume. Data on the volume is lost!']
    : volume === undefined
      ? ['ClaimLost', 'Bound claim has lost its PersistentVolume. Data on the volume is lost!']
      : ['ClaimMisbound', 'Two claims are bound to the same volume, this one is bound incorrectly'];
  // updateClaimStatus with no volume: the phase, and no access modes or capacity any more.
  const { accessModes: _modes, capacity: _capacity, ...rest } = claim.status ?? {};
  const st = writeStatusOf(tx, claim, { ...rest, phase: 'Lost' }, key);
  if (!st.ok) return st.error.message;
  recordEvent(tx, claim, 'Warning', reason, message, PersistentVolumeControllerComponent);
  const boundTo = volume === undefined ? '' : `${volume.claimRef.namespace}/${volume.claimRef.name}`;
  decide(tx.decisions, 'syncBoundClaim', lostReference ? 'lostReference' : volume === undefined ? 'volumeLost' : 'misbound', { claim: claim.metadata.name, volume: volumeName, boundTo });
  note(tx, 'claimLost', { claim: claim.metadata.name, reason, message });
  return null;
}
