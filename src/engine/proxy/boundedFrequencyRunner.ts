// Port of pkg/proxy/runner/bounded_frequency_runner.go (kubernetes/kubernetes @ 0b467ff5, v1.36
// era) as data on the virtual clock. kube-proxy's iptables and nftables proxiers build it as
// NewBoundedFrequencyRunner("sync-runner", syncProxyRules, minSyncPeriod, syncPeriod,
// FullSyncPeriod): minInterval 1 s, retryInterval 30 s, maxInterval 1 h by default.
//
// Loop semantics: fn runs when Run() was called, the maxInterval timer fired, or the retry timer
// (armed by a failed fn) fired; after fn completes the loop waits minInterval before it even
// looks again. Run() is a non-blocking send on a channel of one, so calls during fn or the
// cooldown coalesce into one pending run. E.g. min 1 s: runs at 0 s and Run() at 0.5 s and 0.999 s
// give one more run, at 1 s.
import { type DecisionLog, decide } from '../api/decision.ts';

export interface RunnerConfig {
  minIntervalMs: number;
  retryIntervalMs: number;
  maxIntervalMs: number;
}

/** kube-proxy's defaults: minSyncPeriod 1 s, syncPeriod 30 s (the retry interval), FullSyncPeriod 1 h. */
export const KubeProxySyncRunner: RunnerConfig = { minIntervalMs: 1000, retryIntervalMs: 30_000, maxIntervalMs: 3_600_000 };

export interface RunnerState {
  /** The loop looks at its triggers again from this time (completion of the last fn + minInterval). */
  readyAt: number;
  /** A Run() is waiting in the channel, sent at this time. */
  pendingSince?: number;
  /** The maxInterval timer's deadline (last completion + maxInterval). */
  maxAt: number;
  /** The retry timer's deadline, armed by a failed fn. */
  retryAt?: number;
}

export type RunReason = 'run' | 'maxInterval' | 'retry';

/** newRunnerState: Loop started at `now`: the maxInterval timer runs from there, nothing is pending. */
export function newRunnerState(config: RunnerConfig, now: number): RunnerState {
  return { readyAt: now, maxAt: now + config.maxIntervalMs };
}

/** run is Run() at time t: it queues one run; a second call before that run starts is dropped. */
export function run(state: RunnerState, t: number, log?: DecisionLog): RunnerState {
  if (state.pendingSince !== undefined) {
    decide(log, 'boundedFrequencyRunner', 'coalesced', { at: t, pendingSince: state.pendingSince, runAt: Math.max(state.readyAt, state.pendingSince) });
    return state;
  }
  if (t < state.readyAt) decide(log, 'boundedFrequencyRunner', 'deferred', { at: t, runAt: state.readyAt });
  return { ...state, pendingSince: t };
}

/**
 * nextRun: when fn next starts and why. A pending Run() goes first when several triggers are due
 * at once (upstream's select picks at random; the timers it does not pick are stopped by the run).
 */
export function nextRun(state: RunnerState): { at: number; reason: RunReason } {
  if (state.pendingSince !== undefined) return { at: Math.max(state.readyAt, state.pendingSince), reason: 'run' };
  if (state.retryAt !== undefined && state.retryAt <= state.maxAt) return { at: Math.max(state.readyAt, state.retryAt), reason: 'retry' };
  return { at: Math.max(state.readyAt, state.maxAt), reason: 'maxInterval' };
}

/**
 * ran records fn starting at `start` and taking durationMs: the pending Run() is consumed, the
 * cooldown and maxInterval count from completion, and a failure arms the retry timer (a success
 * disarms it).
 */
export function ran(state: RunnerState, config: RunnerConfig, start: number, durationMs: number, failed: boolean): RunnerState {
  const end = start + durationMs;
  const next: RunnerState = { readyAt: end + config.minIntervalMs, maxAt: end + config.maxIntervalMs };
  if (failed) next.retryAt = end + config.retryIntervalMs;
  // A Run() sent while fn was running (after `start`) is kept by the channel.
  if (state.pendingSince !== undefined && state.pendingSince > start) next.pendingSince = state.pendingSince;
  return next;
}

/**
 * runDue carries out every run due up to `now` (fn taking durationMs, never failing) and returns
 * the runs with their reasons: the loop's behaviour between two observations of the clock.
 */
export function runDue(
  state: RunnerState,
  config: RunnerConfig,
  now: number,
  durationMs = 0,
  log?: DecisionLog,
): { state: RunnerState; runs: { at: number; reason: RunReason }[] } {
  const runs: { at: number; reason: RunReason }[] = [];
  let s = state;
  for (let next = nextRun(s); next.at <= now; next = nextRun(s)) {
    decide(log, 'boundedFrequencyRunner', 'sync', { at: next.at, reason: next.reason });
    runs.push(next);
    s = ran(s, config, next.at, durationMs, false);
  }
  return { state: s, runs };
}
