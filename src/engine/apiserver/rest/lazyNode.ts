// Port of gopkg.in/evanphx/json-patch.v4 (v4.13) patch.go's lazyNode, the document model of the
// JSON patch and JSON merge patch kube-apiserver applies (handlers/patch.go applyJSPatch).
/**
 * The library keeps the document it patches as lazy nodes: a member stays the raw JSON it was
 * read as (written back byte for byte, in the order it came) until an operation walks into it;
 * then it becomes a Go map, which json.Marshal writes with its keys sorted. So the patched JSON
 * the API server quotes in a 422 has its top level and every object on a patched path sorted,
 * and everything else in the order the object was encoded in. Nodes here keep that distinction:
 * a `doc` is a Go map (a JS Map, so that the patched value keeps the order the engine's own
 * patch gives it), a `raw` is a JSON value as it came.
 */

/** A lazy node; `null` stands for Go's nil *lazyNode (a JSON null member or element). */
export interface LazyNode {
  /** The raw JSON; undefined is a nil RawMessage (an operation's `"value": null`). It stays when the node is parsed. */
  raw: unknown;
  which: 'raw' | 'doc' | 'ary';
  doc: Map<string, LazyNode | null>;
  ary: (LazyNode | null)[];
}
type Node = LazyNode | null;

export function newLazyNode(raw: unknown): LazyNode {
  return { raw: raw === null ? undefined : raw, which: 'raw', doc: new Map(), ary: [] };
}

export const isJsonObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const child = (v: unknown): Node => (v === null || v === undefined ? null : newLazyNode(v));

/** intoDoc parses a node as an object, or fails (null) as json.Unmarshal into partialDoc does. */
export function intoDoc(n: LazyNode): Map<string, Node> | null {
  if (n.which === 'doc') return n.doc;
  if (!isJsonObject(n.raw)) return null;
  n.doc = new Map(Object.entries(n.raw).map(([k, v]) => [k, child(v)]));
  n.which = 'doc';
  return n.doc;
}

export function intoAry(n: LazyNode): Node[] | null {
  if (n.which === 'ary') return n.ary;
  if (!Array.isArray(n.raw)) return null;
  n.ary = n.raw.map(child);
  n.which = 'ary';
  return n.ary;
}

/** goJsonString is encoding/json's string encoding with HTML escaping (json.Marshal's default). */
export function goJsonString(s: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what encoding/json escapes.
  return `"${s.replace(/[\u0000-\u001f"\\<>&\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, (c) => {
    if (c === '"' || c === '\\') return `\\${c}`;
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    if (c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) <= 0xdfff) return '\\ufffd';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  })}"`;
}

/** goRawJson writes a raw value as json.Marshal of a RawMessage does: compacted, HTML-escaped, members in the order they came. */
export function goRawJson(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return goJsonString(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(goRawJson).join(',')}]`;
  const members = Object.entries(v as Record<string, unknown>).map(([k, x]) => `${goJsonString(k)}:${goRawJson(x)}`);
  return `{${members.join(',')}}`;
}

/** marshal is json.Marshal of a node: a parsed object as a Go map (keys sorted), a raw one as it came. */
export function marshal(n: Node): string {
  if (n === null) return 'null';
  if (n.which === 'raw') return goRawJson(n.raw);
  if (n.which === 'ary') return `[${n.ary.map(marshal).join(',')}]`;
  const keys = [...n.doc.keys()].sort();
  return `{${keys.map((k) => `${goJsonString(k)}:${marshal(n.doc.get(k) ?? null)}`).join(',')}}`;
}

/** nodeValue is the node as a JS value, members in the order the engine's own patch would leave them. */
export function nodeValue(n: Node): unknown {
  if (n === null) return null;
  if (n.which === 'raw') return n.raw === undefined ? null : n.raw;
  if (n.which === 'ary') return n.ary.map(nodeValue);
  return Object.fromEntries([...n.doc].map(([k, v]) => [k, nodeValue(v)]));
}

