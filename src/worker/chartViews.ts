/**
 * The chart's and watch panel's data (split out of views.ts, which re-exports them): per-tick
 * counter samples with each RollingUpdate workload's strategy band, the action markers, and the
 * `kubectl get -w` lines.
 */
import type { SummaryNoteView } from './explainViews.ts';

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
