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
  sizes: Int32Array<ArrayBuffer>;
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

/** packIndex codes each inner map of `m` against the cache's pods, all in one Coded. */
export function packIndex(m: Map<unknown, AnyMap>, cached: Flat, cachedIndex: Map<unknown, number>): PackedIndex {
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
  return { keys, sizes, coded: { codes, extra: extra.length === 0 ? EMPTY : extra } };
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
