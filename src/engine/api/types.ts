/**
 * Kubernetes object shapes (apps/v1, core/v1) as plain JSON, the subset the simulator uses.
 * Field names and nesting follow the API exactly so real manifests go in and real-looking
 * objects come out. Optional fields stay optional: the API server defaults what it must
 * (see apiserver/defaults.ts) and everything else is omitted, as `kubectl get -o yaml` shows.
 *
 * State that is serialised (keyframes, share URLs) must never hold `undefined` values or
 * `Infinity`; absent fields are simply not present.
 */

import type { HorizontalPodAutoscaler, PodDisruptionBudget, ResourceQuota, Service } from './policyTypes.ts';
import type { Endpoints, EndpointSlice } from './discoveryTypes.ts';
import type { PersistentVolumeClaimObject, StatefulSet } from './statefulTypes.ts';

/** An int-or-string value: `3` or `"25%"` (apimachinery intstr.IntOrString). */
export type IntOrString = number | string;

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

export interface ObjectMeta {
  name: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  /** RFC 3339 with seconds, from the virtual clock (e.g. "2026-01-01T00:00:31Z"). */
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
}

export interface LabelSelectorRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  values?: string[];
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

export interface NodeSelectorRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Gt' | 'Lt';
  values?: string[];
}

export interface NodeSelectorTerm {
  matchExpressions?: NodeSelectorRequirement[];
  matchFields?: NodeSelectorRequirement[];
}

export interface NodeSelector {
  nodeSelectorTerms: NodeSelectorTerm[];
}

/** One weighted preferred node selector term (v1.PreferredSchedulingTerm). */
export interface PreferredSchedulingTerm {
  weight: number;
  preference: NodeSelectorTerm;
}

export interface NodeAffinity {
  requiredDuringSchedulingIgnoredDuringExecution?: NodeSelector;
  preferredDuringSchedulingIgnoredDuringExecution?: PreferredSchedulingTerm[];
}

/** v1.PodAffinityTerm: pods matching labelSelector (in namespaces) running in the same topologyKey domain. */
export interface PodAffinityTerm {
  labelSelector?: LabelSelector;
  namespaces?: string[];
  topologyKey: string;
  namespaceSelector?: LabelSelector;
  /** Label keys whose values the API server merges into labelSelector as `key In (value)` at pod creation. */
  matchLabelKeys?: string[];
  /** Label keys merged as `key NotIn (value)`. */
  mismatchLabelKeys?: string[];
}

export interface WeightedPodAffinityTerm {
  weight: number;
  podAffinityTerm: PodAffinityTerm;
}

export interface PodAffinity {
  requiredDuringSchedulingIgnoredDuringExecution?: PodAffinityTerm[];
  preferredDuringSchedulingIgnoredDuringExecution?: WeightedPodAffinityTerm[];
}

export interface Affinity {
  nodeAffinity?: NodeAffinity;
  podAffinity?: PodAffinity;
  podAntiAffinity?: PodAffinity;
}

/** v1.TopologySpreadConstraint. */
export interface TopologySpreadConstraint {
  maxSkew: number;
  topologyKey: string;
  whenUnsatisfiable: 'DoNotSchedule' | 'ScheduleAnyway';
  labelSelector?: LabelSelector;
  minDomains?: number;
  nodeAffinityPolicy?: 'Honor' | 'Ignore';
  nodeTaintsPolicy?: 'Honor' | 'Ignore';
  matchLabelKeys?: string[];
}

export type TaintEffect = 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';

export interface Taint {
  key: string;
  value?: string;
  effect: TaintEffect;
  timeAdded?: string;
}

export interface Toleration {
  key?: string;
  operator?: 'Exists' | 'Equal';
  value?: string;
  effect?: TaintEffect;
  tolerationSeconds?: number;
}

export interface ContainerPort {
  containerPort: number;
  name?: string;
  protocol?: string;
  /** The node's port the container port is bound to (the NodePorts filter checks it). */
  hostPort?: number;
  hostIP?: string;
}

/** Quantities by resource name (`cpu: 250m`, `memory: 64Mi`), as the API stores them. */
export type ResourceList = Record<string, string>;

/** v1.ResourceRequirements: what a container asks for (requests, what the scheduler counts) and may use (limits). */
export interface ResourceRequirements {
  limits?: ResourceList;
  requests?: ResourceList;
}

export interface Container {
  name: string;
  image: string;
  ports?: ContainerPort[];
  args?: string[];
  command?: string[];
  env?: { name: string; value?: string }[];
  resources?: ResourceRequirements;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  lifecycle?: Lifecycle;
  imagePullPolicy?: string;
}

/** The actions a probe or a lifecycle hook runs (core/v1 ProbeHandler, LifecycleHandler). */
export interface ExecAction {
  command?: string[];
}

export interface HTTPGetAction {
  path?: string;
  port: IntOrString;
  host?: string;
  scheme?: string;
  httpHeaders?: { name: string; value: string }[];
}

export interface TCPSocketAction {
  port: IntOrString;
  host?: string;
}

export interface GRPCAction {
  port: number;
  service?: string;
}

/** A probe (core/v1 Probe): one handler and its timing; the API server defaults the numbers. */
export interface Probe {
  exec?: ExecAction;
  httpGet?: HTTPGetAction;
  tcpSocket?: TCPSocketAction;
  grpc?: GRPCAction;
  initialDelaySeconds?: number;
  timeoutSeconds?: number;
  periodSeconds?: number;
  successThreshold?: number;
  failureThreshold?: number;
  terminationGracePeriodSeconds?: number;
}

/** A lifecycle hook's action (core/v1 LifecycleHandler). */
export interface LifecycleHandler {
  exec?: ExecAction;
  httpGet?: HTTPGetAction;
  tcpSocket?: TCPSocketAction;
  sleep?: { seconds: number };
}

export interface Lifecycle {
  postStart?: LifecycleHandler;
  preStop?: LifecycleHandler;
}

export interface PodSpec {
  containers: Container[];
  /** Run one after another before the containers: the pod requests the larger of their max and the containers' sum. */
  initContainers?: Container[];
  nodeName?: string;
  nodeSelector?: Record<string, string>;
  affinity?: Affinity;
  tolerations?: Toleration[];
  terminationGracePeriodSeconds?: number;
  hostNetwork?: boolean;
  restartPolicy?: string;
  schedulerName?: string;
  topologySpreadConstraints?: TopologySpreadConstraint[];
  /** Pod priority (from a PriorityClass); every pod here has 0 unless a manifest says otherwise. */
  priority?: number;
  preemptionPolicy?: 'PreemptLowerPriority' | 'Never';
}

export interface PodTemplateSpec {
  metadata?: Omit<ObjectMeta, 'name'> & { name?: string };
  spec: PodSpec;
}

export type PodPhase = 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown';

export type ConditionStatus = 'True' | 'False' | 'Unknown';

export interface PodCondition {
  type: 'PodScheduled' | 'Initialized' | 'ContainersReady' | 'Ready' | 'PodReadyToStartContainers' | 'DisruptionTarget';
  status: ConditionStatus;
  lastProbeTime?: string | null;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface ContainerState {
  waiting?: { reason?: string; message?: string };
  running?: { startedAt?: string };
  terminated?: { exitCode: number; signal?: number; reason?: string; message?: string; startedAt?: string; finishedAt?: string; containerID?: string };
}

/** A container's status, its keys in the API's field order (name, state, lastState, ready, …). */
export interface ContainerStatus {
  name: string;
  state: ContainerState;
  lastState?: ContainerState;
  ready: boolean;
  restartCount: number;
  /** The image as the runtime reports it: the spec's while it waits, normalized once created (`docker.io/library/nginx:1.25`). */
  image: string;
  /** The pulled image's digest reference; `""` until it is pulled (the schema requires the field). */
  imageID: string;
  /** `containerd://<64 hex>` of the container's latest run; absent before its first start. */
  containerID?: string;
  started?: boolean;
}

export interface PodStatus {
  phase?: PodPhase;
  conditions?: PodCondition[];
  containerStatuses?: ContainerStatus[];
  hostIP?: string;
  podIP?: string;
  podIPs?: { ip: string }[];
  nominatedNodeName?: string;
  startTime?: string;
  reason?: string;
  message?: string;
}

export interface Pod {
  apiVersion: 'v1';
  kind: 'Pod';
  metadata: ObjectMeta;
  spec: PodSpec;
  status?: PodStatus;
}

export interface NodeCondition {
  type: 'Ready' | 'MemoryPressure' | 'DiskPressure' | 'PIDPressure' | 'NetworkUnavailable';
  status: ConditionStatus;
  lastHeartbeatTime?: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface Node {
  apiVersion: 'v1';
  kind: 'Node';
  metadata: ObjectMeta;
  spec: { unschedulable?: boolean; taints?: Taint[] };
  status?: {
    capacity?: Record<string, string>;
    allocatable?: Record<string, string>;
    conditions?: NodeCondition[];
    /** Images present on the node (the ImageLocality score reads them). */
    images?: { names: string[]; sizeBytes?: number }[];
    addresses?: { type: 'InternalIP' | 'ExternalIP' | 'Hostname' | string; address: string }[];
    nodeInfo?: {
      kubeletVersion?: string;
      osImage?: string;
      kernelVersion?: string;
      containerRuntimeVersion?: string;
    };
  };
}

export interface RollingUpdateDeployment {
  maxUnavailable?: IntOrString;
  maxSurge?: IntOrString;
}

export interface DeploymentStrategy {
  type?: 'RollingUpdate' | 'Recreate' | string;
  rollingUpdate?: RollingUpdateDeployment;
}

export interface DeploymentSpec {
  replicas?: number;
  selector: LabelSelector;
  template: PodTemplateSpec;
  strategy?: DeploymentStrategy;
  minReadySeconds?: number;
  revisionHistoryLimit?: number;
  paused?: boolean;
  progressDeadlineSeconds?: number;
}

export type DeploymentConditionType = 'Available' | 'Progressing' | 'ReplicaFailure';

export interface DeploymentCondition {
  type: DeploymentConditionType;
  status: ConditionStatus;
  lastUpdateTime?: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface DeploymentStatus {
  observedGeneration?: number;
  replicas?: number;
  updatedReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  unavailableReplicas?: number;
  terminatingReplicas?: number;
  conditions?: DeploymentCondition[];
  collisionCount?: number;
}

export interface Deployment {
  apiVersion: 'apps/v1';
  kind: 'Deployment';
  metadata: ObjectMeta;
  spec: DeploymentSpec;
  status?: DeploymentStatus;
}

export interface ReplicaSetCondition {
  type: 'ReplicaFailure';
  status: ConditionStatus;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface ReplicaSetSpec {
  replicas?: number;
  minReadySeconds?: number;
  selector: LabelSelector;
  template: PodTemplateSpec;
}

export interface ReplicaSetStatus {
  replicas: number;
  fullyLabeledReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  terminatingReplicas?: number;
  observedGeneration?: number;
  conditions?: ReplicaSetCondition[];
}

export interface ReplicaSet {
  apiVersion: 'apps/v1';
  kind: 'ReplicaSet';
  metadata: ObjectMeta;
  spec: ReplicaSetSpec;
  status?: ReplicaSetStatus;
}

export interface RollingUpdateDaemonSet {
  maxUnavailable?: IntOrString;
  maxSurge?: IntOrString;
}

export interface DaemonSetUpdateStrategy {
  type?: 'RollingUpdate' | 'OnDelete' | string;
  rollingUpdate?: RollingUpdateDaemonSet;
}

export interface DaemonSetSpec {
  selector: LabelSelector;
  template: PodTemplateSpec;
  updateStrategy?: DaemonSetUpdateStrategy;
  minReadySeconds?: number;
  revisionHistoryLimit?: number;
}

export interface DaemonSetCondition {
  type: string;
  status: ConditionStatus;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface DaemonSetStatus {
  currentNumberScheduled: number;
  numberMisscheduled: number;
  desiredNumberScheduled: number;
  numberReady: number;
  observedGeneration?: number;
  updatedNumberScheduled?: number;
  numberAvailable?: number;
  numberUnavailable?: number;
  collisionCount?: number;
  conditions?: DaemonSetCondition[];
}

export interface DaemonSet {
  apiVersion: 'apps/v1';
  kind: 'DaemonSet';
  metadata: ObjectMeta;
  spec: DaemonSetSpec;
  status?: DaemonSetStatus;
}

export interface ControllerRevision {
  apiVersion: 'apps/v1';
  kind: 'ControllerRevision';
  metadata: ObjectMeta;
  /** The DaemonSet patch: `{ spec: { template: { ..., $patch: 'replace' } } }`. */
  data: { spec: { template: PodTemplateSpec & { $patch?: 'replace' } } };
  revision: number;
}

export interface ObjectReference {
  kind: string;
  namespace?: string;
  name: string;
  uid?: string;
  apiVersion?: string;
  resourceVersion?: string;
  /** The part of the object the Event is about: `spec.containers{web}` for a container's. */
  fieldPath?: string;
}

export interface Event {
  apiVersion: 'v1';
  kind: 'Event';
  metadata: ObjectMeta;
  involvedObject: ObjectReference;
  reason: string;
  message: string;
  type: 'Normal' | 'Warning';
  source?: { component: string; host?: string };
  firstTimestamp?: string;
  lastTimestamp?: string;
  count?: number;
}

/** A namespace (core/v1 Namespace): cluster-scoped; its name is a DNS-1123 label. */
export interface Namespace {
  apiVersion: 'v1';
  kind: 'Namespace';
  metadata: ObjectMeta;
  spec?: { finalizers?: string[] };
  status?: { phase?: 'Active' | 'Terminating' };
}

export type KubeObject =
  | Pod
  | Node
  | Deployment
  | ReplicaSet
  | DaemonSet
  | ControllerRevision
  | Event
  | Namespace
  | ResourceQuota
  | PodDisruptionBudget
  | HorizontalPodAutoscaler
  | Service
  | EndpointSlice
  | Endpoints

  | StatefulSet
  | PersistentVolumeClaimObject;

export type Kind = KubeObject['kind'];

export const KINDS: readonly Kind[] = [
  'Node',
  'Deployment',
  'ReplicaSet',
  'DaemonSet',
  'ControllerRevision',
  'Pod',
  'Event',
  'Namespace',
  // The policy kinds (api/policyTypes.ts).
  'ResourceQuota',
  'PodDisruptionBudget',
  'HorizontalPodAutoscaler',
  'Service',
  // Written by the endpoint controllers (api/discoveryTypes.ts), read by kube-proxy.
  'EndpointSlice',
  'Endpoints',
  // The StatefulSet and its claims (api/statefulTypes.ts).
  'StatefulSet',
  'PersistentVolumeClaim',
] as const;

/** Maps a kind to its object type, e.g. ObjectOf<'Pod'> is Pod. */
export type ObjectOf<K extends Kind> = Extract<KubeObject, { kind: K }>;

/** The watch event types of the API server (watch.EventType). */
export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';
