// The English sentences of the Explain records the StatefulSet controller's shell writes
// (statefulSetController.ts, statefulPodControl.ts) and the volume binder's; the plans' own are in
// explainCatalog.ts. engine/explain.ts registers them; src/i18n/explain.zh-CN.ts translates them.
import type { DecisionCatalog } from './explainCatalog.ts';

export const STATEFULSET_SHELL_DECISION_KEYS: DecisionCatalog = {
  syncStatefulSet: {
    deleted: 'StatefulSet {key} is gone: nothing to sync',
    staleCache:
      "not synced: the informer has delivered up to rv {seen}, not yet this controller's own write rv {resourceVersion} (StaleControllerConsistencyStatefulSet)",
    requeueAvailable: 'requeue in {afterMs} ms, when the next Ready pod has been Ready for minReadySeconds {minReadySeconds}',
  },
  getPodsForStatefulSet: {
    adopt: '{pod} had no controller and matches the selector and the name ({labels}): adopted, it counts as a replica from this sync (ClaimPods)',
    release: '{pod} is controlled by this StatefulSet but no longer matches its selector or name ({labels}): released, its ownerReference removed (ClaimPods)',
  },
  adoptOrphanRevisions: {
    adopt: 'ControllerRevision {revision} (#{number}) had no controller and matches the selector: adopted into this StatefulSet\'s history',
  },
  statefulPodControl: {
    claimOwners: '{pod}: {claims} claims get the owner references the retention policy wants',
  },
  syncBinder: {
    provisioning:
      'claim {claim} names node {node} (volume.kubernetes.io/selected-node: the scheduler chose it for a pod that mounts the claim) → the PV controller leaves its volume to the external provisioner {provisioner} (ExternalProvisioning), which starts making it on {node} (Provisioning) and is done in {seconds} s',
    bound: 'claim {claim} provisioned by the default StorageClass and Bound to {volume} ({storage}), made on {node}; the pod waiting in the scheduler\'s PreBind can now be bound',
  },
  syncUnboundClaim: {
    classNotFound:
      'claim {claim} names StorageClass {class}, which this cluster does not have (its one class is {known}): no provisioner can make its volume, so it binds immediately or never → ProvisioningFailed, it stays Pending and so does every pod that mounts it; synced again in {resyncSeconds} s',
    noClass:
      'claim {claim} sets storageClassName "": it wants a PersistentVolume made by hand, and there is none → FailedBinding, it stays Pending and so does every pod that mounts it; synced again in {resyncSeconds} s',
    volumeNotFound:
      'claim {claim} names its volume itself (spec.volumeName {volume}), and no such PersistentVolume exists → it stays Pending, without an Event, and so does every pod that mounts it (the scheduler counts a prebound claim as unbound immediate); synced again in {resyncSeconds} s',
    boundToVolume:
      'claim {claim} (class {class}) binds immediately, and the PersistentVolume {volume} ({storage}) is the smallest Available volume of that class offering its access modes and at least its request → both are Bound: the volume names the claim (claimRef), the claim the volume (volumeName)',
    volumeBoundElsewhere:
      'claim {claim} names the PersistentVolume {volume}, which is bound to {boundTo} → FailedBinding, it stays Pending and so does every pod that mounts it; synced again in {resyncSeconds} s',
    waitForFirstConsumer:
      'claim {claim} is of StorageClass {class}, whose volumeBindingMode is WaitForFirstConsumer, and no pod mounts it yet → WaitForFirstConsumer: its volume is made only once a pod that mounts it is scheduled, on that pod\'s node; it stays Pending, synced again in {resyncSeconds} s',
    waitForPodScheduled:
      'claim {claim} waits for its first consumer, and {pods} mounts it but is not scheduled yet → WaitForPodScheduled: the scheduler picks the node first, then the volume is made there; it stays Pending, synced again in {resyncSeconds} s',
  },
  syncBoundClaim: {
    lostReference:
      'claim {claim} is marked bound (pv.kubernetes.io/bind-completed) but names no volume → Lost, a phase it does not leave (ClaimLost); a pod that mounts it is not scheduled',
    volumeLost:
      'claim {claim} is marked bound (pv.kubernetes.io/bind-completed) to {volume}, and no such PersistentVolume exists → Lost, a phase it does not leave (ClaimLost); a pod that mounts it is not scheduled',
    misbound:
      'claim {claim} is marked bound to {volume}, but that volume is bound to {boundTo} → Lost, a phase it does not leave (ClaimMisbound); a pod that mounts it is not scheduled',
  },
  processPVC: {
    inUse: 'claim {claim} is being deleted, but pod {pod} is scheduled and mounts it → the finalizer kubernetes.io/pvc-protection stays, and so does the claim (Terminating)',
    finalizerRemoved: 'claim {claim} is being deleted and no scheduled pod mounts it → the finalizer kubernetes.io/pvc-protection comes off; none left, the API server removes it: {gone}',
    finalizerAdded: 'claim {claim} had no finalizer kubernetes.io/pvc-protection → added back (the admission plugin puts it on every new claim)',
  },
};
