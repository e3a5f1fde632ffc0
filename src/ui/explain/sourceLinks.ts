/**
 * Where each Explain function lives in the Kubernetes source the engine ports (v1.36.3), so a
 * decision links to the Go function it reproduces.
 */
export const KUBERNETES_SOURCE = 'https://github.com/kubernetes/kubernetes/blob/v1.36.3/pkg/controller/';

const FILES: Record<string, readonly string[]> = {
  'deployment/rolling.go': [
    'rolloutRolling',
    'reconcileNewReplicaSet',
    'reconcileOldReplicaSets',
    'cleanupUnhealthyReplicas',
    'scaleDownOldReplicaSetsForRollingUpdate',
  ],
  'deployment/sync.go': [
    'syncStatusOnly',
    'sync',
    'checkPausedConditions',
    'getAllReplicaSetsAndSyncRevision',
    'getNewReplicaSet',
    'scale',
    'scaleReplicaSet',
    'scaleReplicaSetAndRecordEvent',
    'cleanupDeployment',
    'syncDeploymentStatus',
    'calculateStatus',
    'isScalingEvent',
  ],
  'deployment/deployment_controller.go': ['syncDeployment', 'getReplicaSetsForDeployment'],
  'deployment/util/deployment_util.go': ['resolveFenceposts', 'newRSNewReplicas'],
  'deployment/progress.go': ['syncRolloutStatus', 'requeueStuckDeployment'],
  'deployment/recreate.go': [
    'rolloutRecreate',
    'scaleDownOldReplicaSetsForRecreate',
    'scaleUpNewReplicaSetForRecreate',
  ],
  'deployment/rollback.go': ['rollback'],
  'replicaset/replica_set.go': ['syncReplicaSet', 'manageReplicas', 'claimPods'],
  'replicaset/replica_set_utils.go': ['updateReplicaSetStatus', 'calculateStatus'],
  'daemon/daemon_controller.go': [
    'syncDaemonSet',
    'getDaemonPods',
    'manage',
    'syncNodes',
    'podsShouldBeOnNode',
    'updateDaemonSetStatus',
    'updateDaemonSet',
    'addNode',
    'updateNode',
    'deleteNode',
  ],
  'resourcequota/resource_quota_controller.go': ['syncResourceQuota'],
  'disruption/disruption.go': ['updatePdbStatus', 'failSafe'],
  'podautoscaler/replica_calculator.go': ['getResourceReplicas'],
  'podautoscaler/horizontal.go': [
    'normalizeDesiredReplicas',
    'normalizeDesiredReplicasWithBehaviors',
    'reconcileAutoscaler',
  ],
  'daemon/update.go': [
    'rollingUpdate',
    'updatedDesiredNodeCounts',
    'constructHistory',
    'cleanupHistory',
    'snapshot',
    'dedupCurHistories',
    'controlledHistories',
  ],
  // Two controllers name their sync syncService (the traffic feature's, endpointslice_controller.go,
  // and the legacy Endpoints controller's, endpoint/endpoints_controller.go); one fn gets one link,
  // so it points at the EndpointSlice controller, the one the traffic feature shows first.
  'endpointslice/endpointslice_controller.go': ['syncService'],
  'statefulset/stateful_set_control.go': [
    'updateStatefulSet',
    'updateStatefulSetAfterInvariantEstablished',
    'getStatefulSetRevisions',
    'truncateHistory',
    'processReplica',
    'processCondemned',
    'fixPodClaim',
  ],
  'history/controller_history.go': ['createControllerRevision'],
  'statefulset/stateful_set.go': ['syncStatefulSet', 'getPodsForStatefulSet', 'adoptOrphanRevisions'],
  'statefulset/stateful_pod_control.go': ['statefulPodControl'],
  // The simulated binder stands for the PersistentVolume controller's claim sync and binding.
  'volume/persistentvolume/pv_controller.go': [
    'syncBinder',
    'syncUnboundClaim',
    'syncBoundClaim',
    'syncVolume',
    'reclaimVolume',
    'deleteVolumeOperation',
  ],
  'volume/pvcprotection/pvc_protection_controller.go': ['processPVC'],
  'volume/pvprotection/pv_protection_controller.go': ['processPV'],
};

const BY_FN = new Map<string, string>();
for (const [file, fns] of Object.entries(FILES))
  for (const fn of fns) if (!BY_FN.has(fn)) BY_FN.set(fn, file);

const SCHEDULER = 'https://github.com/kubernetes/kubernetes/blob/v1.36.3/pkg/scheduler/';
const PROXY = 'https://github.com/kubernetes/kubernetes/blob/v1.36.3/pkg/proxy/';
const ENDPOINTSLICE_RECONCILER =
  'https://github.com/kubernetes/kubernetes/blob/v1.36.3/staging/src/k8s.io/endpointslice/reconciler.go';

/**
 * Functions outside pkg/controller: client-go's event recorder, admission, the kubelet's prober and
 * container stops, kube-scheduler, the EndpointSlice reconciler (staging k8s.io/endpointslice) and
 * kube-proxy (serviceRuleTarget is the REJECT/DROP choice of the iptables proxier's syncProxyRules;
 * the BoundedFrequencyRunner lives in pkg/proxy/runner since it left pkg/util/async).
 */
const ELSEWHERE: Record<string, string> = {
  eventCorrelate:
    'https://github.com/kubernetes/kubernetes/blob/v1.36.3/staging/src/k8s.io/client-go/tools/record/events_cache.go',
  // The scheduler's events.k8s.io recorder: series instead of a correlator (client/eventSeries.ts).
  eventSeries:
    'https://github.com/kubernetes/kubernetes/blob/v1.36.3/staging/src/k8s.io/client-go/tools/events/event_broadcaster.go',
  // etcd's lessor revokes the lease; which Events share one is the API server's leaseManager's choice.
  revokeExpiredLeases:
    'https://github.com/kubernetes/kubernetes/blob/v1.36.3/staging/src/k8s.io/apiserver/pkg/storage/etcd3/lease_manager.go',
  admit:
    'https://github.com/kubernetes/kubernetes/blob/v1.36.3/plugin/pkg/admission/namespace/autoprovision/admission.go',
  addPod: 'https://github.com/kubernetes/kubernetes/blob/v1.36.3/pkg/kubelet/prober/prober_manager.go',
  doProbe: 'https://github.com/kubernetes/kubernetes/blob/v1.36.3/pkg/kubelet/prober/worker.go',
  // A pod's init containers, one at a time before the app containers (kubelet/initContainers.ts).
  computePodActions:
    'https://github.com/kubernetes/kubernetes/blob/v1.36.3/pkg/kubelet/kuberuntime/kuberuntime_manager.go',
  killContainer:
    'https://github.com/kubernetes/kubernetes/blob/v1.36.3/pkg/kubelet/kuberuntime/kuberuntime_container.go',
  // A pod past spec.activeDeadlineSeconds (kubelet/activeDeadline.ts).
  activeDeadline: 'https://github.com/kubernetes/kubernetes/blob/v1.36.3/pkg/kubelet/active_deadline.go',
  // startContainer's generateContainerConfig fails in makeEnvironmentVariables (kubelet_pods.go).
  startContainer:
    'https://github.com/kubernetes/kubernetes/blob/v1.36.3/pkg/kubelet/kuberuntime/kuberuntime_container.go',
  // The volume manager's MountVolume operation (a ConfigMap or Secret volume), kubelet/volumeMounts.ts.
  generateMountVolumeFunc:
    'https://github.com/kubernetes/kubernetes/blob/v1.36.3/pkg/volume/util/operationexecutor/operation_generator.go',
  schedulePod: `${SCHEDULER}schedule_one.go`,
  findNodesThatFitPod: `${SCHEDULER}schedule_one.go`,
  prioritizeNodes: `${SCHEDULER}schedule_one.go`,
  selectHost: `${SCHEDULER}schedule_one.go`,
  handleSchedulingFailure: `${SCHEDULER}schedule_one.go`,
  // The binding cycle: PreBind's wait for a pod's provisioned volumes, and its failure (scheduler/bindingCycle.ts).
  preBind: `${SCHEDULER}framework/plugins/volumebinding/binder.go`,
  handleBindingCycleError: `${SCHEDULER}schedule_one.go`,
  runFilterPlugins: `${SCHEDULER}framework/runtime/framework.go`,
  postFilter: `${SCHEDULER}framework/plugins/defaultpreemption/default_preemption.go`,
  movePodsToActiveOrBackoffQueue: `${SCHEDULER}backend/queue/scheduling_queue.go`,
  activeQueue: `${SCHEDULER}backend/queue/active_queue.go`,
  evictPod: 'https://github.com/kubernetes/kubernetes/blob/v1.36.3/pkg/registry/core/pod/storage/eviction.go',
  reconcile: ENDPOINTSLICE_RECONCILER,
  reconcileByAddressType: ENDPOINTSLICE_RECONCILER,
  reconcileByPortMapping: ENDPOINTSLICE_RECONCILER,
  finalize: ENDPOINTSLICE_RECONCILER,
  categorizeEndpoints: `${PROXY}topology.go`,
  serviceRuleTarget: `${PROXY}iptables/proxier.go`,
  boundedFrequencyRunner: `${PROXY}runner/bounded_frequency_runner.go`,
  syncProxyRules: `${PROXY}iptables/proxier.go`,
  updateKubernetesService:
    'https://github.com/kubernetes/kubernetes/blob/v1.36.3/pkg/controlplane/controller/kubernetesservice/controller.go',
  podToEndpoint: 'https://github.com/kubernetes/endpointslice/blob/kubernetes-1.36.3/utils.go',
  orphanDependents:
    'https://github.com/kubernetes/kubernetes/blob/v1.36.3/pkg/controller/garbagecollector/garbagecollector.go',
  processDeletingDependentsItem:
    'https://github.com/kubernetes/kubernetes/blob/v1.36.3/pkg/controller/garbagecollector/garbagecollector.go',
  removeFinalizer:
    'https://github.com/kubernetes/kubernetes/blob/v1.36.3/pkg/controller/garbagecollector/operations.go',
  deleteAllContent:
    'https://github.com/kubernetes/kubernetes/blob/v1.36.3/pkg/controller/namespace/deletion/namespaced_resources_deleter.go',
  finalizeNamespace:
    'https://github.com/kubernetes/kubernetes/blob/v1.36.3/pkg/controller/namespace/deletion/namespaced_resources_deleter.go',
  syncNamespace:
    'https://github.com/kubernetes/kubernetes/blob/v1.36.3/pkg/controller/certificates/rootcacertpublisher/publisher.go',
  // The clients are not Kubernetes code: their page is the one on what pod termination means for traffic.
  trafficSecond: 'https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#pod-termination',
  trafficFailure: 'https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#pod-termination',
};

/** sourceUrl is the GitHub URL of the Kubernetes file holding `fn`, or null when unknown. */
export function sourceUrl(fn: string): string | null {
  const file = BY_FN.get(fn);
  return file ? `${KUBERNETES_SOURCE}${file}` : (ELSEWHERE[fn] ?? null);
}
