/**
 * The chart's and watch panel's data (split out of views.ts, which re-exports them): per-tick
 * counter samples with each RollingUpdate workload's strategy band, the action markers, and the
 * `kubectl get -w` lines.
 */
import type { SummaryNoteView } from './explainViews.ts';

/**
 * A RollingUpdate workload's resolved band and one sample of the chart (per ReplicaSet, DaemonSet
 * or StatefulSet counters at a tick): the worker sends the timeline's own points, so the page
 * reads the types where they are made.
 */
export type { SeriesPoint, StrategyBand } from '../timeline/derived.ts';

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
