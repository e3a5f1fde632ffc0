/**
 * The requests the main thread sends to the worker (protocol.ts re-exports them; both sides import
 * protocol.ts): each carries an `id` the worker answers with one reply. Checked on arrival by
 * protocolChecks.ts.
 */
import type { Lesson } from '../lessons/format.ts';
import type { Follow } from '../timeline/decisions.ts';

/** A workload field the Controls panel edits (`image` takes `container=image`). */
export type WorkloadField =
  | 'replicas'
  | 'maxSurge'
  | 'maxUnavailable'
  | 'minReadySeconds'
  | 'progressDeadlineSeconds'
  | 'revisionHistoryLimit'
  | 'strategy'
  | 'image'
  | 'partition'
  | 'podManagementPolicy';

export const WORKLOAD_FIELDS: readonly WorkloadField[] = [
  'replicas',
  'maxSurge',
  'maxUnavailable',
  'minReadySeconds',
  'progressDeadlineSeconds',
  'revisionHistoryLimit',
  'strategy',
  'image',
  'partition',
  'podManagementPolicy',
];

/** What the import dialog does with manifests: a new scenario of them, or add them to the working one. */
export type ImportMode = 'replace' | 'add';
export const IMPORT_MODES: readonly ImportMode[] = ['replace', 'add'];

/** A node change: NotReady (fault), Ready again (recover), a new node, a node leaving. */
export type NodeOp = 'fault' | 'recover' | 'add' | 'remove';
export const NODE_OPS: readonly NodeOp[] = ['fault', 'recover', 'add', 'remove'];

/** What a query prints (or, for `pod`, the pod's details) at the current tick. */
export type QueryWhat =
  | 'yaml'
  | 'describe'
  | 'rolloutStatus'
  | 'rolloutHistory'
  | 'ticks'
  | 'pod'
  | 'get'
  | 'logs';
export const QUERY_WHATS: readonly QueryWhat[] = [
  'yaml',
  'describe',
  'rolloutStatus',
  'rolloutHistory',
  'ticks',
  'pod',
  'get',
  'logs',
];

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
  /** At tick 0 the scenario's own manifest changes (every action stays); later, a fork. */
  | { type: 'setField'; id: number; workload: string; field: WorkloadField; value: number | string }
  | { type: 'node'; id: number; op: NodeOp; name: string | null }
  /**
   * Pasted manifests or a whole scenario file (loaded). Manifests replace the scenario (the
   * current nodes, empty, plus them; named after `fileName` or the first workload) or are added
   * (into the scenario at tick 0, as actions at the current tick later).
   */
  | { type: 'import'; id: number; text: string; mode: ImportMode; fileName: string | null }
  /** The scripted actions a change at the current tick would drop (none at tick 0 or for a reading kubectl line). */
  | { type: 'forkPreview'; id: number; line: string | null }
  /** Replace `cluster.images` (JSON of the map): the whole run is recorded again, at the same tick. */
  | { type: 'setImages'; id: number; text: string }
  /** The served session's scenario (JSON or YAML text), followed live: see hostLive.ts. */
  | { type: 'live'; id: number; text: string }
  | {
      type: 'query';
      id: number;
      what: QueryWhat;
      kind: string | null;
      name: string | null;
      from: number | null;
    }
  | { type: 'completions'; id: number; prefix: string }
  /** The page shows another view (Compare, Sweep): no background recording and no frames while on. */
  | { type: 'hold'; id: number; on: boolean }
  /** Move to the previous (-1) or next (1) decision tick under an Explain Follow filter. */
  | { type: 'stepDecision'; id: number; direction: 1 | -1; follow: Follow }
  /** Load a preset (presetId) or scenario text with `lesson` as its lesson, at `tick`. */
  | {
      type: 'openLesson';
      id: number;
      presetId: string | null;
      text: string | null;
      lesson: Lesson;
      tick: number | null;
    }
  /** Replace the working scenario's lesson (a teacher's edit); the run stays as it is. */
  | { type: 'setLesson'; id: number; lesson: Lesson | null }
  /** Place the working scenario's lesson steps in the run and read their answers. */
  | { type: 'resolveLesson'; id: number };

export type WorkerRequestType = WorkerRequest['type'];
