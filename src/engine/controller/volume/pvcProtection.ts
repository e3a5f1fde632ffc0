// Port of kubernetes pkg/controller/volume/pvcprotection/pvc_protection_controller.go (v1.36).
/**
 * A claim carries the finalizer `kubernetes.io/pvc-protection` from its creation. Deleted while a
 * scheduled pod mounts it, it stays (Terminating) until no pod does: then this controller takes
 * the finalizer off and the API server removes it. `kubectl delete pvc www-web-0` under a running
 * web-0 waits until web-0 is deleted.
 */
import { decide } from '../../api/decision.ts';
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import type { KubeObject, ObjectMeta, Pod } from '../../api/types.ts';
import { PVCProtectionFinalizer, withPVCProtectionFinalizer } from '../../apiserver/admission/storageObjectInUseProtection.ts';
import { setFinalizers } from '../../apiserver/finalizers.ts';
import type { WatchRecord } from '../../apiserver/store.ts';
import { get } from '../../client/cache.ts';
import { enqueue, note, type Tx, update } from '../../client/tx.ts';
import { claimNames } from './binder.ts';

const QUEUE = 'pvc-protection';

/** protectionutil.IsDeletionCandidate: being deleted, and still held by the finalizer. */
function isDeletionCandidate(m: ObjectMeta): boolean {
  return m.deletionTimestamp !== undefined && (m.finalizers ?? []).includes(PVCProtectionFinalizer);
}

/** protectionutil.NeedToAddFinalizer: not being deleted, and without the finalizer. */
function needToAddFinalizer(m: ObjectMeta): boolean {
  return m.deletionTimestamp === undefined && !(m.finalizers ?? []).includes(PVCProtectionFinalizer);
}


/** volumeutil.IsPodTerminated: Failed or Succeeded, or being deleted with no container running. */
export function isPodTerminated(pod: Pod): boolean {
  const phase = pod.status?.phase;
  if (phase === 'Failed' || phase === 'Succeeded') return true;
  return pod.metadata.deletionTimestamp !== undefined && !(pod.status?.containerStatuses ?? []).some((c) => c.state?.running !== undefined);
}

/**
 * pvcProtectionOnWatch: a claim that needs the finalizer or is waiting for it to come off is
 * queued (pvcAddedUpdated); a pod that can no longer hold its claims (deleted, terminated, or not
 * scheduled) queues the claims it names that are being deleted (podAddedDeletedUpdated). Upstream
 * queues every claim such a pod names and finds most of them with nothing to do; those no-op
 * syncs are left out here, as they would be ticks that change nothing.
 */
export function pvcProtectionOnWatch(tx: Tx, rec: WatchRecord, old: KubeObject | undefined): void {
  const claims = tx.st.cache.objects.PersistentVolumeClaim;
  if (claims.size === 0 && rec.object.kind !== 'PersistentVolumeClaim') return;
  const o = rec.object;
  if (o.kind === 'PersistentVolumeClaim') {
    if (rec.type !== 'DELETED' && (needToAddFinalizer(o.metadata) || isDeletionCandidate(o.metadata))) enqueue(tx, QUEUE, claimKey(o.metadata.namespace, o.metadata.name));
    return;
  }
  if (o.kind !== 'Pod') return;
  enqueuePVCs(tx, o, rec.type === 'DELETED');
  if (old?.kind === 'Pod' && old.metadata.uid !== o.metadata.uid) enqueuePVCs(tx, old, true);
}

const claimKey = (namespace: string | undefined, name: string): string => `${namespace ?? 'default'}/${name}`;

function enqueuePVCs(tx: Tx, pod: Pod, deleted: boolean): void {
  if (!deleted && !isPodTerminated(pod) && pod.spec.nodeName) return;
  for (const name of claimNames(pod)) {
    const key = claimKey(pod.metadata.namespace, name);
    const claim = tx.st.cache.objects.PersistentVolumeClaim.get(key);
    if (claim !== undefined && isDeletionCandidate(claim.metadata)) enqueue(tx, QUEUE, key);
  }
}

/**
 * podUsingPVC: a scheduled pod that mounts the claim (podUsesPVC), asked of the informer first,
 * then of the API server (the live list), as isBeingUsed does: the informer may not have seen it yet.
 */
function podUsingPVC(tx: Tx, pvc: KubeObject): string | undefined {
  const ns = pvc.metadata.namespace ?? 'default';
  for (const pods of [tx.st.cache.objects.Pod, tx.st.store.objects.Pod]) {
    for (const p of pods.values()) {
      if (p.kind === 'Pod' && (p.metadata.namespace ?? 'default') === ns && p.spec.nodeName && claimNames(p).includes(pvc.metadata.name)) return p.metadata.name;
    }
  }
  return undefined;
}

/** syncPVCProtection is processPVC: the finalizer off an unused claim being deleted, or on a claim without it. */
export function syncPVCProtection(tx: Tx, key: string): string | null {
  tx.actor = 'pvc-protection-controller';
  const pvc = get(tx.st.cache, 'PersistentVolumeClaim', key) as PersistentVolumeClaimObject | undefined;
  if (pvc === undefined) return null;
  const claim = pvc.metadata.name;
  if (isDeletionCandidate(pvc.metadata)) {
    const pod = podUsingPVC(tx, pvc);
    if (pod !== undefined) {
      decide(tx.decisions, 'processPVC', 'inUse', { claim, pod });
      note(tx, 'pvcInUse', { claim, pod });
      return null;
    }
    const finalizers = (pvc.metadata.finalizers ?? []).filter((f) => f !== PVCProtectionFinalizer);
    return write(tx, pvc, finalizers, 'finalizerRemoved', finalizers.length === 0 ? 'yes' : 'no');
  }
  if (needToAddFinalizer(pvc.metadata)) return write(tx, pvc, withPVCProtectionFinalizer(pvc.metadata.finalizers), 'finalizerAdded', 'no');
  return null;
}

/** write updates the claim from the informer's copy with these finalizers (a stale copy is a conflict, retried). */
function write(tx: Tx, pvc: PersistentVolumeClaimObject, finalizers: string[], key: 'finalizerRemoved' | 'finalizerAdded', gone: string): string | null {
  const res = update(tx, { ...pvc, metadata: setFinalizers({ ...pvc.metadata }, finalizers) });
  if (!res.ok) {
    note(tx, 'apiError', { message: res.error.message });
    return res.error.message;
  }
  decide(tx.decisions, 'processPVC', key, { claim: pvc.metadata.name, gone });
  note(tx, key === 'finalizerRemoved' ? 'pvcFinalizerRemoved' : 'pvcFinalizerAdded', { claim: pvc.metadata.name });
  return null;
}
