// Port of a subset of kubernetes staging/src/k8s.io/client-go/util/jsonpath (parser.go, jsonpath.go),
// v1.36, as kubectl's -o jsonpath and -o custom-columns run it (missing keys allowed).
/**
 * A template is text with actions in braces: `{.items[*].metadata.name}`, `{"\n"}`,
 * `{range .items[*]}…{end}`. A path reads fields (`.name`, `['name']`), indexes (`[0]`, `[-1]`),
 * slices (`[1:3]`), every element (`[*]`, `.*`) and filters (`[?(@.status.phase=="Running")]`).
 * Recursive descent (`..`) and unions (`[0,1]`) are outside this subset and say so.
 */

import { goJson } from './printers/object.ts';

type Step =
  | { t: 'field'; name: string }
  | { t: 'all' }
  | { t: 'slice'; start: number | null; end: number | null; step: number | null; index: boolean }
  | { t: 'filter'; left: Step[]; op: string; right: Step[] | { literal: unknown } };

type Node = { t: 'text'; s: string } | { t: 'path'; steps: Step[] } | { t: 'string'; s: string } | { t: 'range'; steps: Step[]; body: Node[] };

export type Template = Node[];

/** A parse error (the subset's own message for what it does not read). */
export interface TemplateError {
  error: string;
}

const SUBSET = "is not part of Rollout Lab's kubectl subset (paths of fields, [n], [a:b], [*], filters, range … end and string literals)";

/** parseTemplate splits the text and its actions and parses each action. */
export function parseTemplate(text: string): Template | TemplateError {
  const root: Node[] = [];
  const stack: { body: Node[] }[] = [{ body: root }];
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('{', i);
    const top = stack[stack.length - 1] as { body: Node[] };
    if (open < 0) {
      top.body.push({ t: 'text', s: text.slice(i) });
      break;
    }
    if (open > i) top.body.push({ t: 'text', s: text.slice(i, open) });
    const close = actionEnd(text, open + 1);
    if (close < 0) return { error: 'unclosed action' };
    const action = text.slice(open + 1, close).trim();
    i = close + 1;
    if (action === 'end') {
      if (stack.length === 1) return { error: 'not in range, nothing to end' };
      stack.pop();
      continue;
    }
    // `range .items[*]`, and `range.items[*]` too: the parser reads the identifier, then the path.
    if (/^range(?=[\s.@$[])/.test(action)) {
      const steps = parsePath(action.slice(5).trim());
      if ('error' in steps) return steps;
      const node: Node = { t: 'range', steps: steps.steps, body: [] };
      top.body.push(node);
      stack.push(node);
      continue;
    }
    if (action.startsWith('"')) {
      const s = unquote(action);
      if (s === null) return { error: `unquote string ${action} error` };
      top.body.push({ t: 'string', s });
      continue;
    }
    const steps = parsePath(action);
    if ('error' in steps) return steps;
    top.body.push({ t: 'path', steps: steps.steps });
  }
  if (stack.length > 1) return { error: 'unclosed range' };
  return root;
}

/** actionEnd finds the brace closing an action, past braces inside a quoted string. */
function actionEnd(text: string, from: number): number {
  let quoted = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '\\') i++;
    else if (c === '"') quoted = !quoted;
    else if (c === '}' && !quoted) return i;
  }
  return -1;
}

/** unquote is strconv.Unquote for a double-quoted literal: \n, \t, \", \\ and the rest as JSON reads them. */
function unquote(s: string): string | null {
  try {
    const v: unknown = JSON.parse(s);
    return typeof v === 'string' ? v : null;
  } catch {
    return null;
  }
}

const NAME = /^[^.[\]\s()=!<>,'"]+/;

/** parsePath reads `$.a.b[0]`, `@.a`, `.a[*].b` or `a.b` (a leading name is a field). */
function parsePath(text: string): { steps: Step[] } | TemplateError {
  let rest = text;
  if (rest.startsWith('$') || rest.startsWith('@')) rest = rest.slice(1);
  const steps: Step[] = [];
  let first = true;
  while (rest !== '') {
    if (rest.startsWith('..')) return { error: `.. ${SUBSET}` };
    if (rest.startsWith('.*')) {
      steps.push({ t: 'all' });
      rest = rest.slice(2);
    } else if (rest.startsWith('.') || (first && NAME.test(rest))) {
      const body = rest.startsWith('.') ? rest.slice(1) : rest;
      const m = NAME.exec(body);
      if (!m) {
        // A lone `.` (or `{.}`) is the current object.
        if (body === '') break;
        return { error: `${text} ${SUBSET}` };
      }
      steps.push({ t: 'field', name: m[0] });
      rest = body.slice(m[0].length);
    } else if (rest.startsWith('[')) {
      const close = bracketEnd(rest);
      if (close < 0) return { error: 'unterminated array' };
      const inner = rest.slice(1, close).trim();
      rest = rest.slice(close + 1);
      const step = parseBracket(inner);
      if ('error' in step) return step;
      steps.push(step);
    } else return { error: `${text} ${SUBSET}` };
    first = false;
  }
  return { steps };
}

function bracketEnd(s: string): number {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quote !== '') {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '[') depth++;
    else if (c === ']' && --depth === 0) return i;
  }
  return -1;
}

function parseBracket(inner: string): Step | TemplateError {
  if (inner === '*') return { t: 'all' };
  const quoted = /^'([^']*)'$|^"([^"]*)"$/.exec(inner);
  if (quoted) return { t: 'field', name: (quoted[1] ?? quoted[2]) as string };
  if (inner.startsWith('?(') && inner.endsWith(')')) return parseFilter(inner.slice(2, -1).trim());
  const slice = /^(-?\d+)?(?:(:)(-?\d+)?(?::(-?\d+)?)?)?$/.exec(inner);
  if (slice && inner !== '') {
    const n = (x: string | undefined) => (x === undefined ? null : Number(x));
    return { t: 'slice', start: n(slice[1]), end: n(slice[3]), step: n(slice[4]), index: slice[2] === undefined };
  }
  return { error: `[${inner}] ${SUBSET}` };
}

function parseFilter(expr: string): Step | TemplateError {
  const m = /^(@[^=!<>\s]*)\s*(==|!=|<=|>=|<|>)\s*(.+)$/.exec(expr);
  if (!m) return { error: `[?(${expr})] ${SUBSET}` };
  const left = parsePath(m[1] as string);
  if ('error' in left) return left;
  const r = (m[3] as string).trim();
  let right: Step[] | { literal: unknown };
  if (r.startsWith('@')) {
    const p = parsePath(r);
    if ('error' in p) return p;
    right = p.steps;
  } else if (/^'[^']*'$|^"[^"]*"$/.test(r)) right = { literal: r.slice(1, -1) };
  else if (/^-?\d+(\.\d+)?$/.test(r)) right = { literal: Number(r) };
  else if (r === 'true' || r === 'false') right = { literal: r === 'true' };
  else return { error: `[?(${expr})] ${SUBSET}` };
  return { t: 'filter', left: left.steps, op: m[2] as string, right };
}

/** walk applies the steps to each value, missing keys and non-matching values dropped (AllowMissingKeys). */
export function walk(values: readonly unknown[], steps: readonly Step[]): unknown[] | TemplateError {
  let cur: unknown[] = [...values];
  for (const s of steps) {
    const next: unknown[] = [];
    for (const v of cur) {
      if (v === null || v === undefined) continue;
      if (s.t === 'field') {
        if (typeof v === 'object' && !Array.isArray(v) && Object.hasOwn(v, s.name)) {
          const x = (v as Record<string, unknown>)[s.name];
          if (x !== undefined) next.push(x);
        }
      } else if (s.t === 'all') {
        if (Array.isArray(v)) next.push(...v);
        // A map's values by key: kubectl takes them in Go's random map order, which no run repeats.
        else if (typeof v === 'object') for (const k of Object.keys(v).sort()) next.push((v as Record<string, unknown>)[k]);
      } else if (s.t === 'slice') {
        if (!Array.isArray(v)) continue;
        const r = sliceOf(v, s);
        if (!Array.isArray(r)) return r;
        next.push(...r);
      } else {
        if (!Array.isArray(v)) return { error: `${goValue(v)} is not array or slice and cannot be filtered` };
        for (const el of v) {
          const pass = filterPasses(el, s);
          if (typeof pass !== 'boolean') return pass;
          if (pass) next.push(el);
        }
      }
    }
    cur = next;
  }
  return cur;
}

function sliceOf(v: readonly unknown[], s: Extract<Step, { t: 'slice' }>): unknown[] | TemplateError {
  const len = v.length;
  let start = s.start ?? 0;
  if (start < 0) start += len;
  let end = s.index ? start + 1 : (s.end ?? len);
  if (!s.index && s.end !== null && s.end < 0) end += len;
  const step = s.step ?? 1;
  if (end === start) return [];
  if (start >= len || start < 0) return { error: `array index out of bounds: index ${start}, length ${len}` };
  if (end > len || end < 0) return { error: `array index out of bounds: index ${end - 1}, length ${len}` };
  if (start > end) return { error: `starting index ${start} is greater than ending index ${end}` };
  const out: unknown[] = [];
  for (let i = start; i < end; i += step > 0 ? step : 1) out.push(v[i]);
  return out;
}

function filterPasses(el: unknown, s: Extract<Step, { t: 'filter' }>): boolean | TemplateError {
  const lefts = walk([el], s.left);
  if (!Array.isArray(lefts)) return lefts;
  if (lefts.length === 0) return false;
  if (lefts.length > 1) return { error: 'can only compare one element at a time' };
  let right: unknown;
  if ('literal' in s.right) right = s.right.literal;
  else {
    const rights = walk([el], s.right);
    if (!Array.isArray(rights)) return rights;
    if (rights.length === 0) return false;
    if (rights.length > 1) return { error: 'can only compare one element at a time' };
    right = rights[0];
  }
  const left = lefts[0];
  if (typeof left !== typeof right || (typeof left !== 'string' && typeof left !== 'number' && typeof left !== 'boolean')) {
    return { error: 'incompatible types for comparison' };
  }
  const l = left as string | number;
  const r = right as string | number;
  switch (s.op) {
    case '==':
      return l === r;
    case '!=':
      return l !== r;
    case '<':
      return l < r;
    case '<=':
      return l <= r;
    case '>':
      return l > r;
    default:
      return l >= r;
  }
}

/** goValue is fmt's %v of a decoded JSON value: maps as map[k:v] (keys sorted), slices as [a b], null as <nil>. */
export function goValue(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goValue).join(' ')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `map[${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${k}:${goValue(o[k])}`)
      .join(' ')}]`;
  }
  return String(v);
}

/** printResults is PrintResults: a map or a list as JSON, anything else as text, one space between. */
function printResults(values: readonly unknown[]): string {
  return values.map((v) => (v !== null && typeof v === 'object' ? goJson(v) : goValue(v))).join(' ');
}

/** execute runs the template over `data` (JSONPath.Execute), or returns the engine's error. */
export function execute(template: Template, data: unknown): string | TemplateError {
  let out = '';
  const run = (nodes: readonly Node[], cur: unknown): TemplateError | null => {
    for (const n of nodes) {
      if (n.t === 'text' || n.t === 'string') out += n.s;
      else if (n.t === 'path') {
        const r = walk([cur], n.steps);
        if (!Array.isArray(r)) return r;
        out += printResults(r);
      } else {
        const items = walk([cur], n.steps);
        if (!Array.isArray(items)) return items;
        for (const item of items) {
          const e = run(n.body, item);
          if (e) return e;
        }
      }
    }
    return null;
  };
  const e = run(template, data);
  return e ?? out;
}

/** findResults is FindResults for one path template (custom-columns): the values, or an error. */
export function findResults(template: Template, data: unknown): unknown[] | TemplateError {
  const values: unknown[] = [];
  for (const n of template) {
    if (n.t !== 'path') continue;
    const r = walk([data], n.steps);
    if (!Array.isArray(r)) return r;
    values.push(...r);
  }
  return values;
}
