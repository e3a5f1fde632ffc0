// Port of kubernetes staging/src/k8s.io/client-go/tools/record/events_cache.go (v1.36): its keys.
/**
 * The correlator's keys (getEventKey, getSpamKey, EventAggregatorByReasonFunc), as client-go's but
 * shorter with the same equalities: each recorder has its own correlator, so the source (component,
 * host) is the same for every key of a cache and is left out; an object with a uid is named by its
 * uid alone (kind, namespace, name and apiVersion never change under one uid). A NUL separates the
 * parts (no name, reason or message holds one). A pod's spam key is then its uid string itself, and
 * 84,000 entries of a 10,000-replica rollout weigh ~9 MB less than with the 140-character keys.
 *
 * The strings are memoized, not rebuilt: a pod whose readiness probe keeps failing writes the same
 * Unhealthy Event every period (30,000 in the probes bench), and each one built a 55-character
 * aggregate key and a ~150-character event key, then flattened and hashed both for the Map lookups
 * (2–4 µs of the ~7 µs an Event spent in the correlator). The memo hands back the same string
 * objects, whose hash V8 keeps: the caches are keyed by equal strings either way, so every lookup,
 * LRU order and Event is the same. The memo is not engine state, only a cache of string building.
 */

/** The fields of an Event a key is made of. */
export interface KeyedEvent {
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

/** objectKey names the Event's object in its recorder's caches. */
function objectKey(e: KeyedEvent): string {
  return e.uid !== '' ? e.uid : `${e.kind}\u0000${e.namespace}\u0000${e.name}\u0000${e.apiVersion}`;
}

/**
 * One memo entry: the aggregate key of an object, type and reason, and the event key of the last
 * field path and message seen with it (a probe repeats its message; a new message replaces it).
 */
export interface KeyMemo {
  type: string;
  reason: string;
  aggregateKey: string;
  fieldPath: string;
  message: string;
  eventKey: string;
}

/**
 * The entries by object key: an object has few (type, reason) pairs (a pod's kubelet Events are
 * ~6 reasons), so a short array scanned by identity-first string compares. Cleared whole past
 * `memoObjectsLimit` objects: a 10,000-replica rollout names 20,000 pods, and holding every key
 * built would pin ~5 MB of strings for nothing once the LRU caches dropped them.
 */
const memo = new Map<string, KeyMemo[]>();
const memoObjectsLimit = 8192;

/** keyMemo finds (or makes) the memo entry of the Event's object, type and reason. */
export function keyMemo(e: KeyedEvent): KeyMemo {
  const objKey = objectKey(e);
  let entries = memo.get(objKey);
  if (entries === undefined) {
    if (memo.size >= memoObjectsLimit) memo.clear();
    entries = [];
    memo.set(objKey, entries);
  }
  for (const m of entries) if (m.reason === e.reason && m.type === e.type) return m;
  const aggregateKey = `${objKey}\u0000${e.type}\u0000${e.reason}`;
  // A NUL message matches none (no message holds one): the event key is built when first asked,
  // and the 20,000 aggregated "Created pod: …" Events of a 10,000-replica rollout never ask.
  const m: KeyMemo = { type: e.type, reason: e.reason, aggregateKey, fieldPath: '', message: '\u0000', eventKey: '' };
  entries.push(m);
  return m;
}

/**
 * eventKeyOf is the event key after its aggregate key: the message, with the field path before it
 * when there is one (two containers' `Container created` are two Events, as upstream's key has it).
 */
function eventKeyOf(aggregateKey: string, e: KeyedEvent): string {
  return e.fieldPath === '' ? `${aggregateKey}\u0000${e.message}` : `${aggregateKey}\u0000${e.fieldPath}\u0000${e.message}`;
}

/** eventAggregatorByReasonFunc: everything but the message (the reporting fields are empty). */
export function eventAggregatorByReasonFunc(e: KeyedEvent): string {
  return keyMemo(e).aggregateKey;
}

/** getEventKey: source, object, field path, type, reason and message. */
export function getEventKey(e: KeyedEvent): string {
  return memoEventKey(keyMemo(e), e);
}

/** memoEventKey is the event key of `e` from its memo entry, built when the message or field path moved. */
export function memoEventKey(m: KeyMemo, e: KeyedEvent): string {
  if (m.message !== e.message || m.fieldPath !== e.fieldPath) {
    m.message = e.message;
    m.fieldPath = e.fieldPath;
    m.eventKey = eventKeyOf(m.aggregateKey, e);
  }
  return m.eventKey;
}

/** getSpamKey: source and object. */
export function getSpamKey(e: KeyedEvent): string {
  return objectKey(e);
}
