/**
 * Packed maps, for keyframes (packedState.ts): a map's entries as a flat array, or coded against
 * the same map in the keyframe before, in one of two ways:
 * - prefixed: the first `n` array slots of the map before, then `tail` (a map that only grew at
 *   its end: the Events while none is updated, a cache before it is full);
 * - keyed: runs of entries found one after another in the map before (the same key with the very
 *   same value there), 8 bytes a run whatever its length, the others in `extra` (16 bytes an
 *   entry). An Event whose count rose, a least recently used
 *   key moved to the end, or one dropped from the front end a shared prefix at that entry: in the
 *   1,000-replica OrderedReady StatefulSet run the Events and the correlators' caches were ~108,000
 *   own entries over 71 keyframes, ~80 B a tick of its 21,465, though most of them were the entries
 *   of the keyframe before, in another place or after one that changed.
 * Either way the map keeps its own order (the entries are listed in the order it iterated).
 */
import { EMPTY, type Flat, numbering } from './codedMaps.ts';
import { applyDelta, changesOf, Delta } from './deltaValues.ts';

interface Prefixed {
  prev: PackedMap;
  n: number;
  tail: Flat;
  depth: number;
  length: number;
}

/**
 * Runs of entries: runs[2r] is where run r starts among the entries of `base` (or -1: the next
 * runs[2r + 1] entries of `extra`), runs[2r + 1] its length in entries.
 */
interface Keyed {
  base: PackedMap;
  runs: Int32Array<ArrayBuffer>;
  extra: Flat;
  depth: number;
  length: number;
}

/** A packed map; `length` is its array slots (two an entry), `depth` the links down to a plain array. */
export type PackedMap = Flat | Prefixed | Keyed;

/** Fewest entries a packed map shares with the one before (else it is a plain array). */
const MIN_SHARED = 64;
/** Most links a packed map may be reached through (a plain copy starts a new chain). */
export const MAX_DEPTH = 16;
/**
 * A delta-coded map's chains may be four times longer: its copy past MAX_DEPTH keeps every value
 * whole (the 100-replica Parallel run's probe workers, 100 of ~250 bytes), and its maps are small
 * (one entry a pod with probes: a link more costs a copy of its slots, ~2,000 for 1,000 pods).
 */
const MAX_DELTA_DEPTH = 4 * MAX_DEPTH;

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
  for (let r = 0; r < p.runs.length; r += 2) {
    const start = p.runs[r] as number;
    const end = j + 2 * (p.runs[r + 1] as number);
    if (start >= 0) for (let i = 2 * start; j < end; ) out[j++] = base[i++];
    else
      while (j < end) {
        const e = p.extra[x++];
        out[j++] = e instanceof Delta ? applyDelta(base[2 * e.at + 1], e.changes) : e;
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
 * prefix (8 a slot of the tail) or keyed (4 an entry, 16 an entry not found). `delta`: keyed, a
 * value equal part for part to the one before counts as found, and one a few nodes apart is kept
 * as its changes (deltaValues.ts).
 */
export function pack(flat: Flat, prev: PackedMap | undefined, delta = false): PackedMap {
  if (flat.length === 0) return EMPTY;
  if (prev === undefined || prev.length === 0) return flat;
  const before = materialize(prev);
  const n = sharedSlots(before, flat);
  // Unchanged since the keyframe before (most small maps between two keyframes): that one serves.
  if (n === flat.length && before.length === flat.length) return prev;
  if (depthOf(prev) >= (delta ? MAX_DELTA_DEPTH : MAX_DEPTH) || flat.length < 2 * MIN_SHARED) return flat;
  const depth = depthOf(prev) + 1;
  let best: PackedMap = flat;
  let cost = 8 * flat.length;
  // A prefix that keeps much of `prev` alive for a short share is not worth it.
  if (n >= 2 * MIN_SHARED && 2 * n >= before.length && 8 * (flat.length - n) < cost) {
    best = { prev, n, tail: flat.slice(n), depth, length: flat.length };
    cost = 8 * (flat.length - n);
  }
  const { runs, extra, whole } = codeRuns(flat, before, delta);
  const keyedCost = 4 * runs.length + 8 * extra.length;
  // A value kept as its changes shares the rest with the one before: with `delta` keyed is cheaper
  // whenever it may be (the cost above counts a slot, not the ~250 bytes of a value kept whole).
  if (flat.length - 2 * whole >= 2 * MIN_SHARED && (delta || keyedCost < cost)) best = { base: prev, runs, extra, depth, length: flat.length };
  return best;
}

/**
 * codeRuns codes `flat` against `ref` as runs: consecutive entries found in `ref` (the same key
 * with the very same value) one after another there make one run of 8 bytes, whatever its length,
 * so a shared prefix or a block of entries that moved costs one run, an Event updated in place
 * three (before it, it, after it).
 */
function codeRuns(flat: Flat, ref: Flat, delta: boolean): { runs: Int32Array<ArrayBuffer>; extra: Flat; whole: number } {
  const index = numbering(ref);
  const runs: number[] = [];
  const extra: Flat = [];
  // What extends the current run: -1 an entry not found, else the entry of `ref` after its last.
  let next = -2;
  // Entries of `extra` kept whole (not as changes).
  let whole = 0;
  for (let i = 0; i < flat.length; i += 2) {
    const j = index.get(flat[i]);
    let at = j !== undefined && ref[2 * j + 1] === flat[i + 1] ? j : -1;
    const changes = at < 0 && delta && j !== undefined ? changesOf(ref[2 * j + 1], flat[i + 1]) : null;
    if (changes !== null && changes.length === 0) at = j as number;
    else if (changes !== null) extra.push(flat[i], new Delta(j as number, changes));
    else if (at < 0) {
      extra.push(flat[i], flat[i + 1]);
      whole++;
    }
    if (at === next) runs[runs.length - 1] = (runs[runs.length - 1] as number) + 1;
    else runs.push(at, 1);
    next = at < 0 ? -1 : at + 1;
  }
  return { runs: Int32Array.from(runs), extra: extra.length === 0 ? EMPTY : extra, whole };
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
 * spacingWeight is what a keyframe's copy of a map counts toward its own weight for the spacing
 * rule (keyframes.ts, OWN_ENTRIES_PER_TICK), in entries: as before maps were keyed, its entries
 * past what it shares as a prefix with the same map's entries in the keyframe before (`before`),
 * or all of them when that prefix is short. Keyed maps weigh less, but weighed so the rule placed
 * keyframes closer: weighed by their runs, the 1,000-replica OrderedReady StatefulSet run kept 100
 * keyframes instead of 71; by 4 bytes a coded entry, the 10,000-replica rollout 14–16 instead of
 * 9 (896 B a tick against 879).
 */
export function spacingWeight(flat: Flat, before: Flat | undefined): number {
  if (before === undefined || before.length === 0) return flat.length / 2;
  const n = sharedSlots(before, flat);
  if (n === flat.length && before.length === flat.length) return 0;
  if (n < 2 * MIN_SHARED || 2 * n < before.length) return flat.length / 2;
  return (flat.length - n) / 2;
}
