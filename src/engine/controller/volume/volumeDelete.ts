// Port of kubernetes pkg/controller/volume/persistentvolume/pv_controller.go (deleteVolumeOperation,
// isVolumeReleased, doDeleteVolume, findDeletablePlugin, removeDeletionProtectionFinalizer,
// updateVolumePhaseWithEvent), pkg/volume/plugins.go (FindPluginBySpec, FindPluginByName,
// FindDeletablePluginBySpec/ByName) and pkg/volume/hostpath/host_path.go (hostPathDeleter.Delete)
// (v1.36), for the stored volumes: the reclaim of a volume whose policy is Delete.
/**
 * kube-controller-manager's PV controller knows the volume plugins ProbeControllerVolumePlugins
 * gives it: hostPath, nfs, local and csi. Of these only hostPath deletes (its deleter is for
 * testing: it removes the directory from the controller manager's own disk, and only under
 * /tmp/.+); the others are found but cannot delete, and a source no plugin supports finds none.
 * So a Released volume with reclaim policy Delete:
 * - made by hand with a hostPath outside /tmp (the documentation's `/mnt/data`) → the deleter
 *   refuses: the volume goes Failed, its status message and a Warning `VolumeFailedDelete` Event
 *   saying `host_path deleter only supports /tmp/.+ but received provided /mnt/data`;
 * - with a hostPath under /tmp → deleted, and the volume object deleted (pv-protection lets it go,
 *   it is not Bound);
 * - nfs, local or csi → `error getting deleter volume plugin for volume "v": no deletable volume
 *   plugin matched`, Failed; any other source → `…: no volume plugin matched`, Failed;
 * - annotated pv.kubernetes.io/provisioned-by with a provisioner outside kubernetes.io/ → an
 *   external deleter's: nothing happens here, it stays Released.
 * The Event is sent only when the phase changes to Failed; later syncs leave a Failed volume as it is.
 */
import { decide } from '../../api/decision.ts';
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import type { PersistentVolumeObject } from '../../api/volumeTypes.ts';
import { setFinalizers } from '../../apiserver/finalizers.ts';
import { del, note, recordEvent, type Tx, update, writeStatusOf } from '../../client/tx.ts';
import { PersistentVolumeControllerComponent } from './claimSync.ts';
import { withPhase } from './volumeBind.ts';

/** AnnDynamicallyProvisioned: the plugin or external provisioner that made the volume. */
export const AnnDynamicallyProvisioned = 'pv.kubernetes.io/provisioned-by';
/** AnnMigratedTo: a volume an external CSI provisioner handles in the in-tree plugin's stead. */
export const AnnMigratedTo = 'pv.kubernetes.io/migrated-to';
/** PVDeletionInTreeProtectionFinalizer: held on an in-tree provisioned volume until its storage is deleted. */
export const PVDeletionInTreeProtectionFinalizer = 'kubernetes.io/pv-controller';
/** events.VolumeFailedDelete. */
export const VolumeFailedDelete = 'VolumeFailedDelete';

/** A volume plugin the controller manager has: its name, the source it supports, whether it deletes. */
interface ControllerPlugin {
  name: string;
  source: string;
  deletable: boolean;
}

/** ProbeControllerVolumePlugins' plugins, as the PV controller's volumePluginMgr holds them. */
const CONTROLLER_PLUGINS: readonly ControllerPlugin[] = [
  { name: 'kubernetes.io/host-path', source: 'hostPath', deletable: true },
  { name: 'kubernetes.io/nfs', source: 'nfs', deletable: false },
  { name: 'kubernetes.io/local-volume', source: 'local', deletable: false },
  { name: 'kubernetes.io/csi', source: 'csi', deletable: false },
];

/** What findDeletablePlugin gives: a deletable plugin, none (an external deleter's volume), or an error. */
type Found = { plugin: ControllerPlugin } | { external: true } | { error: string };

/** findDeletablePlugin: the plugin that provisioned the volume (by its annotation), else the one its spec asks for. */
export function findDeletablePlugin(pv: PersistentVolumeObject): Found {
  const provisioner = pv.metadata.annotations?.[AnnDynamicallyProvisioned] ?? '';
  if (provisioner !== '') {
    const plugin = CONTROLLER_PLUGINS.find((p) => p.name === provisioner);
    if (plugin === undefined) return provisioner.startsWith('kubernetes.io/') ? { error: `no volume plugin matched name: ${provisioner}` } : { external: true };
    return plugin.deletable ? { plugin } : { error: 'no deletable volume plugin matched' };
  }
  const matched = CONTROLLER_PLUGINS.find((p) => pv.spec[p.source] !== undefined && pv.spec[p.source] !== null);
  const why = matched === undefined ? 'no volume plugin matched' : matched.deletable ? '' : 'no deletable volume plugin matched';
  if (matched === undefined || why !== '') return { error: `error getting deleter volume plugin for volume ${JSON.stringify(pv.metadata.name)}: ${why}` };
  return { plugin: matched };
}

/** What doDeleteVolume did: the storage deleted, left to an external deleter, or the error. */
export type DeleteResult = { deleted: true; plugin: string } | { deleted: false; external: true } | { deleted: false; error: string; plugin: string };

/**
 * doDeleteVolume finds the deleter and runs it. The hostPath deleter's Delete matches /tmp/.+
 * anywhere in the path (an unanchored regexp) and removes it from the controller manager's disk.
 */
export function doDeleteVolume(pv: PersistentVolumeObject): DeleteResult {
  const found = findDeletablePlugin(pv);
  if ('external' in found) return { deleted: false, external: true };
  if ('error' in found) return { deleted: false, error: found.error, plugin: '' };
  const path = pv.spec.hostPath?.path ?? '';
  if (!/\/tmp\/.+/.test(path)) return { deleted: false, error: `host_path deleter only supports /tmp/.+ but received provided ${path}`, plugin: found.plugin.name };
  return { deleted: true, plugin: found.plugin.name };
}

/**
 * isVolumeReleased: the volume is bound (a claimRef with a uid) to a claim that is gone, made
 * again (another uid), or bound to another volume.
 */
export function isVolumeReleased(pv: PersistentVolumeObject, claim: PersistentVolumeClaimObject | undefined): boolean {
  const ref = pv.spec.claimRef;
  if (ref === undefined || (ref.uid ?? '') === '') return false;
  if (claim !== undefined && claim.metadata.uid === ref.uid) return (claim.spec.volumeName ?? '') !== '' && claim.spec.volumeName !== pv.metadata.name;
  return true;
}

/**
 * deleteVolumeOperation reads the volume as the API server has it, checks it still needs
 * reclaiming, and deletes it: on the deleter's error the volume is Failed with the error as its
 * message and a Warning Event (updateVolumePhaseWithEvent: only when the phase changes); once
 * deleted, the in-tree protection finalizer comes off and the volume object is deleted. It
 * answers an error to retry with, or null.
 */
export function deleteVolumeOperation(tx: Tx, name: string, claim: (pv: PersistentVolumeObject) => PersistentVolumeClaimObject | undefined): string | null {
  const stored = tx.st.store.objects.PersistentVolume.get(name);
  if (stored?.kind !== 'PersistentVolume') return null;
  const policy = stored.spec.persistentVolumeReclaimPolicy ?? '';
  if (!isVolumeReleased(stored, claim(stored))) {
    decide(tx.decisions, 'deleteVolumeOperation', 'notReleased', { volume: name });
    return null;
  }
  const result = doDeleteVolume(stored);
  if ('external' in result) {
    decide(tx.decisions, 'deleteVolumeOperation', 'external', { volume: name, provisioner: stored.metadata.annotations?.[AnnDynamicallyProvisioned] ?? '' });
    return null;
  }
  if ('error' in result) {
    if (stored.status?.phase === 'Failed') return null;
    const st = writeStatusOf(tx, stored, withPhase(tx, stored, 'Failed', result.error), name);
    if (!st.ok) return st.error.message;
    recordEvent(tx, st.object, 'Warning', VolumeFailedDelete, result.error, PersistentVolumeControllerComponent);
    decide(tx.decisions, 'deleteVolumeOperation', result.plugin ? 'failed' : 'noDeleter', { volume: name, policy, plugin: result.plugin, error: result.error });
    note(tx, 'volumePhase', { volume: name, phase: 'Failed' });
    return null;
  }
  // Deleted already (an earlier sync's delete, which pv-protection has not let go yet): a second
  // Delete of a volume being deleted changes nothing.
  if (stored.metadata.deletionTimestamp !== undefined) return null;
  let volume = stored;
  const finalizers = volume.metadata.finalizers ?? [];
  if (finalizers.includes(PVDeletionInTreeProtectionFinalizer)) {
    const res = update(tx, { ...volume, metadata: setFinalizers({ ...volume.metadata }, finalizers.filter((f) => f !== PVDeletionInTreeProtectionFinalizer)) });
    if (!res.ok) return res.error.message;
    volume = res.object;
  }
  const gone = del(tx, 'PersistentVolume', name);
  decide(tx.decisions, 'deleteVolumeOperation', 'deleted', { volume: name, plugin: result.plugin, path: volume.spec.hostPath?.path ?? '' });
  if (gone.ok) note(tx, 'volumeDeleted', { volume: name });
  return null;
}
