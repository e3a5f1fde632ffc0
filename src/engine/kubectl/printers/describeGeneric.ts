// Port of kubernetes staging/src/k8s.io/kubectl/pkg/describe/describe.go (v1.32.4): genericDescriber,
// printUnstructuredContent and smartLabelFor, and of github.com/fatih/camelcase's Split, which
// smartLabelFor uses. kubectl describes a kind without a describer of its own (ControllerRevision,
// Event) with these, from the object as the API serves it in JSON.
import type { Event } from '../../api/types.ts';
import { describeEvents, PrefixWriter, printAnnotationsMultiline, printLabelsMultiline } from './podTemplate.ts';
import { tabbedString } from './tabwriter.ts';

/** A JSON value as an unstructured object holds it. */
export type Unstructured = null | boolean | number | string | Unstructured[] | { [key: string]: Unstructured };
export type UnstructuredMap = { [key: string]: Unstructured };

/** The fields genericDescriber leaves to its own header lines (and managedFields, which it never prints). */
const GENERIC_SKIP: readonly string[] = ['.metadata.managedFields', '.metadata.name', '.metadata.namespace', '.metadata.labels', '.metadata.annotations'];

/** Words smartLabelFor prints in capitals whatever case the field spells them in. */
const COMMON_ACRONYMS: ReadonlySet<string> = new Set(['API', 'URL', 'UID', 'OSB', 'GUID']);

const isLower = (r: string) => /\p{Ll}/u.test(r);
const isUpper = (r: string) => /\p{Lu}/u.test(r);
const isDigit = (r: string) => /\p{Nd}/u.test(r);
const isLetter = (r: string) => /\p{L}/u.test(r);

/**
 * camelcaseSplit is camelcase.Split: runs of lower-case letters, upper-case letters, digits and
 * anything else, each run its own word, then an upper-case run followed by a lower-case one gives
 * its last letter to the next word (`PDFLoader` → `PDF`, `Loader`), and empty words are dropped.
 * (Go returns an invalid UTF-8 string whole; a JavaScript string read from JSON is always valid.)
 */
export function camelcaseSplit(src: string): string[] {
  const runs: string[][] = [];
  let lastClass = 0;
  for (const r of src) {
    const cls = isLower(r) ? 1 : isUpper(r) ? 2 : isDigit(r) ? 3 : 4;
    const last = runs[runs.length - 1];
    if (cls === lastClass && last !== undefined) last.push(r);
    else runs.push([r]);
    lastClass = cls;
  }
  for (let i = 0; i < runs.length - 1; i++) {
    const cur = runs[i] as string[];
    const next = runs[i + 1] as string[];
    if (isUpper(cur[0] ?? '') && isLower(next[0] ?? '')) next.unshift(cur.pop() as string);
  }
  return runs.filter((r) => r.length > 0).map((r) => r.join(''));
}

/** goTitle is strings.Title of one camelcase word: its first letter upper-cased (the word holds no separators). */
function goTitle(word: string): string {
  const [first = '', ...rest] = [...word];
  return first.toUpperCase() + rest.join('');
}

/**
 * smartLabelFor turns a field name into describe's label: `apiVersion` → `API Version`,
 * `terminationGracePeriodSeconds` → `Termination Grace Period Seconds`. A name with anything but
 * letters and `-` (`$patch`, `app.kubernetes.io/name`, `ipv4`) is kept as it is, since splitting
 * it would not make a phrase.
 */
export function smartLabelFor(field: string): string {
  if ([...field].some((r) => !isLetter(r) && r !== '-')) return field;
  return camelcaseSplit(field)
    .filter((part) => part !== '_')
    .map((part) => (COMMON_ACRONYMS.has(part.toUpperCase()) ? part.toUpperCase() : goTitle(part)))
    .join(' ');
}

/** goFloat is %v of a float64: shortest digits, in %e form when the exponent is below -4 or at least 6 (Go's %g). */
function goFloat(n: number): string {
  if (!Number.isFinite(n)) return n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN';
  const [mantissa = '0', expText = '0'] = n.toExponential().split('e');
  const exp = Number(expText);
  if (exp < -4 || exp >= 6) return `${mantissa}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(n);
}

/**
 * goValue is fmt's %v of a decoded JSON value: null as `<nil>`, a whole number as the int64 the
 * decoder makes of it, another number as a float64, a list as `[a b]`, a map as `map[k:v]` with
 * its keys sorted (a list's maps and lists are printed so only when nested in a list).
 */
export function goValue(v: Unstructured): string {
  if (v === null) return '<nil>';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : goFloat(v);
  if (typeof v !== 'object') return String(v);
  if (Array.isArray(v)) return `[${v.map(goValue).join(' ')}]`;
  return `map[${sortedKeys(v)
    .map((k) => `${k}:${goValue(v[k] ?? null)}`)
    .join(' ')}]`;
}

/** sortedKeys is sort.Strings over a map's keys (code-unit order, as the -o json printer sorts them too). */
function sortedKeys(m: UnstructuredMap): string[] {
  return Object.keys(m).sort();
}

function isMap(v: Unstructured | undefined): v is UnstructuredMap {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * printUnstructuredContent writes each field of `content`, sorted, at `level`: a map as `Label:`
 * and its fields one level in, a list as `Label:` and each item one level in (a map's fields
 * there with no mark between items, anything else as %v on its own line), anything else as
 * `Label:\tvalue`. A field whose path (`skipPrefix.field`) is in `skip` is left out with all it holds.
 */
export function printUnstructuredContent(w: PrefixWriter, level: number, content: UnstructuredMap, skipPrefix: string, skip: readonly string[]): void {
  for (const field of sortedKeys(content)) {
    const value = content[field] ?? null;
    const path = `${skipPrefix}.${field}`;
    if (skip.includes(path)) continue;
    if (isMap(value)) {
      w.write(level, `${smartLabelFor(field)}:\n`);
      printUnstructuredContent(w, level + 1, value, path, skip);
    } else if (Array.isArray(value)) {
      w.write(level, `${smartLabelFor(field)}:\n`);
      for (const child of value) {
        if (isMap(child)) printUnstructuredContent(w, level + 1, child, path, skip);
        else w.write(level + 1, `${goValue(child)}\n`);
      }
    } else w.write(level, `${smartLabelFor(field)}:\t${goValue(value)}\n`);
  }
}

/** unstructuredOf is an object as a client decodes the API's JSON of it: undefined fields gone, every value plain data. */
export function unstructuredOf(obj: object): UnstructuredMap {
  return JSON.parse(JSON.stringify(obj)) as UnstructuredMap;
}

const stringMap = (v: Unstructured | undefined): Record<string, string> | undefined => (isMap(v) ? (v as Record<string, string>) : undefined);

/**
 * genericDescriber prints an object kubectl has no describer for: its name, namespace, labels
 * and annotations, every other field of its served JSON (`obj`, as unstructuredOf makes it) by
 * printUnstructuredContent, then its Events when given (undefined leaves the section out, as
 * describe does without --show-events).
 */
export function genericDescriber(obj: UnstructuredMap, events: readonly Event[] | undefined, nowMs: number): string {
  const meta = isMap(obj.metadata) ? obj.metadata : {};
  const w = new PrefixWriter();
  w.write(0, `Name:\t${typeof meta.name === 'string' ? meta.name : ''}\n`);
  w.write(0, `Namespace:\t${typeof meta.namespace === 'string' ? meta.namespace : ''}\n`);
  printLabelsMultiline(w, 'Labels', stringMap(meta.labels));
  printAnnotationsMultiline(w, 'Annotations', stringMap(meta.annotations));
  printUnstructuredContent(w, 0, obj, '', GENERIC_SKIP);
  describeEvents(events, nowMs, w);
  return w.segments.map(tabbedString).join('');
}
