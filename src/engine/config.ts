/**
 * SimConfig: what the engine runs, with every scenario default already applied.
 * src/scenario parses and validates scenario files (DESIGN.md §4) and turns them into this;
 * the engine itself never parses YAML or checks field paths.
 */
import type { PolicyObject } from './api/policyTypes.ts';
import type { DaemonSet, Deployment, Namespace, Pod, ReplicaSet, Taint } from './api/types.ts';
import type { StatefulSet } from './api/statefulTypes.ts';
import type { PersistentVolumeObject } from './api/volumeTypes.ts';

/** A delay in virtual seconds: fixed, or drawn uniformly from [min, max] with the engine PRNG. */
export type SecondsSpec = number | [number, number];

/** How the simulated kubelet runs one image (DESIGN.md §4 `cluster.images`). */
export interface ImageBehaviour {
  pullSeconds: SecondsSpec;
  startSeconds: SecondsSpec;
  readySeconds: SecondsSpec;
  /** How long the image runs as an init container before it exits 0 (absent: 1 s). */
  runSeconds?: SecondsSpec;
  /** `fail`: ErrImagePull then ImagePullBackOff, never Ready. */
  pull: 'ok' | 'fail';
  /** The container starts, exits and goes to CrashLoopBackOff with back-off. */
  crash: boolean;
  /** `never`: Running, readiness never passes. */
  ready: 'ok' | 'never';
  /** How long the image's preStop hook runs when it is an `exec` or `httpGet` hook (a `sleep` hook says its own). */
  preStopSeconds: SecondsSpec;
  /** The application at SIGTERM (DESIGN.md §15): `exit` (absent) or `drain`. Only the clients read it. */
  onSigterm?: 'exit' | 'drain';
  /** Time to answer one request, ms (absent: 20). */
  requestMs?: number;
  /** Requests per second one pod answers before HTTP 503 (absent: no limit). */
  maxRps?: number;
}

/** What a node offers to pods (DESIGN.md §9): quantities as written (`"4"`, `"16Gi"`), pods a count. */
export interface NodeAllocatable {
  cpu: string;
  memory: string;
  pods: number;
}

export interface NodeConfig {
  name: string;
  labels: Record<string, string>;
  taints: Taint[];
  unschedulable: boolean;
  /** The pods allocatable (kubelet --max-pods); `allocatable.pods` wins when both are given. */
  maxPods: number;
  /** cpu / memory / pods allocatable (and capacity); DEFAULT_ALLOCATABLE when absent. */
  allocatable?: NodeAllocatable;
  /** Images the node already holds (node.status.images), for the ImageLocality score. */
  images?: { names: string[]; sizeBytes?: number }[];
}

/** One user action at a virtual time (seconds from the start). */
import type { ApiRequest } from './apiserver/rest/write.ts';

export type SimAction =
  | { at: number; kubectl: string }
  | { at: number; apply: Deployment | DaemonSet | StatefulSet | ReplicaSet | Namespace | PolicyObject | Pod | PersistentVolumeObject | Record<string, unknown> }
  | { at: number; node: { name: string; ready?: boolean; remove?: boolean; add?: Partial<NodeConfig> } }
  | { at: number; request: ApiRequest };

/**
 * One step of `cluster.load` (DESIGN.md §9): from `at` seconds on, each running pod of the
 * workload uses `cpuMilli` of CPU (what metrics-server would report), until the next step.
 */
export interface LoadStep {
  at: number;
  /** `deployment/NAME` (namespace default) or `deployment/NAMESPACE/NAME`. */
  workload: string;
  cpuMilli: number;
}

/**
 * One step of `cluster.traffic` (DESIGN.md §15): from `at` seconds on, clients on `node` send
 * `rps` evenly spaced requests per second to the Service's port, until the next step for it.
 */
export interface TrafficStep {
  at: number;
  /** "NAMESPACE/NAME". */
  service: string;
  rps: number;
  node: string;
  keepAlive: boolean;
  /** The Service port (number or name); undefined: the first. */
  port?: number | string;
}

export interface SimConfig {
  seed: number;
  nodes: NodeConfig[];
  /** Behaviour per image reference; `default` applies to images not listed. */
  images: Record<string, ImageBehaviour>;
  /** How long an application takes to exit after SIGTERM (the pod's grace period still ends it with SIGKILL). */
  terminationSeconds: number;
  watchDelaySeconds: number;
  objects: (Deployment | DaemonSet | StatefulSet | ReplicaSet | Namespace | PolicyObject | Pod | PersistentVolumeObject)[];
  actions: SimAction[];
  /** CPU load steps for the autoscaler; absent or empty: every pod uses nothing. */
  load?: LoadStep[];
  /** Client traffic steps (DESIGN.md §15); absent or empty: no clients, and the engine runs as without them. */
  traffic?: TrafficStep[];
}

export const DEFAULT_IMAGE_BEHAVIOUR: ImageBehaviour = {
  pullSeconds: 1,
  startSeconds: 1,
  readySeconds: [1, 4],
  pull: 'ok',
  crash: false,
  ready: 'ok',
  preStopSeconds: 0,
};

/** Default maxPods of a node (kubelet default). */
export const DEFAULT_MAX_PODS = 110;

/** A node's allocatable when the scenario says nothing (DESIGN.md §9). */
export const DEFAULT_ALLOCATABLE: NodeAllocatable = { cpu: '4', memory: '16Gi', pods: DEFAULT_MAX_PODS };
