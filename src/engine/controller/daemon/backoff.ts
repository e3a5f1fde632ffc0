// Port of kubernetes staging/src/k8s.io/client-go/util/flowcontrol/backoff.go (v1.36), as a plain value.
/**
 * The per-key exponential back-off the DaemonSet controller uses before killing another failed
 * pod on the same node (kube-controller-manager builds it with NewBackOff(1s, 15m), no jitter).
 * Upstream keeps a map behind a mutex and reads a clock; here the state is a plain, serialisable
 * object (it goes into keyframes) and every function returns a new state or a value, with the
 * virtual time passed in.
 *
 * Worked example: first failure at t=0 → delay 1 s; t=1 s → 2 s; then 4, 8, … 512 s, then
 * capped at 900 s (15 min). An entry idle for more than 2 × 15 min = 30 min starts again at 1 s.
 */
import { FailedPodBackoffInitialMs, FailedPodBackoffMaxMs } from '../../api/constants.ts';

/** One key's back-off: the current delay and when it was last advanced (virtual ms). */
export interface BackoffEntry {
  backoffMs: number;
  lastUpdateMs: number;
}

/** The whole back-off table (flowcontrol.Backoff without its clock and lock). */
export interface BackoffState {
  defaultDurationMs: number;
  maxDurationMs: number;
  entries: Record<string, BackoffEntry>;
}

declare module '../../client/state.ts' {
  interface EngineState {
    /** The DaemonSet controller's per-node failed-pod back-off (flowcontrol.Backoff, a plain immutable value). */
    dsBackoff: BackoffState;
  }
}

/** newBackOff returns an empty table: 1 s initial delay doubling to 15 min by default. */
export function newBackOff(
  initialMs: number = FailedPodBackoffInitialMs,
  maxMs: number = FailedPodBackoffMaxMs,
): BackoffState {
  return { defaultDurationMs: initialMs, maxDurationMs: maxMs, entries: {} };
}

/** hasExpired reports whether an entry has been idle for more than 2 × max (30 min by default). */
function hasExpired(state: BackoffState, eventTimeMs: number, lastUpdateMs: number): boolean {
  return eventTimeMs - lastUpdateMs > state.maxDurationMs * 2;
}

/** get returns the current delay of a key in ms, 0 when it has none. */
export function get(state: BackoffState, id: string): number {
  return state.entries[id]?.backoffMs ?? 0;
}

/**
 * next advances a key's back-off: a new or expired key starts at the initial delay, any other
 * doubles, capped at max (512 s → 900 s, not 1024 s). lastUpdate becomes `nowMs` (upstream reads
 * its clock, which in the controller is the same instant as eventTime).
 */
export function next(state: BackoffState, id: string, eventTimeMs: number, nowMs: number = eventTimeMs): BackoffState {
  const entry = state.entries[id];
  const backoffMs =
    entry === undefined || hasExpired(state, eventTimeMs, entry.lastUpdateMs)
      ? state.defaultDurationMs
      : Math.min(entry.backoffMs * 2, state.maxDurationMs);
  return { ...state, entries: { ...state.entries, [id]: { backoffMs, lastUpdateMs: nowMs } } };
}

/**
 * isInBackOffSinceUpdate reports whether less than the current delay has passed since the key
 * was last advanced (delay 1 s, advanced at 10 s: in back-off at 10.999 s, free at 11 s).
 */
export function isInBackOffSinceUpdate(state: BackoffState, id: string, eventTimeMs: number): boolean {
  const entry = state.entries[id];
  if (entry === undefined) return false;
  if (hasExpired(state, eventTimeMs, entry.lastUpdateMs)) return false;
  return eventTimeMs - entry.lastUpdateMs < entry.backoffMs;
}

/**
 * isInBackOffSince reports whether less than the current delay has passed between eventTime and
 * now (the variant of isInBackOffSinceUpdate that measures from the caller's event).
 */
export function isInBackOffSince(state: BackoffState, id: string, eventTimeMs: number, nowMs: number): boolean {
  const entry = state.entries[id];
  if (entry === undefined) return false;
  if (hasExpired(state, eventTimeMs, entry.lastUpdateMs)) return false;
  return nowMs - eventTimeMs < entry.backoffMs;
}

/** reset forgets a key (Backoff.Reset / DeleteEntry). */
export function reset(state: BackoffState, id: string): BackoffState {
  if (!(id in state.entries)) return state;
  return { ...state, entries: Object.fromEntries(Object.entries(state.entries).filter(([k]) => k !== id)) };
}

/**
 * gc drops every entry idle for more than 2 × max at `nowMs`; the controller runs it once a
 * minute (BackoffGCInterval). Keys keep their insertion order so the state serialises stably.
 */
export function gc(state: BackoffState, nowMs: number): BackoffState {
  const entries: Record<string, BackoffEntry> = {};
  let dropped = false;
  for (const [id, entry] of Object.entries(state.entries)) {
    if (hasExpired(state, nowMs, entry.lastUpdateMs)) dropped = true;
    else entries[id] = entry;
  }
  return dropped ? { ...state, entries } : state;
}
