/**
 * core/v1 Pod as plain JSON: containers and their ports, resources, probes and lifecycle hooks, the
 * pod spec and template, and the pod status with its conditions and container states. Split out
 * of types.ts, which re-exports them. Optional fields stay optional, as `kubectl get -o yaml`
 * shows them.
 */
import type { IntOrString, ObjectMeta } from './metaTypes.ts';
import type { EnvFromSource, EnvVar } from './configTypes.ts';
import type { Affinity, Toleration, TopologySpreadConstraint } from './schedulingTypes.ts';

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
  env?: EnvVar[];
  envFrom?: EnvFromSource[];
  resources?: ResourceRequirements;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  lifecycle?: Lifecycle;
  imagePullPolicy?: string;
  /** `Always` on an init container makes it a sidecar: started in its turn, then running beside the app containers. */
  restartPolicy?: string;
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
  /** A Job's deadline for its pods; a workload's template refuses it (validation). */
  activeDeadlineSeconds?: number;
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
  /** The init containers' statuses, in the spec's order (kubelet/initContainers.ts). */
  initContainerStatuses?: ContainerStatus[];
  containerStatuses?: ContainerStatus[];
  hostIP?: string;
  hostIPs?: { ip: string }[];
  /** Set by the API server when the pod is created (qos.GetPodQOS); served through conversion.ts. */
  qosClass?: 'BestEffort' | 'Burstable' | 'Guaranteed';
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
