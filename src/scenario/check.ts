/**
 * Small helpers for hand-written validation: field paths as the messages print them
 * (`actions[2].at`, `cluster.images["nginx:broken"].pull`) and an error collector.
 * Every check reads own properties only, so a key such as `constructor` or `__proto__` in a
 * file is just an unknown field, never something inherited.
 */

/** At most this many messages are kept; a file with 10,000 bad actions still reads quickly. */
export const MAX_ERRORS = 50;

/** Issues collects `<path>: <message>` lines. */
export interface Issues {
  errors: string[];
}

/** newIssues starts an empty collector. */
export function newIssues(): Issues {
  return { errors: [] };
}

/** report records one error at a path (the root path '' prints the message alone). */
export function report(issues: Issues, path: string, message: string): void {
  if (issues.errors.length >= MAX_ERRORS) return;
  issues.errors.push(path === '' ? message : `${path}: ${message}`);
}

/** full reports whether the collector stopped taking messages. */
export function full(issues: Issues): boolean {
  return issues.errors.length >= MAX_ERRORS;
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** field extends a path by a key: `.name` when it reads as an identifier, else `["nginx:1.8"]`. */
export function field(path: string, key: string): string {
  if (IDENT.test(key)) return path === '' ? key : `${path}.${key}`;
  return `${path}[${JSON.stringify(key)}]`;
}

/** index extends a path by an array index: `actions[2]`. */
export function index(path: string, i: number): string {
  return `${path}[${i}]`;
}

/** isRecord tells whether x is a plain JSON object (not an array, null, Map, Date or buffer). */
export function isRecord(x: unknown): x is Record<string, unknown> {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  const proto: unknown = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
}

/** own reads an own property, never an inherited one. */
export function own(obj: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** has tells whether obj has key as an own property whose value is not undefined. */
export function has(obj: Record<string, unknown>, key: string): boolean {
  return Object.hasOwn(obj, key) && obj[key] !== undefined;
}

/**
 * checkFields reports every own key not in `allowed` as `<path>.<key>: unknown field`, and
 * every key in `required` that is missing as `<path>.<key>: required`.
 */
export function checkFields(
  issues: Issues,
  path: string,
  obj: Record<string, unknown>,
  allowed: readonly string[],
  required: readonly string[] = [],
): void {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) report(issues, field(path, key), unknownFieldMessage(key, allowed));
  }
  for (const key of required) {
    if (!has(obj, key)) report(issues, field(path, key), 'required');
  }
}

/** unknownFieldMessage says `unknown field`, with the closest allowed name when one is near. */
function unknownFieldMessage(key: string, allowed: readonly string[]): string {
  // The nearest allowed name, case aside: 2 edits for short names, 3 from 6 letters (pullSecs → pullSeconds).
  const k = key.toLowerCase();
  let near: string | undefined;
  let best = k.length >= 6 ? 3 : 2;
  for (const a of allowed) {
    const d = editDistance(a.toLowerCase(), k);
    if (d <= best && (near === undefined || d < best)) {
      near = a;
      best = d;
    }
  }
  return near === undefined ? 'unknown field' : `unknown field (did you mean "${near}"?)`;
}

/** editDistance is the Levenshtein distance, capped for long strings (they never match). */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3 || a.length > 40 || b.length > 40) return 99;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur.push(Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost));
    }
    prev = cur;
  }
  return prev[b.length] ?? 99;
}

/** describeValue names a value's JSON type for messages: `a string ("3")`, `an array`, `null`. */
export function describeValue(x: unknown): string {
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'a list';
  switch (typeof x) {
    case 'string':
      return `a string (${JSON.stringify(x.length > 40 ? `${x.slice(0, 40)}…` : x)})`;
    case 'number':
      return Number.isFinite(x) ? `${x}` : `${x} (not a finite number)`;
    case 'boolean':
      return `${x}`;
    case 'object':
      return isRecord(x) ? 'a mapping' : 'an unsupported value';
    default:
      return `${typeof x}`;
  }
}

/** isFiniteNumber tells whether x is a finite number. */
export function isFiniteNumber(x: unknown): x is number {
  return typeof x === 'number' && Number.isFinite(x);
}

/** depthExceeds tells, without recursion, whether x nests deeper than max levels. */
export function depthExceeds(x: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[x, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop() as [unknown, number];
    if (typeof v !== 'object' || v === null) continue;
    if (d >= max) return true;
    const children = Array.isArray(v) ? v : Object.values(v);
    for (const c of children) stack.push([c, d + 1]);
  }
  return false;
}

/** formatCount prints a count with thousands separators, as the limits' messages do: 5,000. */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
