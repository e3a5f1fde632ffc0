/**
 * What can happen in the simulated cluster, one event per tick (DESIGN.md §2).
 */
import type { WatchRecord } from '../apiserver/store.ts';

/** The controllers with a work queue in kube-controller-manager. */
export type ControllerName =
  | 'deployment'
  | 'replicaset'
  | 'daemonset'
  // The policy controllers: they only get keys when their objects exist.
  | 'resourcequota'
  | 'disruption'
  | 'horizontalpodautoscaler'
  // The endpoint controllers: they only get keys when Services exist.
  | 'endpointslice'
  | 'endpoint'
  // The StatefulSet controller and the volume binder: keys only when StatefulSets or claims exist.
  | 'statefulset'
  | 'persistentvolume-binder'
  // The PV controller's claim queue: keys only for claims that bind immediately (claimSync.ts).
  | 'persistentvolume-claims'
  // The claim protection controller: keys only when claims exist.
  | 'pvc-protection'
  // The PV controller's volume queue and the volume protection controller: keys only when PersistentVolumes exist.
  | 'persistentvolume-volumes'
  | 'pv-protection'
  // The namespace controller: keys only for namespaces being deleted.
  | 'namespace'
  // The root CA publisher: a key for each namespace added, and for a kube-root-ca.crt changed.
  | 'root-ca-cert-publisher';

export const CONTROLLER_NAMES: readonly ControllerName[] = [
  'deployment',
  'replicaset',
  'daemonset',
  'resourcequota',
  'disruption',
  'horizontalpodautoscaler',
  'endpointslice',
  'endpoint',
  'statefulset',
  'persistentvolume-binder',
  'persistentvolume-claims',
  'pvc-protection',
  'persistentvolume-volumes',
  'pv-protection',
  'namespace',
  'root-ca-cert-publisher',
];

/** The kubelet's steps for one pod. */
export type KubeletStep =
  | 'accept' // the kubelet sees the bound pod: Pending, ContainerCreating
  | 'mount' // the volume manager tries the volumes that failed to mount again
  | 'initStarted' // an init container's image is pulled and it runs
  | 'initExited' // an init container exits (0: the next one, or the app containers; else CrashLoopBackOff)
  | 'initPulled' // an init container's image cannot be pulled: ErrImagePull
  | 'initBackoff' // an init container's back-off is over: ImagePullBackOff, or the start again
  | 'pulled' // image pulled (or ErrImagePull)
  | 'started' // container running
  | 'ready' // readiness passed
  | 'crash' // container exited (CrashLoopBackOff)
  | 'backoffRetry' // back-off over: pull or start again
  | 'sigterm' // the preStop hook is over: SIGTERM to the containers
  | 'definitionChanged' // a container's image changed: kill it to start it again
  | 'definitionRestart' // the changed containers have exited: pull the new image, start again
  | 'deadline' // the pod's activeDeadlineSeconds may have passed: fail it and stop its containers
  | 'deadlineKilled' // the containers of a pod past its deadline have stopped
  | 'exited' // a container killed after a liveness or startup failure exited
  | 'terminated'; // graceful termination finished: the pod object is removed

export type SimEvent =
  /** The shared informer delivers one watch event to every controller's handlers; key is objectKey(rec.object). */
  | { type: 'deliver'; rec: WatchRecord; key: string }
  /** A controller's worker takes the next key from its queue and syncs it. */
  | { type: 'work'; controller: ControllerName }
  /** AddAfter / AddRateLimited: the key goes onto the queue now. */
  | { type: 'enqueue'; controller: ControllerName; key: string; at: number }
  /** The scheduler pops one pod from its queue and runs a scheduling cycle for it. */
  | { type: 'schedule'; podKey: string; uid: string }
  /** VolumeBinding's PreBind polls the claims whose volumes are being provisioned for the pod (checkBindings), once a second. */
  | { type: 'preBind'; podKey: string; uid: string }
  /** flushUnschedulablePodsLeftover: the pod waited 5 minutes in unschedulablePods since `since` (ms). */
  | { type: 'schedulerFlush'; podKey: string; uid: string; since: number }
  /** The kubelet moves one pod one step. */
  | { type: 'kubelet'; podKey: string; uid: string; step: KubeletStep }
  /** The kubelet's prober runs the pod's probes due now; `gen` must match the pod's (a later plan supersedes it). */
  | { type: 'probe'; podKey: string; uid: string; gen: number }
  /** The garbage collector deletes one dependent whose owner is gone. */
  | { type: 'gc'; kind: 'ReplicaSet' | 'Pod' | 'ControllerRevision' | 'PersistentVolumeClaim' | 'EndpointSlice'; key: string; ownerUid: string; foreground?: boolean }
  /** The garbage collector's turn on an owner deleted with `orphan` or `foregroundDeletion` (gcFinalizers.ts). */
  | { type: 'gcOwner'; kind: 'Deployment' | 'ReplicaSet' | 'DaemonSet' | 'StatefulSet' | 'Service'; key: string; uid: string }
  /** The node lifecycle controller evicts a pod from a NotReady node (NoExecute taint). */
  | { type: 'evict'; podKey: string; uid: string }
  /** The kubelet's node status update after its node's spec.unschedulable changed (kubelet/nodeSync.ts). */
  | { type: 'kubeletNodeStatus'; node: string }
  /** The node lifecycle controller's doNoScheduleTaintingPass for a node whose spec.unschedulable changed (kubelet/nodes.ts). */
  | { type: 'nodeTaints'; node: string }
  /** A user action of the scenario (index into SimConfig.actions). */
  | { type: 'action'; index: number }
  /** The shared informers' periodic resync: every Deployment, ReplicaSet and DaemonSet is enqueued. */
  | { type: 'resync' }
  /** PodGC (gcOrphaned): force-delete the pods still bound to a node that was deleted. */
  | { type: 'podgc'; node: string }
  /** One of the scenario's initial objects is created (index into SimConfig.objects). */
  | { type: 'init'; index: number }
  /** A running `kubectl drain` takes its next turn (retry an eviction, poll a pod): kubectl/drainProcess.ts. */
  | { type: 'drain'; id: number }
  /** kube-proxy's bounded-frequency runner fires: every node's rules are synced (proxy/kubeProxy.ts). */
  | { type: 'proxySync' }
  /** The API server's kubernetes Service loop runs (controller/kubernetesservice): one of its objects was written by someone else. */
  | { type: 'kubernetesService' }
  /** The clients' virtual second `second` is over: its counts are closed (traffic/). */
  | { type: 'traffic'; second: number }
  /** etcd's lessor: Event lease `id` expired, the Events still on it are deleted (--event-ttl; apiserver/eventLeases.ts). */
  | { type: 'eventLeaseExpiry'; id: number }
  /** The scheduler's event broadcaster's 6-minute pass while a series runs (client/eventSeries.ts). */
  | { type: 'eventSeries' };
