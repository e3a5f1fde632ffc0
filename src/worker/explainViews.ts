/**
 * What the Explain panel shows of the controllers' internals at a tick (split out of views.ts,
 * which re-exports them): expectations, work queues, DaemonSet backoffs, the decisions with their
 * rendered text, and each tick's kind and writes.
 */
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
