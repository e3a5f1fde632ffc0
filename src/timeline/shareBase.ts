/**
 * Structural sharing between keyframes' bases (packedState.ts). A keyframe's base is a copy of the
 * engine state without its big maps (cloneEngineState of the shell): ten controllers' workqueues
 * (dirty Set, failures and waitingAfter Maps, token bucket), ten controllers' expectations Maps,
 * the store's and the cache's fifteen emptied kind Maps each, the scheduler's three queues, ...
 * Most of it is empty or unchanged from one keyframe to the next, yet each copy is new: in the
 * 100-replica Parallel StatefulSet run (35 keyframes in 3,660 ticks) that was ~17 KB a keyframe,
 * ~160 B a tick, of which the queues alone 7.2 KB and the expectations 2 KB.
 *
 * shareBase walks the new copy beside the keyframe before's base and keeps, for each part equal
 * to that one, the one before's part itself. A keyframe is never stepped, only copied again
 * (unpackState clones its base), so a part two keyframes hold is never changed.
 *
 * Which parts may be swapped. The walk also follows the live state the copy was made from: a part
 * the copy holds as the live state's very object is a value the clone shares (an API object, a
 * queued pod's info, a probe worker), which the engine may compare by identity; it is the same
 * only as the very same object. A part that differs from the live one is the clone's own
 * container (a Map, a Set, an array, a plain record): it is equal when its entries are equal in
 * the same order (the engine lists Maps and Sets in insertion order), and then the one before's
 * container stands in for it. So what comes back from a keyframe is the state as it was copied,
 * down to which objects are the same object.
 */

type Plain = Record<string, unknown>;

function isPlain(x: object): x is Plain {
  const proto: unknown = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
}

/** isObject: a value the walk may descend into (not a primitive). */
function isObject(x: unknown): x is object {
  return typeof x === 'object' && x !== null;
}

/** childOf is the live state's part under `key` of `live` (undefined when there is none). */
function childOf(live: unknown, key: unknown): unknown {
  if (live instanceof Map) return live.get(key);
  if (Array.isArray(live)) return live[key as number];
  if (isObject(live) && isPlain(live)) return live[key as string];
  return undefined;
}

/**
 * share is `cur` or, when equal, `prev`; `live` is the part of the live state `cur` was copied
 * from. `cur`'s own containers get their equal children swapped for `prev`'s in place (they are
 * the keyframe's: nothing else holds them).
 */
export function share(cur: unknown, prev: unknown, live: unknown): unknown {
  if (Object.is(cur, prev)) return prev;
  // A value the copy shares with the live state, or one without a live counterpart: only itself is the same.
  if (!isObject(cur) || !isObject(prev) || !isObject(live) || cur === live) return cur;
  if (Array.isArray(cur)) return Array.isArray(prev) ? shareArray(cur, prev, live) : cur;
  if (cur instanceof Map) return prev instanceof Map ? shareMap(cur, prev, live) : cur;
  if (cur instanceof Set) return prev instanceof Set && sameSet(cur, prev) ? prev : cur;
  if (isPlain(cur)) return isPlain(prev) ? sharePlain(cur, prev, live) : cur;
  // Typed arrays and class instances: kept as they are.
  return cur;
}

function shareArray(cur: unknown[], prev: unknown[], live: unknown): unknown[] {
  let equal = cur.length === prev.length;
  for (let i = 0; i < cur.length; i++) {
    const c = share(cur[i], i < prev.length ? prev[i] : undefined, childOf(live, i));
    cur[i] = c;
    if (equal && !Object.is(c, prev[i])) equal = false;
  }
  return equal ? prev : cur;
}

function shareMap(cur: Map<unknown, unknown>, prev: Map<unknown, unknown>, live: unknown): Map<unknown, unknown> {
  let equal = cur.size === prev.size;
  const order = prev.keys();
  for (const [k, v] of cur) {
    const had = prev.has(k);
    const p = prev.get(k);
    const c = had ? share(v, p, childOf(live, k)) : v;
    // Setting a key the Map holds keeps its place in the order.
    if (!Object.is(c, v)) cur.set(k, c);
    if (equal && (!had || !Object.is(c, p) || !Object.is(order.next().value, k))) equal = false;
  }
  return equal ? prev : cur;
}

function sameSet(cur: Set<unknown>, prev: Set<unknown>): boolean {
  if (cur.size !== prev.size) return false;
  const order = prev.values();
  for (const v of cur) if (!Object.is(order.next().value, v)) return false;
  return true;
}

function sharePlain(cur: Plain, prev: Plain, live: unknown): Plain {
  const keys = Object.keys(cur);
  const before = Object.keys(prev);
  let equal = keys.length === before.length;
  keys.forEach((k, i) => {
    const had = Object.hasOwn(prev, k);
    const c = had ? share(cur[k], prev[k], childOf(live, k)) : cur[k];
    if (!Object.is(c, cur[k])) cur[k] = c;
    if (equal && (!had || !Object.is(c, prev[k]) || before[i] !== k)) equal = false;
  });
  return equal ? prev : cur;
}
