// Port of kubectl pkg/explain/v2/templates/plaintext.tmpl (v1.36), the Go text/template kubectl
// explain renders an OpenAPI v3 document with, and of generator.go's Render: each `define` of the
// template is a function of the same name, each `template`/`include` a call, and the values are
// the document's decoded JSON with text/template's truth (funcs.ts).
import { contains, goString, index, indent, isObject, type JsonObject, or, resolveRef, truth, wrap } from './funcs.ts';

/** A group/version/resource as schema.GroupVersionResource. */
export interface GVR {
  group: string;
  version: string;
  resource: string;
}

/** gvrString is schema.GroupVersionResource's String(): `apps/v1, Resource=deployments`, `/v1, Resource=pods`. */
export function gvrString(gvr: GVR): string {
  return `${gvr.group}/${gvr.version}, Resource=${gvr.resource}`;
}

/** What the template is executed with (generator.go's TemplateContext). */
export interface TemplateContext {
  gvr: GVR;
  /** The group/version's OpenAPI v3 document, as decoded JSON. */
  document: unknown;
  recursive: boolean;
  fieldPath: readonly string[];
}

/**
 * The template's `throw` (and `fail`): the error kubectl prints, after what the template wrote
 * before it.
 */
export class ExplainError extends Error {}

/** What a render wrote to stdout, and the error that stopped it, if any. */
export interface Rendered {
  out: string;
  error?: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * renderPlaintext executes the template: the GVK of the resource's operation in the document's
 * paths (its collection or item path, cluster-scoped or namespaced), the GROUP/KIND/VERSION header,
 * then the kind's schema followed along the field path. The header is written before a field
 * that does not exist is found, as kubectl writes it to stdout before printing the error.
 */
export function renderPlaintext(ctx: TemplateContext): Rendered {
  let out = '';
  try {
    const { gvr, document } = ctx;
    const prefix = gvr.group ? `/apis/${gvr.group}` : '/api';
    const searchPaths = [
      [prefix, gvr.version, gvr.resource].join('/'),
      [prefix, gvr.version, gvr.resource, '{name}'].join('/'),
      [prefix, gvr.version, 'namespaces', '{namespace}', gvr.resource].join('/'),
      [prefix, gvr.version, 'namespaces', '{namespace}', gvr.resource, '{name}'].join('/'),
    ];
    let gvk: unknown = '';
    for (const searchPath of searchPaths) {
      const element = index(document, 'paths', searchPath);
      if (!truth(element)) continue;
      for (const method of METHODS) {
        const operation = index(element, method);
        if (!truth(operation)) continue;
        // The assignment happens whether or not it names a kind; only the method loop breaks.
        gvk = index(operation, 'x-kubernetes-group-version-kind');
        if (truth(gvk)) break;
      }
    }
    if (!truth(gvk)) throw new ExplainError(`error: GVR (${gvrString(gvr)}) not found in OpenAPI schema`);
    if (truth(index(gvk, 'group'))) out += `GROUP:      ${goString(index(gvk, 'group'))}\n`;
    out += `KIND:       ${goString(index(gvk, 'kind'))}\n`;
    out += `VERSION:    ${goString(index(gvk, 'version'))}\n`;
    out += '\n';
    const body = schema({ gvk, document, fieldPath: ctx.fieldPath, recursive: ctx.recursive });
    if (!body) throw new ExplainError(`error: GVK ${goString(gvk)} not found in OpenAPI schema`);
    out += body;
    out += '\n';
    return { out };
  } catch (e) {
    if (e instanceof ExplainError) return { out, error: e.message };
    throw e;
  }
}

/** The dictionary `output` passes down (its `$`). */
interface OutputContext {
  schema: unknown;
  history?: JsonObject;
  document: unknown;
  fieldPath: readonly string[];
  recursive: boolean;
}

/** set is the template's `set dict key value`: a copy of the dict with the key set. */
function withKey(dict: JsonObject | undefined, key: string, value: unknown): JsonObject {
  return { ...(dict ?? {}), [key]: value };
}

function refOf(schema: unknown): string {
  const ref = or(index(schema, '$ref'), '');
  return typeof ref === 'string' ? ref : goString(ref);
}

/** The additionalProperties of a schema when it is a schema (not the boolean form). */
function additionalSchema(resolved: unknown): unknown {
  const ap = index(resolved, 'additionalProperties');
  return truth(ap) && typeof ap !== 'boolean' ? ap : undefined;
}

function listOf(v: unknown): readonly unknown[] {
  return Array.isArray(v) ? v : [];
}

/** A map's entries in key order, as `range` visits a Go map. */
function sortedEntries(v: unknown): [string, unknown][] {
  if (!isObject(v)) return [];
  return Object.keys(v)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((k) => [k, v[k]]);
}

/**
 * schema finds the first schema (in name order) whose x-kubernetes-group-version-kind names the
 * GVK and renders it; "" when none does. A field path that leads nowhere is the error naming its
 * last field.
 */
function schema(ctx: { gvk: unknown; document: unknown; fieldPath: readonly string[]; recursive: boolean }): string {
  for (const [, s] of sortedEntries(index(ctx.document, 'components', 'schemas'))) {
    if (!contains(index(s, 'x-kubernetes-group-version-kind'), ctx.gvk)) continue;
    const rendered = output({ schema: s, document: ctx.document, fieldPath: ctx.fieldPath, recursive: ctx.recursive });
    if (rendered) return rendered;
    const fieldName = ctx.fieldPath[ctx.fieldPath.length - 1] ?? '';
    throw new ExplainError(`error: field "${fieldName}" does not exist`);
  }
  return '';
}

/**
 * output follows the field path through properties, array items, map values and allOf
 * alternatives; at its end it prints the DESCRIPTION, the external docs and the FIELDS. "" when
 * the path leads nowhere (or round a cycle of references).
 */
function output(c: OutputContext): string {
  const refString = refOf(c.schema);
  const next: OutputContext = { ...c, history: withKey(c.history, refString, 1) };
  const resolved = or<unknown>(resolveRef(refString, c.document), c.schema);
  if (c.fieldPath.length === 0) {
    let s = 'DESCRIPTION:\n';
    s += indent(4, wrap(76, or(description({ schema: resolved, document: c.document }), '<empty>') ?? ''));
    s += '\n';
    const docs = externalDocs(resolved);
    if (docs) s += `\n${docs}`;
    const fields = fieldList({ schema: resolved, level: 1, document: c.document, recursive: c.recursive });
    if (fields) s += `FIELDS:\n${fields}`;
    return s;
  }
  if (refString && truth(index(c.history, refString))) return '';
  const first = c.fieldPath[0] ?? '';
  const properties = index(resolved, 'properties');
  if (truth(properties) && truth(index(properties, first))) {
    const subschema = index(properties, first);
    let s = '';
    if (c.fieldPath.length === 1) {
      s += `FIELD: ${first} <${typeGuess({ schema: subschema, document: c.document })}>\n`;
      s += extractEnum({ schema: subschema, isLongView: true, limit: -1, indentAmount: 0 });
      s += '\n';
      s += '\n';
    }
    return s + output({ ...next, history: {}, fieldPath: c.fieldPath.slice(1), schema: subschema });
  }
  const items = index(resolved, 'items');
  if (truth(items)) return output({ ...next, schema: items });
  const values = additionalSchema(resolved);
  if (values !== undefined) return output({ ...next, schema: values });
  for (const subschema of listOf(index(resolved, 'allOf'))) {
    const rendered = output({ ...next, schema: subschema });
    if (rendered) return rendered;
  }
  return '';
}

interface FieldListContext {
  schema: unknown;
  level: number;
  history?: JsonObject;
  document: unknown;
  recursive: boolean;
}

/**
 * fieldList prints a schema's fields (following its reference, allOf, items and map values): each
 * with its description, or with --recursive each on one line with its own fields under it, two
 * spaces deeper. A reference already on the way down ends that branch.
 */
function fieldList(c: FieldListContext): string {
  const refString = refOf(c.schema);
  if (refString && truth(index(c.history ?? {}, refString))) return '';
  const next: FieldListContext = { ...c, history: withKey(c.history, refString, 1) };
  const resolved = or<unknown>(resolveRef(refString, c.document), c.schema);
  let s = '';
  for (const [k, v] of sortedEntries(index(resolved, 'properties'))) {
    s += fieldDetail({ name: k, schema: resolved, short: c.recursive, level: c.level, document: c.document });
    if (c.recursive) s += fieldList({ ...next, schema: v, level: c.level + 1 });
  }
  for (const sub of listOf(index(resolved, 'allOf'))) s += fieldList({ ...next, schema: sub });
  const items = index(resolved, 'items');
  if (truth(items)) s += fieldList({ ...next, schema: items });
  const values = additionalSchema(resolved);
  if (values !== undefined) s += fieldList({ ...next, schema: values });
  return s;
}

/**
 * fieldDetail prints one field of `schema`: `name\t<type>`, ` -required-`, its enum line, and
 * unless `short` its description wrapped under it and its external docs.
 */
export function fieldDetail(c: { name: string; schema: unknown; short: boolean; level: number; document: unknown }): string {
  const level = c.level || 0;
  const indentAmount = level * 2;
  const fieldSchema = index(index(c.schema, 'properties'), c.name);
  let s = `${indent(indentAmount, c.name)}\t<${typeGuess({ schema: fieldSchema, document: c.document })}>`;
  if (contains(index(c.schema, 'required'), c.name)) s += ' -required-';
  s += extractEnum({ schema: fieldSchema, isLongView: false, limit: 4, indentAmount });
  s += '\n';
  if (!c.short) {
    const desc = or(index(fieldSchema, 'description'), '<no description>');
    s += indent(indentAmount + 2, wrap(78 - indentAmount, goString(desc)));
    s += '\n';
    const docs = index(fieldSchema, 'externalDocs');
    if (truth(docs)) {
      s += '\n';
      s += indent(indentAmount + 2, 'EXTERNAL DOCS:');
      s += '\n';
      const d = index(docs, 'description');
      if (truth(d)) s += `${indent(indentAmount + 4, wrap(76 - indentAmount, goString(d)))}\n`;
      const url = index(docs, 'url');
      if (truth(url)) s += `${indent(indentAmount + 4, `URL: ${goString(url)}`)}\n`;
    }
    s += '\n';
  }
  return s;
}

/**
 * description is a schema's description (through its reference) followed by those of its allOf
 * alternatives, its items and its map values, each ending in a line break.
 */
export function description(c: { schema: unknown; document: unknown }): string {
  const s = or<unknown>(resolveRef(index(c.schema, '$ref'), c.document), c.schema);
  if (!truth(s)) return '';
  let out = '';
  const d = index(s, 'description');
  if (truth(d)) out += `${goString(d)}\n`;
  for (const sub of listOf(index(s, 'allOf'))) out += description({ ...c, schema: sub });
  const items = index(s, 'items');
  if (truth(items)) out += description({ ...c, schema: items });
  const values = additionalSchema(s);
  if (values !== undefined) out += description({ ...c, schema: values });
  return out;
}

/** externalDocs is the EXTERNAL DOCS section of a schema (new in v1.36), "" without one. */
export function externalDocs(schema: unknown): string {
  const docs = index(schema, 'externalDocs');
  if (!truth(docs)) return '';
  let s = 'EXTERNAL DOCS:\n';
  const d = index(docs, 'description');
  if (truth(d)) s += `${indent(4, wrap(76, goString(d)))}\n`;
  const url = index(docs, 'url');
  if (truth(url)) s += `${indent(4, `URL: ${goString(url)}`)}\n`;
  return s;
}

/**
 * typeGuess names a schema's type as explain shows it: `[]T` for an array, `map[string]T` for a
 * map, the referenced schema's name for an object reference (`DeploymentStrategy`), the primitive
 * type of a reference to one (`string` for a Time), else the schema's type (`Object` for an object).
 */
export function typeGuess(c: { schema: unknown; document: unknown }): string {
  const s = c.schema;
  if (!truth(s)) throw new ExplainError("error: expected schema argument to subtemplate 'typeguess'");
  const items = index(s, 'items');
  if (truth(items)) return `[]${typeGuess({ ...c, schema: items })}`;
  const values = additionalSchema(s);
  if (values !== undefined) return `map[string]${typeGuess({ ...c, schema: values })}`;
  const allOf = index(s, 'allOf');
  if (truth(allOf) && !truth(index(s, 'properties')) && Array.isArray(allOf) && allOf.length === 1) return typeGuess({ ...c, schema: allOf[0] });
  const ref = index(s, '$ref');
  if (truth(ref)) {
    const refSchema = resolveRef(ref, c.document);
    const type = index(refSchema, 'type');
    if (!truth(refSchema) || !truth(type) || type === 'object') {
      const name = goString(ref).split('/').pop() ?? '';
      return or(name.split('.').pop() ?? '', 'Object') ?? 'Object';
    }
    return goString(type);
  }
  const type = index(s, 'type');
  if (type === 'object') return 'Object';
  return goString(or(type, 'Object'));
}

/**
 * extractEnum prints a schema's enum: in the long view (FIELD) `ENUM:` and one value per line,
 * in the field list `enum: a, b, c, d, ....` on its own line, at most `limit` values; an empty
 * string shows as `""`.
 */
export function extractEnum(c: { schema: unknown; isLongView: boolean; limit: number; indentAmount: number }): string {
  const values = index(c.schema, 'enum');
  if (!truth(values) || !Array.isArray(values)) return '';
  const limit = c.limit || -1;
  let s = c.isLongView ? 'ENUM:' : `\n${indent(c.indentAmount, '')}enum: `;
  for (const [i, element] of values.entries()) {
    if (limit > -1 && i >= limit) {
      s += ', ....';
      break;
    }
    if (i > 0 && !c.isLongView) s += ', ';
    else if (c.isLongView) s += `\n${indent(4, '')}`;
    s += element === '' ? '""' : goString(element);
  }
  return s;
}
