// The Go values the jsonpath evaluator walks, held as decoded JSON: what kubectl hands it is an
// unstructured object (maps, []interface{}, strings, bools, int64 for a whole number, float64
// else, nil). A few values are not JSON: the parser's literals (Go int and float64, so `5.0` is
// a float even though it is whole) and a string's bytes (`.*` of a string), held as GoNumber.
// `undefined` is a reflect.Value that holds nothing (the data of a range over nothing, or over nil).
// Holds the comparisons of client-go third_party/forked/golang/template funcs.go (v1.36) and
// fmt's %v of these values.

/** A number whose Go type JSON does not tell: a literal's int or float64, a string's uint8 byte. */
export class GoNumber {
  constructor(
    readonly goType: 'int' | 'float64' | 'uint8',
    readonly value: number,
  ) {}
}

export type GoMap = Record<string, unknown>;

export const isMap = (v: unknown): v is GoMap => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof GoNumber);

/** plain is the value a caller sees: a GoNumber as its number. */
export const plain = (v: unknown): unknown => (v instanceof GoNumber ? v.value : v);

/** mapKeys is a map's keys with a value, in order of key: Go visits a map in a random order that no run repeats. */
export function mapKeys(m: GoMap): string[] {
  return Object.keys(m)
    .filter((k) => m[k] !== undefined)
    .sort();
}

/** utf8Bytes is a string's bytes, as Go indexes a string. */
export function utf8Bytes(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 0x3f), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  return out;
}

/** goTypeName is what %v of reflect.Type prints for the value (`map[string]interface {}`, `int64`). */
export function goTypeName(v: unknown): string {
  if (v instanceof GoNumber) return v.goType;
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  if (Array.isArray(v)) return '[]interface {}';
  if (v === null || v === undefined) return '<nil>';
  return 'map[string]interface {}';
}

/** goFloat is fmt's %v of a float64: strconv's shortest 'g', with an exponent below 1e-4 and from 1e6 on (`1e+06`). */
export function goFloat(v: number): string {
  if (!Number.isFinite(v)) return Number.isNaN(v) ? 'NaN' : v > 0 ? '+Inf' : '-Inf';
  if (v === 0) return Object.is(v, -0) ? '-0' : '0';
  const [mant = '', e = '0'] = v.toExponential().split('e');
  const exp = Number(e);
  if (exp < -4 || exp >= 6) return `${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(v);
}

/** goNumber is %v of a number: a whole one as an integer (int64), any other as a float64. */
function goNumber(v: number): string {
  if (Number.isInteger(v) && Math.abs(v) < 2 ** 63) return BigInt(v).toString();
  return goFloat(v);
}

/** goValue is fmt's %v of a value: a map as map[k:v] (keys sorted), a slice as [a b], nil as <nil>. */
export function goValue(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (v instanceof GoNumber) return v.goType === 'float64' ? goFloat(v.value) : String(v.value);
  if (typeof v === 'number') return goNumber(v);
  if (Array.isArray(v)) return `[${v.map(goValue).join(' ')}]`;
  if (isMap(v)) return `map[${mapKeys(v).map((k) => `${k}:${goValue(v[k])}`).join(' ')}]`;
  return String(v);
}

/** evalToText is how PrintResults writes a value that is not a map or a slice: `null` for nil, `<no value>` for nothing. */
export function evalToText(v: unknown): string {
  if (v === undefined) return '<no value>';
  if (v === null) return 'null';
  return goValue(v);
}

type Kind = 'bool' | 'int' | 'float' | 'string';

/** basicKind sorts a value into the kinds a comparison takes; anything else is `invalid type for comparison`. */
function basicKind(v: unknown): { kind: Kind; value: string | number | boolean } {
  if (v instanceof GoNumber) return { kind: v.goType === 'float64' ? 'float' : 'int', value: v.value };
  if (typeof v === 'boolean') return { kind: 'bool', value: v };
  if (typeof v === 'string') return { kind: 'string', value: v };
  if (typeof v === 'number') return { kind: Number.isInteger(v) ? 'int' : 'float', value: v };
  throw new CompareError('invalid type for comparison');
}

/** The error a comparison returns, in its words. */
export class CompareError extends Error {}

function kindsOf(a: unknown, b: unknown): [string | number | boolean, string | number | boolean, Kind] {
  const x = basicKind(a);
  const y = basicKind(b);
  if (x.kind !== y.kind) throw new CompareError('incompatible types for comparison');
  return [x.value, y.value, x.kind];
}

/** equal is template.Equal: same kind, same value. */
export function equal(a: unknown, b: unknown): boolean {
  const [x, y] = kindsOf(a, b);
  return x === y;
}

/** less is template.Less: numbers and strings (by bytes) only. */
export function less(a: unknown, b: unknown): boolean {
  const [x, y, kind] = kindsOf(a, b);
  if (kind === 'bool') throw new CompareError('invalid type for comparison');
  if (kind === 'string') return byteLess(x as string, y as string);
  return (x as number) < (y as number);
}

/** byteLess compares two strings as Go does, byte by byte of their UTF-8. */
function byteLess(a: string, b: string): boolean {
  const x = utf8Bytes(a);
  const y = utf8Bytes(b);
  for (let i = 0; i < x.length && i < y.length; i++) {
    if (x[i] !== y[i]) return (x[i] as number) < (y[i] as number);
  }
  return x.length < y.length;
}

/** The six operators, as funcs.go builds each on equal and less. */
export const COMPARE: Readonly<Record<string, (a: unknown, b: unknown) => boolean>> = {
  '<': less,
  '>': (a, b) => !(less(a, b) || equal(a, b)),
  '==': equal,
  '!=': (a, b) => !equal(a, b),
  '<=': (a, b) => less(a, b) || equal(a, b),
  '>=': (a, b) => !less(a, b),
};
