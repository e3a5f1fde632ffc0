import type { StateCreator } from 'zustand/vanilla';
import type {
  ActionMarker,
  PresetSummary,
  RecordingState,
  BackoffView,
  ExpectationView,
  NodeView,
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
} from '../worker/protocol.ts';
import type { LinkProblem } from '../scenario/linkProblems.ts';

/**
 * A banner's message: plain text, or a UI message key (`link.*`) with its values, so it is shown
 * in the reader's language; `problem` is why a link did not open (its text fills `{{reason}}`).
 */
export type ScenarioMessage =
  | string
  | { key: string; values?: Record<string, string>; problem?: LinkProblem };

/** Where the simulation is: nothing loaded, loading a scenario, running, or broken. */
export type SimStatus = 'idle' | 'loading' | 'ready' | 'error';

/** One line of the kubectl console: what was typed and what came back. */
export interface ConsoleEntry {
  input: string;
  output: string;
  ok: boolean;
  tick: number;
}

/** The plain data of the simulation mirror (what the worker's frames carry), without setters. */
export interface SimData {
  simStatus: SimStatus;
  /** An engine exception or a bad message, with the tick it happened at when known. */
  simError: { message: string; tick: number | null } | null;
  scenarioName: string;
  scenarioDescription: string;
  /** The working scenario as YAML (what the share URL and autosave hold). */
  scenarioText: string;
  presetId: string | null;
  /** The built-in scenarios (from the worker's hello). */
  presets: PresetSummary[];
  /** The preset the app opens with and falls back to. */
  defaultPresetId: string;
  /** `#v1.…` of the working scenario (without `&t=` / `&lang=`); '' before one loads. */
  shareHash: string;
  /** Bumped each time the working scenario changes; `scenarioCause` says how. */
  scenarioRevision: number;
  scenarioCause: 'load' | 'fork' | 'edit' | 'live' | null;
  /** A visible banner, e.g. a share link that could not be opened. */
  scenarioMessage: ScenarioMessage | null;
  /** The current tick; 0 is before the first. */
  tick: number;
  /**
   * The tick of the last frame the worker sent, written with a frame's last stage: `tick` moves at
   * once when the user seeks, this only when every panel shows that tick (end-to-end tests wait on it).
   */
  frameTick: number;
  /** Ticks recorded so far. */
  totalTicks: number;
  /** Virtual seconds at the current tick. */
  time: number;
  /** Virtual seconds at the last recorded tick. */
  endTime: number;
  /** Virtual seconds of the last tick that changed an object: where the run really ends. */
  lastChangeTime: number;
  /** Whether recording goes on, or why it stopped. */
  recording: RecordingState;
  /** Why recording stopped early (tick cap, engine error), in words, or null. */
  recordingNote: string | null;
  playing: boolean;
  /** Virtual seconds per real second; 0 = as fast as possible. */
  speed: number;
  nodes: NodeView[];
  /** Every pod while there are at most 1,000; [] when `podsPacked` is set. */
  pods: PodView[];
  /** Set when the pods travel packed (read them with getPackedPods() from podBuffer.ts). */
  podsPacked: { version: number; count: number } | null;
  podCount: number;
  workloads: WorkloadView[];
  replicaSets: ReplicaSetView[];
  expectations: ExpectationView[];
  queues: QueueView[];
  backoffs: BackoffView[];
  tickView: TickView | null;
  /** The last ~50 ticks up to the current one, newest last. */
  recentTicks: TickView[];
  /** Chart samples over the whole recording. */
  series: SeriesPoint[];
  markers: ActionMarker[];
  /** The run summary: every rollout of the recording with its figures (DESIGN.md §10). */
  rollouts: RolloutView[];
  /** Every Service's traffic per virtual second over the whole recording (DESIGN.md §15); [] without traffic. */
  traffic: TrafficSecond[];
  /** `kubectl get <kind> -w` lines of the whole recording; the first of each is the header. */
  watch: Record<WatchKind, WatchLine[]>;
  consoleLog: ConsoleEntry[];
}

/** The simulation mirror plus the two setters the actions use. */
export interface SimSlice extends SimData {
  /** simUpdate merges data from the worker (actions call it; panels never do). */
  simUpdate(patch: Partial<SimData>): void;
  /** simClear empties the mirror before another scenario loads. */
  simClear(): void;
}

/** SPEEDS are the playback speeds the UI offers (0 = as fast as possible). */
export const SPEEDS: readonly number[] = [0.25, 0.5, 1, 2, 5, 10, 30, 0];

/** emptyWatch has no lines for any kind. */
export function emptyWatch(): Record<WatchKind, WatchLine[]> {
  return { rs: [], deploy: [], ds: [], sts: [], pods: [] };
}

/** initialSimData is the mirror before any scenario is loaded. */
export function initialSimData(): SimData {
  return {
    simStatus: 'idle',
    simError: null,
    scenarioName: '',
    scenarioDescription: '',
    scenarioText: '',
    presetId: null,
    presets: [],
    defaultPresetId: 'seed',
    shareHash: '',
    scenarioRevision: 0,
    scenarioCause: null,
    scenarioMessage: null,
    tick: 0,
    frameTick: 0,
    totalTicks: 0,
    time: 0,
    endTime: 0,
    lastChangeTime: 0,
    recording: 'recording',
    recordingNote: null,
    playing: false,
    speed: 1,
    nodes: [],
    pods: [],
    podsPacked: null,
    podCount: 0,
    workloads: [],
    replicaSets: [],
    expectations: [],
    queues: [],
    backoffs: [],
    tickView: null,
    recentTicks: [],
    series: [],
    markers: [],
    rollouts: [],
    traffic: [],
    watch: emptyWatch(),
    consoleLog: [],
  };
}

/** createSimSlice holds the mirror of the worker's latest frame. */
export const createSimSlice: StateCreator<SimSlice, [], [], SimSlice> = (set) => ({
  ...initialSimData(),
  simUpdate: (patch) => set(patch),
  simClear: () => {
    const {
      speed: _speed,
      consoleLog: _log,
      presets: _presets,
      defaultPresetId: _default,
      scenarioRevision: _revision,
      scenarioMessage: _message,
      ...rest
    } = initialSimData();
    set(rest);
  },
});
