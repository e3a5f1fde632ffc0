// Port of kubernetes staging/src/k8s.io/client-go/tools/record/events_cache.go (v1.36): its LRU caches.
/**
 * The LRU caches of an EventCorrelator (eventCorrelator.ts): Maps in least recently used order, a
 * cursor on each one's oldest key, and what each kind of cache was given last.
 */

/** maxLruCacheEntries: each cache of a correlator keeps this many keys, least recently used out. */
export const maxLruCacheEntries = 4096;

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
 * hash lookup fewer for each new key; a kubelet's Events are new keys but for a repeat), or that
 * the key is already the most recently used (a set in place keeps it last, the size unchanged).
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

/** What one kind of cache was given last: the map, the key and the record (eventCorrelator.ts). */
export interface LastWrite<V> {
  map: Map<string, V> | undefined;
  key: string;
  record: V | undefined;
}

/** wrote notes the write of `record` under `key` in `map` as its kind's last. */
export function wrote<V>(last: LastWrite<V>, map: Map<string, V>, key: string, record: V): void {
  last.map = map;
  last.key = key;
  last.record = record;
}

/** recent is map.get(key), the last write's record when it is that key of that map. */
export function recent<V>(last: LastWrite<V>, map: Map<string, V>, key: string): V | undefined {
  return last.map === map && last.key === key ? last.record : map.get(key);
}
