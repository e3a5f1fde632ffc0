// The part of kubernetes pkg/controller/volume/persistentvolume (the binder, v1.36) and of a
// dynamic provisioner that a StatefulSet's claims meet, reduced to one step: with the simulated
// default StorageClass (`standard`, volumeBindingMode WaitForFirstConsumer), a claim is
// provisioned and Bound once a pod that mounts it is scheduled. The Events say it as a kind
// cluster's describe pvc does: the PV controller's ExternalProvisioning (provisionClaimOperationExternal),
// then the local-path provisioner's Provisioning and ProvisioningSucceeded, all at the bind's tick
// (on kind they come ~3 s apart, the pod staying Pending meanwhile: not modelled).
/**
 * The provisioned volume is named `pvc-<claim uid>` as external provisioners name theirs; its
 * capacity is the claim's storage request and its access modes the claim's. No PersistentVolume
 * object is stored: only the claim's side (spec.volumeName, the bind annotations, status) shows.
 */
import { decide } from '../../api/decision.ts';
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import type { KubeObject } from '../../api/types.ts';
import type { WatchRecord } from '../../apiserver/store.ts';
import { get } from '../../client/cache.ts';
import { enqueue, note, recordEvent, type Tx, update, writeStatusOf } from '../../client/tx.ts';
import {
  BetaStorageProvisionerAnnotation,
  BindCompletedAnnotation,
  BoundByControllerAnnotation,
  claimNames,
  LocalPathProvisioner,
  provisionedVolumeName,
  SelectedNodeAnnotation,
  StorageProvisionerAnnotation,
} from '../../lib/storageHelpers.ts';

const QUEUE = 'persistentvolume-binder';

/**
 * The provisioner's identity, its Events' source: sig-storage-lib-external-provisioner names it
 * `<provisioner>_<its pod>_<a uuid drawn at start>`, on kind the local-path-provisioner
 * Deployment's pod. One fixed identity here (no such pod runs), so no draw moves a seed's run.
 */
export const LocalPathProvisionerIdentity = `${LocalPathProvisioner}_local-path-provisioner-7577fdbbfb-4gxkc_0b8f2a4e-5d1c-4e0b-9a3f-2c6d7e8f9a10`;

/** provisionClaimOperationExternal's Event while an external provisioner's volume is awaited. */
export const externalProvisioningMessage = (provisioner: string) =>
  `Waiting for a volume to be created either by the external provisioner '${provisioner}' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.`;

/**
 * recordProvisioning: the three Events of a dynamically provisioned claim. Named from the clock
 * (`named: 'clock'`, no PRNG draw), so adding them left every seed's scheduling as it was.
 */
function recordProvisioning(tx: Tx, claim: PersistentVolumeClaimObject, key: string, volume: string): void {
  const involved = claim as unknown as KubeObject;
  recordEvent(tx, involved, 'Normal', 'ExternalProvisioning', externalProvisioningMessage(LocalPathProvisioner), 'persistentvolume-controller', 'clock');
  recordEvent(tx, involved, 'Normal', 'Provisioning', `External provisioner is provisioning volume for claim "${key}"`, LocalPathProvisionerIdentity, 'clock');
  recordEvent(tx, involved, 'Normal', 'ProvisioningSucceeded', `Successfully provisioned volume ${volume}`, LocalPathProvisionerIdentity, 'clock');
}
/** The annotations the binder writes on a claim it binds (pv_controller.go's; lib/storageHelpers.ts defines them). */
export { BindCompletedAnnotation, BoundByControllerAnnotation, SelectedNodeAnnotation };

export { claimNames };

/** binderOnWatch: a pod that mounts claims and is now scheduled wakes the binder for it. Runs without claims check one map size. */
export function binderOnWatch(tx: Tx, rec: WatchRecord, old: KubeObject | undefined): void {
  if (tx.st.cache.objects.PersistentVolumeClaim.size === 0) return;
  const o = rec.object;
  if (o.kind === 'PersistentVolumeClaim' && rec.type === 'ADDED') {
    // A claim created after its pod was scheduled (recreated while the pod is Pending) is bound too.
    for (const p of tx.st.cache.objects.Pod.values()) {
      if (p.kind === 'Pod' && p.spec.nodeName && p.metadata.namespace === o.metadata.namespace && claimNames(p).includes(o.metadata.name)) {
        enqueue(tx, QUEUE, `${p.metadata.namespace ?? 'default'}/${p.metadata.name}`);
      }
    }
    return;
  }
  if (o.kind !== 'Pod' || rec.type === 'DELETED' || !o.spec.nodeName) return;
  if (old?.kind === 'Pod' && old.spec.nodeName) return;
  const ns = o.metadata.namespace ?? 'default';
  // A claim Bound before (a pod recreated on its ordinal's claim) needs nothing.
  const pending = claimNames(o).some((n) => {
    const c = tx.st.cache.objects.PersistentVolumeClaim.get(`${ns}/${n}`);
    return c?.kind === 'PersistentVolumeClaim' && c.status?.phase !== 'Bound';
  });
  if (pending) enqueue(tx, QUEUE, `${ns}/${o.metadata.name}`);
}

/** syncBinder binds each Pending claim of a scheduled pod: the volume name and annotations, then status Bound. */
export function syncBinder(tx: Tx, podKey: string): string | null {
  tx.actor = 'persistentvolume-binder-controller';
  const pod = get(tx.st.cache, 'Pod', podKey);
  if (!pod?.spec.nodeName) return null;
  const ns = pod.metadata.namespace ?? 'default';
  for (const name of claimNames(pod)) {
    const claim = tx.st.store.objects.PersistentVolumeClaim.get(`${ns}/${name}`) as PersistentVolumeClaimObject | undefined;
    if (!claim || claim.metadata.deletionTimestamp || claim.status?.phase === 'Bound') continue;
    const volume = provisionedVolumeName(claim);
    // A claim that names its volume (spec.volumeName, written by its author) is the PV controller's
    // to bind (claimSync.ts), and the scheduler keeps its pods Pending until it is; volumeName is
    // set once, so it is not replaced.
    if (claim.spec.volumeName && claim.spec.volumeName !== volume) continue;
    recordProvisioning(tx, claim, `${ns}/${name}`, volume);
    const annotations = {
      ...(claim.metadata.annotations ?? {}),
      [BindCompletedAnnotation]: 'yes',
      [BoundByControllerAnnotation]: 'yes',
      [SelectedNodeAnnotation]: pod.spec.nodeName,
      // provisionClaim's setClaimProvisioner: the external provisioner it waits for, by both names.
      [BetaStorageProvisionerAnnotation]: LocalPathProvisioner,
      [StorageProvisionerAnnotation]: LocalPathProvisioner,
    };
    const res = update(tx, { ...claim, metadata: { ...claim.metadata, annotations }, spec: { ...claim.spec, volumeName: volume } } as KubeObject);
    if (!res.ok) return res.error.message;
    const storage = claim.spec.resources?.requests?.storage;
    const status = { phase: 'Bound', accessModes: claim.spec.accessModes ?? [], ...(storage ? { capacity: { storage } } : {}) };
    const st = writeStatusOf(tx, res.object, status, `${ns}/${name}`);
    if (!st.ok) return st.error.message;
    decide(tx.decisions, 'syncBinder', 'bound', { claim: name, volume, node: pod.spec.nodeName, storage: storage ?? '' });
    note(tx, 'claimBound', { claim: name, volume, node: pod.spec.nodeName });
  }
  return null;
}
