// Port of kubectl pkg/explain (v1.36: explain.go PrintModelDescription, field_lookup.go,
// model_printer.go, fields_printer.go, recursive_fields_printer.go, typename.go, formatter.go),
// what `kubectl explain --output=plaintext-openapiv2` prints, over kube-openapi pkg/util/proto's
// models (document.go ParseSchema and its kinds) of the OpenAPI v2 definitions the served API
// publishes (apiserver/openapi/v2.ts), and kubectl pkg/util/openapi's lookup of a kind's model.
import type { Schema } from '../../apiserver/openapi/document.ts';
import type { GVK } from './mapper.ts';

/** A parsed model: kube-openapi's proto.Schema kinds (Kind is an object with fields). */
export type Model =
  | { t: 'kind'; description: string; fields: Map<string, Model>; required: readonly string[] }
  | { t: 'map'; description: string; sub: Model }
  | { t: 'array'; description: string; sub: Model }
  | { t: 'primitive'; description: string; type: string }
  | { t: 'arbitrary'; description: string }
  | { t: 'ref'; description: string; reference: string; models: Models };

/** The models of a v2 document by definition name, and the kinds they are the models of. */
export interface Models {
  byName: Map<string, Model>;
  byGVK: Map<string, string>;
}

const V2_REF = '#/definitions/';

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** parseSchema is Definitions.ParseSchema: a reference, a kind (properties), a map, an array, a primitive or anything. */
function parseSchema(s: Schema, models: Models): Model {
  const description = str(s.description);
  if (typeof s.$ref === 'string' && s.$ref !== '') return { t: 'ref', description, reference: s.$ref.slice(V2_REF.length), models };
  const type = typeof s.type === 'string' ? s.type : undefined;
  const properties = s.properties && typeof s.properties === 'object' ? (s.properties as Record<string, Schema>) : undefined;
  if (type === undefined) return properties ? parseKind(s, properties, models) : { t: 'arbitrary', description };
  if (type === 'object') {
    if (properties) return parseKind(s, properties, models);
    const extra = s.additionalProperties;
    const sub: Model = extra && typeof extra === 'object' ? parseSchema(extra as Schema, models) : { t: 'arbitrary', description };
    return { t: 'map', description, sub };
  }
  if (type === 'array') return { t: 'array', description, sub: parseSchema((s.items ?? {}) as Schema, models) };
  return { t: 'primitive', description, type };
}

function parseKind(s: Schema, properties: Record<string, Schema>, models: Models): Model {
  const fields = new Map<string, Model>();
  for (const [name, v] of Object.entries(properties)) fields.set(name, parseSchema(v, models));
  const required = Array.isArray(s.required) ? (s.required as unknown[]).map(String) : [];
  return { t: 'kind', description: str(s.description), fields, required };
}

/**
 * newOpenAPIData is kubectl's openapi.NewOpenAPIData over the definitions: every model, and each
 * kind's model by its x-kubernetes-group-version-kind (a later name, in name order, wins).
 */
export function newOpenAPIData(definitions: readonly [string, Schema][]): Models {
  const models: Models = { byName: new Map(), byGVK: new Map() };
  for (const [name, s] of definitions) models.byName.set(name, parseSchema(s, models));
  for (const [name, s] of [...definitions].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    for (const g of s['x-kubernetes-group-version-kind'] ?? []) if (g.kind) models.byGVK.set(gvkKey(g), name);
  }
  return models;
}

function gvkKey(g: GVK): string {
  return `${g.group}/${g.version}/${g.kind}`;
}

/** lookupResource is the model of a kind, or undefined. */
export function lookupResource(models: Models, gvk: GVK): Model | undefined {
  const name = models.byGVK.get(gvkKey(gvk));
  return name === undefined ? undefined : models.byName.get(name);
}

function subSchema(r: Extract<Model, { t: 'ref' }>): Model {
  return r.models.byName.get(r.reference) ?? { t: 'arbitrary', description: '' };
}

/** getTypeName: `[]T`, `map[string]T`, `Object`, the primitive type; nothing for an arbitrary value. */
export function getTypeName(m: Model): string {
  switch (m.t) {
    case 'array':
      return `[]${getTypeName(m.sub)}`;
    case 'kind':
      return 'Object';
    case 'map':
      return `map[string]${getTypeName(m.sub)}`;
    case 'primitive':
      return m.type;
    case 'ref':
      return getTypeName(subSchema(m));
    case 'arbitrary':
      return '';
  }
}

/**
 * lookupSchemaForField walks the path down kinds' fields, through arrays, maps and references; a
 * primitive or an arbitrary value ends the walk wherever it is met.
 */
export function lookupSchemaForField(schema: Model, path: readonly string[]): Model | { error: string } {
  let rest = path;
  let m = schema;
  for (;;) {
    if (m.t === 'primitive' || m.t === 'arbitrary') return m;
    if (rest.length === 0) return m;
    if (m.t === 'array' || m.t === 'map') m = m.sub;
    else if (m.t === 'ref') m = subSchema(m);
    else {
      const name = rest[0] as string;
      const sub = m.fields.get(name);
      if (sub === undefined) return { error: `field ${goQuote(name)} does not exist` };
      rest = rest.slice(1);
      m = sub;
    }
  }
}

/** goQuote is %q of a string (strconv.Quote) for the names a field path holds. */
function goQuote(s: string): string {
  return JSON.stringify(s).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

// ---- formatter.go ---------------------------------------------------------------------------

/** byteLength is Go's len of a string: its UTF-8 bytes. */
function byteLength(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

const BULLET = /^(\d+\.?|-|\*)[\t\n\f\r ]/;
const GO_SPACE = /^[\s\u0085]+|[\s\u0085]+$/g;

function shouldStartNewLine(lastWord: string, str: string): boolean {
  if (lastWord.endsWith(':')) return true;
  if (str.startsWith('    ')) return true;
  const trimmed = str.replace(GO_SPACE, '');
  if (trimmed.length === 0) return true;
  return BULLET.test(trimmed);
}

/**
 * wrapString is the formatter's own wrapping: words joined up to `wrap` bytes a line, a line that
 * ends in `:`, an indented block, a blank line or a list item starting a new line.
 */
export function wrapString(str: string, wrap: number): string[] {
  const wrapped: string[] = [];
  let words: string[] = [];
  let lastWord = '';
  const flush = () => {
    if (words.length > 0) {
      lastWord = '';
      wrapped.push(words.join(' '));
      words = [];
    }
  };
  const add = (word: string): boolean => {
    if (words.length === 0 || byteLength([...words, word].join(' ')) <= wrap) {
      words.push(word);
      return true;
    }
    return false;
  };
  for (const line of str.split('\n')) {
    if (line.startsWith('    ')) {
      flush();
      wrapped.push(line);
      continue;
    }
    if (wrapped.length > 0 && line.replace(GO_SPACE, '').length === 0) {
      flush();
      wrapped.push('');
      continue;
    }
    if (shouldStartNewLine(lastWord, line)) flush();
    for (const word of line.split(/[\s\u0085]+/).filter((w) => w !== '')) {
      lastWord = word;
      if (!add(word)) {
        flush();
        add(word);
      }
    }
  }
  flush();
  return wrapped;
}

/** The Formatter: an indentation, a wrap width and the text written so far. */
class Formatter {
  constructor(
    private readonly sink: { text: string },
    readonly indentLevel = 0,
    readonly wrap = 80,
  ) {}

  indent(n: number): Formatter {
    return new Formatter(this.sink, this.indentLevel + n, this.wrap);
  }

  /** write writes a line at the indentation; an empty one is a bare line break. */
  write(str: string): void {
    this.sink.text += str === '' ? '\n' : `${' '.repeat(this.indentLevel)}${str}\n`;
  }

  writeWrapped(text: string): void {
    if (this.wrap === 0) {
      this.write(text);
      return;
    }
    for (const line of wrapString(text, this.wrap - this.indentLevel)) this.write(line);
  }
}

// ---- model_printer.go, fields_printer.go, recursive_fields_printer.go ---------------------------

const FIELD_INDENT_LEVEL = 3;
const DESCRIPTION_INDENT_LEVEL = 5;
const INDENT_DESC = 2;
const INDENT_PER_LEVEL = 3;

function groupVersionString(gvk: GVK): string {
  return gvk.group ? `${gvk.group}/${gvk.version}` : gvk.version;
}

/** regularFieldsPrinter: each field of a kind with its type, required mark and description. */
function printRegularFields(w: Formatter, m: Model): void {
  switch (m.t) {
    case 'array':
    case 'map':
      printRegularFields(w, m.sub);
      return;
    case 'ref':
      printRegularFields(w, subSchema(m));
      return;
    case 'kind':
      for (const key of [...m.fields.keys()].sort()) {
        const v = m.fields.get(key) as Model;
        const required = m.required.includes(key) ? ' -required-' : '';
        w.write(`${key}\t<${getTypeName(v)}>${required}`);
        w.indent(INDENT_DESC).writeWrapped(v.description);
        w.write('');
      }
      return;
    default:
      return;
  }
}

/** recursiveFieldsPrinter: every field's name and type, its own fields under it; a reference on the way down is not followed again. */
function printRecursiveFields(w: Formatter, m: Model, visited: Set<string>): void {
  switch (m.t) {
    case 'array':
    case 'map':
      printRecursiveFields(w, m.sub, visited);
      return;
    case 'ref':
      if (visited.has(m.reference)) return;
      visited.add(m.reference);
      printRecursiveFields(w, subSchema(m), visited);
      visited.delete(m.reference);
      return;
    case 'kind':
      for (const key of [...m.fields.keys()].sort()) {
        const v = m.fields.get(key) as Model;
        w.write(`${key}\t<${getTypeName(v)}>`);
        printRecursiveFields(w.indent(INDENT_PER_LEVEL), v, visited);
      }
      return;
    default:
      return;
  }
}

/**
 * printModel is modelPrinter: down arrays, maps and references collecting their descriptions and
 * the first type name, then KIND/VERSION, the RESOURCE (a kind) or FIELD (a primitive) line, the
 * descriptions, and a kind's FIELDS.
 */
function printModel(name: string, w: Formatter, recursive: boolean, schema: Model, gvk: GVK): void {
  const descriptions: string[] = [];
  let type = '';
  const printKindAndVersion = () => {
    w.write(`KIND:     ${gvk.kind}`);
    w.write(`VERSION:  ${groupVersionString(gvk)}\n`);
  };
  const printDescription = (m: Model) => {
    w.write('DESCRIPTION:');
    let empty = true;
    for (const [i, desc] of [...descriptions, m.description].entries()) {
      if (desc === '') continue;
      empty = false;
      if (i !== 0) w.write('');
      w.indent(DESCRIPTION_INDENT_LEVEL).writeWrapped(desc);
    }
    if (empty) w.indent(DESCRIPTION_INDENT_LEVEL).writeWrapped('<empty>');
  };
  let m = schema;
  for (;;) {
    switch (m.t) {
      case 'array':
      case 'map':
        descriptions.push(m.description);
        if (type === '') type = getTypeName(m);
        m = m.sub;
        continue;
      case 'ref':
        descriptions.push(m.description);
        m = subSchema(m);
        continue;
      case 'kind':
        printKindAndVersion();
        if (type === '') type = getTypeName(m);
        if (name !== '') w.write(`RESOURCE: ${name} <${type}>\n`);
        printDescription(m);
        w.write('\nFIELDS:');
        if (recursive) printRecursiveFields(w.indent(FIELD_INDENT_LEVEL), m, new Set());
        else printRegularFields(w.indent(FIELD_INDENT_LEVEL), m);
        return;
      case 'primitive':
        printKindAndVersion();
        if (type === '') type = getTypeName(m);
        w.write(`FIELD:    ${name} <${type}>\n`);
        printDescription(m);
        return;
      case 'arbitrary':
        printKindAndVersion();
        printDescription(m);
        return;
    }
  }
}

/**
 * printModelDescription prints the description of a kind's model or of a field down its path
 * (explain.go PrintModelDescription): the field's model first, or the lookup's error.
 */
export function printModelDescription(fieldsPath: readonly string[], schema: Model, gvk: GVK, recursive: boolean): { out: string } | { error: string } {
  const fieldName = fieldsPath[fieldsPath.length - 1] ?? '';
  const found = lookupSchemaForField(schema, fieldsPath);
  if ('error' in found) return found;
  const sink = { text: '' };
  printModel(fieldName, new Formatter(sink, 0, 80), recursive, found, gvk);
  return { out: sink.text };
}
