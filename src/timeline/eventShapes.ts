/**
 * The shapes of the Events eventCodec.ts codes: an object's keys, nested, in order, each shape
 * numbered once for the page's life (SHAPES), and the walk that lists an object's leaves in the
 * order a text keeps them. Split from eventCodec.ts, which codes the leaves.
 */

/** The separator of a text's parts; a string holding it is not coded (walk: false). */
export const SEP = '\u0001';

/** A shape: an object's keys (null: an array) and each value's shape (null: a leaf). */
export interface Shape {
  keys: readonly string[] | null;
  kids: readonly (Shape | null)[];
}

const SHAPES: Shape[] = [];
const SHAPE_INDEX = new Map<string, number>();

/** shapeNumber is the number of the shape `shapeId` (walk's id of `o`), numbered on first sight. */
export function shapeNumber(shapeId: string, o: object): number {
  let shape = SHAPE_INDEX.get(shapeId);
  if (shape === undefined) {
    shape = SHAPES.push(shapeOf(o) as Shape) - 1;
    SHAPE_INDEX.set(shapeId, shape);
  }
  return shape;
}

/** shapeAt is shape number n (a number shapeNumber gave). */
export function shapeAt(n: number): Shape {
  return SHAPES[n] as Shape;
}

function isPlain(x: object): boolean {
  const p = Object.getPrototypeOf(x);
  return Array.isArray(x) || p === Object.prototype || p === null;
}

/** walk lists the leaves of x in order and writes its shape's id; false when x is not plain data. */
export function walk(x: unknown, id: string[], leaves: unknown[]): boolean {
  if (x === null || typeof x !== 'object') {
    if (typeof x === 'string' && x.includes(SEP)) return false;
    if (typeof x === 'function' || typeof x === 'symbol' || typeof x === 'bigint') return false;
    id.push('_');
    leaves.push(x);
    return true;
  }
  if (!isPlain(x)) return false;
  const arr = Array.isArray(x);
  const keys = Object.keys(x);
  // A hole (decoded as a value) or an own __proto__ (decoded as the prototype) would not read back.
  if (arr ? keys.length !== (x as unknown[]).length : keys.includes('__proto__')) return false;
  id.push(arr ? `[${keys.length}` : '{');
  for (const k of keys) {
    if (!arr) id.push(JSON.stringify(k));
    if (!walk((x as Record<string, unknown>)[k], id, leaves)) return false;
  }
  id.push(arr ? ']' : '}');
  return true;
}

/** Each shape's leaf number of metadata.name (-1: none), counted in the order encode writes leaves. */
const NAME_LEAF = new WeakMap<Shape, number>();

export function nameLeaf(shape: Shape): number {
  let at = NAME_LEAF.get(shape);
  if (at === undefined) {
    at = -1;
    const keys = shape.keys ?? [];
    let before = 0;
    for (let k = 0; k < shape.kids.length; k++) {
      const kid = shape.kids[k] ?? null;
      if (keys[k] === 'metadata' && kid !== null && kid.keys !== null) {
        const n = kid.keys.indexOf('name');
        if (n >= 0 && kid.kids[n] === null) {
          at = before;
          for (let j = 0; j < n; j++) at += leafCount(kid.kids[j] ?? null);
        }
        break;
      }
      before += leafCount(kid);
    }
    NAME_LEAF.set(shape, at);
  }
  return at;
}

function leafCount(shape: Shape | null): number {
  if (shape === null) return 1;
  let n = 0;
  for (const kid of shape.kids) n += leafCount(kid);
  return n;
}

function shapeOf(x: unknown): Shape | null {
  if (x === null || typeof x !== 'object') return null;
  const keys = Object.keys(x);
  const kids = keys.map((k) => shapeOf((x as Record<string, unknown>)[k]));
  return { keys: Array.isArray(x) ? null : keys, kids };
}
