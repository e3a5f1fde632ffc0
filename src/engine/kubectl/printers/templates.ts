// Ports of cli-runtime pkg/printers jsonpath.go and customcolumn.go (v1.36): `-o jsonpath=…` and
// `-o custom-columns=…`, over the object (or the v1 List) get's printGeneric hands them.
import { goValue, JSONPath } from '../jsonpath/index.ts';
import { relaxedJSONPathExpression } from '../sortBy.ts';
import { GET_TABWRITER, tabwriterFormat } from './tabwriter.ts';

/**
 * printJsonPath is the JSONPathPrinter: the template's text, no newline added. A template that
 * does not parse, or fails on the object, is kubectl's error (its debugging dump of the object left out).
 */
export function printJsonPath(doc: unknown, template: string): { text: string } | { error: string } {
  // --allow-missing-template-keys is true unless said otherwise, and the console does not take it.
  const j = new JSONPath('out').allowMissingKeys(true);
  const parsed = j.parse(template);
  if (parsed !== undefined) return { error: `error: error parsing jsonpath ${template}, ${parsed.error}` };
  const out = j.execute(doc);
  if (typeof out !== 'string') return { error: `error: error executing jsonpath "${template}": Error executing template: ${out.error}.` };
  return { text: out };
}

/**
 * printCustomColumns is the CustomColumnsPrinter: `HEADER:path` pairs split at commas, the header
 * row (unless --no-headers), then one row per item, each cell the values found joined by commas
 * (`<none>` for none, terminal escapes shown as `^[`), aligned as get's tables. A path that does
 * not parse, or fails on an item, is an error after what was printed before it (the header, the
 * rows before that item), as kubectl's tabwriter flushes them.
 */
export function printCustomColumns(doc: unknown, spec: string, noHeaders: boolean): { text: string } | { error: string; text: string } {
  const columns: { header: string; path: string }[] = [];
  for (const part of spec.split(',')) {
    const i = part.indexOf(':');
    if (i < 0) return { error: `error: unexpected custom-columns spec: ${part}, expected <header>:<json-path-expr>`, text: '' };
    const path = relaxedJSONPathExpression(part.slice(i + 1));
    if (typeof path !== 'string') return { error: `error: ${path.error}`, text: '' };
    columns.push({ header: part.slice(0, i), path });
  }
  const lines = noHeaders ? [] : [columns.map((c) => c.header).join('\t')];
  const flushed = () => tabwriterFormat(lines.map((l) => `${l}\n`).join(''), GET_TABWRITER).text;
  const parsers: JSONPath[] = [];
  for (const [ix, c] of columns.entries()) {
    const j = new JSONPath(`column${ix}`).allowMissingKeys(true);
    const parsed = j.parse(c.path);
    if (parsed !== undefined) return { error: `error: ${parsed.error}`, text: flushed() };
    parsers.push(j);
  }
  const list = doc as { kind?: string; items?: unknown[] };
  const items = list.kind === 'List' && Array.isArray(list.items) ? list.items : [doc];
  for (const item of items) {
    const cells: string[] = [];
    for (const j of parsers) {
      const values = j.findResults(item);
      if (!Array.isArray(values)) return { error: `error: ${values.error}`, text: flushed() };
      const strings = values.length === 0 || values[0]?.length === 0 ? ['<none>'] : [];
      for (const v of values.flat()) strings.push(escapeTerminal(goValue(v)));
      cells.push(strings.join(','));
    }
    lines.push(cells.join('\t'));
  }
  return { text: flushed() };
}

/** escapeTerminal is printers.EscapeTerminal: ESC as `^[` and a carriage return as `\\r`, so a value cannot drive the terminal. */
function escapeTerminal(s: string): string {
  return s.replaceAll('\x1b', '^[').replaceAll('\r', '\\r');
}
