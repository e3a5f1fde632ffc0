// Port of kubernetes staging/src/k8s.io/client-go/tools/record/events_cache.go (v1.36).
/**
 * What client-go's EventCorrelator does to an Event before the recorder writes it: aggregate
 * (a tenth distinct message for the same object, type and reason within 10 minutes becomes one
 * "(combined from similar events): …" Event), observe (a repeat of the same Event raises its
 * count) and filter (a source may write 25 Events about one object, then one per 5 minutes).
 *
 * Each recorder has its own correlator (one per controller, one per node's kubelet), with LRU
 * caches of 4,096 entries. The state is plain data in EngineState, every record an immutable
 * value, so a copy of the maps is a copy of the state. One record may be the value of both the
 * aggregate and the log cache (eventCorrelate): each cache reads only its own fields of it.
 */
import { nextInt, type PrngState } from '../lib/prng.ts';
import { eventAggregatorByReasonFunc, eventKeyOf, objectKey } from './eventKeys.ts';
import { type LastWrite, lruAdd, recent, wrote } from './lruCache.ts';

export { lruAdd, maxLruCacheEntries } from './lruCache.ts';

export { getEventKey, getSpamKey } from './eventKeys.ts';

/** A tenth distinct message (10 in 600 s) for one aggregate key is aggregated. */
export const defaultAggregateMaxEvents = 10;
export const defaultAggregateIntervalMs = 600_000;
/** 25 Events per source and object at once, then 1 every 300 s (1/300 per second refill). */
export const defaultSpamBurst = 25;
export const defaultSpamQPS = 1 / 300;

/** aggregateRecord: the distinct messages seen for one aggregate key, and when the last came. */
export interface AggregateRecord {
  /**
   * The messages, one as the string itself: most keys ever see one (a pod's `Pulled`, `Created` …),
   * and a one-element array weighs 56 bytes (90,000 records after a 10,000-replica rollout).
   */
  localKeys: string | readonly string[];
  lastMs: number;
}

/** eventLog: the Event the recorder last wrote for a key, and how often it has been seen. */
export interface EventLog {
  count: number;
  firstTimestamp: string;
  /**
   * The Event's store key (`default/<name>`, its name after the namespace's prefix), the very
   * string the store holds it under (newKey's): a repeat finds the Event by it, its hash known and
   * equal by identity, where `prefix + name` built again was hashed, compared (both copied flat)
   * and kept on the Event's lease (~40,000 repeats in the probed 10,000-replica rollout). The key
   * alone, not the name too: a field more on every record weighed +0.6 MB after the plain 10k rollout.
   */
  key: string;
}

/** A token bucket (golang.org/x/time/rate, as flowcontrol's token bucket uses it). */
export interface SpamRecord {
  tokens: number;
  lastMs: number;
}

export interface EventCorrelatorState {
  aggregate: Map<string, AggregateRecord>;
  logs: Map<string, EventLog>;
  spam: Map<string, SpamRecord>;
}

export function newEventCorrelator(): EventCorrelatorState {
  return { aggregate: new Map(), logs: new Map(), spam: new Map() };
}

/** cloneEventCorrelator copies the caches; their records are immutable and shared. */
export function cloneEventCorrelator(c: EventCorrelatorState): EventCorrelatorState {
  return { aggregate: new Map(c.aggregate), logs: new Map(c.logs), spam: new Map(c.spam) };
}


/*
 * What each kind of cache was given last (by any correlator): the map, the key and the record. A
 * key whose record is this one is its cache's most recently used key: records are new objects at
 * every write and only these functions write the caches (a copy keeps their order). Setting such a
 * key again is then a plain set, without the delete before it, which leaves the order as it was:
 * a pod's Pulled, Created and Started write its spam key three times in a row, a ReplicaSet's
 * combined Event its aggregate and log keys 20,000 times (one hash-table probe fewer each). A read
 * of the spam key written last, in the same map, is that record without a probe (recent): no write
 * to the map came since, or it would be the last (77,000 of 132,000 spam reads in the 10k rollout).
 * Not engine state: a stale one only costs the delete and the probe again. The map is held until
 * the next write of its kind (one cache of at most 4,096 keys).
 */
const lastAggregate: LastWrite<AggregateRecord> = { map: undefined, key: '', record: undefined };
const lastLog: LastWrite<EventLog> = { map: undefined, key: '', record: undefined };
const lastSpam: LastWrite<SpamRecord> = { map: undefined, key: '', record: undefined };


/** The fields of an Event the correlator reads: its source and the object it is about. */
export interface CorrelatedEvent {
  component: string;
  host: string;
  kind: string;
  namespace: string;
  name: string;
  uid: string;
  apiVersion: string;
  type: string;
  reason: string;
  message: string;
  /** involvedObject.fieldPath: `spec.containers{web}` for the kubelet's container Events, else ''. */
  fieldPath: string;
}

/** What eventAggregate decided: the message to write and the key it is observed under. */
export interface Aggregated {
  message: string;
  key: string;
  aggregated: boolean;
}

/**
 * What aggregate() decided, in module variables rather than a new object for each of the
 * 110,000 Events of a 10,000-replica rollout. Not engine state: each call writes all of them.
 */
let aggKey = '';
let aggRecord: AggregateRecord | undefined;
let aggLocalKeys: string | readonly string[] = '';
let aggMessage = '';
let aggEventKey = '';
let aggAggregated = false;

/**
 * aggregate decides what eventAggregate does (the message set to store, the message to write and
 * the key to observe) without storing it, so that eventCorrelate can store one record for both caches.
 * Below 10 distinct messages in the window the Event stays as it is; at the tenth it becomes the
 * combined Event (keyed by the aggregate key, so later ones raise its count), and one message
 * leaves the set to hold it at 9 (sets.String PopAny takes whichever a Go map yields first: drawn
 * from the engine's PRNG).
 */
function aggregate(c: EventCorrelatorState, e: CorrelatedEvent, nowMs: number, prng: PrngState): void {
  const aggregateKey = eventAggregatorByReasonFunc(e);
  aggKey = aggregateKey;
  aggMessage = e.message;
  aggAggregated = false;
  // A plain get: the lruAdd after makes the key the most recently used either way.
  const record = c.aggregate.get(aggregateKey);
  aggRecord = record;
  // A record older than the interval starts afresh (a missing one too).
  const fresh = record === undefined || nowMs - record.lastMs > defaultAggregateIntervalMs;
  const seen = fresh ? null : record.localKeys;
  if (seen === null || typeof seen === 'string') {
    // No message yet, or one: two are far from the tenth.
    aggLocalKeys = seen === null || seen === e.message ? e.message : [seen, e.message];
    aggEventKey = eventKeyOf(aggregateKey, e);
    return;
  }
  const known = seen.includes(e.message);
  const size = known ? seen.length : seen.length + 1;
  if (size < defaultAggregateMaxEvents) {
    // concat, not a spread: a spread array keeps spare room (~190 bytes for one message, 30,000 records).
    aggLocalKeys = known ? seen : seen.concat(e.message);
    aggEventKey = eventKeyOf(aggregateKey, e);
    return;
  }
  // The event key is the aggregate key itself: the message's own key (a box and two joined
  // strings) is not made, where it was for each of a ReplicaSet's 20,000 combined Events.
  // The set with the message added, less the one PopAny drew, built in one pass: a
  // ReplicaSet's "Created pod: …" messages are all distinct, so from its tenth Event on every one
  // comes here (20,000 in a 10,000-replica rollout), each once a concat, a filter and its closure.
  const pop = nextInt(prng, size);
  aggLocalKeys = withoutAt(seen, known ? null : e.message, pop);
  aggMessage = `(combined from similar events): ${e.message}`;
  aggEventKey = aggregateKey;
  aggAggregated = true;
}

/** eventAggregate files the message under its aggregate key (aggregate says how). */
export function eventAggregate(c: EventCorrelatorState, e: CorrelatedEvent, nowMs: number, prng: PrngState): Aggregated {
  aggregate(c, e, nowMs, prng);
  const record: AggregateRecord = { localKeys: aggLocalKeys, lastMs: nowMs };
  lruAdd(c.aggregate, aggKey, record, aggRecord !== undefined && aggRecord !== lastAggregate.record);
  wrote(lastAggregate, c.aggregate, aggKey, record);
  return { message: aggMessage, key: aggEventKey, aggregated: aggAggregated };
}

/**
 * CorrelatedRecord is one Event's aggregate record and event log in one object, the value of
 * both caches: every Event writes a new record into each (the aggregate key's and the event
 * key's), so one object of five fields (64 bytes) serves where two of two and three (40 + 48)
 * did. Each cache reads only its own fields; the others are the other cache's at that Event.
 */
export interface CorrelatedRecord extends AggregateRecord, EventLog {}

/** What eventCorrelate decided: eventAggregate's answer and eventObserve's log. */
export interface Correlated extends Aggregated {
  log: EventLog;
}

/**
 * eventCorrelate is eventAggregate then eventObserve (the PRNG drawn in that order: PopAny, then
 * the new name), storing one record in both caches. When the message set is an array (an object
 * with 2 to 9 distinct messages, a ReplicaSet's "Created pod: …") the caches keep records of their
 * own: a log sharing it would keep a set of up to 9 messages alive after the aggregate cache moved on.
 * The answer is one object written afresh by each call (read it before the next): a new one for
 * each of 110,000 Events in a 10,000-replica rollout would be 5 MB made and dropped. `newKey`
 * names a new Event and gives its store key (EventLog.key).
 */
export function eventCorrelate(
  c: EventCorrelatorState,
  e: CorrelatedEvent,
  nowMs: number,
  prng: PrngState,
  newKey: () => string,
  nowIso: string,
): Correlated {
  aggregate(c, e, nowMs, prng);
  const aggregateKey = aggKey;
  const present = aggRecord !== undefined && aggRecord !== lastAggregate.record;
  const localKeys = aggLocalKeys;
  const message = aggMessage;
  const key = aggEventKey;
  const aggregated = aggAggregated;
  // No aggregate record means no log either, so the lookup of a first-time key (a pod's Pulled,
  // Created, Started …) is left out. A correlator's caches are written only here, both at each
  // Event, and the log key names its aggregate key (its prefix). The aggregate key went out after
  // 4,096 other aggregate keys came in after it, each with a log key other than this one, all after
  // this log key's last write (made with its aggregate key's): the log cache, as large, dropped it too.
  const last = aggRecord === undefined ? undefined : c.logs.get(key);
  const again = last !== undefined && last.count > 0;
  const count = again ? last.count + 1 : 1;
  const firstTimestamp = again ? last.firstTimestamp : nowIso;
  const eventKey = again ? last.key : newKey();
  let log: EventLog;
  if (typeof localKeys === 'string') {
    const record: CorrelatedRecord = { localKeys, lastMs: nowMs, count, firstTimestamp, key: eventKey };
    lruAdd(c.aggregate, aggregateKey, record, present);
    wrote(lastAggregate, c.aggregate, aggregateKey, record);
    log = record;
  } else {
    const record: AggregateRecord = { localKeys, lastMs: nowMs };
    lruAdd(c.aggregate, aggregateKey, record, present);
    wrote(lastAggregate, c.aggregate, aggregateKey, record);
    log = { count, firstTimestamp, key: eventKey };
  }
  lruAdd(c.logs, key, log, last !== undefined && last !== lastLog.record);
  wrote(lastLog, c.logs, key, log);
  const out = correlatedOut;
  out.message = message;
  out.key = key;
  out.aggregated = aggregated;
  out.log = log;
  return out;
}

/** eventCorrelate's answer (not engine state: each call writes every field). */
const correlatedOut: Correlated = { message: '', key: '', aggregated: false, log: { count: 0, firstTimestamp: '', key: '' } };

/** withoutAt is `keys` with `added` appended (when not null), less the element at `pop`. */
function withoutAt(keys: readonly string[], added: string | null, pop: number): string[] {
  // Grown by push, as filter grew it: a packed array like the ones concat makes for the shorter sets.
  const out: string[] = [];
  for (let i = 0; i < keys.length; i++) if (i !== pop) out.push(keys[i] as string);
  if (added !== null && pop !== keys.length) out.push(added);
  return out;
}

/**
 * eventObserve counts an Event under its key: a key seen before names the Event already written
 * (its store key and first timestamp) with the count one higher; a new key takes `newKey()`
 * (asked only then: the name may draw from the PRNG). Recorded even when the spam filter then drops the
 * write, as client-go's logger does.
 */
export function eventObserve(c: EventCorrelatorState, key: string, newKey: () => string, nowIso: string): EventLog {
  const last = c.logs.get(key);
  const log: EventLog =
    last !== undefined && last.count > 0
      ? { count: last.count + 1, firstTimestamp: last.firstTimestamp, key: last.key }
      : { count: 1, firstTimestamp: nowIso, key: newKey() };
  lruAdd(c.logs, key, log, last !== undefined && last !== lastLog.record);
  wrote(lastLog, c.logs, key, log);
  return log;
}

/**
 * spamFilter takes a token from the source's bucket for the object: true when there is none
 * (the Event is dropped). A new bucket starts full (25); it refills at 1 per 300 s.
 */
export function spamFilter(c: EventCorrelatorState, e: CorrelatedEvent, nowMs: number): boolean {
  const key = objectKey(e);
  // An object's uid (its key here) is a flat string: comparing it with the last key copies
  // nothing, where two distinct cons strings of one length (aggregate and log keys) compared with
  // === are both flattened (+64 B a key kept; measured +2 MB after the 10k rollout).
  const prev = e.uid !== '' ? recent(lastSpam, c.spam, key) : c.spam.get(key);
  const elapsed = prev === undefined ? 0 : Math.max(0, nowMs - prev.lastMs);
  const tokens = Math.min(defaultSpamBurst, (prev?.tokens ?? defaultSpamBurst) + (elapsed / 1000) * defaultSpamQPS);
  const accept = tokens >= 1;
  const record: SpamRecord = { tokens: accept ? tokens - 1 : tokens, lastMs: nowMs };
  lruAdd(c.spam, key, record, prev !== undefined && prev !== lastSpam.record);
  wrote(lastSpam, c.spam, key, record);
  return !accept;
}
