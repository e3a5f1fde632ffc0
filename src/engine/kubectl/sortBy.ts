// Port of kubectl pkg/cmd/get/sorter.go and get.go's RuntimeSorter (v1.36): `kubectl get --sort-by`.
/**
 * kubectl sorts on the client: each object's value at a JSONPath (`.lastTimestamp`,
 * `{.status.containerStatuses[0].restartCount}`), compared as Go's isLess compares the values of
 * a decoded JSON object, in Go's sort.Sort (lib/goSort.ts, not stable). Two ways, as kubectl:
 * - a table (the default and -o wide): the SortingPrinter sorts the rows when there are two or
 *   more. Its error (a path found in no row, a path it cannot parse) is dropped by get.go, which
 *   then prints nothing and says `No resources found in default namespace.`, exit 0;
 * - -o json, yaml or name: SortObjects sorts the list, and its error is kubectl's error.
 * The path is read by the jsonpath port (jsonpath/), its first value sorted on.
 */
import { cmpQuantities, parseQuantity } from '../lib/quantity.ts';
import { goSort } from '../lib/goSort.ts';
import { JSONPath } from './jsonpath/index.ts';

const RELAXED = /^\{\.?([^{}]+)\}$|^\.?([^{}]+)$/;

/** relaxedJSONPathExpression turns `a.b`, `.a.b` and `{a.b}` into `{.a.b}`, as kubectl does. */
export function relaxedJSONPathExpression(path: string): string | { error: string } {
  if (path === '') return path;
  const m = RELAXED.exec(path);
  if (!m) return { error: "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'" };
  return `{.${m[1] ?? m[2]}}`;
}

/** A value found at a path (`found: false` when the path finds nothing: the jsonpath's empty result). */
interface Found {
  found: boolean;
  value: unknown;
}

/** valuesAt is findJSONPathResults' first value for each object, through the jsonpath port (missing keys allowed). */
function valuesAt(objects: readonly unknown[], parser: JSONPath): Found[] | { error: string } {
  const out: Found[] = [];
  for (const o of objects) {
    const r = parser.findResults(o);
    if (!Array.isArray(r)) return r;
    const first = r[0];
    out.push(first !== undefined && first.length > 0 ? { found: true, value: first[0] } : { found: false, value: undefined });
  }
  return out;
}

/** sortingParser is the parser sorter.go makes: `jsonpath.New("sorting").AllowMissingKeys(true)`. */
function sortingParser(field: string): JSONPath | { error: string } {
  const parser = new JSONPath('sorting').allowMissingKeys(true);
  const parsed = parser.parse(field);
  return parsed ?? parser;
}

/** goTypeName is what Go's %T prints for a decoded JSON value. */
function goTypeName(v: unknown): string {
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return '[]interface {}';
  return 'map[string]interface {}';
}

/**
 * isLess compares two decoded JSON values as sorter.go's isLess compares interface values: nil
 * first; int64 with int64, float64 with float64; two strings as quantities when both parse
 * (`500m` before `1`), else byte by byte. Anything else is an error (kubectl exits on it).
 * Byte by byte, not in sortorder's natural order as the source reads: the real kubectl 1.32 lists
 * Events about web-…-892pd before those about web-…-9hh2p (server/getFieldSortBy.test.ts).
 */
export function isLess(i: unknown, j: unknown): boolean | { error: string } {
  if (i === null && j === null) return false;
  if (i === null) return true;
  if (j === null) return false;
  if (typeof i === 'number') {
    if (typeof j === 'number' && Number.isInteger(i) === Number.isInteger(j)) return i < j;
    return { error: 'unsortable interface: interface' };
  }
  if (typeof i === 'string') {
    if (typeof j !== 'string') return { error: 'unsortable interface: interface' };
    const qi = parseQuantity(i);
    const qj = qi.ok ? parseQuantity(j) : qi;
    if (qi.ok && qj.ok) return cmpQuantities(qi.value, qj.value) < 0;
    return i < j;
  }
  return { error: `unsortable type: ${goTypeName(i)}` };
}

/** Thrown out of the sort by a comparison kubectl exits on. */
class Unsortable {
  constructor(readonly message: string) {}
}

/** sortFound sorts `objects` by their values (TableSorter.Less / RuntimeSort.Less: a missing value sorts first). */
function sortFound<T>(objects: T[], values: Found[], field: string, goType: string): T[] | { error: string } {
  const rows = objects.map((o, k) => ({ o, v: values[k] as Found }));
  try {
    goSort(
      {
        less(a, b) {
          const x = (rows[a] as { v: Found }).v;
          const y = (rows[b] as { v: Found }).v;
          if (!x.found) return true;
          if (!y.found) return false;
          const r = isLess(x.value, y.value);
          if (typeof r !== 'boolean') throw new Unsortable(`Field ${field} in ${goType} is an unsortable type: interface, err: ${r.error}`);
          return r;
        },
        swap(a, b) {
          const t = rows[a] as (typeof rows)[number];
          rows[a] = rows[b] as (typeof rows)[number];
          rows[b] = t;
        },
      },
      rows.length,
    );
  } catch (e) {
    if (e instanceof Unsortable) return { error: e.message };
    throw e;
  }
  return rows.map((r) => r.o);
}

/**
 * sortTable is the SortingPrinter over a table's rows: the rows sorted, or `dropped` when
 * kubectl's sort fails and get.go prints nothing for the table (a path found in no row, or one
 * that does not parse). One row or none is printed as it is.
 */
export function sortTable<T>(objects: T[], sortBy: string): T[] | { dropped: true } | { error: string } {
  if (objects.length <= 1) return objects;
  const relaxed = relaxedJSONPathExpression(sortBy);
  // A path kubectl cannot relax is parsed as given, and fails (an unclosed `{`).
  if (typeof relaxed !== 'string') return { dropped: true };
  const parser = sortingParser(relaxed);
  if ('error' in parser) return { dropped: true };
  const values = valuesAt(objects, parser);
  if (!Array.isArray(values)) return { dropped: true };
  if (!values.some((v) => v.found)) return { dropped: true };
  const sorted = sortFound(objects, values, relaxed, '[][][]reflect.Value');
  return Array.isArray(sorted) ? sorted : { error: sorted.error };
}

/** sortList is SortObjects over a list printed as json, yaml or names: its errors are kubectl's. */
export function sortList<T>(objects: T[], sortBy: string): T[] | { error: string } {
  if (objects.length === 0) return objects;
  const relaxed = relaxedJSONPathExpression(sortBy);
  if (typeof relaxed !== 'string') return { error: `error: ${relaxed.error}` };
  const parser = sortingParser(relaxed);
  if ('error' in parser) return { error: `error: ${parser.error}` };
  const values = valuesAt(objects, parser);
  if (!Array.isArray(values)) return { error: `error: ${values.error}` };
  if (!values.some((v) => v.found)) return { error: `error: couldn't find any field with path "${relaxed}" in the list of objects` };
  const sorted = sortFound(objects, values, relaxed, '*unstructured.Unstructured');
  return Array.isArray(sorted) ? sorted : { error: sorted.error };
}
