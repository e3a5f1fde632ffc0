/**
 * The recorder's repeat of an Event already written (client-go's recorder after its correlator
 * counted it again): the stored Event with a new count, message and lastTimestamp. A probed
 * 10,000-replica rollout writes 40,000 of them (a pod's Unhealthy 2 to 5 times); each went
 * through updateObject as `{ ...cur, count, message, lastTimestamp }`, two copies of the Event,
 * the key built again and the whole Event compared with the stored one, to find what this
 * writes in one literal.
 */
import type { Event } from '../api/types.ts';
import { leaseEventWrite } from './eventLeases.ts';
import { EVENT_KEYS, EVENT_META_STORED, keysAre } from './layout.ts';
import { emit, type StoreState, updateObject, type WriteContext } from './store.ts';

/**
 * updateEventRepeat stores `cur` (the stored Event under `key`) with count, message and
 * lastTimestamp set, exactly as updateObject(st, ctx, { ...cur, count, message, lastTimestamp })
 * does: the same object (keys in the same order), resourceVersion and watch event, and no write
 * when the three are what is stored already (a no-op update keeps its resourceVersion). An Event
 * of any other shape than the recorder's (EVENT_KEYS, EVENT_META_STORED) goes to updateObject.
 */
export function updateEventRepeat(st: StoreState, ctx: WriteContext, cur: Event, key: string, count: number, message: string, lastTimestamp: string): void {
  const m = cur.metadata;
  if (!keysAre(cur, EVENT_KEYS) || !keysAre(m, EVENT_META_STORED)) {
    updateObject(st, ctx, { ...cur, count, message, lastTimestamp });
    return;
  }
  if (count === cur.count && message === cur.message && lastTimestamp === cur.lastTimestamp) return;
  const stored: Event = {
    apiVersion: cur.apiVersion,
    kind: cur.kind,
    metadata: { name: m.name, namespace: m.namespace, uid: m.uid, resourceVersion: String(++st.rv), creationTimestamp: m.creationTimestamp },
    involvedObject: cur.involvedObject,
    reason: cur.reason,
    message,
    type: cur.type,
    source: cur.source,
    firstTimestamp: cur.firstTimestamp,
    lastTimestamp,
    count,
    reportingComponent: cur.reportingComponent,
    reportingInstance: cur.reportingInstance,
  };
  // On a lease again, from this write on (eventLeases.ts).
  // A core recorder's repeat: on a lease of the core/v1 storage (the scheduler's series: updateEventSeries).
  leaseEventWrite(st.leases, 'core', ctx.now, key, st.rv);
  emit(st, ctx, 'MODIFIED', stored, key);
}

/**
 * updateEventSeries is the events.k8s.io recorder's series patch (a strategic merge patch of
 * `series` alone) applied to `cur`, the stored Event under `key`: the Event with that series and
 * a new resourceVersion, on a lease of the events.k8s.io storage again; nothing when the stored
 * series is that one already (a no-op patch keeps its resourceVersion and writes nothing).
 */
export function updateEventSeries(st: StoreState, ctx: WriteContext, cur: Event, key: string, series: { count: number; lastObservedTime: string }): void {
  if (cur.series?.count === series.count && cur.series.lastObservedTime === series.lastObservedTime) return;
  const stored: Event = { ...cur, metadata: { ...cur.metadata, resourceVersion: String(++st.rv) }, series };
  leaseEventWrite(st.leases, 'events', ctx.now, key, st.rv);
  emit(st, ctx, 'MODIFIED', stored, key);
}
