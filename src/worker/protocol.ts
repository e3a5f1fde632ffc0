/**
 * The typed, versioned messages between the main thread and the simulation worker.
 * Both sides import this file; the UI and the stores take every engine fact from these types and
 * never import src/engine themselves (DESIGN.md §1). Bump PROTOCOL_VERSION when a message changes shape.
 *
 * - Requests (main → worker) carry an `id`; the worker answers each with one `reply` of that id.
 * - The worker pushes `frame`s (what the panels show at the current tick, at most one per
 *   ~16 ms; while playing, one per 50 ms with aggregates every 250 ms), `scenario` (the working scenario changed: a load or a fork) and `fault` (an engine
 *   exception or a message it could not read without an id).
 * - Every message is checked on arrival (isWorkerRequest in protocolChecks.ts, isWorkerMessage in messageChecks.ts);
 *   a malformed one is answered with an error, never acted on.
 */
import type {
  ActionMarker,
  ActionView,
  ImageBehaviourView,
  BackoffView,
  ExpectationView,
  NodeView,
  PodDetailView,
  PodView,
  QueueView,
  ReplicaSetView,
  RolloutView,
  SeriesPoint,
  TickView,
  TrafficSecond,
  WatchKind,
  WatchLine,
  WorkloadView,
} from './views.ts';
import type { DecisionView } from './views.ts';
import type { Lesson } from '../lessons/format.ts';

export type { Follow } from '../timeline/decisions.ts';
export { FOLLOWS } from '../timeline/decisions.ts';
export type { Lesson } from '../lessons/format.ts';

/** PROTOCOL_VERSION is the version of the message shapes below (9: packed pod names may be bytes). */
export const PROTOCOL_VERSION = 9;

export * from './views.ts';

/**
 * PackedPods: the pods of a big cluster (> 1,000) as parallel typed arrays, for a canvas.
 * Pod i is line i of `names` on node `nodeNames[node[i]]` (-1: unscheduled), drawn as
 * POD_DISPLAY_PHASES[phase[i]], with revision `revision[i]` of workload `workloadNames[workload[i]]`.
 * The names travel as one string, one name a line: a string is copied whole, where 5,000 strings
 * in an array cost the main thread about 5 ms to clone (TOOLCHAIN.md §6), and the names are read
 * only when a reader clicks a pod. From a finished recording they travel as that text's ASCII
 * bytes (a Uint8Array, transferred: no copy), cut from all the names joined once, where building
 * the string took 0.82 ms of a 10,000-replica seek (podName decodes them when a name is asked).
 */
export interface PackedPods {
  count: number;
  node: Int32Array;
  phase: Uint8Array;
  revision: Int32Array;
  workload: Int32Array;
  names: string | Uint8Array;
  nodeNames: string[];
  workloadNames: string[];
  /**
   * Per pod, its endpoint state's code (worker/endpointIndex.ts: 0 no Service selects it, 1 none,
   * 2 serving-terminating, 3 ready); absent when the scenario has no Service at the tick.
   */
  endpoint?: Uint8Array;
}

/** PackedPodsWire: PackedPods as sent; `names` is null when it equals the last sent (same namesVersion). */
export interface PackedPodsWire extends Omit<PackedPods, 'names'> {
  names: string | Uint8Array | null;
  namesVersion: number;
}

/** Pods travel as PodView objects up to this many, always (DESIGN.md §7; TOOLCHAIN.md §6). */
export const POD_VIEW_LIMIT = 1000;
/**
 * Pods travel packed above this many, and stay packed down to POD_VIEW_LIMIT + 1. The 200-pod
 * band is hysteresis: a 1,000-replica rollout swings between 1,000 and 1,250 pods, and switching
 * the cluster between chips and canvases at each crossing of one line would flicker.
 */
export const POD_PACK_ABOVE = 1200;

/** A built-in scenario as the gallery lists it: its English name and lesson, and translations. */
export interface PresetSummary {
  id: string;
  name: string;
  description: string;
  /** The name and lesson by UI language (`zh-CN`); English is name / description. */
  translations?: Record<string, { name: string; description: string }>;
}

export * from './protocolRequests.ts';

/** What a successful reply carries. */
export type ReplyResult =
  | {
      kind: 'hello';
      protocolVersion: number;
      /** The Kubernetes release the engine reproduces, e.g. `v1.36.3`. */
      kubernetesVersion: string;
      engineFormatVersion: number;
      presets: PresetSummary[];
      /** The preset the app opens with. */
      defaultPresetId: string;
    }
  | { kind: 'done' }
  /** kubectl output, a query's text, an import note. */
  | { kind: 'text'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'ticks'; ticks: TickView[] }
  /** A `pod` query: the pod's details at the current tick, or null when it does not exist then. */
  | { kind: 'pod'; pod: PodDetailView | null }
  /** forkPreview: the actions a change would drop, in time order. */
  | { kind: 'actions'; actions: ActionView[] }
  /** Where stepDecision went: the tick, or null when there is no such decision that way. */
  | { kind: 'tick'; tick: number | null }
  | { kind: 'lessonPoints'; points: LessonPointView[] };

/** A lesson step placed in the run (src/lessons/resolve.ts), with the formula as Explain lines. */
export interface LessonPointView {
  tick: number | null;
  answer: number | string | boolean | null;
  formula: DecisionView[];
  problem: string | null;
}

export type ReplyMessage =
  | { type: 'reply'; id: number; ok: true; result: ReplyResult }
  | { type: 'reply'; id: number; ok: false; error: string };

/** Chart, watch and marker data recorded since the last frame (or all of it when `reset`). */
export interface DerivedDelta {
  reset: boolean;
  series: SeriesPoint[];
  markers: ActionMarker[];
  watch: Record<WatchKind, WatchLine[]>;
  /** The run summary of every rollout when it changed since the last delta (null or absent: unchanged). */
  rollouts?: RolloutView[] | null;
  /** Every Service's traffic lines recorded since the last delta, in second order (absent: none). */
  traffic?: TrafficSecond[];
}

/** The aggregates of a full frame: everything the panels show at the tick. */
export interface FrameView {
  nodes: NodeView[];
  /** Every pod while they travel as views (at most POD_VIEW_LIMIT, up to POD_PACK_ABOVE); [] when packed. */
  pods: PodView[];
  /** Per pod of `pods`, its endpoint code (as PackedPods.endpoint); absent without a Service. */
  podEndpoints?: Uint8Array;
  workloads: WorkloadView[];
  replicaSets: ReplicaSetView[];
  expectations: ExpectationView[];
  queues: QueueView[];
  backoffs: BackoffView[];
  tickView: TickView | null;
  /** The last ~50 ticks up to the current one, newest last. */
  recentTicks: TickView[];
}

/** Where recording stands: still going, or why it stopped. */
export type RecordingState = 'recording' | 'done' | 'until' | 'cap' | 'stalled' | 'error';
export const RECORDING_STATES: readonly RecordingState[] = [
  'recording',
  'done',
  'until',
  'cap',
  'stalled',
  'error',
];

export interface FrameMessage {
  type: 'frame';
  tick: number;
  totalTicks: number;
  /** Virtual seconds at the tick and at the end of the recording. */
  time: number;
  endTime: number;
  /**
   * Virtual seconds of the last recorded tick that changed an object (Events aside): where the run
   * really ends. A run is recorded up to 600 s past its last action, and a Deployment's re-check
   * ~600 s later writes nothing; the time readout ends here (0 before any change).
   */
  lastChangeTime: number;
  playing: boolean;
  speed: number;
  recording: RecordingState;
  /** Why recording stopped early, in words (tick cap, engine error), or null. */
  recordingNote: string | null;
  podCount: number;
  /** The pods packed, above POD_PACK_ABOVE and down to POD_VIEW_LIMIT + 1 (transferred). */
  packed: PackedPodsWire | null;
  /** Null in the light frames of fast playback (aggregates go a few times a second). */
  view: FrameView | null;
  derived: DerivedDelta | null;
}

export interface ScenarioMessage {
  type: 'scenario';
  /**
   * Why it changed: loaded (preset, link, import, restart), forked by a change after tick 0, or
   * edited (a manifest at tick 0, the image behaviours, an import added before the run), or
   * changed by the served session the page follows live.
   */
  cause: 'load' | 'fork' | 'edit' | 'live';
  name: string;
  description: string;
  /** The working scenario as YAML. */
  text: string;
  /** `#v1.…` of the scenario (without `&t=` or `&lang=`). */
  shareHash: string;
  presetId: string | null;
  /** The scenario's workloads as written, with Kubernetes' defaults: what the Controls edit at tick 0. */
  workloads: WorkloadView[];
  /** The images it uses and their behaviour (the image behaviour editor's rows). */
  images: ImageBehaviourView[];
  /** The scenario's lesson, or null. */
  lesson: Lesson | null;
}

/** An engine exception or an unreadable message; the last good state stays on screen. */
export interface FaultMessage {
  type: 'fault';
  message: string;
  tick: number | null;
}

/** Every message the worker sends to the main thread. */
export type WorkerMessage = ReplyMessage | FrameMessage | ScenarioMessage | FaultMessage;
