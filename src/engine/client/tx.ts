/**
 * Tx: everything one tick may do — read the clock and the PRNG, write through the API server,
 * record Kubernetes Events, enqueue controller keys, schedule later events — and the record
 * of what it did (writes, decisions, summary) that becomes the tick's entry in the timeline.
 */
import { type Decision, decide } from '../api/decision.ts';
import type { Kind, KubeObject } from '../api/types.ts';
import type { ApiResult } from '../apiserver/errors.ts';
import {
  createEvent,
  createObject,
  type DeleteOptions,
  deleteObject,
  namespacePrefix,
  removeObject,
  updateObject,
  updateStatus,
  type WatchRecord,
} from '../apiserver/store.ts';
import { namespaceExists, namespaceObject } from '../apiserver/admission/namespaceAutoProvision.ts';
import { updateEventRepeat } from '../apiserver/eventRepeat.ts';
import { add as queueAdd, rateLimitedDelay } from './workqueue.ts';
import type { PrngState } from '../lib/prng.ts';
import { toRFC3339 } from '../lib/time.ts';
import {
  type CorrelatedEvent,
  defaultAggregateMaxEvents,
  type EventLog,
  eventCorrelate,
  newEventCorrelator,
  spamFilter,
} from './eventCorrelator.ts';
import { beginNaming, clockNameStored, clockNameUid, endNaming, nameNewEventKey, nameUid, naming } from './eventNames.ts';
import { heapPush } from './eventQueue.ts';
import { eventSource, flatMessage, kubeletMessage, kubeletRecorder, kubeletSource, objectReference } from './eventParts.ts';
import type { ControllerName, SimEvent } from './events.ts';
import type { EngineState } from './state.ts';
import { appendNotes, NO_NOTES, type SummaryKey, type SummaryNotes, type SummaryValues, summaryNote, summaryOfNotes } from './summaryCatalog.ts';

export interface Tx {
  st: EngineState;
  now: number;
  nowIso: string;
  actor: string;
  /** The controller key or object this tick was about. */
  key?: string;
  /**
   * What the tick did, as data: one note per sentence of its summary line, packed flat
   * (summaryCatalog.ts). The line itself is rendered from them only for a caller that reads the
   * tick's record (simulation.ts stepDropped).
   */
  notes: SummaryNotes;
  writes: WatchRecord[];
  decisions: Decision[];
  /** The engine's PRNG: with now, writes and keys, a Tx is the WriteContext of its writes (one object a tick, not two). */
  prng: PrngState;
  /** The store key of each of `writes` (WriteContext.keys). */
  keys: string[] | undefined;
  /** Objects a sync listed: the worker stays busy ⌊cost / 1000⌋ ms (1 µs per object). */
  cost: number;
}

export function newTx(st: EngineState, actor: string): Tx {
  const writes: WatchRecord[] = [];
  // Every field from the start (key too): a field added later would give each tick's Tx a
  // second, out-of-object property store.
  return {
    st,
    now: st.now,
    nowIso: toRFC3339(st.now),
    actor,
    key: undefined,
    notes: NO_NOTES,
    writes,
    decisions: [],
    cost: 0,
    prng: st.prng,
    keys: undefined,
  };
}

/** schedule queues an event at an absolute virtual time (never before now). */
export function schedule(tx: Tx, time: number, ev: SimEvent): void {
  heapPush(tx.st.events, { time: Math.max(time, tx.st.now), seq: tx.st.seq++, ev });
}

/**
 * scheduleDelivery queues a watch delivery at `time`. A delivery due no sooner than the last one
 * queued goes to the back of the deliveries queue (always so: the delay is one constant and the
 * clock never goes back); any other would go to the heap, which orders anything.
 */
export function scheduleDelivery(tx: Tx, time: number, ev: SimEvent): void {
  const st = tx.st;
  const at = Math.max(time, st.now);
  const q = st.deliveries;
  const last = q[q.length - 1];
  if (last !== undefined && last.time > at) heapPush(st.events, { time: at, seq: st.seq++, ev });
  else q.push({ time: at, seq: st.seq++, ev });
}

/** enqueue adds a key to a controller's queue and wakes its worker if it is idle. */
export function enqueue(tx: Tx, controller: ControllerName, key: string): void {
  const q = tx.st.queues[controller];
  queueAdd(q, key);
  if (!q.wakeScheduled) {
    q.wakeScheduled = true;
    schedule(tx, Math.max(tx.st.now, q.busyUntil), { type: 'work', controller });
  }
}

/** enqueueAfter is the work queue's AddAfter: the key is added once the delay has passed. */
export function enqueueAfter(tx: Tx, controller: ControllerName, key: string, delayMs: number): void {
  if (delayMs <= 0) {
    enqueue(tx, controller, key);
    return;
  }
  // Like client-go's delaying queue, a key waits once: a later AddAfter for a key that is
  // already waiting to become ready sooner changes nothing; an earlier one replaces it.
  const at = tx.st.now + Math.ceil(delayMs);
  const waiting = tx.st.queues[controller].waitingAfter;
  const cur = waiting.get(key);
  if (cur !== undefined && cur <= at) return;
  waiting.set(key, at);
  schedule(tx, at, { type: 'enqueue', controller, key, at });
}

/**
 * enqueueRateLimited is the work queue's AddRateLimited: the key comes back after the delay its
 * queue's rate limiter gives it now (rateLimiter.ts). Every "requeue now" of a controller goes
 * through it, as upstream's does, so a key requeued again and again moves the virtual clock on
 * (5 ms, then 10 ms … for one key; 100 ms a requeue once a queue has spent its burst of 100).
 */
export function enqueueRateLimited(tx: Tx, controller: ControllerName, key: string): number {
  const delay = rateLimitedDelay(tx.st.queues[controller], key, tx.st.now);
  enqueueAfter(tx, controller, key, delay);
  return delay;
}

/**
 * create is a POST to the API server. A namespaced object in a namespace that does not exist
 * gets it created first (the NamespaceAutoProvision admission plugin), which Explain records.
 */
export function create<T extends KubeObject>(tx: Tx, obj: T): ApiResult<T> {
  if (obj.kind !== 'Node' && obj.kind !== 'Namespace') {
    const ns = obj.metadata.namespace || 'default';
    if (!namespaceExists(tx.st.store, ns)) {
      const r = createObject(tx.st.store, tx, namespaceObject(ns));
      if (r.ok) decide(tx.decisions, 'admit', 'namespaceCreated', { namespace: ns, kind: obj.kind, name: obj.metadata.name || obj.metadata.generateName || '' });
    }
  }
  return createObject(tx.st.store, tx, obj);
}

export function update<T extends KubeObject>(tx: Tx, obj: T): ApiResult<T> {
  return updateObject(tx.st.store, tx, obj);
}

/** writeStatus writes obj's status (the status subresource); key, when given, is objectKey(obj). */
export function writeStatus<T extends KubeObject>(tx: Tx, obj: T, key?: string): ApiResult<T> {
  return key === undefined ? updateStatus(tx.st.store, tx, obj) : updateStatus(tx.st.store, tx, obj, key);
}

/** writeStatusOf writes `status` as obj's status, as writeStatus({ ...obj, status }, key) would. */
export function writeStatusOf<T extends KubeObject>(tx: Tx, obj: T, status: unknown, key: string): ApiResult<T> {
  return updateStatus(tx.st.store, tx, obj, key, status);
}

export function del(tx: Tx, kind: Kind, key: string, opts: Omit<DeleteOptions, 'uid'> = {}): ApiResult<KubeObject> {
  return deleteObject(tx.st.store, tx, kind, key, opts);
}

export function remove(tx: Tx, kind: Kind, key: string): ApiResult<KubeObject> {
  return removeObject(tx.st.store, tx, kind, key);
}

export { kubeletRecorder };

/**
 * The fields the correlator reads of the Event being recorded, one object filled afresh by each
 * recordEvent (110,000 in a 10,000-replica rollout, ~9 MB of objects made and dropped otherwise):
 * the correlator keeps none of it, only strings it holds. Not engine state.
 */
const correlated: CorrelatedEvent = { component: '', host: '', kind: '', namespace: '', name: '', uid: '', apiVersion: '', type: '', reason: '', message: '', fieldPath: '' };

/**
 * recordEvent writes a core/v1 Event as client-go's recorder does after its EventCorrelator
 * (eventCorrelator.ts): a tenth distinct message about one object, type and reason within 10
 * minutes becomes a "(combined from similar events): …" Event, a repeat raises the count of the
 * Event already written, and past 25 writes about one object a source writes one every 5 minutes
 * (the rest are dropped). Each controller has its own recorder, each node's kubelet too. The
 * scheduler records through the events/v1 API, which has no aggregation or spam filter: its
 * repeats only raise the count. A new Event's name is client-go's, from the clock (clockEventName),
 * 1 µs later for each Event of the object already named in this ms. With `named: 'prng'` the Event
 * also draws from the PRNG as it did when its name came from there (skipNameDraws: a seed keeps its
 * run), and the store draws its uid; with `named: 'clock'` (the kubelet's container Events, which
 * never drew) its uid is made from its name. `fieldPath` names the container a kubelet Event is
 * about (`spec.containers{web}`, GenerateContainerRef's), kept in the Event's reference and key.
 */
export function recordEvent(
  tx: Tx,
  involved: KubeObject,
  type: 'Normal' | 'Warning',
  reason: string,
  message: string,
  component: string,
  named: 'prng' | 'clock' = 'prng',
  fieldPath = '',
): void {
  const meta = involved.metadata;
  const namespace = meta.namespace ?? 'default';
  // A Node or a PersistentVolume is cluster-scoped: its Events go to default, their reference names
  // no namespace (GetReference of an object without one; the NodeDescriber and
  // PersistentVolumeDescriber ask for involvedObject.namespace=""). A kubelet's Event about its node
  // comes from that node.
  const refNamespace = involved.kind === 'Node' || involved.kind === 'PersistentVolume' ? '' : namespace;
  const host = component !== 'kubelet' ? '' : involved.kind === 'Pod' ? (involved.spec.nodeName ?? '') : involved.kind === 'Node' ? meta.name : '';
  // A kubelet's messages repeat pod after pod (`Successfully pulled image "web:2" in 1s …`): one string each.
  const text = host === '' ? flatMessage(message) : kubeletMessage(message);
  const recorder = host === '' ? component : kubeletRecorder(host);
  let corr = tx.st.eventCorrelators.get(recorder);
  if (corr === undefined) {
    corr = newEventCorrelator();
    tx.st.eventCorrelators.set(recorder, corr);
  }
  const e = correlated;
  e.component = component;
  e.host = host;
  e.kind = involved.kind;
  e.namespace = refNamespace;
  e.name = meta.name;
  e.uid = meta.uid ?? '';
  e.apiVersion = involved.apiVersion;
  e.type = type;
  e.reason = reason;
  e.message = text;
  e.fieldPath = fieldPath;
  // The name a new Event takes, asked only for a new key (eventNames.ts: no closure per Event).
  const prefix = namespacePrefix(namespace);
  beginNaming(named === 'prng', tx.st.prng, tx.st.store.objects.Event, tx.now, prefix, meta.name, tx.st.store.rv);
  // One record in both caches (the scheduler's events.k8s.io recorder has none: eventSeries.ts).
  const agg = eventCorrelate(corr, e, tx.now, tx.st.prng, nameNewEventKey, tx.nowIso);
  const written = agg.message;
  const aggregated = agg.aggregated;
  const log: EventLog = agg.log;
  endNaming();
  if (spamFilter(corr, e, tx.now)) {
    decide(tx.decisions, 'eventCorrelate', 'spamDropped', { reason, kind: involved.kind, name: meta.name, recorder, count: log.count });
    return;
  }
  if (aggregated) {
    // 10 distinct messages: 9 were written as Events of their own, the 10th and every later one
    // raise the count of the one combined Event (count 5 = the 10th to the 14th message).
    const about = { reason, kind: involved.kind, name: meta.name, recorder, count: log.count };
    decide(tx.decisions, 'eventCorrelate', 'aggregated', { ...about, max: defaultAggregateMaxEvents, separate: defaultAggregateMaxEvents - 1 });
  }
  // The log keeps the store key nameNewEvent made with the name, its hash already worked out: a
  // repeat looks the Event up by the store's own string.
  const madeName = naming.fresh;
  const key = log.key;
  const existing = log.count > 1 ? tx.st.store.objects.Event.get(key) : undefined;
  if (existing && existing.kind === 'Event') {
    updateEventRepeat(tx.st.store, tx, existing, key, log.count, written, tx.nowIso);
    return;
  }
  // A repeat whose first write was dropped is created now, with the count seen so far. The store
  // fills in the metadata of this Event, seen by no one yet (createEvent). A name made now was
  // found free, with no write since: no second lookup (`absent`). An older name is read off its
  // key (rare: the spam filter let a repeat through after dropping the first write).
  const name = madeName ? naming.name : key.slice(prefix.length);
  const ok = createEvent(
    tx.st.store,
    tx,
    {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name, namespace, uid: named !== 'clock' ? '' : madeName ? clockNameUid() : nameUid(name), resourceVersion: '', creationTimestamp: '' },
      involvedObject: objectReference(involved, refNamespace, fieldPath),
      reason,
      message: written,
      type,
      source: host === '' ? eventSource(component) : kubeletSource(host),
      firstTimestamp: log.firstTimestamp,
      lastTimestamp: tx.nowIso,
      count: log.count,
      // generateEvent: the reporting controller and instance are the source's component and host.
      reportingComponent: component,
      reportingInstance: host,
    },
    key,
    madeName,
  );
  if (madeName && ok) clockNameStored(tx.st.store.objects.Event, tx.st.store.rv);
}

/**
 * note appends a sentence to the tick's summary: the key with its values to `notes`, e.g.
 * note(tx, 'ready', { pod: 'web-x' }) adds `web-x: Ready` (txSummary renders the line).
 */
export function note<K extends SummaryKey>(tx: Tx, key: K, values: SummaryValues<K>): void {
  notePacked(tx, summaryNote(key, values));
}

/** notePacked is note() for a note already packed (its catalogue index, then its values in the template's order). */
export function notePacked(tx: Tx, n: SummaryNotes): void {
  tx.notes = appendNotes(tx.notes, n);
}

/** txSummary is the tick's summary line so far: its notes rendered in English, joined by `; `. */
export function txSummary(tx: Tx): string {
  return summaryOfNotes(tx.notes);
}
