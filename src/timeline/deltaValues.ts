/**
 * Values coded as their changes from an earlier value of the same shape, for packed maps whose
 * values are new objects a few numbers apart (packedMaps.ts, `delta`): the kubelet's probe
 * workers. A pod's PodProbes is replaced each time its probe runs (a new generation, the worker's
 * next period and result), ~250 bytes of objects where 3 to 5 numbers changed: the 100-replica
 * Parallel StatefulSet run's keyframes own 427 changed ones. Kept as changes (~150 bytes each,
 * and chains four times longer: packedMaps.ts MAX_DELTA_DEPTH), its keyframes' probe workers
 * weigh 39 B a tick of its 3,660 instead of 52.
 *
 * The nodes of a value are numbered in pre-order (an object's keys in order, an array's items);
 * a Delta lists the numbers of the nodes that differ from the base value and their new values.
 * applyDelta builds the value again: each untouched part is the base's own (the same object), a
 * part holding a change a new object with the base's keys in the base's order.
 */

/** A value as the changes from the entry `at` of the base map: node number, new value, ... */
export class Delta {
  constructor(
    readonly at: number,
    readonly changes: readonly unknown[],
  ) {}
}

/** Most changed nodes a Delta keeps (more: the value is kept whole). */
const MAX_CHANGES = 8;

function isPlain(x: unknown): x is Record<string, unknown> {
  if (x === null || typeof x !== 'object') return false;
  const p = Object.getPrototypeOf(x);
  return Array.isArray(x) || p === Object.prototype || p === null;
}

/** sameKeys tells whether two plain containers have the same keys in the same order (or the same length). */
function sameKeys(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i]);
}

/** size is the number of nodes of `x` (itself and, for a plain container, all below it). */
function size(x: unknown): number {
  if (!isPlain(x)) return 1;
  let n = 1;
  for (const k of Object.keys(x)) n += size(x[k]);
  return n;
}

/**
 * changesOf lists the nodes of `v` that differ from `base` (node number, new value, ...), or null
 * when more than MAX_CHANGES do. An empty list: `v` equals `base` part for part.
 */
export function changesOf(base: unknown, v: unknown): unknown[] | null {
  const out: unknown[] = [];
  // walk is the number of nodes of `b` (each node is visited once), or -1 past MAX_CHANGES.
  const walk = (b: unknown, x: unknown, at: number): number => {
    if (Object.is(b, x)) return size(b);
    if (isPlain(b) && isPlain(x) && sameKeys(b, x)) {
      let i = at + 1;
      for (const k of Object.keys(b)) {
        const n = walk(b[k], x[k], i);
        if (n < 0) return -1;
        i += n;
      }
      return i - at;
    }
    out.push(at, x);
    return out.length <= 2 * MAX_CHANGES ? size(b) : -1;
  };
  // A copy: an array grown by push keeps ~70 % room (a list of 10 in 152 bytes, not 96).
  return walk(base, v, 0) < 0 ? null : out.slice();
}

/** applyDelta is `base` with the changes of `changes` made (changesOf's list), untouched parts shared. */
export function applyDelta(base: unknown, changes: readonly unknown[]): unknown {
  let c = 0;
  let built: unknown;
  // build sets `built` to node `at` (`b` with the changes below it made) and is the number of nodes of `b`.
  const build = (b: unknown, at: number): number => {
    if (changes[c] === at) {
      c += 2;
      built = changes[c - 1];
      return size(b);
    }
    if (c >= changes.length || !isPlain(b)) {
      built = b;
      return size(b);
    }
    const c0 = c;
    const out = (Array.isArray(b) ? [] : Object.create(Object.getPrototypeOf(b))) as Record<string, unknown>;
    let i = at + 1;
    for (const k of Object.keys(b)) {
      i += build(b[k], i);
      out[k] = built;
    }
    // No change below it: the base's own part.
    built = c === c0 ? b : out;
    return i - at;
  };
  build(base, 0);
  return built;
}
