// Port of k8s.io/apimachinery pkg/runtime/converter.go fromUnstructured (v1.36) and of the error
// applyPatchToObject (staging/src/k8s.io/apiserver/pkg/endpoints/handlers/patch.go) makes of it.
/**
 * A strategic merge patch is not decoded from JSON: the API server applies it to the stored
 * object as a map, then converts that map into the Go type with the unstructured converter. Its
 * errors are not the JSON decoder's: the converter walks the struct's fields in declaration
 * order and stops at the first value it cannot take (`unrecognized type: int32` for a string
 * replicas, `cannot convert int64 to string` for a numeric label, `cannot restore struct from:
 * string`), and the handler answers 422 with the patch itself as the bad value:
 * ` "" is invalid: patch: Invalid value: "map[spec:map[replicas:2]]": unrecognized type: int32`,
 * which kubectl prints as `The request is invalid: patch: …`. Unknown fields, with
 * fieldValidation=Strict, are that same 422 with `strict decoding error: unknown field "spec.replica"`.
 */
import { decodeBase64 } from '../../lib/base64.ts';
import { parseQuantity } from '../../lib/quantity.ts';
import type { GoType } from './manifestGoTypes.ts';

/** What converting a patched object found: the first conversion error, else the unknown fields (sorted). */
export type Converted = { error: string } | { unknown: string[] };

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** goKind names a JSON value as reflect names the Go value the JSON decoder made of it (ints kept as int64). */
function goKind(x: unknown): string {
  if (typeof x === 'string') return 'string';
  if (typeof x === 'boolean') return 'bool';
  if (typeof x === 'number') return Number.isInteger(x) ? 'int64' : 'float64';
  return Array.isArray(x) ? 'slice' : 'map';
}

/** simple converts into a string, bool or integer field: same-group values pass, others are refused as the converter refuses them. */
function simple(target: 'string' | 'bool' | 'int32' | 'int64', x: unknown): string | null {
  const k = goKind(x);
  if (target === 'string') return k === 'string' ? null : k === 'int64' ? 'cannot convert int64 to string' : 'unrecognized type: string';
  if (target === 'bool') return k === 'bool' ? null : 'unrecognized type: bool';
  if (k === 'int64') return null;
  return k === 'float64' ? `cannot convert float64 to ${target}` : `unrecognized type: ${target}`;
}

/** jsonInt32 is IntOrString.UnmarshalJSON of a non-string value: encoding/json into an int32. */
function jsonInt32(x: unknown): string | null {
  if (typeof x === 'number' && Number.isInteger(x) && Math.abs(x) < 2 ** 31) return null;
  const what = typeof x === 'number' ? `number ${goFloat(x)}` : typeof x === 'boolean' ? 'bool' : Array.isArray(x) ? 'array' : 'object';
  return `json: cannot unmarshal ${what} into Go value of type int32`;
}

/**
 * fromUnstructured converts `x` into `ty` as the converter does, collecting unknown fields of
 * closed structs (with their paths, indexes included) in `unknown`; returns the first error.
 */
function convert(ty: GoType, x: unknown, path: string, unknown: string[]): string | null {
  if (x === null || x === undefined) return null;
  switch (ty.t) {
    case 'any':
      return null;
    case 'string':
    case 'bool':
    case 'int32':
    case 'int64':
      return simple(ty.t, x);
    case 'intstr':
      return typeof x === 'string' ? null : jsonInt32(x);
    case 'quantity': {
      // Quantity.UnmarshalJSON: the JSON text, unquoted and trimmed, must parse.
      const q = parseQuantity(typeof x === 'string' ? x.trim() : JSON.stringify(x));
      return q.ok ? null : q.error;
    }
    case 'map':
    case 'qmap': {
      if (!isRecord(x)) return `cannot restore map from ${goKind(x)}`;
      // Go ranges over a map in no set order: the first error is taken in key order here.
      for (const k of Object.keys(x).sort()) {
        const e = ty.t === 'map' ? (x[k] === null ? null : simple('string', x[k])) : convert({ t: 'quantity' }, x[k], path, unknown);
        if (e) return e;
      }
      return null;
    }
    case 'bmap': {
      // A []byte from a string: the converter marshals it and json-decodes it as base64.
      if (!isRecord(x)) return `cannot restore map from ${goKind(x)}`;
      for (const k of Object.keys(x).sort()) {
        const v = x[k];
        if (v === null || v === undefined) continue;
        if (typeof v !== 'string') return `cannot restore slice from ${goKind(v)}`;
        const d = decodeBase64(v);
        if ('errorAt' in d) return `illegal base64 data at input byte ${d.errorAt}`;
      }
      return null;
    }
    case 'list': {
      if (!Array.isArray(x)) return `cannot restore slice from ${goKind(x)}`;
      for (let i = 0; i < x.length; i++) {
        const e = convert(ty.of, x[i], `${path}[${i}]`, unknown);
        if (e) return e;
      }
      return null;
    }
    case 'struct': {
      if (!isRecord(x)) return `cannot restore struct from: ${goKind(x)}`;
      for (const [k, sub] of Object.entries(ty.fields)) {
        if (!(k in x)) continue;
        const e = convert(sub, x[k], path === '' ? k : `${path}.${k}`, unknown);
        if (e) return e;
      }
      if (!ty.open) for (const k of Object.keys(x)) if (!Object.hasOwn(ty.fields, k)) unknown.push(path === '' ? k : `${path}.${k}`);
      return null;
    }
  }
}

/** fromUnstructured converts a patched object into `ty`: its first error, else its unknown fields sorted as the converter sorts their errors. */
export function fromUnstructured(ty: GoType, obj: unknown): Converted {
  const unknown: string[] = [];
  const error = convert(ty, obj, '', unknown);
  if (error) return { error };
  return { unknown: unknown.map((p) => `unknown field "${p}"`).sort() };
}

/**
 * pruned is `x` as the Go type holds it: the fields a closed struct does not have are gone (a
 * decode under fieldValidation Warn or Ignore keeps no unknown field), everything else as it was.
 * Returns `x` itself when nothing was dropped.
 */
export function pruned(ty: GoType, x: unknown): unknown {
  if (ty.t === 'list' && Array.isArray(x)) {
    const out = x.map((e) => pruned(ty.of, e));
    return out.every((e, i) => e === x[i]) ? x : out;
  }
  if (ty.t !== 'struct' || !isRecord(x)) return x;
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x)) {
    const sub = Object.hasOwn(ty.fields, k) ? ty.fields[k] : undefined;
    if (sub === undefined && !ty.open) {
      changed = true;
      continue;
    }
    const p = sub === undefined ? v : pruned(sub, v);
    if (p !== v) changed = true;
    out[k] = p;
  }
  return changed ? out : x;
}

/**
 * goFloat is Go's %v of a JSON number: an integer as the int64 the decoder kept it as, any other
 * as a float64 in strconv's shortest 'g' form, which turns to exponent form below 1e-4 or from
 * 1e6 (eprec 6): 2.5 → "2.5", 1234567.5 → "1.2345675e+06", 0.00001 → "1e-05".
 */
export function goFloat(x: number): string {
  if (Number.isInteger(x)) return String(x);
  const [m = '', e = '0'] = x.toExponential().split('e');
  const exp = Number(e);
  if (exp < -4 || exp >= 6) return `${m}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(x);
}

/** goSprintV is Go's %+v of a value decoded from JSON into interface{}: maps as map[k:v …] with sorted keys, slices as [a b]. */
export function goSprintV(x: unknown): string {
  if (x === null || x === undefined) return '<nil>';
  if (typeof x === 'string') return x;
  if (typeof x === 'boolean') return String(x);
  if (typeof x === 'number') return goFloat(x);
  if (Array.isArray(x)) return `[${x.map(goSprintV).join(' ')}]`;
  const o = x as Record<string, unknown>;
  return `map[${Object.keys(o)
    .sort()
    .map((k) => `${k}:${goSprintV(o[k])}`)
    .join(' ')}]`;
}

/** goQuote is strconv.Quote (%q) for the text the API server quotes in an Invalid value. */
export function goQuote(s: string): string {
  const named: Record<string, string> = { '\u0007': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '"': '\\"', '\\': '\\\\' };
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (named[ch] !== undefined) out += named[ch];
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else if (c === 0x2028 || c === 0x2029) out += `\\u${c.toString(16)}`;
    else out += ch;
  }
  return `${out}"`;
}

/** patchInvalidBody is the cause applyPatchToObject gives a patch the converter refused: `Invalid value: "<patch>": <error>`. */
export function patchInvalidBody(patch: unknown, error: string): string {
  return `Invalid value: ${goQuote(goSprintV(patch))}: ${error}`;
}
