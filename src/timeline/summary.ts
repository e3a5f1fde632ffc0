/**
 * The run summary (DESIGN.md §10): pure functions over a recording's SummaryLog
 * (summaryTrack.ts). The page, the compare view, the sweep and the CLI all call summarize.
 *
 * A rollout is a Deployment's, DaemonSet's or StatefulSet's template change; its creation is one too (revision 1).
 * It starts at the tick that wrote the new template and ends at the first tick after it where
 * `kubectl rollout status` says "successfully rolled out"; a later template change supersedes an
 * unfinished one (it then never ends). Over [start, end] (to the end of the recording, or to the
 * superseding change, when it did not end):
 * - minAvailable: the fewest of the workload's pods available (Ready for minReadySeconds, not
 *   terminating), counting the moment it started; the creation of a workload starts at 0;
 * - maxPods: the most pods neither terminating nor terminal; maxPodsWithTerminating: with the
 *   terminating ones (terminal pods, Failed or Succeeded, count in neither);
 * - replicas: spec.replicas (a DaemonSet's desiredNumberScheduled) at the end, or the last known;
 * - revision: the newest revision the workload's ReplicaSets (ControllerRevisions) reached, i.e.
 *   the one the controller gave this template (null when it made none, e.g. while paused).
 */
import type { TrafficSummary } from '../engine/traffic/types.ts';
import type { SummaryEvent, SummaryLog } from './summaryTrack.ts';
import { trafficSettled, trafficSummaryOf } from './trafficSummary.ts';

/** One rollout's figures, with the keys in DESIGN.md §10's order. */
export interface RolloutSummary {
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
  /** DESIGN.md §15: present when a Service with client traffic selects the workload's pods. */
  traffic?: TrafficSummary;
}

/** A rollout as the page shows it: the §10 figures plus when the fewest pods were available. */
export interface Rollout extends RolloutSummary {
  /** Virtual seconds of the first moment minAvailable held. */
  minAvailableSeconds: number;
}

/** SUMMARY_KEYS are the §10 keys in their order. */
export const SUMMARY_KEYS: readonly (keyof RolloutSummary)[] = [
  'workload',
  'revision',
  'startSeconds',
  'endSeconds',
  'durationSeconds',
  'complete',
  'progressDeadlineExceeded',
  'replicas',
  'minAvailable',
  'maxPods',
  'maxPodsWithTerminating',
];

/** summaryFields copies the §10 fields of a rollout, in §10's order (what the CLI prints). */
export function summaryFields(r: RolloutSummary): RolloutSummary {
  const out = {} as Record<string, unknown>;
  for (const k of SUMMARY_KEYS) out[k] = r[k];
  if (r.traffic !== undefined) out.traffic = r.traffic;
  return out as unknown as RolloutSummary;
}

/** summarize lists every rollout of the log, in the order they started. */
export function summarize(log: SummaryLog): Rollout[] {
  const out: Rollout[] = [];
  const events = log.events;
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as SummaryEvent;
    if (e.type === 'start') out.push(rolloutFrom(log, i));
  }
  return out;
}

/** rolloutFrom computes the rollout whose start event is events[i]. */
function rolloutFrom(log: SummaryLog, i: number): Rollout {
  return rolloutOf(log, i, boundsOf(log, i));
}

/**
 * settledRollout is the rollout whose start event is events[i] once nothing the run appends later
 * can change it (what the CLI prints as the run goes), else null: it ended and its revision is
 * known, or a later template change or deletion cut it. Its figures are then the ones summarize
 * gives at the end of the run: they read only events up to that point and the pod samples up to
 * its last tick, and a tick's samples are all in once that tick's append returns.
 */
export function settledRollout(log: SummaryLog, i: number): Rollout | null {
  const b = boundsOf(log, i);
  if (!b.settled) return null;
  const r = rolloutOf(log, i, b);
  // With clients, a rollout's traffic is counted until its last old pod is gone.
  if (log.traffic && !trafficSettled(log.traffic, r)) return null;
  return r;
}

interface Bounds {
  end: SummaryEvent | null;
  /** The superseding start (or deletion), when the rollout did not end. */
  cut: SummaryEvent | null;
  deadline: boolean;
  revision: number | null;
  replicas: number;
  /** Whether events appended later can no longer change the bounds. */
  settled: boolean;
}

/** boundsOf reads the events of the rollout whose start event is events[i]. */
function boundsOf(log: SummaryLog, i: number): Bounds {
  const events = log.events;
  const w = (events[i] as SummaryEvent).w;
  let end: SummaryEvent | null = null;
  let cut: SummaryEvent | null = null;
  let deadline = false;
  let revision: number | null = null;
  let replicas = 0;
  for (let k = 0; k < i; k++) {
    const e = events[k] as SummaryEvent;
    if (e.w === w && e.type === 'replicas') replicas = e.replicas;
  }
  for (let k = i + 1; k < events.length; k++) {
    const e = events[k] as SummaryEvent;
    if (e.w !== w) continue;
    if (e.type === 'start' || e.type === 'gone') {
      cut = e;
      break;
    }
    if (e.type === 'revision') revision = e.revision;
    else if (e.type === 'replicas') replicas = e.replicas;
    else if (e.type === 'status') {
      deadline ||= e.deadline;
      if (e.done) {
        end = e;
        break;
      }
    }
  }
  let settled = cut !== null || (end !== null && revision !== null);
  // The revision can come after the end only in theory (the new ReplicaSet exists before any
  // "successfully rolled out"); look up to the next change anyway.
  if (revision === null && end !== null) {
    for (let k = events.indexOf(end) + 1; k < events.length; k++) {
      const e = events[k] as SummaryEvent;
      if (e.w !== w) continue;
      if (e.type === 'start' || e.type === 'gone') {
        settled = true;
        break;
      }
      if (e.type === 'revision') {
        revision = e.revision;
        settled = true;
        break;
      }
    }
  }
  return { end, cut, deadline, revision, replicas, settled };
}

/** rolloutOf adds the pod counts over the rollout's ticks to its bounds. */
function rolloutOf(log: SummaryLog, i: number, b: Bounds): Rollout {
  const start = log.events[i] as SummaryEvent;
  const { end, cut } = b;
  const lastTick = end !== null ? end.tick : cut !== null ? cut.tick - 1 : Number.MAX_SAFE_INTEGER;
  const c = countsBetween(log, start.w, start.tick, lastTick, start.ms);
  const r: Rollout = {
    workload: log.workloads[start.w] ?? '',
    revision: b.revision === null ? null : String(b.revision),
    startSeconds: start.ms / 1000,
    endSeconds: end ? end.ms / 1000 : null,
    durationSeconds: end ? (end.ms - start.ms) / 1000 : null,
    complete: end !== null,
    progressDeadlineExceeded: b.deadline,
    replicas: b.replicas,
    minAvailable: c.minAvailable,
    maxPods: c.maxPods,
    maxPodsWithTerminating: c.maxTotal,
    minAvailableSeconds: c.minAt / 1000,
  };
  const traffic = log.traffic ? trafficSummaryOf(log.traffic, r) : undefined;
  if (traffic) r.traffic = traffic;
  return r;
}

/**
 * countsBetween folds workload w's samples of ticks firstTick … lastTick, starting from its counts
 * just before firstTick (none: no pods).
 */
function countsBetween(
  log: SummaryLog,
  w: number,
  firstTick: number,
  lastTick: number,
  startMs: number,
): { minAvailable: number; minAt: number; maxPods: number; maxTotal: number } {
  const s = log.samples;
  let lo = 0;
  let hi = s.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (s.tickAt(mid) < firstTick) lo = mid + 1;
    else hi = mid;
  }
  let minAvailable = 0;
  let maxPods = 0;
  let maxTotal = 0;
  for (let k = lo - 1; k >= 0; k--) {
    if (s.workloadAt(k) !== w) continue;
    minAvailable = s.availableAt(k);
    maxPods = s.activeAt(k);
    maxTotal = s.totalAt(k);
    break;
  }
  let minAt = startMs;
  for (let k = lo; k < s.length && s.tickAt(k) <= lastTick; k++) {
    if (s.workloadAt(k) !== w) continue;
    const a = s.availableAt(k);
    if (a < minAvailable) {
      minAvailable = a;
      minAt = s.msAt(k);
    }
    maxPods = Math.max(maxPods, s.activeAt(k));
    maxTotal = Math.max(maxTotal, s.totalAt(k));
  }
  return { minAvailable, minAt, maxPods, maxTotal };
}

/**
 * firstRolloutAfterStart is the sweep's rollout (DESIGN.md §11): the first one of `workload` that
 * started after t = 0, or null.
 */
export function firstRolloutAfterStart(rollouts: readonly Rollout[], workload: string): Rollout | null {
  return rollouts.find((r) => r.workload === workload && r.startSeconds > 0) ?? null;
}
