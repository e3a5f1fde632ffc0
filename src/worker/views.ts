/**
 * View models: the plain data the worker sends the UI in frames (re-exported by protocol.ts).
 * They hold what the panels show and nothing of the engine's internals, so src/ui and src/state
 * depend on these types only. Everything here is structured-clone friendly (no classes, no
 * functions, no undefined-valued keys).
 */
import type { EndpointState, TrafficSummary } from '../engine/traffic/types.ts';

// The traffic contract (DESIGN.md §15) is data the engine, the CLI and the page share as it is.
export type {
  EndpointState,
  TrafficOutcome,
  TrafficSecond,
  TrafficSummary,
} from '../engine/traffic/types.ts';

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
  | 'ErrImagePull';

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

export interface ReplicaSetView {
  name: string;
  namespace: string;
  /** The owning Deployment. */
  deployment: string;
  revision: number;
  desired: number;
  current: number;
  ready: number;
  available: number;
  /** Whether this is the Deployment's new ReplicaSet (template matches). */
  isNew: boolean;
}

export interface ConditionView {
  type: string;
  status: string;
  reason: string;
  message: string;
}

/** A StatefulSet claim (`www-web-2`) and its phase (Pending until its pod is scheduled, then Bound). */
export interface ClaimView {
  name: string;
  phase: string;
}

/** Where a StatefulSet pod stands against the set's revisions. */
export type OrdinalRevision = 'update' | 'current' | 'other';

/**
 * One ordinal of a StatefulSet as the Cluster panel lists it: its pod (if any) with its revision,
 * its claims (kept after the pod under whenScaled Retain), and for a missing pod under
 * OrderedReady the pod it waits for.
 */
export interface OrdinalView {
  ordinal: number;
  /** The pod's name (`web-2`), whether or not it exists now. */
  pod: string;
  /** The pod's phase, or null when no pod holds the ordinal. */
  phase: PodDisplayPhase | null;
  /** The pod's ControllerRevision number (0 when unknown or no pod). */
  revision: number;
  /** The pod's revision against status.updateRevision / currentRevision; null when no pod. */
  onRevision: OrdinalRevision | null;
  /** At or past start + replicas: being scaled away (or only its claim is left). */
  condemned: boolean;
  claims: ClaimView[];
  /** A missing wanted pod under OrderedReady: the lower ordinal it waits for and that pod's phase (null: missing too). */
  waitingFor: { pod: string; phase: PodDisplayPhase | null } | null;
}

/** What the page shows of a StatefulSet beyond a workload's common fields. */
export interface StatefulSetExtra {
  podManagementPolicy: string;
  /** updateStrategy.rollingUpdate.partition (0 when unset). */
  partition: number;
  ordinalStart: number;
  whenScaled: string;
  currentRevision: string;
  updateRevision: string;
  /** The ControllerRevision numbers of the two (0 when unknown). */
  currentRevisionNumber: number;
  updateRevisionNumber: number;
  /** The first ORDINAL_VIEW_LIMIT ordinals, lowest first. */
  ordinals: OrdinalView[];
  /** Ordinals left out past the limit. */
  more: number;
}

export interface WorkloadView {
  kind: 'Deployment' | 'DaemonSet' | 'StatefulSet';
  name: string;
  namespace: string;
  /** RollingUpdate / Recreate / OnDelete. */
  strategy: string;
  /** spec.replicas for a Deployment; desiredNumberScheduled for a DaemonSet. */
  replicas: number;
  /** As written: 3 or "25%"; null when the strategy has none. */
  maxSurge: number | string | null;
  maxUnavailable: number | string | null;
  /** Resolved against replicas (Deployment: surge rounds up, unavailable down; DaemonSet: both up). */
  resolvedSurge: number;
  resolvedUnavailable: number;
  minReadySeconds: number;
  progressDeadlineSeconds: number | null;
  revisionHistoryLimit: number;
  paused: boolean;
  /** Images of the template's containers, `name=image`. */
  images: string[];
  generation: number;
  observedGeneration: number;
  /** The status counters as kubectl shows them (names as in the API). */
  status: Record<string, number>;
  conditions: ConditionView[];
  /** `kubectl rollout status` message for it right now. */
  rolloutStatus: string;
  /** A StatefulSet's ordinals, revisions and policy (absent for other kinds). */
  statefulSet?: StatefulSetExtra;
}

export interface ExpectationView {
  controller: 'deployment' | 'replicaset' | 'daemonset';
  key: string;
  add: number;
  del: number;
  satisfied: boolean;
  /** Virtual seconds since the expectations were set. */
  age: number;
}

export interface QueueView {
  controller: 'deployment' | 'replicaset' | 'daemonset';
  /** Keys waiting, in order. */
  keys: string[];
  /** Keys with failures and their retry counts. */
  retries: { key: string; count: number }[];
}

export interface BackoffView {
  /** `<dsUID>/<generation>/<node>` as upstream keys it. */
  key: string;
  node: string;
  delaySeconds: number;
}

export interface DecisionView {
  fn: string;
  key: string;
  values: Record<string, number | string | boolean | null>;
  /** The English rendering (the UI may render fn/key/values in another language instead). */
  text: string;
}

/** One sentence of a tick's summary as data: a summary key and its named values. */
export interface SummaryNoteView {
  key: string;
  values: Record<string, number | string>;
}

/**
 * What a tick is (src/timeline/decisions.ts): a controller's decision, a retry after a Conflict,
 * a no-op sync, a requeue, an informer delivery, a user action, or another actor's step.
 */
export type TickKind = 'decision' | 'retry' | 'noop' | 'requeue' | 'delivery' | 'action' | 'other';

export interface TickView {
  tick: number;
  /** What the tick is; Explain folds all but decisions, actions and other actors' steps. */
  kind: TickKind;
  /** For a retry: the tick of the sync it repeats (same decisions), else null. */
  retryOf: number | null;
  /** Virtual seconds. */
  time: number;
  actor: string;
  key: string | null;
  /** The summary in English (the CLI's line). */
  summary: string;
  /** The same summary as notes, for the UI to render in the reader's language. */
  notes: SummaryNoteView[];
  decisions: DecisionView[];
  /** `ADDED ReplicaSet nginx-64f9d8d55d` lines, one per object write. */
  writes: string[];
}

/**
 * A RollingUpdate workload's resolved strategy at a point: replicas (a DaemonSet's desired node
 * count), maxSurge and maxUnavailable as its controller rounds them.
 */
export interface StrategyBand {
  replicas: number;
  surge: number;
  unavailable: number;
}

/** One sample of the chart: per ReplicaSet (or DaemonSet) counters at a tick. */
export interface SeriesPoint {
  tick: number;
  time: number;
  /** A ReplicaSet's counters carry its revision (the chart colours its line by it). */
  values: Record<
    string,
    { desired: number; current: number; ready: number; available: number; revision?: number }
  >;
  /** The band of each RollingUpdate workload (`Deployment/web`, `DaemonSet/agent`). */
  strategy: Record<string, StrategyBand>;
}

/** A user action on the timeline (chart marker). */
export interface ActionMarker {
  tick: number;
  time: number;
  /** The kubectl command, or the tick's summary in English. */
  label: string;
  /** The summary as notes (empty for a kubectl command), for the reader's language. */
  notes: SummaryNoteView[];
}

/** The `kubectl get <kind> -w` lines written up to the current tick, with the tick of each. */
export interface WatchLine {
  tick: number;
  text: string;
}

export type WatchKind = 'rs' | 'deploy' | 'ds' | 'sts' | 'pods';

/**
 * objectRef names a namespaced object in a request (setField's workload, a query's name) the way
 * a cache keys it: `payments/checkout-api`. A bare name means the default namespace.
 */
export function objectRef(o: { namespace: string; name: string }): string {
  return `${o.namespace}/${o.name}`;
}

/** splitRef reads an objectRef: `payments/checkout-api` → payments, checkout-api; `web` → default, web. */
export function splitRef(ref: string): { namespace: string; name: string } {
  const i = ref.indexOf('/');
  return i < 0 ? { namespace: 'default', name: ref } : { namespace: ref.slice(0, i), name: ref.slice(i + 1) };
}

/** namespaceFlag is the kubectl flag that names an object's namespace: none for default, ` -n payments` otherwise. */
export function namespaceFlag(namespace: string): string {
  return namespace === 'default' ? '' : ` -n ${namespace}`;
}

/**
 * A scripted action of the working scenario as the fork warning lists it: when it runs and what
 * it does (the kubectl line, the object an `apply` writes, the recorded API write, or the node change).
 */
export interface ActionView {
  /** Virtual seconds. */
  at: number;
  kubectl: string | null;
  /** `Deployment/web` for an `apply`. */
  apply: string | null;
  /** `PATCH /apis/apps/v1/namespaces/default/deployments/web` for a recorded API write. */
  request: string | null;
  node: { name: string; op: 'fault' | 'recover' | 'add' | 'remove' } | null;
}

/** A delay as the scenario writes it: seconds, or a uniform [min, max]. */
export type SecondsView = number | [number, number];

/** How the simulated kubelet runs an image (DESIGN.md §4 `cluster.images`), every field given. */
export interface ImageEffectiveView {
  pullSeconds: SecondsView;
  startSeconds: SecondsView;
  readySeconds: SecondsView;
  pull: 'ok' | 'fail';
  crash: boolean;
  ready: 'ok' | 'never';
  /** How long an `exec` or `httpGet` preStop hook runs (not shown by the editor, kept when it writes back). */
  preStopSeconds: SecondsView;
  /** The application (DESIGN.md §15): stop listening and exit at SIGTERM, or drain first (default exit). */
  onSigterm?: 'exit' | 'drain';
  /** How long one request takes, ms (default 20). */
  requestMs?: number;
  /** Requests per second one pod answers; above it HTTP 503 (default: no limit, null). */
  maxRps?: number | null;
}

/**
 * One row of the image behaviour editor: an image the scenario uses (in a pod template, a `set
 * image` or an `apply`), one it lists in `cluster.images`, or `default` (every other image).
 */
export interface ImageBehaviourView {
  image: string;
  /** Whether a workload or an action runs it (false: only listed in cluster.images). */
  used: boolean;
  /**
   * What the scenario writes for it (`cluster.images[image]`); {} when nothing. It may hold keys
   * the editor does not show (they are kept when the editor writes the image back).
   */
  spec: Partial<ImageEffectiveView> & { [key: string]: unknown };
  /** What the kubelet does with it: the spec over `default` over the built-in default. */
  effective: ImageEffectiveView;
}

/**
 * One rollout of the run (DESIGN.md §10, summary.ts): a Deployment or DaemonSet template change
 * (creation is revision 1) with its figures, and when the fewest pods were available.
 */
export interface RolloutView {
  workload: string;
  revision: string | null;
  startSeconds: number;
  endSeconds: number | null;
  durationSeconds: number | null;
  complete: boolean;
  progressDeadlineExceeded: boolean;
  replicas: number;
  minAvailable: number;
  maxPods: number;
  maxPodsWithTerminating: number;
  minAvailableSeconds: number;
  /** What the Service's callers saw during the rollout (DESIGN.md §15); absent when no traffic reached it. */
  traffic?: TrafficSummary;
}
