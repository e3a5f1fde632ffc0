// Port of kubernetes staging/src/k8s.io/client-go/tools/record/events_cache.go (v1.36).
/**
 * The keys of an EventCorrelator's caches (eventCorrelator.ts): client-go's getEventKey,
 * getSpamKey and EventAggregatorByReasonFunc, with the same equalities in fewer bytes.
 */
import type { CorrelatedEvent } from './eventCorrelator.ts';

/*
 * The three keys, as client-go's (getEventKey, getSpamKey, EventAggregatorByReasonFunc) but shorter
 * with the same equalities: each recorder has its own correlator, so the source (component, host)
 * is the same for every key of a cache and is left out; an object with a uid is named by its uid
 * alone (kind, namespace, name and apiVersion never change under one uid). A NUL separates the
 * parts (no name, reason or message holds one). A pod's spam key is then its uid string itself, and
 * 84,000 entries of a 10,000-replica rollout weigh ~9 MB less than with the 140-character keys.
 */

/** objectKey names the Event's object in its recorder's caches. */
export function objectKey(e: CorrelatedEvent): string {
  return e.uid !== '' ? e.uid : `${e.kind}\u0000${e.namespace}\u0000${e.name}\u0000${e.apiVersion}`;
}

/*
 * The keys are the same strings as `${object}\0${type}\0${reason}` (and `\0${fieldPath}\0${message}`
 * after it), built as the object's key and one shared tail: V8 keeps a string made by `+` as a tree
 * of its parts (a cons string) and hashes it without flattening, so a template literal of five parts
 * kept as a Map key weighs four 32-byte nodes more than its one tail. Measured after a
 * 10,000-replica rollout: 168,000 such nodes (244 bytes an Event) in the caches of 2,000 pods' run.
 * The tails are the few (type, reason) and (field path, message) pairs the recorders write (Pulled,
 * Created, Started … of `spec.containers{web}`; a message without a field path is made each time,
 * see tail), one string each; a table holds at most
 * TAIL_CACHE_MAX of them and starts afresh past that (a message that names its pod is new each
 * time). Not engine state: a tail from the table or a new one is the same string.
 */
const TAIL_CACHE_MAX = 4096;
let tailCount = 0;

/** A tail string in a box: the box's identity says "the same tail" without comparing strings (see MadeKeys). */
interface Tail {
  readonly s: string;
}

/** The tails by (type, reason), then by (field path, message); index 0 and 1. */
let tails: [Map<string, Map<string, Tail>>, Map<string, Map<string, Tail>>] = [new Map(), new Map()];

/**
 * The last RECENT_TAILS tails given of each table, as [a, b, tail] triples: a pod's start asks for
 * (Normal, Pulled), (Normal, Created), (Normal, Started) and their three (field path, message)
 * tails, the same six pod after pod; two compares each where the tables cost two hash-table probes.
 * Emptied with the tables. Not engine state.
 */
const RECENT_TAILS = 4;
let recentTails: [unknown[], unknown[]] = [[], []];
const recentAt = [0, 0];

/** tail is `\0${a}\0${b}` (`\0${b}` for an event tail without a field path), from the tables when there. */
function tail(which: 0 | 1, a: string, b: string): Tail {
  // A message without a field path is a controller's or the scheduler's, nearly always new
  // (`Created pod: web-…`, `Successfully assigned default/web-… to node-7`: 50,000 of the 10k
  // rollout's Events). Looked up, it was compared with the recent messages (two cons strings of
  // one length, `Created pod: …` after `Created pod: …`, are both copied flat to be compared),
  // hashed, missed, then filled a table that started afresh every 4,096 of them, pushing the
  // kubelet's few tails out with it. Made fresh instead, in a box of its own (eventKeyOf tells
  // tails apart by their box). A repeat makes an equal key: the same key for the caches.
  if (which === 1 && a === '') return { s: `\u0000${b}` };
  const recent = recentTails[which];
  for (let i = 0; i < recent.length; i += 3) if (recent[i] === a && recent[i + 1] === b) return recent[i + 2] as Tail;
  const t = tableTail(which, a, b);
  // tableTail may have started the tables afresh (and emptied recentTails).
  const now = recentTails[which];
  const at = recentAt[which] as number;
  now[at] = a;
  now[at + 1] = b;
  now[at + 2] = t;
  recentAt[which] = (at + 3) % (3 * RECENT_TAILS);
  return t;
}

function tableTail(which: 0 | 1, a: string, b: string): Tail {
  let byA = tails[which].get(a);
  let t = byA?.get(b);
  if (t !== undefined) return t;
  t = { s: which === 1 && a === '' ? `\u0000${b}` : `\u0000${a}\u0000${b}` };
  if (tailCount >= TAIL_CACHE_MAX) {
    tails = [new Map(), new Map()];
    recentTails = [[], []];
    recentAt[0] = 0;
    recentAt[1] = 0;
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
 * The keys made last: an object's aggregate key with the (type, reason) tail it was made of, and
 * the event key made after it with its (field path, message) tail. A ReplicaSet's 500
 * SuccessfulCreate of one sync, one after another, then look their aggregate key up by the very
 * string the cache holds, whose hash is known: an equal string made anew is hashed again, and the
 * lookup that finds the stored key compares the two, which copies both into flat strings. One
 * entry, changed in place: a table by uid (for a probe's Unhealthy, which comes between other
 * pods' Events) cost ~40% more per first-time key than it saved (measured), and most keys are
 * first-time keys (a pod's Pulled, Created, Started). Not engine state: a key made again is the same string.
 */
const made = { uid: '', typeReason: undefined as Tail | undefined, aggregate: '', pathMessage: undefined as Tail | undefined, event: '' };
/** Whether `made` is the entry eventAggregatorByReasonFunc used last (not for an object without a uid). */
let madeValid = false;

/**
 * eventKeyOf is the event key after its aggregate key: the message, with the field path before it
 * when there is one (two containers' `Container created` are two Events, as upstream's key has it).
 */
export function eventKeyOf(aggregateKey: string, e: CorrelatedEvent): string {
  const t = tail(1, e.fieldPath, e.message);
  const m = made;
  // The entry of this aggregate key (the same string, as eventAggregatorByReasonFunc just gave it).
  if (!madeValid || m.aggregate !== aggregateKey) return aggregateKey + t.s;
  if (m.pathMessage !== t) {
    m.pathMessage = t;
    m.event = aggregateKey + t.s;
  }
  return m.event;
}

/** getSpamKey: source and object. */
export function getSpamKey(e: CorrelatedEvent): string {
  return objectKey(e);
}

/** eventAggregatorByReasonFunc: everything but the message (the reporting fields are empty). */
export function eventAggregatorByReasonFunc(e: CorrelatedEvent): string {
  const t = tail(0, e.type, e.reason);
  if (e.uid === '') {
    madeValid = false;
    return objectKey(e) + t.s;
  }
  const m = made;
  if (m.typeReason !== t || m.uid !== e.uid) {
    m.uid = e.uid;
    m.typeReason = t;
    m.aggregate = e.uid + t.s;
    m.pathMessage = undefined;
    m.event = '';
  }
  madeValid = true;
  return m.aggregate;
}
