/**
 * Maps coded against a reference map's entries, for packed states (packedState.ts): the informer
 * cache's pods against the store's, and the cache's pod indexes (maps of maps) against the cache's
 * pods. A pod the reference holds costs its entry's number (4 bytes) instead of an entry.
 */

/** A map's entries in iteration order: key, value, key, value, ... */
export type Flat = unknown[];
export type AnyMap = Map<unknown, unknown>;

/** EMPTY stands for every empty map (an empty array per map and keyframe costs ~16–32 B). */
export const EMPTY: Flat = [];

/**
 * A map coded against a reference map's entries: codes[j] is entry j's number in the reference
 * (same key, same value), or -1 for the next entry of `extra`.
 */
export interface Coded {
  codes: Int32Array<ArrayBuffer>;
  extra: Flat;
}

/**
 * A map of maps coded against a reference: its keys, each inner map's size, and the inner maps'
 * codes one after another (with one `extra` for all). One Coded per inner map cost ~250 B each
 * (an object, an Int32Array, an array): ~25 KB a keyframe with pods on 100 nodes.
 */
export interface PackedIndex {
  keys: unknown[];
  sizes: Counts;
  coded: Coded;
}

/** numbering maps each key of `flat` to its entry's number. */
export function numbering(flat: Flat): Map<unknown, number> {
  const out = new Map<unknown, number>();
  for (let i = 0; i < flat.length; i += 2) out.set(flat[i], i >> 1);
  return out;
}

/** code is `m` coded against the entries `ref` (numbered by `index`). */
export function code(m: AnyMap, ref: Flat, index: Map<unknown, number>): Coded {
  const codes = new Int32Array(m.size);
  const extra: Flat = [];
  let j = 0;
  for (const [k, v] of m) {
    const i = index.get(k);
    if (i !== undefined && ref[2 * i + 1] === v) codes[j++] = i;
    else {
      codes[j++] = -1;
      extra.push(k, v);
    }
  }
  return { codes, extra };
}

/** decode sets the entries of `c` into `m`, in order. */
export function decode(m: AnyMap, c: Coded, ref: Flat): void {
  let x = 0;
  for (const i of c.codes) {
    if (i >= 0) m.set(ref[2 * i], ref[2 * i + 1]);
    else {
      m.set(c.extra[x], c.extra[x + 1]);
      x += 2;
    }
  }
}

/** Counts (sizes of maps) in the narrowest array that holds them (narrowCounts). */
export type Counts = Uint8Array<ArrayBuffer> | Uint16Array<ArrayBuffer> | Int32Array<ArrayBuffer>;

/**
 * narrowCounts is `n` in one byte a count when all are under 256, two under 65,536: the sizes of
 * the 100-replica Parallel run's 300 correlator caches (each under 50) are 300 B instead of 1,200
 * in each of its ~35 keyframes (~8 B a tick).
 */
export function narrowCounts(n: Int32Array<ArrayBuffer>): Counts {
  let max = 0;
  for (const x of n) if (x > max || x < 0) max = x < 0 ? Number.POSITIVE_INFINITY : x;
  if (max < 256) return Uint8Array.from(n);
  if (max < 65_536) return Uint16Array.from(n);
  return n;
}

/** keepEqual is `prev` when it holds the same entries as `cur` in the same order (Object.is), else `cur`. */
export function keepEqual<T extends ArrayLike<unknown>>(cur: T, prev: T | undefined): T {
  if (prev === undefined || prev.length !== cur.length) return cur;
  for (let i = 0; i < cur.length; i++) if (!Object.is(cur[i], prev[i])) return cur;
  return prev;
}

/**
 * packIndex codes each inner map of `m` against the cache's pods, all in one Coded; each of its
 * arrays that equals `prev`'s is `prev`'s. Pods keep their place in the cache while they are
 * updated, so their numbers rarely change between keyframes: in the 100-replica Parallel
 * StatefulSet run the two indexes' keys, sizes and codes (one owner's 100 pods, 100 nodes' one
 * each: ~3.5 KB a keyframe, 32 B a tick) were new in every keyframe.
 */
export function packIndex(m: Map<unknown, AnyMap>, cached: Flat, cachedIndex: Map<unknown, number>, prev?: PackedIndex): PackedIndex {
  const keys: unknown[] = [];
  const sizes = new Int32Array(m.size);
  const all: AnyMap[] = [];
  let total = 0;
  for (const [k, inner] of m) {
    sizes[keys.length] = inner.size;
    keys.push(k);
    all.push(inner);
    total += inner.size;
  }
  const codes = new Int32Array(total);
  const extra: Flat = [];
  let j = 0;
  for (const inner of all) {
    const c = code(inner, cached, cachedIndex);
    codes.set(c.codes, j);
    j += c.codes.length;
    for (const x of c.extra) extra.push(x);
  }
  if (prev === undefined) return { keys, sizes: narrowCounts(sizes), coded: { codes, extra: extra.length === 0 ? EMPTY : extra } };
  return {
    keys: keepEqual(keys, prev.keys),
    sizes: keepEqual<Counts>(narrowCounts(sizes), prev.sizes),
    coded: { codes: keepEqual(codes, prev.coded.codes), extra: extra.length === 0 ? EMPTY : keepEqual(extra, prev.coded.extra) },
  };
}

/** unpackIndex fills `m` with the inner maps packIndex coded against `cached`, in order. */
export function unpackIndex(m: Map<unknown, AnyMap>, { keys, sizes, coded }: PackedIndex, cached: Flat): void {
  let at = 0;
  let x = 0;
  keys.forEach((k, i) => {
    const inner: AnyMap = new Map();
    for (const end = at + (sizes[i] as number); at < end; at++) {
      const c = coded.codes[at] as number;
      if (c >= 0) inner.set(cached[2 * c], cached[2 * c + 1]);
      else {
        inner.set(coded.extra[x], coded.extra[x + 1]);
        x += 2;
      }
    }
    m.set(k, inner);
  });
}
