/**
 * The typed, versioned messages between the main thread and the simulation worker.
 * Both sides import this file; the UI and the stores take every engine fact from these types and
 * never import src/engine themselves (DESIGN.md §1). Bump PROTOCOL_VERSION when a message changes shape.
 *
 * - Requests (main → worker) carry an `id`; the worker answers each with one `reply` of that id.
 * - The worker pushes `frame`s (what the panels show at the current tick, at most one per
 *   ~16 ms), `scenario` (the working scenario changed: a load or a fork) and `fault` (an engine
 *   exception or a message it could not read without an id).
 * - Every message is checked on arrival (isWorkerRequest / isWorkerMessage); a malformed one is
 *   answered with an error, never acted on.
 */
import type {
  ActionMarker,
  BackoffView,
  ExpectationView,
  NodeView,
  PodView,
  QueueView,
  ReplicaSetView,
  SeriesPoint,
  TickView,
  WatchKind,
  WatchLine,
  WorkloadView,
} from './views.ts';

/** PROTOCOL_VERSION is the version of the message shapes below. */
export const PROTOCOL_VERSION = 2;

export * from './views.ts';

/**
 * PackedPods: the pods of a big cluster (> 1,000) as parallel typed arrays, for a canvas.
 * Pod i is `names[i]` on node `nodeNames[node[i]]` (-1: unscheduled), drawn as
 * POD_DISPLAY_PHASES[phase[i]], with revision `revision[i]` of workload `workloadNames[workload[i]]`.
 */
export interface PackedPods {
  count: number;
  node: Int32Array;
  phase: Uint8Array;
  revision: Int32Array;
  workload: Int32Array;
  names: string[];
  nodeNames: string[];
  workloadNames: string[];
}

/** PackedPodsWire: PackedPods as sent; `names` is null when it equals the last sent (same namesVersion). */
export interface PackedPodsWire extends Omit<PackedPods, 'names'> {
  names: string[] | null;
  namesVersion: number;
}

/** Pods travel as PodView objects up to this many, packed above (TOOLCHAIN.md §6). */
export const POD_VIEW_LIMIT = 1000;

/** A built-in scenario as the gallery lists it: its English name and lesson, and translations. */
export interface PresetSummary {
  id: string;
  name: string;
  description: string;
  /** The name and lesson by UI language (`zh-CN`); English is name / description. */
  translations?: Record<string, { name: string; description: string }>;
}

/** A workload field the Controls panel edits. */
export type WorkloadField =
  | 'replicas'
  | 'maxSurge'
  | 'maxUnavailable'
  | 'minReadySeconds'
  | 'progressDeadlineSeconds'
  | 'revisionHistoryLimit'
  | 'strategy';

export const WORKLOAD_FIELDS: readonly WorkloadField[] = [
  'replicas',
  'maxSurge',
  'maxUnavailable',
  'minReadySeconds',
  'progressDeadlineSeconds',
  'revisionHistoryLimit',
  'strategy',
];

/** A node change: NotReady (fault), Ready again (recover), a new node, a node leaving. */
export type NodeOp = 'fault' | 'recover' | 'add' | 'remove';
const NODE_OPS: readonly NodeOp[] = ['fault', 'recover', 'add', 'remove'];

/** What a query prints at the current tick. */
export type QueryWhat = 'yaml' | 'describe' | 'rolloutStatus' | 'rolloutHistory' | 'ticks';
const QUERY_WHATS: readonly QueryWhat[] = ['yaml', 'describe', 'rolloutStatus', 'rolloutHistory', 'ticks'];

/** Most ticks one `ticks` query returns. */
export const MAX_TICKS_PER_QUERY = 500;
/** Longest text a request may carry (a scenario is at most 1 MiB; UTF-16 doubles it). */
export const MAX_REQUEST_TEXT = 2 * 1024 * 1024;
/** Fastest finite speed, virtual seconds per real second. */
export const MAX_SPEED = 1000;

/** Every message the main thread sends to the worker. */
export type WorkerRequest =
  | { type: 'hello'; id: number }
  /** Load scenario text (YAML or JSON); open it at `tick` when given. */
  | { type: 'load'; id: number; text: string; presetId: string | null; tick: number | null }
  | { type: 'loadPreset'; id: number; presetId: string }
  | { type: 'play'; id: number }
  | { type: 'pause'; id: number }
  /** Move `delta` ticks (±1 step, ±10 jump). */
  | { type: 'step'; id: number; delta: number }
  | { type: 'seek'; id: number; tick: number }
  | { type: 'seekTime'; id: number; seconds: number }
  /** Virtual seconds per real second; 0 = as fast as possible. */
  | { type: 'setSpeed'; id: number; speed: number }
  /** A console line: reading verbs answer; writing verbs fork at the current tick. */
  | { type: 'kubectl'; id: number; line: string }
  | { type: 'setField'; id: number; workload: string; field: WorkloadField; value: number | string }
  | { type: 'node'; id: number; op: NodeOp; name: string | null }
  /** Pasted manifests (added at the current tick) or a whole scenario file (loaded). */
  | { type: 'import'; id: number; text: string }
  | {
      type: 'query';
      id: number;
      what: QueryWhat;
      kind: string | null;
      name: string | null;
      from: number | null;
    }
  | { type: 'completions'; id: number; prefix: string };

export type WorkerRequestType = WorkerRequest['type'];

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
  | { kind: 'ticks'; ticks: TickView[] };

export type ReplyMessage =
  | { type: 'reply'; id: number; ok: true; result: ReplyResult }
  | { type: 'reply'; id: number; ok: false; error: string };

/** Chart, watch and marker data recorded since the last frame (or all of it when `reset`). */
export interface DerivedDelta {
  reset: boolean;
  series: SeriesPoint[];
  markers: ActionMarker[];
  watch: Record<WatchKind, WatchLine[]>;
}

/** The aggregates of a full frame: everything the panels show at the tick. */
export interface FrameView {
  nodes: NodeView[];
  /** Every pod while there are at most POD_VIEW_LIMIT; [] above (see `packed`). */
  pods: PodView[];
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
export type RecordingState = 'recording' | 'done' | 'until' | 'cap' | 'error';
const RECORDING_STATES: readonly RecordingState[] = ['recording', 'done', 'until', 'cap', 'error'];

export interface FrameMessage {
  type: 'frame';
  tick: number;
  totalTicks: number;
  /** Virtual seconds at the tick and at the end of the recording. */
  time: number;
  endTime: number;
  playing: boolean;
  speed: number;
  recording: RecordingState;
  /** Why recording stopped early, in words (tick cap, engine error), or null. */
  recordingNote: string | null;
  podCount: number;
  /** The pods packed, when there are more than POD_VIEW_LIMIT (transferred). */
  packed: PackedPodsWire | null;
  /** Null in the light frames of fast playback (aggregates go a few times a second). */
  view: FrameView | null;
  derived: DerivedDelta | null;
}

export interface ScenarioMessage {
  type: 'scenario';
  /** Why it changed: loaded (preset, link, import, restart) or forked by an edit. */
  cause: 'load' | 'fork';
  name: string;
  description: string;
  /** The working scenario as YAML. */
  text: string;
  /** `#v1.…` of the scenario (without `&t=` or `&lang=`). */
  shareHash: string;
  presetId: string | null;
}

/** An engine exception or an unreadable message; the last good state stays on screen. */
export interface FaultMessage {
  type: 'fault';
  message: string;
  tick: number | null;
}

/** Every message the worker sends to the main thread. */
export type WorkerMessage = ReplyMessage | FrameMessage | ScenarioMessage | FaultMessage;

// ---------------------------------------------------------------------------------------------
// Runtime checks

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** exactKeys: x has exactly these keys. */
function exactKeys(x: Record<string, unknown>, keys: readonly string[]): boolean {
  const own = Object.keys(x);
  return own.length === keys.length && keys.every((k) => Object.hasOwn(x, k));
}

const isInt = (x: unknown): x is number => Number.isSafeInteger(x);
const isNat = (x: unknown): x is number => isInt(x) && x >= 0;
const isId = (x: unknown): x is number => isInt(x) && x > 0;
const isFiniteNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const isText = (x: unknown, max = MAX_REQUEST_TEXT): x is string => typeof x === 'string' && x.length <= max;
const isName = (x: unknown): x is string => isText(x, 253) && x !== '';
const isStrings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');
const oneOf = <T extends string>(list: readonly T[], x: unknown): x is T => list.includes(x as T);

/** REQUEST_CHECKS: per request type, its fields (besides type and id) and their check. */
const REQUEST_CHECKS: Record<WorkerRequestType, Record<string, (x: unknown) => boolean>> = {
  hello: {},
  load: {
    text: (x) => isText(x),
    presetId: (x) => x === null || isName(x),
    tick: (x) => x === null || isNat(x),
  },
  loadPreset: { presetId: isName },
  play: {},
  pause: {},
  step: { delta: (x) => isInt(x) && x !== 0 && Math.abs(x) <= 1_000_000 },
  seek: { tick: isNat },
  seekTime: { seconds: (x) => isFiniteNum(x) && x >= 0 },
  setSpeed: { speed: (x) => isFiniteNum(x) && x >= 0 && x <= MAX_SPEED },
  kubectl: { line: (x) => isText(x, 10_000) },
  setField: {
    workload: isName,
    field: (x) => oneOf(WORKLOAD_FIELDS, x),
    value: (x) => isFiniteNum(x) || isText(x, 100),
  },
  node: { op: (x) => oneOf(NODE_OPS, x), name: (x) => x === null || isName(x) },
  import: { text: (x) => isText(x) },
  query: {
    what: (x) => oneOf(QUERY_WHATS, x),
    kind: (x) => x === null || isName(x),
    name: (x) => x === null || isName(x),
    from: (x) => x === null || isNat(x),
  },
  completions: { prefix: (x) => isText(x, 10_000) },
};

/** requestId is the id of a message when it has a usable one (to answer even a malformed request). */
export function requestId(x: unknown): number | null {
  return isRecord(x) && isId(x.id) ? x.id : null;
}

/**
 * checkRequest tells what is wrong with a request, or null when it has the exact shape of one
 * (no extra fields, every value in range).
 */
export function checkRequest(x: unknown): string | null {
  if (!isRecord(x))
    return `a request must be an object, not ${x === null ? 'null' : Array.isArray(x) ? 'an array' : typeof x}`;
  if (typeof x.type !== 'string' || !Object.hasOwn(REQUEST_CHECKS, x.type)) {
    return `unknown request type ${JSON.stringify(typeof x.type === 'string' ? x.type.slice(0, 40) : String(x.type))}`;
  }
  const checks = REQUEST_CHECKS[x.type as WorkerRequestType];
  if (!isId(x.id)) return `${x.type}: id must be a positive integer`;
  const fields = Object.keys(checks);
  if (!exactKeys(x, ['type', 'id', ...fields])) {
    const extra = Object.keys(x).filter((k) => k !== 'type' && k !== 'id' && !fields.includes(k));
    const missing = fields.filter((k) => !Object.hasOwn(x, k));
    return `${x.type}: ${extra.length ? `unexpected field ${extra[0]}` : `missing field ${missing[0]}`}`;
  }
  for (const [k, ok] of Object.entries(checks)) if (!ok(x[k])) return `${x.type}: bad value for ${k}`;
  return null;
}

/** isWorkerRequest tells whether x has the exact shape of a request. */
export function isWorkerRequest(x: unknown): x is WorkerRequest {
  return checkRequest(x) === null;
}

function isPresetSummary(x: unknown): boolean {
  return (
    isRecord(x) &&
    typeof x.id === 'string' &&
    typeof x.name === 'string' &&
    typeof x.description === 'string' &&
    (x.translations === undefined ||
      (isRecord(x.translations) &&
        Object.values(x.translations).every(
          (t) => isRecord(t) && typeof t.name === 'string' && typeof t.description === 'string',
        )))
  );
}

function isReplyResult(x: unknown): x is ReplyResult {
  if (!isRecord(x)) return false;
  switch (x.kind) {
    case 'hello':
      return (
        exactKeys(x, [
          'kind',
          'protocolVersion',
          'kubernetesVersion',
          'engineFormatVersion',
          'presets',
          'defaultPresetId',
        ]) &&
        typeof x.defaultPresetId === 'string' &&
        isInt(x.protocolVersion) &&
        typeof x.kubernetesVersion === 'string' &&
        isInt(x.engineFormatVersion) &&
        Array.isArray(x.presets) &&
        x.presets.every(isPresetSummary)
      );
    case 'done':
      return exactKeys(x, ['kind']);
    case 'text':
      return exactKeys(x, ['kind', 'text']) && typeof x.text === 'string';
    case 'list':
      return exactKeys(x, ['kind', 'items']) && isStrings(x.items);
    case 'ticks':
      return exactKeys(x, ['kind', 'ticks']) && Array.isArray(x.ticks) && x.ticks.every(isTickView);
    default:
      return false;
  }
}

function isTickView(x: unknown): x is TickView {
  return (
    isRecord(x) &&
    isNat(x.tick) &&
    isFiniteNum(x.time) &&
    typeof x.actor === 'string' &&
    typeof x.summary === 'string' &&
    Array.isArray(x.notes) &&
    x.notes.every((n) => isRecord(n) && typeof n.key === 'string' && isRecord(n.values)) &&
    Array.isArray(x.decisions) &&
    isStrings(x.writes)
  );
}

function isPackedWire(x: unknown): x is PackedPodsWire {
  return (
    isRecord(x) &&
    isNat(x.count) &&
    x.node instanceof Int32Array &&
    x.phase instanceof Uint8Array &&
    x.revision instanceof Int32Array &&
    x.workload instanceof Int32Array &&
    x.node.length === x.count &&
    x.phase.length === x.count &&
    x.revision.length === x.count &&
    x.workload.length === x.count &&
    (x.names === null || (isStrings(x.names) && x.names.length === x.count)) &&
    isNat(x.namesVersion) &&
    isStrings(x.nodeNames) &&
    isStrings(x.workloadNames)
  );
}

const VIEW_ARRAYS = [
  'nodes',
  'pods',
  'workloads',
  'replicaSets',
  'expectations',
  'queues',
  'backoffs',
  'recentTicks',
] as const;

function isFrameView(x: unknown): x is FrameView {
  return (
    isRecord(x) &&
    VIEW_ARRAYS.every((k) => Array.isArray(x[k])) &&
    (x.tickView === null || isTickView(x.tickView)) &&
    (x.recentTicks as unknown[]).every(isTickView)
  );
}

function isDerived(x: unknown): x is DerivedDelta {
  if (!isRecord(x) || typeof x.reset !== 'boolean' || !Array.isArray(x.series) || !Array.isArray(x.markers))
    return false;
  const w = x.watch;
  return isRecord(w) && ['rs', 'deploy', 'ds', 'pods'].every((k) => Array.isArray(w[k]));
}

const FRAME_KEYS = [
  'type',
  'tick',
  'totalTicks',
  'time',
  'endTime',
  'playing',
  'speed',
  'recording',
  'recordingNote',
  'podCount',
  'packed',
  'view',
  'derived',
];

function isFrame(x: Record<string, unknown>): boolean {
  return (
    exactKeys(x, FRAME_KEYS) &&
    isNat(x.tick) &&
    isNat(x.totalTicks) &&
    isFiniteNum(x.time) &&
    isFiniteNum(x.endTime) &&
    typeof x.playing === 'boolean' &&
    isFiniteNum(x.speed) &&
    oneOf(RECORDING_STATES, x.recording) &&
    (x.recordingNote === null || typeof x.recordingNote === 'string') &&
    isNat(x.podCount) &&
    (x.packed === null || isPackedWire(x.packed)) &&
    (x.view === null || isFrameView(x.view)) &&
    (x.derived === null || isDerived(x.derived))
  );
}

/** isWorkerMessage tells whether x has the shape of a message from the worker. */
export function isWorkerMessage(x: unknown): x is WorkerMessage {
  if (!isRecord(x)) return false;
  switch (x.type) {
    case 'reply':
      if (!isId(x.id) || typeof x.ok !== 'boolean') return false;
      return x.ok
        ? exactKeys(x, ['type', 'id', 'ok', 'result']) && isReplyResult(x.result)
        : exactKeys(x, ['type', 'id', 'ok', 'error']) && typeof x.error === 'string';
    case 'frame':
      return isFrame(x);
    case 'scenario':
      return (
        exactKeys(x, ['type', 'cause', 'name', 'description', 'text', 'shareHash', 'presetId']) &&
        (x.cause === 'load' || x.cause === 'fork') &&
        typeof x.name === 'string' &&
        typeof x.description === 'string' &&
        typeof x.text === 'string' &&
        typeof x.shareHash === 'string' &&
        x.shareHash.startsWith('#v') &&
        (x.presetId === null || typeof x.presetId === 'string')
      );
    case 'fault':
      return (
        exactKeys(x, ['type', 'message', 'tick']) &&
        typeof x.message === 'string' &&
        (x.tick === null || isNat(x.tick))
      );
    default:
      return false;
  }
}
