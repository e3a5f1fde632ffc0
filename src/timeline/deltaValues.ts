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

/** Each plain container's size, once (values are immutable; a walk asks for the same parts' sizes again and again). */
const SIZES = new WeakMap<object, number>();

/** size is the number of nodes of `x` (itself and, for a plain container, all below it). */
function size(x: unknown): number {
  if (!isPlain(x)) return 1;
  let n = SIZES.get(x);
  if (n === undefined) {
    n = 1;
    for (const k of Object.keys(x)) n += size(x[k]);
    SIZES.set(x, n);
  }
  return n;
}

/**
 * changesOf lists the nodes of `v` that differ from `base` (node number, new value, ...), or null
 * when more than MAX_CHANGES do. An empty list: `v` equals `base` part for part.
 */
export function changesOf(base: unknown, v: unknown): unknown[] | null {
  const out: unknown[] = [];
  const walk = (b: unknown, x: unknown, at: number): boolean => {
    if (Object.is(b, x)) return true;
    if (isPlain(b) && isPlain(x) && sameKeys(b, x)) {
      let i = at + 1;
      for (const k of Object.keys(b)) {
        if (!walk(b[k], x[k], i)) return false;
        i += size(b[k]);
      }
      return true;
    }
    out.push(at, x);
    return out.length <= 2 * MAX_CHANGES;
  };
  // A copy: an array grown by push keeps ~70 % room (a list of 10 in 152 bytes, not 96).
  return walk(base, v, 0) ? out.slice() : null;
}

/** applyDelta is `base` with the changes of `changes` made (changesOf's list), untouched parts shared. */
export function applyDelta(base: unknown, changes: readonly unknown[]): unknown {
  let c = 0;
  const build = (b: unknown, at: number): unknown => {
    if (changes[c] === at) {
      c += 2;
      return changes[c - 1];
    }
    const end = at + size(b);
    if (c >= changes.length || (changes[c] as number) >= end || !isPlain(b)) return b;
    const out = (Array.isArray(b) ? [] : Object.create(Object.getPrototypeOf(b))) as Record<string, unknown>;
    let i = at + 1;
    for (const k of Object.keys(b)) {
      out[k] = build(b[k], i);
      i += size(b[k]);
    }
    return out;
  };
  return build(base, 0);
}
