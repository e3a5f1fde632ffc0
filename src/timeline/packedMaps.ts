/**
 * Packed maps, for keyframes (packedState.ts): a map's entries as a flat array, or coded against
 * the same map in the keyframe before, in one of two ways:
 * - prefixed: the first `n` array slots of the map before, then `tail` (a map that only grew at
 *   its end: the Events while none is updated, a cache before it is full);
 * - keyed: each entry as its number in the map before when the key holds the very same value there
 *   (4 bytes), the others in `extra` (16 bytes). An Event whose count rose, a least recently used
 *   key moved to the end, or one dropped from the front end a shared prefix at that entry: in the
 *   1,000-replica OrderedReady StatefulSet run the Events and the correlators' caches were ~108,000
 *   own entries over 71 keyframes, ~80 B a tick of its 21,465, though most of them were the entries
 *   of the keyframe before, in another place or after one that changed.
 * Either way the map keeps its own order (the entries are listed in the order it iterated).
 */
import { type Coded, EMPTY, type Flat, numbering } from './codedMaps.ts';

interface Prefixed {
  prev: PackedMap;
  n: number;
  tail: Flat;
  depth: number;
  length: number;
}

interface Keyed {
  base: PackedMap;
  coded: Coded;
  depth: number;
  length: number;
}

/** A packed map; `length` is its array slots (two an entry), `depth` the links down to a plain array. */
export type PackedMap = Flat | Prefixed | Keyed;

/** Fewest entries a packed map shares with the one before (else it is a plain array). */
const MIN_SHARED = 64;
/** Most links a packed map may be reached through (a plain copy starts a new chain). */
export const MAX_DEPTH = 16;

function depthOf(p: PackedMap): number {
  return Array.isArray(p) ? 0 : p.depth;
}

/** materialize is the entries of `p` as a flat array (`p` itself when it is one). */
export function materialize(p: PackedMap): Flat {
  if (Array.isArray(p)) return p;
  const base = materialize('tail' in p ? p.prev : p.base);
  if ('tail' in p) {
    const out = base.slice(0, p.n);
    for (const x of p.tail) out.push(x);
    return out;
  }
  const out = new Array<unknown>(p.length);
  let x = 0;
  let j = 0;
  for (const i of p.coded.codes) {
    if (i >= 0) {
      out[j++] = base[2 * i];
      out[j++] = base[2 * i + 1];
    } else {
      out[j++] = p.coded.extra[x++];
      out[j++] = p.coded.extra[x++];
    }
  }
  return out;
}

/** sharedSlots is how many leading array slots of `a` and `b` agree (whole entries). */
function sharedSlots(a: Flat, b: Flat): number {
  const end = Math.min(a.length, b.length);
  let i = 0;
  while (i < end && a[i] === b[i] && a[i + 1] === b[i + 1]) i += 2;
  return i;
}

/**
 * pack is `flat` (a map's entries), coded against `prev` (the same map's in the keyframe before)
 * the cheapest way: prev itself when nothing changed, else a plain array (8 bytes a slot), a
 * prefix (8 a slot of the tail) or keyed (4 an entry, 16 an entry not found).
 */
export function pack(flat: Flat, prev: PackedMap | undefined): PackedMap {
  if (flat.length === 0) return EMPTY;
  if (prev === undefined || prev.length === 0) return flat;
  const before = materialize(prev);
  const n = sharedSlots(before, flat);
  // Unchanged since the keyframe before (most small maps between two keyframes): that one serves.
  if (n === flat.length && before.length === flat.length) return prev;
  if (depthOf(prev) >= MAX_DEPTH || flat.length < 2 * MIN_SHARED) return flat;
  const depth = depthOf(prev) + 1;
  let best: PackedMap = flat;
  let cost = 8 * flat.length;
  // A prefix that keeps much of `prev` alive for a short share is not worth it.
  if (n >= 2 * MIN_SHARED && 2 * n >= before.length && 8 * (flat.length - n) < cost) {
    best = { prev, n, tail: flat.slice(n), depth, length: flat.length };
    cost = 8 * (flat.length - n);
  }
  const coded = codeFlat(flat, before);
  const keyedCost = 4 * coded.codes.length + 8 * coded.extra.length;
  if (coded.codes.length - coded.extra.length / 2 >= MIN_SHARED && keyedCost < cost) {
    best = { base: prev, coded, depth, length: flat.length };
  }
  return best;
}

/** codeFlat is codedMaps.code for entries already flat: each entry's number in `ref` when the key holds the same value there, else -1 and the entry in `extra`. */
function codeFlat(flat: Flat, ref: Flat): Coded {
  const index = numbering(ref);
  const codes = new Int32Array(flat.length / 2);
  const extra: Flat = [];
  for (let i = 0; i < flat.length; i += 2) {
    const j = index.get(flat[i]);
    if (j !== undefined && ref[2 * j + 1] === flat[i + 1]) codes[i >> 1] = j;
    else {
      codes[i >> 1] = -1;
      extra.push(flat[i], flat[i + 1]);
    }
  }
  return { codes, extra: extra.length === 0 ? EMPTY : extra };
}

/** fill sets the first `limit` array slots' entries of `p` into `m`, in order. */
export function fill(m: Map<unknown, unknown>, p: PackedMap, limit = p.length): void {
  let own: Flat;
  let from = 0;
  if (Array.isArray(p)) own = p;
  else if ('tail' in p) {
    fill(m, p.prev, Math.min(p.n, limit));
    own = p.tail;
    from = p.n;
  } else own = materialize(p);
  const end = Math.min(limit, p.length);
  for (let i = from; i < end; i += 2) m.set(own[i - from], own[i - from + 1]);
}

/**
 * ownEntries weighs what `m` holds that `prev` (the same map's in the keyframe before) does not, in
 * entries, a code counting as one as the cache's coded pods do (packState): counted at a quarter,
 * the keyframe spacing rule (keyframes.ts, OWN_ENTRIES_PER_TICK) let the 10,000-replica rollout
 * keep 16 keyframes instead of 9, and they weighed more than the coding saved (877 B a tick
 * against 879).
 */
export function ownEntries(m: PackedMap, prev: PackedMap | undefined): number {
  if (m === prev) return 0;
  if (Array.isArray(m)) return m.length / 2;
  if ('tail' in m) return m.tail.length / 2;
  return m.coded.codes.length;
}
