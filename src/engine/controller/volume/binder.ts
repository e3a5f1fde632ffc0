// The part of kubernetes pkg/controller/volume/persistentvolume (the binder, v1.36) and of a
// dynamic provisioner that a StatefulSet's claims meet, reduced to two steps: with the simulated
// default StorageClass (`standard`, volumeBindingMode WaitForFirstConsumer), a claim is
// provisioned once the scheduler has chosen a node for a pod that mounts it and written it on the
// claim (volume.kubernetes.io/selected-node: scheduler/plugins/volumebindingPreBind.ts), and the
// pod is bound only once the claim is. The Events say it as a kind cluster's describe pvc does:
// the PV controller's ExternalProvisioning (provisionClaimOperationExternal) and the local-path
// provisioner's Provisioning when the node is chosen, then its ProvisioningSucceeded with the bind,
// LocalPathProvisioningMs later (the provisioner's helper pod makes the directory on the node).
/**
 * The provisioned volume is named `pvc-<claim uid>` as external provisioners name theirs; its
 * capacity is the claim's storage request and its access modes the claim's. No PersistentVolume
 * object is stored: only the claim's side (spec.volumeName, the bind annotations, status) shows.
 */
import { decide } from '../../api/decision.ts';
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import type { KubeObject } from '../../api/types.ts';
import type { WatchRecord } from '../../apiserver/store.ts';
import { enqueue, enqueueAfter, note, recordEvent, type Tx, update, writeStatusOf } from '../../client/tx.ts';
import {
  BetaStorageProvisionerAnnotation,
  BindCompletedAnnotation,
  BoundByControllerAnnotation,
  claimNames,
  hasAnnotation,
  isPVCFullyBound,
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
 * How long the local-path provisioner takes from Provisioning to ProvisioningSucceeded: it runs a
 * helper pod on the selected node that makes the volume's directory. On kind the pod of a new
 * claim stays Pending ~3 s; with the scheduler's polls a second apart (BindPollIntervalMs) a 2 s
 * provisioning gives that: the poll 3 s after the node was chosen finds the claim bound.
 */
export const LocalPathProvisioningMs = 2000;
/** The annotations the binder writes on a claim it binds (pv_controller.go's; lib/storageHelpers.ts defines them). */
export { BindCompletedAnnotation, BoundByControllerAnnotation, SelectedNodeAnnotation };

export { claimNames };

/** needsProvisioning: an unbound, live claim with a selected node that no provisioner was asked for yet. */
function needsProvisioning(claim: PersistentVolumeClaimObject): boolean {
  if (claim.metadata.deletionTimestamp || isPVCFullyBound(claim) || claim.spec.volumeName) return false;
  return hasAnnotation(claim, SelectedNodeAnnotation) && !hasAnnotation(claim, StorageProvisionerAnnotation);
}

/**
 * binderOnWatch: a claim the scheduler has just given a node (volume.kubernetes.io/selected-node)
 * goes to the binder's queue. A claim whose provisioner is already at work comes back by the
 * delay syncBinder set (AddAfter), not by its watch events.
 */
export function binderOnWatch(tx: Tx, rec: WatchRecord): void {
  const o = rec.object;
  if (o.kind !== 'PersistentVolumeClaim' || rec.type === 'DELETED') return;
  if (needsProvisioning(o as PersistentVolumeClaimObject)) enqueue(tx, QUEUE, `${o.metadata.namespace ?? 'default'}/${o.metadata.name}`);
}

/**
 * syncBinder moves a claim with a selected node on by one step. First provisionClaim: the PV
 * controller names the external provisioner on the claim (setClaimProvisioner) and says it waits
 * for it (ExternalProvisioning); the provisioner starts (Provisioning) and is done
 * LocalPathProvisioningMs later. Then the volume is made and the PV controller binds the claim to
 * it: the volume name, the bind annotations, status Bound (ProvisioningSucceeded). Events are named
 * from the clock (`named: 'clock'`, no PRNG draw), so they leave every seed's scheduling alone.
 */
export function syncBinder(tx: Tx, key: string): string | null {
  tx.actor = 'persistentvolume-binder-controller';
  const claim = tx.st.store.objects.PersistentVolumeClaim.get(key) as PersistentVolumeClaimObject | undefined;
  if (!claim || claim.metadata.deletionTimestamp || claim.status?.phase === 'Bound' || isPVCFullyBound(claim)) return null;
  const node = claim.metadata.annotations?.[SelectedNodeAnnotation];
  if (!node) return null;
  const volume = provisionedVolumeName(claim);
  // A claim that names its volume (spec.volumeName, written by its author) is the PV controller's
  // to bind (claimSync.ts); volumeName is set once, so it is not replaced.
  if (claim.spec.volumeName && claim.spec.volumeName !== volume) return null;
  const involved = claim as unknown as KubeObject;
  const name = claim.metadata.name;
  if (!hasAnnotation(claim, StorageProvisionerAnnotation)) {
    // provisionClaim's setClaimProvisioner: the external provisioner it waits for, by both names.
    const annotations = { ...(claim.metadata.annotations ?? {}), [BetaStorageProvisionerAnnotation]: LocalPathProvisioner, [StorageProvisionerAnnotation]: LocalPathProvisioner };
    const res = update(tx, { ...claim, metadata: { ...claim.metadata, annotations } } as KubeObject);
    if (!res.ok) return res.error.message;
    recordEvent(tx, involved, 'Normal', 'ExternalProvisioning', externalProvisioningMessage(LocalPathProvisioner), 'persistentvolume-controller', 'clock');
    recordEvent(tx, involved, 'Normal', 'Provisioning', `External provisioner is provisioning volume for claim "${key}"`, LocalPathProvisionerIdentity, 'clock');
    enqueueAfter(tx, QUEUE, key, LocalPathProvisioningMs);
    decide(tx.decisions, 'syncBinder', 'provisioning', { claim: name, node, provisioner: LocalPathProvisioner, seconds: LocalPathProvisioningMs / 1000 });
    note(tx, 'claimProvisioning', { claim: name, node });
    return null;
  }
  recordEvent(tx, involved, 'Normal', 'ProvisioningSucceeded', `Successfully provisioned volume ${volume}`, LocalPathProvisionerIdentity, 'clock');
  const annotations = { ...(claim.metadata.annotations ?? {}), [BindCompletedAnnotation]: 'yes', [BoundByControllerAnnotation]: 'yes' };
  const res = update(tx, { ...claim, metadata: { ...claim.metadata, annotations }, spec: { ...claim.spec, volumeName: volume } } as KubeObject);
  if (!res.ok) return res.error.message;
  const storage = claim.spec.resources?.requests?.storage;
  const status = { phase: 'Bound', accessModes: claim.spec.accessModes ?? [], ...(storage ? { capacity: { storage } } : {}) };
  const st = writeStatusOf(tx, res.object, status, key);
  if (!st.ok) return st.error.message;
  decide(tx.decisions, 'syncBinder', 'bound', { claim: name, volume, node, storage: storage ?? '' });
  note(tx, 'claimBound', { claim: name, volume, node });
  return null;
}
