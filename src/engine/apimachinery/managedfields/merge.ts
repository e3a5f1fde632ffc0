/**
 * The value side of server-side apply (structured-merge-diff's merge walker): merging an applied
 * configuration into the live object, comparing two versions of an object field by field, and
 * removing the fields an applier gave up.
 */
import { isObject, itemElement, itemsByElement, join, SEP, toFieldSet, type Json } from './fieldpath.ts';
import { fieldSchema, itemSchema, type Schema, ZERO_PRESENT } from './schema.ts';

function granularList(s: Schema): boolean {
  return s.type === 'list' && s.list !== 'atomic';
}

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => equal(a[k], b[k]));
  }
  return false;
}

/**
 * mergeList merges associative or set lists as the merge walker orders them: live items stay
 * where they are, items both sides have follow the applied order, and applied items the live
 * list lacks come in where the applied list puts them. Live [a, b, c] with applied [c, d]
 * gives [a, b, c, d]; applied [b, a] over live [a, b] gives [b, a].
 */
function mergeList(lhs: readonly unknown[], rhs: readonly unknown[], s: Schema): unknown[] {
  const lPEs = lhs.map((x, i) => itemElement(s, x, i) ?? `i:${i}`);
  const rPEs = rhs.map((x, i) => itemElement(s, x, i) ?? `i:${i}`);
  const lItems = itemsByElement(s, lhs);
  const rItems = itemsByElement(s, rhs);
  const shared = rPEs.filter((pe) => lItems.has(pe));
  let next = 0;
  const done = new Set<string>();
  const out: unknown[] = [];
  const take = (pe: string) => {
    done.add(pe);
    out.push(mergeValue(lItems.get(pe), rItems.get(pe), itemSchema(s)));
    if (shared[next] === pe) next++;
  };
  let li = 0;
  let ri = 0;
  while (li < lPEs.length || ri < rPEs.length) {
    const lpe = lPEs[li];
    const rpe = rPEs[ri];
    if (lpe !== undefined && lpe === rpe) {
      if (!done.has(lpe)) take(lpe);
      li++;
      ri++;
      continue;
    }
    if (lpe !== undefined) {
      if (!rItems.has(lpe)) {
        out.push(lhs[li]);
        li++;
        continue;
      }
      // Merged already, or shared but the applied order wants another first: it comes with the applied side.
      if (done.has(lpe) || shared[next] !== lpe) {
        li++;
        continue;
      }
    }
    if (rpe !== undefined) {
      if (!done.has(rpe)) take(rpe);
      ri++;
      continue;
    }
    li++;
  }
  return out;
}

/** mergeValue is lhs with rhs merged in: rhs wins at leaves, atomic lists and atomic structs. */
export function mergeValue(lhs: unknown, rhs: unknown, s: Schema): unknown {
  if (rhs === undefined) return lhs;
  if (lhs === undefined) return rhs;
  if (isObject(lhs) && isObject(rhs) && s.type !== 'list' && !(s.type === 'struct' && s.atomic)) {
    const out: Json = { ...lhs };
    for (const [k, v] of Object.entries(rhs)) out[k] = mergeValue(lhs[k], v, fieldSchema(s, k));
    return out;
  }
  if (Array.isArray(lhs) && Array.isArray(rhs) && granularList(s)) return mergeList(lhs, rhs, s);
  return rhs;
}

/** What changed between two versions of an object (TypedValue.Compare), as field sets. */
export interface Comparison {
  added: Set<string>;
  modified: Set<string>;
  removed: Set<string>;
}

/**
 * compare walks both versions: a leaf (scalar, atomic, empty map or list) that appears is added,
 * one that changes is modified, one that goes is removed; an item or map that appears is itself
 * added (its `.` in fieldsV1), except Go's non-pointer structs (ZERO_PRESENT), which the zero
 * value a create starts from already has.
 */
export function compare(lhs: unknown, rhs: unknown, s: Schema): Comparison {
  const c: Comparison = { added: new Set(), modified: new Set(), removed: new Set() };
  walkCompare(lhs, rhs, s, '', '', c);
  return c;
}

function isLeaf(v: unknown, s: Schema): boolean {
  if (isObject(v)) return (s.type === 'struct' && s.atomic === true) || s.type === 'list' || Object.keys(v).length === 0;
  if (Array.isArray(v)) return !granularList(s) || v.length === 0;
  return true;
}

function walkCompare(l: unknown, r: unknown, s: Schema, prefix: string, name: string, c: Comparison): void {
  if (l === undefined && r === undefined) return;
  if (r === undefined) {
    c.removed.add(prefix);
    return;
  }
  if (l === undefined) {
    if (isLeaf(r, s)) {
      c.added.add(prefix);
      return;
    }
    if (prefix !== '' && !ZERO_PRESENT.has(name)) c.added.add(prefix);
    if (isObject(r)) for (const [k, v] of Object.entries(r)) walkCompare(undefined, v, fieldSchema(s, k), join(prefix, `f:${k}`), k, c);
    else if (Array.isArray(r)) {
      r.forEach((item, i) => {
        const pe = itemElement(s, item, i);
        if (pe === null) return;
        const p = join(prefix, pe);
        c.added.add(p);
        if (s.type === 'list' && s.list === 'map') walkCompare(undefined, item, itemSchema(s), p, '', c);
      });
    }
    return;
  }
  if (isObject(l) && isObject(r) && s.type === 'struct' && !s.atomic) {
    const keys = new Set([...Object.keys(l), ...Object.keys(r)]);
    for (const k of keys) walkCompare(l[k], r[k], fieldSchema(s, k), join(prefix, `f:${k}`), k, c);
    return;
  }
  if (!(Array.isArray(l) && Array.isArray(r) && granularList(s))) {
    if (equal(l, r)) return;
    // A changed leaf, or a value that changed shape: the path is modified, and a map it became brings its fields.
    c.modified.add(prefix);
    if (!isLeaf(r, s)) for (const p of toFieldSet(r, s, prefix)) if (p !== prefix) c.added.add(p);
    return;
  }
  const li = itemsByElement(s, l as unknown[]);
  const ri = itemsByElement(s, r as unknown[]);
  for (const pe of new Set([...li.keys(), ...ri.keys()])) {
    const p = join(prefix, pe);
    const a = li.get(pe);
    const b = ri.get(pe);
    if (b === undefined) c.removed.add(p);
    else if (a === undefined) {
      c.added.add(p);
      if (s.type === 'list' && s.list === 'map') for (const q of toFieldSet(b, itemSchema(s), p)) c.added.add(q);
    } else if (s.type === 'list' && s.list === 'map') walkCompare(a, b, itemSchema(s), p, '', c);
  }
}

/** withoutPrefixes is `set` minus every path equal to or under one of `prefixes` (a removed map takes its fields). */
export function withoutPrefixes(set: ReadonlySet<string>, prefixes: ReadonlySet<string>): Set<string> {
  if (prefixes.size === 0) return new Set(set);
  const out = new Set<string>();
  for (const p of set) {
    let gone = prefixes.has(p);
    for (let i = p.indexOf(SEP); !gone && i >= 0; i = p.indexOf(SEP, i + 1)) gone = prefixes.has(p.slice(0, i));
    if (!gone) out.add(p);
  }
  return out;
}

/**
 * removeFields drops the given fields and items from a value: a field's key, an item from its
 * list; a map that only the removal emptied goes too (it was the removed fields' parent).
 */
export function removeFields(value: unknown, s: Schema, paths: ReadonlySet<string>): unknown {
  if (paths.size === 0) return value;
  const under = new Set<string>();
  for (const p of paths) for (let i = p.indexOf(SEP); i >= 0; i = p.indexOf(SEP, i + 1)) under.add(p.slice(0, i));
  return prune(value, s, '', paths, under);
}

function prune(v: unknown, s: Schema, prefix: string, paths: ReadonlySet<string>, under: ReadonlySet<string>): unknown {
  if (isObject(v) && s.type !== 'list') {
    const out: Json = {};
    let dropped = false;
    for (const [k, x] of Object.entries(v)) {
      const p = join(prefix, `f:${k}`);
      if (paths.has(p)) {
        dropped = true;
        continue;
      }
      const y = under.has(p) ? prune(x, fieldSchema(s, k), p, paths, under) : x;
      if (y === undefined) dropped = true;
      else out[k] = y;
    }
    return dropped && prefix !== '' && Object.keys(out).length === 0 ? undefined : out;
  }
  if (Array.isArray(v) && granularList(s)) {
    const out: unknown[] = [];
    v.forEach((item, i) => {
      const pe = itemElement(s, item, i);
      const p = pe === null ? '' : join(prefix, pe);
      if (pe !== null && paths.has(p)) return;
      out.push(pe !== null && under.has(p) ? (prune(item, itemSchema(s), p, paths, under) ?? {}) : item);
    });
    return out.length === 0 && v.length > 0 ? undefined : out;
  }
  return v;
}
