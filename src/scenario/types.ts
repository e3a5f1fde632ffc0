/**
 * The scenario file, version 1 (DESIGN.md §4): what presets, share URLs, the CLI and the tests
 * describe a run with. A Scenario keeps what the author wrote; toSimConfig applies the defaults.
 * Key order of every interface below is the order §4 prints, and scenarioToYaml keeps it.
 */
import type { PersistentVolumeObject } from '../engine/api/volumeTypes.ts';
import type { PolicyObject } from '../engine/api/policyTypes.ts';
import type { Lesson } from '../lessons/format.ts';
import type { DaemonSet, Deployment, Namespace, Pod, ReplicaSet, Taint } from '../engine/api/types.ts';
import type { StatefulSet } from '../engine/api/statefulTypes.ts';

/** A delay in virtual seconds: fixed, or drawn uniformly from [min, max]. */
export type SecondsSpec = number | [number, number];

/** How the simulated kubelet runs one image; omitted fields fall back to `images.default`. */
export interface ImageSpec {
  pullSeconds?: SecondsSpec;
  startSeconds?: SecondsSpec;
  readySeconds?: SecondsSpec;
  /** `fail`: ErrImagePull, then ImagePullBackOff; never Ready. */
  pull?: 'fail';
  /** The container starts, exits and goes to CrashLoopBackOff with back-off. */
  crash?: boolean;
  /** `never`: Running, but readiness never passes. */
  ready?: 'never';
  /**
   * How long a container of the image runs before it exits 0 when it is an init container (a
   * migration, a wait for a database): the next init container, or the app containers, start
   * then. Default 1. Regular containers ignore it: they run until they are stopped.
   */
  runSeconds?: SecondsSpec;
  /** How long an `exec` or `httpGet` preStop hook of the image runs (a `sleep` hook says its own). Default 0. */
  preStopSeconds?: SecondsSpec;
  /**
   * The application at SIGTERM (DESIGN.md §15): `exit` (default) stops listening and exits at
   * once; `drain` stops listening, finishes its in-flight requests and closes idle connections.
   */
  onSigterm?: 'exit' | 'drain';
  /** How long the application takes to answer one request, in ms. Default 20. */
  requestMs?: number;
  /** Requests per second one pod answers; above it, HTTP 503. Default: no limit. */
  maxRps?: number;
}

/**
 * What a node offers pods (DESIGN.md §9): cpu and memory as Kubernetes quantities (`"4"`, `"500m"`,
 * `"16Gi"`), pods a count. Defaults cpu 4, memory 16Gi, pods 110; capacity is the same.
 */
export interface AllocatableSpec {
  cpu?: string | number;
  memory?: string | number;
  pods?: number;
}

/** One node of `cluster.nodes` when it is a list. */
export interface NodeSpec {
  name: string;
  labels?: Record<string, string>;
  taints?: Taint[];
  unschedulable?: boolean;
  maxPods?: number;
  allocatable?: AllocatableSpec;
}

/**
 * One step of `cluster.traffic` (DESIGN.md §15): from `at` seconds on, clients on `node` send
 * `rps` requests per second to the Service (until the next step for it; `rps: 0` stops them).
 */
export interface TrafficSpec {
  at: number;
  /** `NAME` (namespace default) or `NAMESPACE/NAME` of a Service of the scenario. */
  service: string;
  rps: number;
  /** The client node, whose kube-proxy rules route the requests. Default: the first node. */
  node?: string;
  /** Reuse connections (HTTP keep-alive): conntrack keeps them on their pod. Default false. */
  keepAlive?: boolean;
  /** The Service port (number or name). Default: its first port. */
  port?: number | string;
}

/** One step of `cluster.load` (DESIGN.md §9): each pod's CPU use from `at` seconds on. */
export interface LoadSpec {
  at: number;
  /** `deployment/NAME` (namespace default) or `deployment/NAMESPACE/NAME`. */
  workload: string;
  /** A CPU quantity: `250m`, `0.5`. */
  cpu: string;
}

export interface ClusterSpec {
  /** A count (node-1 … node-N) or a list of nodes. Default 3. */
  nodes?: number | NodeSpec[];
  /** Defaults for every node the scenario makes (counted, listed or added by an action) that does not say otherwise. */
  nodeDefaults?: NodeAddSpec;
  /** Behaviour per image reference; `default` applies to images not listed. */
  images?: Record<string, ImageSpec>;
  /**
   * How long the application takes to exit after SIGTERM, in seconds (the pod's grace period
   * still ends it with SIGKILL). Default 1.
   */
  terminationSeconds?: number;
  /** CPU load steps for the HorizontalPodAutoscaler; none: every pod idles. */
  load?: LoadSpec[];
  /** Client request rates per Service (DESIGN.md §15); none: no traffic. */
  traffic?: TrafficSpec[];
}

export interface ControllerSpec {
  /** How long after a store write a controller's informer cache sees it. Default 0.05 s. */
  watchDelaySeconds?: number;
}

/** A workload manifest: a real apps/v1 Deployment, DaemonSet or StatefulSet. */
export type Workload = Deployment | DaemonSet | StatefulSet;

/**
 * Anything `objects` and `apply` take: a workload, a v1 Namespace, or a ResourceQuota,
 * PodDisruptionBudget, HorizontalPodAutoscaler or Service.
 */
export type ScenarioObject = Workload | Namespace | PolicyObject | Pod | PersistentVolumeObject | ReplicaSet;

/** What a node action adds: a new node with these properties. */
export interface NodeAddSpec {
  labels?: Record<string, string>;
  taints?: Taint[];
  unschedulable?: boolean;
  maxPods?: number;
  allocatable?: AllocatableSpec;
}

/** A node fault or change. Exactly one of ready, remove, add. */
export interface NodeActionSpec {
  name: string;
  /** false: the node goes NotReady; true: it recovers. */
  ready?: boolean;
  /** The node leaves the cluster. */
  remove?: true;
  /** A new node joins the cluster. */
  add?: NodeAddSpec;
}

/**
 * One write a client sent to the served Kubernetes API (`npm run serve --record`), replayed as
 * the API server handled it: the method, the path with its query, the body's media type and
 * the decoded JSON body.
 */
export interface RequestSpec {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  contentType?: string;
  body?: unknown;
}

/** A user action at virtual seconds from the start. Exactly one of kubectl, apply, node, request. */
export type Action =
  | { at: number; kubectl: string }
  | { at: number; apply: ScenarioObject }
  | { at: number; node: NodeActionSpec }
  | { at: number; request: RequestSpec };

export interface Scenario {
  version: 1;
  name: string;
  description?: string;
  /** PRNG seed, an integer in [0, 2³²). Default 1. */
  seed?: number;
  cluster?: ClusterSpec;
  controller?: ControllerSpec;
  objects: ScenarioObject[];
  actions?: Action[];
  /** A lesson over this scenario (src/lessons/format.ts); it changes nothing in the run. */
  lesson?: Lesson;
}

/** The outcome of parsing or validating: the value, or errors (the first is what the UI shows). */
export type Result<T> = { ok: true; value: T } | { ok: false; errors: string[] };

/** ok wraps a value in a successful Result. */
export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** fail wraps one or more messages in a failed Result. */
export function fail<T>(...errors: string[]): Result<T> {
  return { ok: false, errors };
}

/** The scenario file version this build reads and writes. */
export const SCENARIO_VERSION = 1;

/** Limits that keep the page responsive; each message that enforces one states it. */
export const LIMITS = {
  /** spec.replicas of one workload (and `kubectl scale --replicas`). */
  replicasPerWorkload: 5000,
  /** Nodes in the cluster at any time, counting nodes added by actions. */
  nodes: 2000,
  actions: 10_000,
  /** Scenario text, and a share URL's payload after decompression: 1 MiB. */
  textBytes: 1024 * 1024,
  /** Nesting depth of any value in a scenario; real manifests stay below 20. */
  depth: 64,
  /** Longest delay an image may declare: one virtual day. */
  seconds: 86_400,
} as const;
