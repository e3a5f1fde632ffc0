/**
 * Packed engine states, for keyframes. A keyframe is never stepped, only copied into a fresh
 * state (Timeline.engineAt), so it need not hold Maps: its big maps (the store's and the cache's
 * objects, the cache's pod indexes, the kubelet's memory, the event correlators' caches) are kept
 * as flat arrays of keys and values. A Map costs ~46 bytes an entry in Node (a hash table at most
 * half full), a flat array 16, and filling a Map from one costs what copying a Map does (40,000
 * entries: ~20 ms either way, measured).
 *
 * Keyframes also share: a map whose first entries are those of the same map in the keyframe
 * before (the Events and the event correlators' caches mostly grow at the end) keeps only a
 * reference to that one and its new entries. In the 10,000-replica rollout the Events and the
 * correlators are half of a late keyframe's ~135,000 entries.
 *
 * Order is part of the state (controllers list maps in insertion order and break ties by it):
 * a flat array keeps the order the map iterated in, and filling a fresh Map from it in that order
 * gives the same iteration order. Everything else is copied by cloneEngineState.
 */
import { KINDS } from '../engine/api/types.ts';
import { cloneEngineState, type EngineState } from '../engine/sim.ts';
import { newEventCorrelator } from '../engine/sim/eventCorrelator.ts';

/** A map's entries in iteration order: key, value, key, value, ... */
type Flat = unknown[];
type AnyMap = Map<unknown, unknown>;

/**
 * A packed map: its entries, or the first `n` array slots (n / 2 entries) of an earlier packed
 * map followed by `tail`. `depth` counts the references to follow down to a plain array.
 */
type PackedMap = Flat | { prev: PackedMap; n: number; tail: Flat; depth: number; length: number };

/** Fewest entries a packed map shares with the one before (else it is a plain array). */
const MIN_SHARED = 64;
/** Most references a packed map may be reached through (a plain copy starts a new chain). */
const MAX_DEPTH = 16;

export interface PackedState {
  /** The state with the packed maps empty; every other part copied (cloneEngineState). */
  base: EngineState;
  /** The packed maps by label (eachMap), the nested ones (pod indexes) as key → inner entries. */
  maps: Map<string, PackedMap>;
}

/** eachMap visits the packed maps of `st`, each with a label naming it across states. */
function eachMap(st: EngineState, f: (label: string, m: AnyMap) => void): void {
  for (const k of KINDS) f(`store/${k}`, st.store.objects[k] as AnyMap);
  for (const k of KINDS) f(`cache/${k}`, st.cache.objects[k] as AnyMap);
  f('kubelet', st.kubelet as AnyMap);
  for (const [recorder, c] of st.eventCorrelators) {
    f(`aggregate/${recorder}`, c.aggregate as AnyMap);
    f(`logs/${recorder}`, c.logs as AnyMap);
    f(`spam/${recorder}`, c.spam as AnyMap);
  }
}

/** eachNested visits the maps of maps of `st`. */
function eachNested(st: EngineState, f: (label: string, m: Map<unknown, AnyMap>) => void): void {
  f('podsByOwner', st.cache.podsByOwner as Map<unknown, AnyMap>);
  f('podsByNode', st.cache.podsByNode as Map<unknown, AnyMap>);
}

function emptyObjects(): EngineState['store']['objects'] {
  const out = {} as EngineState['store']['objects'];
  for (const k of KINDS) out[k] = new Map();
  return out;
}

/** shell is `st` with the maps eachMap and eachNested visit empty (new ones; `st` is not changed). */
function shell(st: EngineState): EngineState {
  return {
    ...st,
    store: { ...st.store, objects: emptyObjects() },
    cache: { ...st.cache, objects: emptyObjects(), podsByOwner: new Map(), podsByNode: new Map() },
    kubelet: new Map(),
    eventCorrelators: new Map([...st.eventCorrelators.keys()].map((k) => [k, newEventCorrelator()])),
  };
}

function flatten(m: AnyMap): Flat {
  const out = new Array<unknown>(2 * m.size);
  let i = 0;
  for (const [k, v] of m) {
    out[i++] = k;
    out[i++] = v;
  }
  return out;
}

/** sharedSlots is how many leading array slots of `flat`, up to `limit`, equal those of `p` (whole entries). */
function sharedSlots(p: PackedMap, flat: Flat, limit: number): number {
  let i = 0;
  let own: Flat = p as Flat;
  if (!Array.isArray(p)) {
    const n = Math.min(p.n, limit);
    i = sharedSlots(p.prev, flat, n);
    if (i < n) return i;
    own = p.tail;
  }
  const from = Array.isArray(p) ? 0 : p.n;
  const end = Math.min(limit, p.length, flat.length);
  while (i < end && own[i - from] === flat[i] && own[i - from + 1] === flat[i + 1]) i += 2;
  return i;
}

/** pack is the entries of `m`, sharing the first ones with `prev` (the same map's in the keyframe before) when they agree. */
function pack(m: AnyMap, prev: PackedMap | undefined): PackedMap {
  const flat = flatten(m);
  if (prev === undefined || (!Array.isArray(prev) && prev.depth >= MAX_DEPTH)) return flat;
  const n = sharedSlots(prev, flat, flat.length);
  // Sharing little, or keeping much of `prev` alive for a short prefix, is not worth it.
  if (n < 2 * MIN_SHARED || 2 * n < prev.length) return flat;
  const depth = Array.isArray(prev) ? 1 : prev.depth + 1;
  return { prev, n, tail: flat.slice(n), depth, length: flat.length };
}

/** fill sets the first `limit` array slots' entries of `p` into `m`, in order. */
function fill(m: AnyMap, p: PackedMap, limit: number): void {
  let own: Flat = p as Flat;
  let from = 0;
  if (!Array.isArray(p)) {
    fill(m, p.prev, Math.min(p.n, limit));
    own = p.tail;
    from = p.n;
  }
  const end = Math.min(limit, p.length);
  for (let i = from; i < end; i += 2) m.set(own[i - from], own[i - from + 1]);
}

/** packState is a packed copy of `st` (which it does not change), sharing what it can with `prev`. */
export function packState(st: EngineState, prev?: PackedState): PackedState {
  const maps = new Map<string, PackedMap>();
  eachMap(st, (label, m) => maps.set(label, pack(m, prev?.maps.get(label))));
  eachNested(st, (label, m) => {
    const out = new Array<unknown>(2 * m.size);
    let i = 0;
    for (const [k, inner] of m) {
      out[i++] = k;
      out[i++] = flatten(inner);
    }
    maps.set(label, out);
  });
  return { base: cloneEngineState(shell(st)), maps };
}

/** unpackState is a fresh state equal to the one packed (the caller owns it). */
export function unpackState(p: PackedState): EngineState {
  const st = cloneEngineState(p.base);
  eachMap(st, (label, m) => {
    const packed = p.maps.get(label) as PackedMap;
    fill(m, packed, packed.length);
  });
  eachNested(st, (label, m) => {
    const flat = p.maps.get(label) as Flat;
    for (let k = 0; k < flat.length; k += 2) {
      const inner: AnyMap = new Map();
      const entries = flat[k + 1] as Flat;
      fill(inner, entries, entries.length);
      m.set(flat[k], inner);
    }
  });
  return st;
}
