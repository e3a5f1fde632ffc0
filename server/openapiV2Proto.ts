/**
 * The protobuf writer behind `/openapi/v2` (gnostic's openapi_v2.Document): a growable buffer that
 * writes fields in the order asked (Go's proto.Marshal writes a message's fields by ascending
 * number, so callers ask in that order), and the gnostic messages the document is made of — its
 * Schema above all. Field numbers are those of gnostic's openapiv2/OpenAPIv2.proto.
 *
 * A nested message is written in place and its length put in front afterwards (the bytes moved
 * right by the length's size), so no message is encoded twice.
 */
import type { Schema } from './openapi.ts';

const utf8 = new TextEncoder();

/** ProtoWriter appends protobuf fields to one buffer. */
export class ProtoWriter {
  private buf = new Uint8Array(1 << 16);
  private len = 0;

  private room(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  private rawVarint(n: number): void {
    this.room(10);
    let v = n;
    while (v > 0x7f) {
      this.buf[this.len++] = (v & 0x7f) | 0x80;
      v = Math.floor(v / 128);
    }
    this.buf[this.len++] = v;
  }

  /** A varint field (wire type 0): a bool or a non-negative integer. */
  varint(field: number, n: number): void {
    this.rawVarint(field << 3);
    this.rawVarint(n);
  }

  /** A string field (wire type 2), UTF-8. */
  string(field: number, s: string): void {
    this.rawVarint((field << 3) | 2);
    // At most 3 bytes per UTF-16 unit; written in place, then the length put in front.
    this.room(s.length * 3);
    const start = this.len;
    const { written } = utf8.encodeInto(s, this.buf.subarray(start));
    this.len += written;
    this.lengthBefore(start);
  }

  /** An embedded message field (wire type 2) whose fields `write` appends. */
  message(field: number, write: (w: ProtoWriter) => void): void {
    this.rawVarint((field << 3) | 2);
    const start = this.len;
    write(this);
    this.lengthBefore(start);
  }

  /** lengthBefore puts the varint length of the bytes from `start` in front of them. */
  private lengthBefore(start: number): void {
    const n = this.len - start;
    let size = 1;
    for (let v = n; v > 0x7f; v = Math.floor(v / 128)) size++;
    this.room(size);
    this.buf.copyWithin(start + size, start, this.len);
    const end = this.len + size;
    this.len = start;
    this.rawVarint(n);
    this.len = end;
  }

  /** bytes is what was written, copied out. */
  bytes(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}

/** A YAML scalar: plain when it reads back as the same string, else double-quoted (JSON's escapes are YAML's). */
function yamlScalar(v: unknown): string {
  if (typeof v !== 'string') return JSON.stringify(v ?? null);
  const plain = /^[A-Za-z/][A-Za-z0-9_./,-]*$/.test(v) && !/^(y|n|yes|no|on|off|true|false|null)$/i.test(v);
  return plain ? v : JSON.stringify(v);
}

/**
 * yamlOf is a value as gnostic's Any holds it (yaml.Marshal's block style): what kubectl reads
 * back with yaml.Unmarshal for a default, an enum value or a vendor extension.
 */
export function yamlOf(v: unknown, indent = ''): string {
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]\n';
    // A map in a list starts on the dash's line, its other keys under its first.
    return v.map((x) => (isBlock(x) ? `${indent}- ${yamlOf(x, `${indent}  `).slice(indent.length + 2)}` : `${indent}- ${yamlScalar(x)}\n`)).join('');
  }
  if (v && typeof v === 'object') {
    const entries = Object.entries(v);
    if (entries.length === 0) return '{}\n';
    const line = ([k, x]: [string, unknown]) =>
      isBlock(x) ? `${indent}${yamlScalar(k)}:\n${yamlOf(x, Array.isArray(x) ? indent : `${indent}  `)}` : `${indent}${yamlScalar(k)}: ${yamlOf(x).trimEnd()}\n`;
    return entries.map(line).join('');
  }
  return `${indent}${yamlScalar(v)}\n`;
}

/** isBlock: a non-empty list or map, written on lines of its own. */
function isBlock(v: unknown): v is object {
  return !!v && typeof v === 'object' && (Array.isArray(v) ? v.length > 0 : Object.keys(v).length > 0);
}

/** Any{yaml = 2}. */
function writeAny(w: ProtoWriter, field: number, value: unknown): void {
  w.message(field, (a) => a.string(2, yamlOf(value)));
}

/** NamedAny{name = 1, value = 2}: a vendor extension (x-kubernetes-…). */
export function writeExtension(w: ProtoWriter, field: number, name: string, value: unknown): void {
  w.message(field, (n) => {
    n.string(1, name);
    writeAny(n, 2, value);
  });
}

/**
 * writeSchema appends an openapi_v2.Schema's fields (a v2 schema: `$ref` beside its siblings, one
 * type). Fields by number: 1 _ref, 2 format, 4 description, 5 default, 19 required, 20 enum,
 * 21 additional_properties, 22 type, 23 items, 25 properties, 31 vendor_extension.
 */
export function writeSchema(w: ProtoWriter, s: Schema): void {
  if (typeof s.$ref === 'string') w.string(1, s.$ref);
  if (typeof s.format === 'string') w.string(2, s.format);
  if (typeof s.description === 'string') w.string(4, s.description);
  if (s.default !== undefined) writeAny(w, 5, s.default);
  if (Array.isArray(s.required)) for (const r of s.required) w.string(19, String(r));
  if (Array.isArray(s.enum)) for (const e of s.enum) writeAny(w, 20, e);
  const extra = s.additionalProperties;
  if (typeof extra === 'boolean') w.message(21, (a) => a.varint(2, extra ? 1 : 0));
  else if (extra && typeof extra === 'object') w.message(21, (a) => a.message(1, (x) => writeSchema(x, extra as Schema)));
  if (typeof s.type === 'string') w.message(22, (t) => t.string(1, s.type as string));
  const items = s.items;
  if (items && typeof items === 'object') w.message(23, (i) => i.message(1, (x) => writeSchema(x, items as Schema)));
  const props = s.properties;
  if (props && typeof props === 'object') {
    w.message(25, (p) => {
      for (const [name, value] of Object.entries(props as Record<string, Schema>)) {
        p.message(1, (n) => {
          n.string(1, name);
          n.message(2, (x) => writeSchema(x, value));
        });
      }
    });
  }
  for (const [k, v] of Object.entries(s)) if (k.startsWith('x-')) writeExtension(w, 31, k, v);
}
