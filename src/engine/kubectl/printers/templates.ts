// Ports of cli-runtime pkg/printers jsonpath.go and customcolumn.go (v1.36): `-o jsonpath=…` and
// `-o custom-columns=…`, over the object (or the v1 List) get's printGeneric hands them.
import { execute, findResults, goValue, parseTemplate } from '../jsonpath.ts';
import { relaxedJSONPathExpression } from '../sortBy.ts';
import { GET_TABWRITER, tabwriterFormat } from './tabwriter.ts';

/**
 * printJsonPath is the JSONPathPrinter: the template's text, no newline added. A template that
 * does not parse, or fails on the object, is kubectl's error (its debugging dump of the object left out).
 */
export function printJsonPath(doc: unknown, template: string): { text: string } | { error: string } {
  const t = parseTemplate(template);
  if ('error' in t) return { error: `error: error parsing jsonpath ${template}, ${t.error}` };
  const out = execute(t, doc);
  if (typeof out !== 'string') return { error: `error: error executing jsonpath "${template}": Error executing template: ${out.error}.` };
  return { text: out };
}

/**
 * printCustomColumns is the CustomColumnsPrinter: `HEADER:path` pairs split at commas, the header
 * row (unless --no-headers), then one row per item, each cell the values found joined by commas
 * (`<none>` for none), aligned as get's tables.
 */
export function printCustomColumns(doc: unknown, spec: string, noHeaders: boolean): { text: string } | { error: string } {
  const columns: { header: string; path: string }[] = [];
  for (const part of spec.split(',')) {
    const i = part.indexOf(':');
    if (i < 0) return { error: `error: unexpected custom-columns spec: ${part}, expected <header>:<json-path-expr>` };
    const path = relaxedJSONPathExpression(part.slice(i + 1));
    if (typeof path !== 'string') return { error: `error: ${path.error}` };
    columns.push({ header: part.slice(0, i), path });
  }
  const templates = [];
  for (const c of columns) {
    const t = parseTemplate(c.path);
    if ('error' in t) return { error: `error: ${t.error}` };
    templates.push(t);
  }
  const lines = noHeaders ? [] : [columns.map((c) => c.header).join('\t')];
  const list = doc as { kind?: string; items?: unknown[] };
  const items = list.kind === 'List' && Array.isArray(list.items) ? list.items : [doc];
  for (const item of items) {
    const cells: string[] = [];
    for (const t of templates) {
      const values = findResults(t, item);
      if (!Array.isArray(values)) return { error: `error: ${values.error}` };
      cells.push(values.length === 0 ? '<none>' : values.map(goValue).join(','));
    }
    lines.push(cells.join('\t'));
  }
  return { text: tabwriterFormat(lines.map((l) => `${l}\n`).join(''), GET_TABWRITER).text };
}
