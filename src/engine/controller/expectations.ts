/**
 * ControllerExpectations / UIDTrackingControllerExpectations (pkg/controller/controller_utils.go).
 * A controller records how many creations and deletions it has asked for; until the informer
 * has seen them all (or five minutes pass) the controller does no further create/delete work
 * for that key, because its cache would otherwise make it act twice.
 */
import { ExpectationsTimeoutMs } from '../api/constants.ts';
import type { ControllerName } from '../client/events.ts';

export interface Expectation {
  add: number;
  del: number;
  /** Virtual ms when the expectations were last set. */
  timestamp: number;
  /** Pod keys expected to be deleted (UIDTrackingControllerExpectations). */
  delKeys: Set<string>;
}

/**
 * Expectations per controller key. Entries change in place (a 500-pod scale-down observes 500
 * deletions, each one an O(1) set delete rather than a copy of the remaining keys), so a copy of
 * the engine state copies every entry: cloneExpectations.
 */
export type ExpectationsState = Map<string, Expectation>;

declare module '../client/state.ts' {
  interface EngineState {
    expectations: Record<ControllerName, ExpectationsState>;
  }
}

/** cloneExpectations copies the entries and their key sets, in their order. */
export function cloneExpectations(st: ExpectationsState): ExpectationsState {
  const out: ExpectationsState = new Map();
  for (const [k, e] of st) out.set(k, { add: e.add, del: e.del, timestamp: e.timestamp, delKeys: new Set(e.delKeys) });
  return out;
}

/** satisfiedExpectations is true when nothing is pending, none were set, or they expired. */
export function satisfiedExpectations(st: ExpectationsState, key: string, now: number): boolean {
  const e = st.get(key);
  if (!e) return true;
  if (e.add <= 0 && e.del <= 0) return true;
  return now - e.timestamp > ExpectationsTimeoutMs;
}

/** isExpired reports whether the expectations are older than ExpectationsTimeout (5 min). */
export function isExpired(st: ExpectationsState, key: string, now: number): boolean {
  const e = st.get(key);
  return !!e && now - e.timestamp > ExpectationsTimeoutMs;
}

export function setExpectations(st: ExpectationsState, key: string, add: number, del: number, now: number): void {
  st.set(key, { add, del, timestamp: now, delKeys: new Set() });
}

export function expectCreations(st: ExpectationsState, key: string, n: number, now: number): void {
  setExpectations(st, key, n, 0, now);
}

/** expectDeletions records the exact pod keys expected to go (UID tracking). */
export function expectDeletions(st: ExpectationsState, key: string, podKeys: string[], now: number): void {
  st.set(key, { add: 0, del: podKeys.length, timestamp: now, delKeys: new Set(podKeys) });
}

function lower(st: ExpectationsState, key: string, add: number, del: number): void {
  const e = st.get(key);
  if (!e) return;
  e.add -= add;
  e.del -= del;
}

/** creationObserved lowers the pending adds by one (a pod ADDED event or a failed create). */
export function creationObserved(st: ExpectationsState, key: string): void {
  lower(st, key, 1, 0);
}

/** deletionObserved lowers the pending deletes by one, once per tracked pod key. */
export function deletionObserved(st: ExpectationsState, key: string, podKey?: string): void {
  const e = st.get(key);
  if (!e) return;
  if (podKey !== undefined) {
    // UIDTrackingControllerExpectations: only a deletion it asked for counts, and only once.
    if (!e.delKeys.delete(podKey)) return;
    e.del -= 1;
    return;
  }
  lower(st, key, 0, 1);
}

export function deleteExpectations(st: ExpectationsState, key: string): void {
  st.delete(key);
}
