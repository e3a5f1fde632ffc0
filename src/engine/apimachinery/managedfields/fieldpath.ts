/**
 * Field paths and field sets as structured-merge-diff keeps them (sigs.k8s.io/structured-merge-diff
 * fieldpath): a path is a list of path elements written as in `fieldsV1` — `f:name` a field,
 * `k:{"name":"nginx"}` a list item by its keys, `v:"a"` a set item by value, `i:0` an index.
 * A set here is a JS Set of paths, each joined by '\n' (JSON never has a raw newline), so set
 * algebra is string algebra.
 */
import { fieldSchema, itemSchema, type Schema } from './schema.ts';

export type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** SEP joins path elements into a set member. */
export const SEP = '\n';

export function join(prefix: string, pe: string): string {
  return prefix === '' ? pe : `${prefix}${SEP}${pe}`;
}

/** JSON with an object's keys sorted, as the fieldsV1 key and value elements are written. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObject(v)) {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/**
 * itemElement is the path element of a list item: its keys for an associative list (a missing
 * key takes its schema default: `protocol` → TCP), its value for a set, else its index.
 * null when a key is missing without a default (the item cannot be told apart).
 */
export function itemElement(list: Schema, item: unknown, index: number): string | null {
  if (list.type !== 'list' || list.list === 'atomic') return `i:${index}`;
  if (list.list === 'set') return `v:${canonical(item)}`;
  if (!isObject(item)) return null;
  const key: Json = {};
  for (const k of list.keys ?? []) {
    const v = item[k] ?? list.defaults?.[k];
    if (v === undefined) return null;
    key[k] = v;
  }
  return `k:${canonical(key)}`;
}

/** pathString writes a path as kube-apiserver's conflict messages do: `.spec.template.spec.containers[name="nginx"].image`. */
export function pathString(path: string): string {
  let out = '';
  for (const pe of path.split(SEP)) {
    const body = pe.slice(2);
    if (pe.startsWith('f:')) out += `.${body}`;
    else if (pe.startsWith('k:')) {
      const key = JSON.parse(body) as Json;
      out += `[${Object.keys(key)
        .sort()
        .map((k) => `${k}=${canonical(key[k])}`)
        .join(',')}]`;
    } else if (pe.startsWith('v:')) out += `[=${body}]`;
    else out += `[${body}]`;
  }
  return out;
}

/** comparePE orders path elements as structured-merge-diff does: fields, then keys, values, indexes. */
function comparePE(a: string, b: string): number {
  const rank = (pe: string) => 'fkvi'.indexOf(pe[0] ?? 'i');
  const d = rank(a) - rank(b);
  if (d !== 0) return d;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A set as the tree fieldsV1 writes: each node's children by element, `member` when the path itself is in the set. */
interface Node {
  member: boolean;
  children: Map<string, Node>;
}

function toTree(set: ReadonlySet<string>): Node {
  const root: Node = { member: false, children: new Map() };
  for (const p of set) {
    let n = root;
    for (const pe of p.split(SEP)) {
      let c = n.children.get(pe);
      if (!c) {
        c = { member: false, children: new Map() };
        n.children.set(pe, c);
      }
      n = c;
    }
    n.member = true;
  }
  return root;
}

/** toFieldsV1 writes a set in the fieldsV1 format: `{".": {}}` marks a member that has children too. */
export function toFieldsV1(set: ReadonlySet<string>): Json {
  const write = (n: Node): Json => {
    const out: Json = {};
    if (n.member && n.children.size > 0) out['.'] = {};
    for (const pe of [...n.children.keys()].sort(comparePE)) out[pe] = write(n.children.get(pe) as Node);
    return out;
  };
  return write(toTree(set));
}

/** fromFieldsV1 reads a fieldsV1 tree; an error names what is wrong with its shape. */
export function fromFieldsV1(v: unknown): Set<string> | { error: string } {
  const out = new Set<string>();
  const walk = (node: unknown, prefix: string): string | null => {
    if (!isObject(node)) return `expected a map, got ${node === null ? 'null' : Array.isArray(node) ? 'a list' : typeof node}`;
    const keys = Object.keys(node);
    if (keys.length === 0 && prefix !== '') out.add(prefix);
    for (const k of keys) {
      if (k === '.') {
        if (prefix !== '') out.add(prefix);
        continue;
      }
      if (!/^[fkvi]:/.test(k)) return `parsing path element "${k}": unknown prefix`;
      const err = walk(node[k], join(prefix, k));
      if (err) return err;
    }
    return null;
  };
  const err = walk(v, '');
  return err ? { error: err } : out;
}

/** sortedPaths lists a set in structured-merge-diff's iteration order: each level's members, then its children. */
export function sortedPaths(set: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const walk = (n: Node, prefix: string) => {
    const pes = [...n.children.keys()].sort(comparePE);
    for (const pe of pes) if ((n.children.get(pe) as Node).member) out.push(join(prefix, pe));
    for (const pe of pes) walk(n.children.get(pe) as Node, join(prefix, pe));
  };
  walk(toTree(set), '');
  return out;
}

/** isEmptyContainer: `{}` and `[]` are leaves (structured-merge-diff keeps the empty/absent difference that way). */
function isEmptyContainer(v: unknown): boolean {
  return (Array.isArray(v) && v.length === 0) || (isObject(v) && Object.keys(v).length === 0);
}

/**
 * toFieldSet is the set of fields a value sets (TypedValue.ToFieldSet): its leaves (scalars,
 * atomic lists and structs, empty maps), and each associative or set list item itself.
 */
export function toFieldSet(value: unknown, schema: Schema, prefix = '', out: Set<string> = new Set()): Set<string> {
  if (isObject(value) && schema.type !== 'list') {
    if (schema.type === 'struct' && schema.atomic) {
      if (prefix !== '') out.add(prefix);
      return out;
    }
    if (isEmptyContainer(value)) {
      if (prefix !== '') out.add(prefix);
      return out;
    }
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined) continue;
      toFieldSet(v, fieldSchema(schema, k), join(prefix, `f:${k}`), out);
    }
    return out;
  }
  if (Array.isArray(value) && schema.type === 'list' && schema.list !== 'atomic' && value.length > 0) {
    value.forEach((item, i) => {
      const pe = itemElement(schema, item, i);
      if (pe === null) return;
      const p = join(prefix, pe);
      out.add(p);
      if (schema.list === 'map') toFieldSet(item, itemSchema(schema), p, out);
    });
    return out;
  }
  if (prefix !== '') out.add(prefix);
  return out;
}

/** itemsByElement indexes a list's items by path element (the first of a duplicated key wins). */
export function itemsByElement(list: Schema, items: readonly unknown[]): Map<string, unknown> {
  const m = new Map<string, unknown>();
  items.forEach((item, i) => {
    const pe = itemElement(list, item, i);
    if (pe !== null && !m.has(pe)) m.set(pe, item);
  });
  return m;
}
