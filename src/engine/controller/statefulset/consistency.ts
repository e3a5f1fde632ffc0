// The StaleControllerConsistencyStatefulSet gate (Beta, on in v1.36, #137254): the controller
// reads its own writes. It remembers the resourceVersion of its last write per set and does not
// sync that set until its informer has delivered that resourceVersion.
/**
 * The informer lags the API server by watchDelaySeconds (50 ms by default): a sync 10 ms after
 * one that created web-1 would not see web-1 yet and create it again (AlreadyExists), or write
 * back a status the previous sync already moved on. Only pod and StatefulSet writes are
 * remembered: their deliveries enqueue the set again, so a skipped sync always comes back.
 */
import type { WatchRecord } from '../../apiserver/store.ts';

export interface StatefulSetConsistency {
  /** The highest resourceVersion the informer has delivered (any kind but Event). */
  seen: number;
  /** Per set key: the resourceVersion of the controller's last pod or set write. */
  written: Map<string, number>;
}

declare module '../../client/state.ts' {
  interface EngineState {
    /** The StatefulSet controller's read-your-writes bookkeeping (controller/statefulset/consistency.ts). */
    stsConsistency: StatefulSetConsistency;
  }
}

export function newStatefulSetConsistency(): StatefulSetConsistency {
  return { seen: 0, written: new Map() };
}

export function cloneStatefulSetConsistency(c: StatefulSetConsistency): StatefulSetConsistency {
  return { seen: c.seen, written: new Map(c.written) };
}

/** observeDelivery raises `seen` to a delivered object's resourceVersion (a map write only while sets wait). */
export function observeDelivery(c: StatefulSetConsistency, rec: WatchRecord): void {
  if (c.written.size === 0) return;
  const rv = Number(rec.object.metadata.resourceVersion ?? 0);
  if (rv > c.seen) c.seen = rv;
}

/** recordWrite remembers a write's resourceVersion for the set `key`. */
export function recordWrite(c: StatefulSetConsistency, key: string, resourceVersion: string | undefined): void {
  const rv = Number(resourceVersion ?? 0);
  if (rv > (c.written.get(key) ?? 0)) c.written.set(key, rv);
}

/** stale reports the resourceVersion the informer has yet to deliver for `key`, or 0 once it has (forgetting it). */
export function stale(c: StatefulSetConsistency, key: string): number {
  const rv = c.written.get(key);
  if (rv === undefined) return 0;
  if (rv <= c.seen) {
    c.written.delete(key);
    return 0;
  }
  return rv;
}
