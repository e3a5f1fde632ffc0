// Port of gopkg.in/evanphx/json-patch.v4 (v4.13) patch.go: RFC 6902 JSON patches as kube-apiserver
// applies them (handlers/patch.go applyJSPatch), with the library's error messages, on lazy nodes
// (lazyNode.ts). SupportNegativeIndices is on, as the library's default.
import { intoAry, intoDoc, isJsonObject, type LazyNode, marshal, newLazyNode, nodeValue } from './lazyNode.ts';

type Node = LazyNode | null;

const ErrMissing = 'missing value';
const ErrInvalidIndex = 'invalid index referenced';
const ErrTestFailed = 'test failed';

/** A container: a parsed object or array node, or the document's root. */
type Container = { doc: Map<string, Node> } | { ary: { nodes: Node[] } };
type Result<T> = { ok: T } | { err: string };

/** atoi is strconv.Atoi: an optional sign and decimal digits, within int64. */
function atoi(s: string): Result<number> {
  if (!/^[+-]?\d+$/.test(s)) return { err: `strconv.Atoi: parsing ${JSON.stringify(s)}: invalid syntax` };
  const n = Number(s);
  return Math.abs(n) > 2 ** 63 - 1 ? { err: `strconv.Atoi: parsing ${JSON.stringify(s)}: value out of range` } : { ok: n };
}

const invalidIndex = (idx: number): { err: string } => ({ err: `Unable to access invalid index: ${idx}: ${ErrInvalidIndex}` });

function get(c: Container, key: string): Result<Node> {
  if ('doc' in c) return { ok: c.doc.get(key) ?? null };
  const i = atoi(key);
  if ('err' in i) return i;
  const a = c.ary.nodes;
  let idx = i.ok;
  if (idx < 0) {
    if (idx < -a.length) return invalidIndex(idx);
    idx += a.length;
  }
  return idx >= a.length ? invalidIndex(idx) : { ok: a[idx] ?? null };
}

/** set is only replace's: the key already exists. */
function set(c: Container, key: string, val: Node): string | null {
  if ('doc' in c) {
    c.doc.set(key, val);
    return null;
  }
  const i = atoi(key);
  if ('err' in i) return i.err;
  let idx = i.ok;
  if (idx < 0) {
    if (idx < -c.ary.nodes.length) return invalidIndex(idx).err;
    idx += c.ary.nodes.length;
  }
  c.ary.nodes[idx] = val;
  return null;
}

function add(c: Container, key: string, val: Node): string | null {
  if ('doc' in c) {
    c.doc.set(key, val);
    return null;
  }
  const a = c.ary.nodes;
  if (key === '-') {
    a.push(val);
    return null;
  }
  const i = atoi(key);
  if ('err' in i) return `value was not a proper array index: '${key}': ${i.err}`;
  const sz = a.length + 1;
  let idx = i.ok;
  if (idx >= sz) return invalidIndex(idx).err;
  if (idx < 0) {
    if (idx < -sz) return invalidIndex(idx).err;
    idx += sz;
  }
  a.splice(idx, 0, val);
  return null;
}

function remove(c: Container, key: string): string | null {
  if ('doc' in c) {
    if (!c.doc.has(key)) return `Unable to remove nonexistent key: ${key}: ${ErrMissing}`;
    c.doc.delete(key);
    return null;
  }
  const a = c.ary.nodes;
  const i = atoi(key);
  if ('err' in i) return i.err;
  let idx = i.ok;
  if (idx >= a.length) return invalidIndex(idx).err;
  if (idx < 0) {
    if (idx < -a.length) return invalidIndex(idx).err;
    idx += a.length;
  }
  a.splice(idx, 1);
  return null;
}

const decodePatchKey = (k: string): string => k.replace(/~1/g, '/').replace(/~0/g, '~');

/** containerOf is a parsed node as a container (its array kept by reference, as Go's *partialArray). */
function containerOf(n: LazyNode): Container {
  return n.which === 'ary' ? { ary: { nodes: n.ary } } : { doc: n.doc };
}

/** findObject walks to the container of a path's last key; null where the path does not lead. */
function findObject(root: LazyNode, path: string): { con: Container; key: string } | null {
  const split = path.split('/');
  if (split.length < 2) return null;
  let doc = containerOf(root);
  for (const part of split.slice(1, -1)) {
    const next = get(doc, decodePatchKey(part));
    if ('err' in next || next.ok === null || next.ok.raw === undefined) return null;
    const n = next.ok;
    if (Array.isArray(n.raw) ? !intoAry(n) : !intoDoc(n)) return null;
    doc = containerOf(n);
  }
  return { con: doc, key: decodePatchKey(split[split.length - 1] ?? '') };
}

/** jsonEqual is lazyNode.equal: the same JSON value. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (isJsonObject(a)) {
    if (!isJsonObject(b)) return false;
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && jsonEqual(a[k], b[k]));
  }
  return a === b;
}

type Op = Record<string, unknown>;
/** A string member of an operation (Path, From): a missing or null one is ErrMissing; decodePatch checked the type. */
function member(op: Op, name: 'path' | 'from', missing: string): Result<string> {
  const v = op[name];
  return typeof v === 'string' ? { ok: v } : { err: `${missing}: ${ErrMissing}` };
}
const valueNode = (op: Op): Node => ('value' in op ? newLazyNode(op.value) : null);

/** decodePatch is DecodePatch's json.Unmarshal into a Patch ([]map[string]*json.RawMessage). */
export function decodePatch(body: unknown): { ops: Op[] } | { error: string } {
  if (body === null) return { ops: [] };
  const what = (v: unknown): string => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v === 'boolean' ? 'bool' : typeof v === 'object' ? 'object' : typeof v);
  if (!Array.isArray(body)) return { error: `json: cannot unmarshal ${what(body)} into Go value of type jsonpatch.Patch` };
  const bad = body.find((op) => op !== null && !isJsonObject(op));
  if (bad !== undefined) return { error: `json: cannot unmarshal ${what(bad)} into Go value of type jsonpatch.Operation` };
  return { ops: body.map((op) => (op ?? {}) as Op) };
}

/** apply is Patch.Apply to an object document: the patched root node, or the first operation's error. */
export function applyJsonPatch(doc: Record<string, unknown>, ops: readonly Op[]): { node: LazyNode } | { error: string } {
  let root = newLazyNode(doc);
  intoDoc(root);
  for (const op of ops) {
    const kind = typeof op.op === 'string' ? op.op : 'unknown';
    const r = kind === 'replace' && op.path === '' ? replaceRoot(op) : applyOp(root, kind, op);
    if (typeof r === 'string') return { error: r };
    if (r) root = r;
  }
  return { node: root };
}

/** replaceRoot is replace with the path "": the value, parsed, becomes the document. */
function replaceRoot(op: Op): LazyNode | string {
  const val = valueNode(op);
  if (val === null || (!intoDoc(val) && !intoAry(val))) return 'replace operation value must be object or array: %!w(<nil>)';
  return val;
}

function applyOp(root: LazyNode, kind: string, op: Op): string | null {
  switch (kind) {
    case 'add': {
      const path = member(op, 'path', 'operation missing path field');
      if ('err' in path) return `add operation failed to decode path: ${ErrMissing}`;
      const f = findObject(root, path.ok);
      if (!f) return `add operation does not apply: doc is missing path: "${path.ok}": ${ErrMissing}`;
      const e = add(f.con, f.key, valueNode(op));
      return e && `error in add for path: '${path.ok}': ${e}`;
    }
    case 'remove': {
      const path = member(op, 'path', 'operation missing path field');
      if ('err' in path) return `remove operation failed to decode path: ${ErrMissing}`;
      const f = findObject(root, path.ok);
      if (!f) return `remove operation does not apply: doc is missing path: "${path.ok}": ${ErrMissing}`;
      const e = remove(f.con, f.key);
      return e && `error in remove for path: '${path.ok}': ${e}`;
    }
    case 'replace': {
      const path = member(op, 'path', 'operation missing path field');
      if ('err' in path) return `replace operation failed to decode path: ${path.err}`;
      const f = findObject(root, path.ok);
      if (!f) return `replace operation does not apply: doc is missing path: ${path.ok}: ${ErrMissing}`;
      if ('err' in get(f.con, f.key)) return `replace operation does not apply: doc is missing key: ${path.ok}: ${ErrMissing}`;
      const e = set(f.con, f.key, valueNode(op));
      return e && `error in remove for path: '${path.ok}': ${e}`;
    }
    case 'move':
    case 'copy':
      return moveOrCopy(root, kind, op);
    case 'test':
      return test(root, op);
    default:
      return `Unexpected kind: ${kind}`;
  }
}

function moveOrCopy(root: LazyNode, kind: 'move' | 'copy', op: Op): string | null {
  const from = member(op, 'from', 'operation, missing from field');
  if ('err' in from) return `${kind} operation failed to decode from: ${from.err}`;
  const f = findObject(root, from.ok);
  if (!f) return `${kind} operation does not apply: doc is missing from path: ${from.ok}: ${ErrMissing}`;
  const val = get(f.con, f.key);
  if ('err' in val) return kind === 'move' ? `error in move for path: '${f.key}': ${val.err}` : `error in copy for from: '${from.ok}': ${val.err}`;
  if (kind === 'move') {
    const e = remove(f.con, f.key);
    if (e) return `error in move for path: '${f.key}': ${e}`;
  }
  const path = member(op, 'path', 'operation missing path field');
  if ('err' in path) return kind === 'move' ? `move operation failed to decode path: ${path.err}` : `copy operation failed to decode path: ${ErrMissing}`;
  const t = findObject(root, path.ok);
  if (!t) return `${kind} operation does not apply: doc is missing destination path: ${path.ok}: ${ErrMissing}`;
  // copy adds a deep copy: the value as it marshals, raw again.
  const v = kind === 'copy' && val.ok !== null ? newLazyNode(JSON.parse(marshal(val.ok))) : val.ok;
  const e = add(t.con, t.key, v);
  return e && (kind === 'move' ? `error in move for path: '${path.ok}': ${e}` : `error while adding value during copy: ${e}`);
}

function test(root: LazyNode, op: Op): string | null {
  const path = member(op, 'path', 'operation missing path field');
  if ('err' in path) return `test operation failed to decode path: ${path.err}`;
  const want = valueNode(op);
  const failed = `testing value ${path.ok} failed: ${ErrTestFailed}`;
  if (path.ok === '') return want !== null && jsonEqual(nodeValue(root), nodeValue(want)) ? null : failed;
  const f = findObject(root, path.ok);
  if (!f) return `test operation does not apply: is missing path: ${path.ok}: ${ErrMissing}`;
  const val = get(f.con, f.key);
  if ('err' in val) return `error in test for path: '${path.ok}': ${val.err}`;
  if (val.ok === null) return want === null || want.raw === undefined ? null : failed;
  if (want === null) return failed;
  return jsonEqual(nodeValue(val.ok), nodeValue(want)) ? null : failed;
}
