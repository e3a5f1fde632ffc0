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

/**
 * lruAdd stores a key as the most recently used, dropping the least recently used past the limit.
 * `present: false` says the caller's get found no entry: the delete would find none either (one
 * hash lookup fewer for each new key; a kubelet's Events are new keys but for a repeat).
 */
export function lruAdd<V>(m: Map<string, V>, key: string, v: V, present = true): void {
  if (present) m.delete(key);
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
 * The keys are the same strings as `${object}\0${type}\0${reason}` (and `\0${fieldPath}\0${message}`
 * after it), built as the object's key and one shared tail: V8 keeps a string made by `+` as a tree
 * of its parts (a cons string) and hashes it without flattening, so a template literal of five parts
 * kept as a Map key weighs four 32-byte nodes more than its one tail. Measured after a
 * 10,000-replica rollout: 168,000 such nodes (244 bytes an Event) in the caches of 2,000 pods' run.
 * The tails are the few (type, reason) and (field path, message) pairs the recorders write (Pulled,
 * Created, Started … of `spec.containers{web}`), one string each; a table holds at most
 * TAIL_CACHE_MAX of them and starts afresh past that (a message that names its pod is new each
 * time). Not engine state: a tail from the table or a new one is the same string.
 */
const TAIL_CACHE_MAX = 4096;
let tailCount = 0;
/** The tails by (type, reason), then by (field path, message); index 0 and 1. */
let tails: [Map<string, Map<string, string>>, Map<string, Map<string, string>>] = [new Map(), new Map()];

/** tail is `\0${a}\0${b}` (`\0${b}` for an event tail without a field path), from the tables when there. */
function tail(which: 0 | 1, a: string, b: string): string {
  let byA = tails[which].get(a);
  let t = byA?.get(b);
  if (t !== undefined) return t;
  t = which === 1 && a === '' ? `\u0000${b}` : `\u0000${a}\u0000${b}`;
  if (tailCount >= TAIL_CACHE_MAX) {
    tails = [new Map(), new Map()];
    tailCount = 0;
    byA = undefined;
  }
  if (byA === undefined) {
    byA = new Map();
    tails[which].set(a, byA);
  }
  byA.set(b, t);
  tailCount++;
  return t;
}

/** getEventKey: source, object, field path, type, reason and message. */
export function getEventKey(e: CorrelatedEvent): string {
  return eventKeyOf(eventAggregatorByReasonFunc(e), e);
}

/**
 * eventKeyOf is the event key after its aggregate key: the message, with the field path before it
 * when there is one (two containers' `Container created` are two Events, as upstream's key has it).
 */
function eventKeyOf(aggregateKey: string, e: CorrelatedEvent): string {
  return aggregateKey + tail(1, e.fieldPath, e.message);
}

/** getSpamKey: source and object. */
export function getSpamKey(e: CorrelatedEvent): string {
  return objectKey(e);
}

/** eventAggregatorByReasonFunc: everything but the message (the reporting fields are empty). */
function eventAggregatorByReasonFunc(e: CorrelatedEvent): string {
  return objectKey(e) + tail(0, e.type, e.reason);
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
  const record = c.aggregate.get(aggregateKey);
  // A record older than the interval starts afresh (a missing one too).
  const fresh = record === undefined || nowMs - record.lastMs > defaultAggregateIntervalMs;
  const seen = fresh ? null : record.localKeys;
  if (seen === null || typeof seen === 'string') {
    // No message yet, or one: two are far from the tenth.
    const localKeys = seen === null || seen === e.message ? e.message : [seen, e.message];
    lruAdd(c.aggregate, aggregateKey, { localKeys, lastMs: nowMs }, record !== undefined);
    return { message: e.message, key: eventKey, aggregated: false };
  }
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
  lruAdd(c.logs, key, log, last !== undefined);
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
  lruAdd(c.spam, key, { tokens: accept ? tokens - 1 : tokens, lastMs: nowMs }, prev !== undefined);
  return !accept;
}
