// Port of kubectl pkg/explain/v2/funcs.go (v1.36): the template functions plaintext.tmpl calls
// (wrap, indent, contains, resolveRef), and what Go's text/template does with the JSON values the
// document decodes to (map[string]any, []any, string, float64, bool, nil): truth, `or`, `index`.
import { wrapString } from './wordWrap.ts';

/** A decoded JSON object, as Go's map[string]any. */
export type JsonObject = { readonly [key: string]: unknown };

/** isObject: a JSON object (a Go map), not an array or a scalar. */
export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * truth is text/template's truth of a value (`if`, `with`, `and`, `or`, `not`): false for nil,
 * false, 0, "" and an empty map or slice; true otherwise.
 */
export function truth(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') return v !== '';
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.keys(v).length > 0;
  return true;
}

/** or is the template's `or`: the first true argument, else the last. */
export function or<T>(...args: T[]): T | undefined {
  for (const a of args) if (truth(a)) return a;
  return args[args.length - 1];
}

/** index is `index m key` (and `.key`) on a map: the value, or nil when missing or not a map. */
export function index(m: unknown, ...keys: string[]): unknown {
  let cur = m;
  for (const k of keys) {
    if (!isObject(cur)) return undefined;
    cur = Object.hasOwn(cur, k) ? cur[k] : undefined;
  }
  return cur;
}

/** wrap is `wrap l s`: s through a word-wrap writer of width l (term.NewWordWrapWriter). */
export function wrap(l: number, s: string): string {
  // A zero limit writes through unwrapped.
  return l === 0 ? s : wrapString(s, l);
}

/** indent is `indent amount str`: the pad before the text and after every line break in it. */
export function indent(amount: number, str: string): string {
  const pad = ' '.repeat(Math.max(0, amount));
  return pad + str.replaceAll('\n', `\n${pad}`);
}

/** jsonEqual is reflect.DeepEqual over decoded JSON values. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

/** contains is `contains list value`: whether a slice holds an element deeply equal to value. */
export function contains(list: unknown, value: unknown): boolean {
  return Array.isArray(list) && list.some((x) => jsonEqual(x, value));
}

/**
 * resolveRef is `resolveRef ref document`: the map a fragment-only JSON reference points at
 * (`#/components/schemas/io.k8s.api.apps.v1.DeploymentSpec`), walked key by key from the document;
 * nil for anything else (not a string, an empty or non-fragment reference, a missing key).
 */
export function resolveRef(refAny: unknown, document: unknown): JsonObject | undefined {
  if (typeof refAny !== 'string') return undefined;
  const hash = refAny.indexOf('#');
  // A reference with a path, host or query is not fragment-only: downloading is not supported.
  if (hash !== 0 || refAny.length === 1) return undefined;
  let fragment: string;
  try {
    fragment = decodeURIComponent(refAny.slice(1));
  } catch {
    return undefined;
  }
  let cur: unknown = document;
  for (const k of fragment.split('/')) {
    if (k === '') continue;
    const next = index(cur, k);
    if (!isObject(next)) return undefined;
    cur = next;
  }
  return isObject(cur) ? cur : undefined;
}

/** goString is how the template prints a value (fmt's %v of a JSON scalar). */
export function goString(v: unknown): string {
  if (v === undefined || v === null) return '<nil>';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return goFloat(v);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(goString).join(' ')}]`;
  if (isObject(v)) {
    const keys = Object.keys(v).sort();
    return `map[${keys.map((k) => `${k}:${goString(v[k])}`).join(' ')}]`;
  }
  return String(v);
}

/** goFloat is %v of a float64: strconv's shortest 'g', an exponent below 1e-4 and from 1e6 on (`1e+06`). */
function goFloat(v: number): string {
  if (v === 0 || !Number.isFinite(v)) return v === 0 ? '0' : v > 0 ? '+Inf' : v < 0 ? '-Inf' : 'NaN';
  const [mant = '', e = '0'] = v.toExponential().split('e');
  const exp = Number(e);
  if (exp < -4 || exp >= 6) return `${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(v);
}
