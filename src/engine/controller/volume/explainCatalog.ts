// The English sentences of the Explain records the PersistentVolume controller's volume sync writes
// (volumeSync.ts syncVolume, volumeDelete.ts deleteVolumeOperation) and the pv-protection
// controller's; the claims' are the StatefulSet shell's catalogue (statefulset/shellExplainCatalog.ts).
// engine/explain.ts registers them; src/i18n/explain.zh-CN.volume.ts translates them.
import type { DecisionCatalog } from '../../api/decision.ts';

export const VOLUME_DECISION_KEYS: DecisionCatalog = {
  syncVolume: {
    available: 'PersistentVolume {volume} names no claim (no claimRef) → Available: a claim of its class that it fits may bind it',
    reserved: 'PersistentVolume {volume} is reserved for claim {claim} (a claimRef without a uid) and that claim is not bound yet → Available, for that claim alone',
    bound: 'PersistentVolume {volume} is bound to claim {claim}, which names it back (spec.volumeName) → Bound',
    released:
      'claim {claim}, which PersistentVolume {volume} was bound to, is gone (deleted, or made again with another uid) → Released; its reclaim policy {policy} says what comes next (Retain: it stays Released, with its data, and no claim binds it again)',
    unbound: 'PersistentVolume {volume} names claim {claim}, but the claim is bound to {boundTo} → unbindVolume: the binding is dropped, Available again',
  },
  reclaimVolume: {
    delete: 'PersistentVolume {volume} is Released (claim {claim} is gone) and its reclaim policy is Delete → its volume plugin is asked to delete the storage (deleteVolumeOperation)',
  },
  deleteVolumeOperation: {
    notReleased: 'PersistentVolume {volume} no longer needs reclaiming (its claim is back): nothing is deleted',
    external: 'PersistentVolume {volume} was made by {provisioner}, an external provisioner: deleting its storage is that provisioner’s job → it stays Released here',
    failed:
      'the {plugin} deleter will not delete the storage of PersistentVolume {volume}: {error} → Failed (status.message says why) and a Warning VolumeFailedDelete Event; the volume and its data stay until someone deletes them by hand',
    noDeleter:
      'no volume plugin of the controller manager can delete the storage of PersistentVolume {volume}: {error} → Failed (status.message says why) and a Warning VolumeFailedDelete Event; the volume and its data stay until someone deletes them by hand',
    deleted: 'the {plugin} deleter removed {path} → the storage is gone, and PersistentVolume {volume} is deleted too (pv-protection lets it go: it is not Bound)',
  },
  processPV: {
    finalizerRemoved: 'PersistentVolume {volume} is being deleted and is {phase}, not Bound → the finalizer kubernetes.io/pv-protection comes off; none left, the API server removes it',
  },
};
