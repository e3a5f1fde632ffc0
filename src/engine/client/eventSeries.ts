// Port of kubernetes staging/src/k8s.io/client-go/tools/events (v1.36): event_recorder.go's
// Eventf and makeEvent, event_broadcaster.go's recordToSink, recordEvent, finishSeries and
// refreshExistingEventSeries.
/**
 * The scheduler records its Events through events.k8s.io/v1 (its EventBroadcasterAdapter finds
 * the group served), not through the core recorder every controller and kubelet uses. Such an
 * Event has an eventTime (microseconds), an action (`Binding`, `Scheduling`), its reporting
 * controller and instance, and no source, firstTimestamp, lastTimestamp or count. Its regarding
 * reference carries the pod's resourceVersion.
 *
 * There is no correlator. The broadcaster keeps the Events it recorded by their isomorphic key
 * (type, action, reason, reporting controller and instance, the full regarding reference: the
 * message is not in it). A second one within 6 minutes starts a series: the first Event is
 * patched with `series: {count: 2, lastObservedTime}` (its message stays the first's). The
 * third and later are only counted in the broadcaster's memory. A pass every 6 minutes writes
 * the final count of a series quiet for 6 minutes and forgets it. A pass every 30 minutes
 * writes every running series' count. So `kubectl describe pod` of a pod that keeps failing to
 * schedule shows `(x2 over …)` for a while.
 */
import { decide } from '../api/decision.ts';
import type { Event, ObjectReference, Pod } from '../api/types.ts';
import { updateEventSeries } from '../apiserver/eventRepeat.ts';
import { createEvent, namespacePrefix } from '../apiserver/store.ts';
import { toMicroTime } from '../lib/time.ts';
import { beginNaming, clockNameStored, endNaming, naming, nameNewEvent } from './eventNames.ts';
import type { EngineState } from './state.ts';
import { note, schedule, type Tx } from './tx.ts';

/** finishTime and refreshTime of event_broadcaster.go. */
export const finishTimeMs = 6 * 60_000;
export const refreshTimeMs = 30 * 60_000;

/** The scheduler's recorder: its profile's name, and NewRecorder's `<controller>-<hostname>` (kind's control-plane node). */
export const SCHEDULER_REPORTING_CONTROLLER = 'default-scheduler';
export const SCHEDULER_REPORTING_INSTANCE = 'default-scheduler-kind-control-plane';

/** A series: how many isomorphic Events, the last one when. */
export interface EventSeriesCount {
  count: number;
  lastObservedMs: number;
}

/**
 * One eventCache entry: the Event recorded (as created, and its store key: where a series patch
 * goes) and its series, if one began. Replaced, never changed.
 */
export interface SeriesEntry {
  key: string;
  event: Event;
  eventTimeMs: number;
  series: EventSeriesCount | null;
}

/** The broadcaster's eventCache (insertion order stands in for Go's map order) and its next writing pass (−1: none). */
export interface EventSeriesState {
  cache: Map<string, SeriesEntry>;
  passAt: number;
}

export function newEventSeriesState(): EventSeriesState {
  return { cache: new Map(), passAt: -1 };
}

export function cloneEventSeriesState(s: EventSeriesState): EventSeriesState {
  return { cache: new Map(s.cache), passAt: s.passAt };
}

/** getKey: the isomorphic key (the reporting controller and instance are the scheduler's, related is nil). */
function getKey(type: string, action: string, reason: string, ref: ObjectReference): string {
  return `${type}\u0000${action}\u0000${reason}\u0000${ref.namespace}/${ref.name}\u0000${ref.uid}\u0000${ref.resourceVersion}`;
}

/** lastPass is the last 6-minute pass at or before `now` (wait.Until runs finishSeries at 0, 6 min, 12 min …). */
function lastPass(now: number): number {
  return Math.floor(now / finishTimeMs) * finishTimeMs;
}

/**
 * forgotten: a singleton finishSeries has already dropped, its eventTime more than 6 minutes
 * before a pass that has run. Dropping one writes nothing, so it is worked out when the key is
 * next asked for, not at the pass (no tick for it).
 */
function forgotten(e: SeriesEntry, now: number): boolean {
  return e.series === null && e.eventTimeMs < lastPass(now) - finishTimeMs;
}

/**
 * eventf is the recorder's Eventf then recordToSink, about a pod. Scheduled is recorded once per
 * binding of a pod at one resourceVersion, so its entry could never be found again: it is not
 * kept (the broadcaster would drop it at a pass, unseen).
 */
export function eventf(tx: Tx, regarding: Pod, type: 'Normal' | 'Warning', reason: string, action: string, note: string): void {
  const meta = regarding.metadata;
  const namespace = meta.namespace ?? 'default';
  const ref: ObjectReference = { kind: 'Pod', namespace, name: meta.name, uid: meta.uid, apiVersion: 'v1', resourceVersion: meta.resourceVersion };
  const cache = tx.st.eventSeries.cache;
  for (const [k, e] of cache) {
    if (!forgotten(e, tx.now)) break;
    cache.delete(k);
  }
  const isoKey = getKey(type, action, reason, ref);
  const known = cache.get(isoKey);
  const about = { reason, pod: meta.name };
  if (known !== undefined && !forgotten(known, tx.now)) {
    if (known.series !== null) {
      cache.set(isoKey, { ...known, series: { count: known.series.count + 1, lastObservedMs: tx.now } });
      decide(tx.decisions, 'eventSeries', 'counted', { ...about, count: known.series.count + 1 });
      return;
    }
    const entry = { ...known, series: { count: 2, lastObservedMs: tx.now } };
    cache.set(isoKey, entry);
    writeSeries(tx, entry);
    decide(tx.decisions, 'eventSeries', 'started', about);
    schedulePass(tx);
    return;
  }
  if (known !== undefined) cache.delete(isoKey);
  const event = makeEvent(ref, type, reason, action, note, tx.now);
  const key = createNew(tx, event, namespace, meta.name);
  if (key !== undefined && reason !== 'Scheduled') cache.set(isoKey, { key, event, eventTimeMs: tx.now, series: null });
}

/** makeEvent is the Event as the API server stores it (the core/v1 view); its name comes at creation. */
function makeEvent(ref: ObjectReference, type: 'Normal' | 'Warning', reason: string, action: string, note: string, now: number): Event {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: '', namespace: ref.namespace, uid: '', resourceVersion: '', creationTimestamp: '' },
    involvedObject: ref,
    reason,
    message: note,
    type,
    eventTime: toMicroTime(now),
    action,
    reportingComponent: SCHEDULER_REPORTING_CONTROLLER,
    reportingInstance: SCHEDULER_REPORTING_INSTANCE,
  };
}

/** createNew names a new Event `<pod>.<UnixNano hex>` as the other recorders do, and creates it; its store key, or undefined when refused. */
function createNew(tx: Tx, ev: Event, namespace: string, object: string): string | undefined {
  const prefix = namespacePrefix(namespace);
  beginNaming(true, tx.st.prng, tx.st.store.objects.Event, tx.now, prefix, object, tx.st.store.rv);
  const name = nameNewEvent();
  const key = naming.key;
  endNaming();
  ev.metadata.name = name;
  const ok = createEvent(tx.st.store, tx, ev, key, true, 'events');
  if (ok) clockNameStored(tx.st.store.objects.Event, tx.st.store.rv);
  return ok ? key : undefined;
}

/**
 * writeSeries is recordEvent for an Event with a series: a strategic merge patch of `series`
 * alone onto the stored Event; when it is gone (expired), the cached Event is created again
 * under its name with the series.
 */
function writeSeries(tx: Tx, entry: SeriesEntry): void {
  const series = entry.series as EventSeriesCount;
  const body = { count: series.count, lastObservedTime: toMicroTime(series.lastObservedMs) };
  const cur = tx.st.store.objects.Event.get(entry.key);
  if (cur !== undefined && cur.kind === 'Event') {
    updateEventSeries(tx.st.store, tx, cur, entry.key, body);
    return;
  }
  // recordEvent: the patch found nothing (the Event expired); create it again, ResourceVersion emptied.
  const m = entry.event.metadata;
  const again: Event = { ...entry.event, metadata: { name: m.name, namespace: m.namespace, uid: '', resourceVersion: '', creationTimestamp: '' }, series: body };
  if (createEvent(tx.st.store, tx, again, entry.key, false, 'events')) decide(tx.decisions, 'eventSeries', 'recreated', { name: m.name, count: series.count });
}

/** schedulePass asks for the next 6-minute pass while a series runs (a pass with only singletons to drop writes nothing). */
function schedulePass(tx: Tx): void {
  const s = tx.st.eventSeries;
  const at = lastPass(tx.now) + finishTimeMs;
  if (s.passAt >= tx.now && s.passAt <= at) return;
  s.passAt = at;
  schedule(tx, at, { type: 'eventSeries' });
}

/**
 * eventSeriesPass is the broadcaster's timers at one 6-minute mark: finishSeries (a series quiet
 * for 6 minutes gets its final count written and is forgotten; a singleton older than 6 minutes is
 * forgotten), then, every 30 minutes, refreshExistingEventSeries (each running series' count
 * written again, which also renews its Event's TTL). The two run in separate goroutines upstream;
 * here finishSeries goes first, in the cache's insertion order.
 */
export function eventSeriesPass(tx: Tx): void {
  const s = tx.st.eventSeries;
  if (s.passAt !== tx.now) return;
  s.passAt = -1;
  for (const [k, e] of s.cache) {
    if (e.series === null) {
      if (e.eventTimeMs < tx.now - finishTimeMs) s.cache.delete(k);
    } else if (e.series.lastObservedMs < tx.now - finishTimeMs) {
      writeSeries(tx, e);
      s.cache.delete(k);
      const about = { name: e.event.metadata.name, count: e.series.count };
      decide(tx.decisions, 'eventSeries', 'finished', about);
      note(tx, 'eventSeriesWritten', { ...about });
    }
  }
  if (tx.now % refreshTimeMs === 0) {
    for (const e of s.cache.values()) {
      if (e.series === null) continue;
      writeSeries(tx, e);
      const about = { name: e.event.metadata.name, count: e.series.count };
      decide(tx.decisions, 'eventSeries', 'refreshed', about);
      note(tx, 'eventSeriesWritten', { ...about });
    }
  }
  if (hasSeries(tx.st)) schedulePass(tx);
}

function hasSeries(st: EngineState): boolean {
  for (const e of st.eventSeries.cache.values()) if (e.series !== null) return true;
  return false;
}
