// Port of kubernetes staging/src/k8s.io/client-go/tools/record/events_cache.go (v1.36).
/**
 * What client-go's EventCorrelator does to an Event before the recorder writes it: aggregate
 * (a tenth distinct message for the same object, type and reason within 10 minutes becomes one
 * "(combined from similar events): …" Event), observe (a repeat of the same Event raises its
 * count) and filter (a source may write 25 Events about one object, then one per 5 minutes).
 *
 * Each recorder has its own correlator (one per controller, one per node's kubelet), with LRU
 * caches of 4,096 entries. The state is plain data in EngineState, every record an immutable
 * value, so a copy of the maps is a copy of the state.
 */
import { nextInt, type PrngState } from '../lib/prng.ts';

/** maxLruCacheEntries: each cache of a correlator keeps this many keys, least recently used out. */
export const maxLruCacheEntries = 4096;
/** A tenth distinct message (10 in 600 s) for one aggregate key is aggregated. */
export const defaultAggregateMaxEvents = 10;
export const defaultAggregateIntervalMs = 600_000;
/** 25 Events per source and object at once, then 1 every 300 s (1/300 per second refill). */
export const defaultSpamBurst = 25;
export const defaultSpamQPS = 1 / 300;

/** aggregateRecord: the distinct messages seen for one aggregate key, and when the last came. */
export interface AggregateRecord {
  localKeys: readonly string[];
  lastMs: number;
}

/** eventLog: the Event the recorder last wrote for a key, and how often it has been seen. */
export interface EventLog {
  count: number;
  firstTimestamp: string;
  name: string;
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

/**
 * Each cache's cursor on its oldest key. A Map keeps insertion order and its iterators outlive
 * deletes, sets and rehashes; every key before the cursor has been dropped, so its next key is the
 * least recently used. A fresh `m.keys().next()` would instead walk over every deleted slot at the
 * front of the table, up to half its size, on each drop (4× the cost with 60,000 Events). Not
 * engine state: a copied cache starts a cursor of its own at its front.
 */
const oldestCursor = new WeakMap<Map<string, unknown>, Iterator<string>>();

/** lruAdd stores a key as the most recently used, dropping the least recently used past the limit. */
export function lruAdd<V>(m: Map<string, V>, key: string, v: V): void {
  m.delete(key);
  m.set(key, v);
  if (m.size > maxLruCacheEntries) {
    let cursor = oldestCursor.get(m);
    if (cursor === undefined) {
      cursor = m.keys();
      oldestCursor.set(m, cursor);
    }
    const oldest = cursor.next().value;
    if (oldest !== undefined) m.delete(oldest);
  }
}

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

/*
 * The three keys, as client-go's (getEventKey, getSpamKey, EventAggregatorByReasonFunc) but shorter
 * with the same equalities: each recorder has its own correlator, so the source (component, host)
 * is the same for every key of a cache and is left out; an object with a uid is named by its uid
 * alone (kind, namespace, name and apiVersion never change under one uid). A NUL separates the
 * parts (no name, reason or message holds one). A pod's spam key is then its uid string itself, and
 * 84,000 entries of a 10,000-replica rollout weigh ~9 MB less than with the 140-character keys.
 */

/** objectKey names the Event's object in its recorder's caches. */
function objectKey(e: CorrelatedEvent): string {
  return e.uid !== '' ? e.uid : `${e.kind}\u0000${e.namespace}\u0000${e.name}\u0000${e.apiVersion}`;
}

/*
 * The keys are concatenated, not joined from an array: the same strings without the array and
 * join's copy, two per Event (80,000 Events in a 10,000-replica rollout). The event key is the
 * aggregate key with the message after it.
 */

/** getEventKey: source, object, field path, type, reason and message. */
export function getEventKey(e: CorrelatedEvent): string {
  return eventKeyOf(eventAggregatorByReasonFunc(e), e);
}

/**
 * eventKeyOf is the event key after its aggregate key: the message, with the field path before it
 * when there is one (two containers' `Container created` are two Events, as upstream's key has it).
 */
function eventKeyOf(aggregateKey: string, e: CorrelatedEvent): string {
  return e.fieldPath === '' ? `${aggregateKey}\u0000${e.message}` : `${aggregateKey}\u0000${e.fieldPath}\u0000${e.message}`;
}

/** getSpamKey: source and object. */
export function getSpamKey(e: CorrelatedEvent): string {
  return objectKey(e);
}

/** eventAggregatorByReasonFunc: everything but the message (the reporting fields are empty). */
function eventAggregatorByReasonFunc(e: CorrelatedEvent): string {
  return `${objectKey(e)}\u0000${e.type}\u0000${e.reason}`;
}

/** What eventAggregate decided: the message to write and the key it is observed under. */
export interface Aggregated {
  message: string;
  key: string;
  aggregated: boolean;
}

/**
 * eventAggregate files the message under its aggregate key. Below 10 distinct messages in the
 * window the Event stays as it is; at the tenth it becomes the combined Event (keyed by the
 * aggregate key, so later ones raise its count), and one message leaves the set to hold it at 9
 * (sets.String PopAny takes whichever a Go map yields first: drawn from the engine's PRNG).
 */
export function eventAggregate(c: EventCorrelatorState, e: CorrelatedEvent, nowMs: number, prng: PrngState): Aggregated {
  const aggregateKey = eventAggregatorByReasonFunc(e);
  const eventKey = eventKeyOf(aggregateKey, e);
  // A plain get: the lruAdd below makes the key the most recently used either way.
  let record = c.aggregate.get(aggregateKey);
  // A record older than the interval starts afresh (a missing one too).
  if (record === undefined || nowMs - record.lastMs > defaultAggregateIntervalMs) record = { localKeys: [], lastMs: nowMs };
  const seen = record.localKeys;
  const known = seen.includes(e.message);
  const size = known ? seen.length : seen.length + 1;
  if (size < defaultAggregateMaxEvents) {
    // concat, not a spread: a spread array keeps spare room (~190 bytes for one message, 30,000 records).
    lruAdd(c.aggregate, aggregateKey, { localKeys: known ? seen : seen.concat(e.message), lastMs: nowMs });
    return { message: e.message, key: eventKey, aggregated: false };
  }
  // The set with the message added, less the one PopAny drew, built in one pass: a
  // ReplicaSet's "Created pod: …" messages are all distinct, so from its tenth Event on every one
  // comes here (20,000 in a 10,000-replica rollout), each once a concat, a filter and its closure.
  const pop = nextInt(prng, size);
  lruAdd(c.aggregate, aggregateKey, { localKeys: withoutAt(seen, known ? null : e.message, pop), lastMs: nowMs });
  return { message: `(combined from similar events): ${e.message}`, key: aggregateKey, aggregated: true };
}

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
 * (its name and first timestamp) with the count one higher; a new key takes `newName()` (asked
 * only then: the name draws from the PRNG). Recorded even when the spam filter then drops the
 * write, as client-go's logger does.
 */
export function eventObserve(c: EventCorrelatorState, key: string, newName: () => string, nowIso: string): EventLog {
  const last = c.logs.get(key);
  const log: EventLog =
    last !== undefined && last.count > 0
      ? { count: last.count + 1, firstTimestamp: last.firstTimestamp, name: last.name }
      : { count: 1, firstTimestamp: nowIso, name: newName() };
  lruAdd(c.logs, key, log);
  return log;
}

/**
 * spamFilter takes a token from the source's bucket for the object: true when there is none
 * (the Event is dropped). A new bucket starts full (25); it refills at 1 per 300 s.
 */
export function spamFilter(c: EventCorrelatorState, e: CorrelatedEvent, nowMs: number): boolean {
  const key = getSpamKey(e);
  const prev = c.spam.get(key);
  const elapsed = prev === undefined ? 0 : Math.max(0, nowMs - prev.lastMs);
  const tokens = Math.min(defaultSpamBurst, (prev?.tokens ?? defaultSpamBurst) + (elapsed / 1000) * defaultSpamQPS);
  const accept = tokens >= 1;
  lruAdd(c.spam, key, { tokens: accept ? tokens - 1 : tokens, lastMs: nowMs });
  return !accept;
}
