/**
 * Pod and node views (split out of views.ts, which re-exports them): how a pod chip is drawn, a
 * pod's row and detail with its conditions and endpoint state, and a node's row, for the cluster
 * canvas and the Pods and Nodes panels. Plain, structured-clone friendly data.
 */
import type { EndpointState } from '../engine/traffic/types.ts';
import type { DecisionView } from './explainViews.ts';

/** How a pod chip is drawn: the kubectl STATUS a person would see, refined by readiness. */
export type PodDisplayPhase =
  | 'Pending' // not scheduled yet
  | 'ContainerCreating'
  | 'RunningNotReady'
  | 'Ready' // Ready but not yet available (minReadySeconds)
  | 'Available'
  | 'Terminating'
  | 'Failed'
  | 'Succeeded'
  | 'CrashLoopBackOff'
  | 'ImagePullBackOff'
  | 'ErrImagePull'
  | 'CreateContainerConfigError'
  | 'Init' // an init container still to finish (kubectl's Init:i/n)
  | 'PodInitializing'; // the init containers done, an app container waiting to be made

export const POD_DISPLAY_PHASES: readonly PodDisplayPhase[] = [
  'Pending',
  'ContainerCreating',
  'RunningNotReady',
  'Ready',
  'Available',
  'Terminating',
  'Failed',
  'Succeeded',
  'CrashLoopBackOff',
  'ImagePullBackOff',
  'ErrImagePull',
  'CreateContainerConfigError',
  'Init',
  'PodInitializing',
];

export interface PodConditionView {
  type: string;
  status: string;
  /** Virtual seconds of lastTransitionTime, or null. */
  since: number | null;
  reason?: string;
}

export interface PodView {
  name: string;
  namespace: string;
  /** spec.nodeName, or null while unscheduled. */
  node: string | null;
  phase: PodDisplayPhase;
  /** The owning ReplicaSet's revision, or the DaemonSet ControllerRevision's; 0 when unknown. */
  revision: number;
  /** `ReplicaSet/nginx-64f9d8d55d` or `DaemonSet/fluentd`. */
  owner: string;
  /** The workload (Deployment or DaemonSet) name the pod belongs to. */
  workload: string;
  /** pod-template-hash or controller-revision-hash. */
  hash: string;
  image: string;
  restarts: number;
  /** Virtual seconds of creationTimestamp. */
  created: number;
  /**
   * Where it stands as an endpoint when a Service selects it (the chip's badge): set by the page
   * from FrameView.podEndpoints (endpointCodes.ts), never sent as a field.
   */
  endpointState?: EndpointState;
}

/**
 * PodDetailView is one pod as its details dialog shows it: its view plus labels and conditions.
 * Frames leave these two out (a `pod` query brings them): at 1,000 pods they were two thirds of a
 * frame's bytes, ~8 ms of the main thread's time to read each full frame.
 */
export interface PodDetailView extends PodView {
  /** kubectl get pods' STATUS column (`Init:0/1`, `ContainerCreating`, `Running` …). */
  status: string;
  labels: Record<string, string>;
  conditions: PodConditionView[];
  /** Where it stands as an endpoint of the Services selecting it (DESIGN.md §15); null: none selects it. */
  endpoint?: PodEndpointView | null;
}

/** A pod's endpoint state with the Service whose slice says so and the reason (null: in no slice). */
export interface PodEndpointView {
  state: EndpointState;
  /** "namespace/name" of the Service. */
  service: string;
  why: DecisionView | null;
}

export interface NodeView {
  name: string;
  ready: boolean;
  unschedulable: boolean;
  /** `key=value:Effect` strings. */
  taints: string[];
  labels: Record<string, string>;
  /** Pods bound to the node (terminating included). */
  podCount: number;
  /** What the node offers pods (status.allocatable): cpu in millicores, memory in bytes, a pod count. */
  allocatable: { cpuMilli: number; memoryBytes: number; pods: number };
  /** The requests of the pods bound to it, terminating ones included: what the scheduler counts. */
  requested: { cpuMilli: number; memoryBytes: number };
}
