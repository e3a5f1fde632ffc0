// Port of kubectl pkg/cmd/explain/explain.go (Run, renderOpenAPIV2) and pkg/explain/v2/explain.go
// (PrintModelDescription), v1.36: the resource word resolved by the REST mapper, the field path
// split off, then the group/version's OpenAPI v3 document rendered with the plaintext template, or
// the v2 definitions with the older printer for `--output=plaintext-openapiv2`. The documents are
// the served API's own (apiserver/openapi), built from the schema table the caller hands in.
import { openapiDocumentPath, openapiDocuments, type SchemaTable } from '../../apiserver/openapi/document.ts';
import { v2Definitions } from '../../apiserver/openapi/v2.ts';
import { apiGroups } from '../../apiserver/rest/resources.ts';
import type { KubectlCommand } from '../commands.ts';
import { Terminal, withoutFinalNewline } from '../executeStore.ts';
import { discoveryRESTMapper, type GVK, type MapperError } from './mapper.ts';
import { lookupResource, type Models, newOpenAPIData, printModelDescription } from './openapiV2.ts';
import { type GVR, gvrString, renderPlaintext } from './plaintext.ts';
import { splitAndParseResourceRequest, splitAndParseResourceRequestWithMatchingPrefix } from './resourceRequest.ts';

type ExplainCommand = Extract<KubectlCommand, { verb: 'explain' }>;

/** The output format that renders the v2 definitions with the older printer. */
export const PLAINTEXT_OPENAPIV2 = 'plaintext-openapiv2';

/** What the console answers when it was given no schemas (the page could not load them). */
export const SCHEMAS_NOT_LOADED = 'error: kubectl explain needs the API\'s OpenAPI schemas, and they are not loaded';

/** parseGroupVersion is schema.ParseGroupVersion: `apps/v1`, `v1` (core), `` and `/` (empty). */
export function parseGroupVersion(gv: string): { group: string; version: string } | { error: string } {
  if (gv === '' || gv === '/') return { group: '', version: '' };
  const parts = gv.split('/');
  if (parts.length === 1) return { group: '', version: gv };
  if (parts.length === 2) return { group: parts[0] ?? '', version: parts[1] ?? '' };
  return { error: `unexpected GroupVersion string: ${gv}` };
}

/** errorLine is what kubectl's CheckErr prints for an error: `error: ` before it, unless it has one. */
function errorLine(message: string): string {
  const text = withoutFinalNewline(message);
  return text.startsWith('error: ') ? text : `error: ${text}`;
}

/** mapperErrorLine: a resource the server does not have is named in its own words, without `error: `. */
function mapperErrorLine(e: MapperError): string {
  return 'noMatch' in e ? `the server doesn't have a resource type "${e.noMatch}"` : errorLine(e.error);
}

const v2Models = new WeakMap<SchemaTable, Models>();

function modelsOf(schemas: SchemaTable): Models {
  let models = v2Models.get(schemas);
  if (models === undefined) {
    models = newOpenAPIData(v2Definitions(openapiDocuments(schemas)));
    v2Models.set(schemas, models);
  }
  return models;
}

/** gvkString is schema.GroupVersionKind's String(): `apps/v1, Kind=Deployment`. */
function gvkString(gvk: GVK): string {
  return `${gvk.group}/${gvk.version}, Kind=${gvk.kind}`;
}

/**
 * runExplain answers `kubectl explain RESOURCE[.field...]` as kubectl v1.36 prints it against the
 * served API: its header and the field's description and fields on stdout, or kubectl's error
 * (after the header, when it is a field that does not exist). `schemas` is the table the served
 * API's OpenAPI documents are built from; without it the line gets one error line.
 */
export function runExplain(cmd: ExplainCommand, schemas: SchemaTable | undefined): Terminal {
  const term = new Terminal();
  if (schemas === undefined) {
    term.fail(SCHEMAS_NOT_LOADED);
    return term;
  }
  const mapper = discoveryRESTMapper();
  const request = cmd.apiVersion === '' ? splitAndParseResourceRequestWithMatchingPrefix(cmd.resource, mapper) : splitAndParseResourceRequest(cmd.resource, mapper);
  if (!('gvr' in request)) {
    term.fail(mapperErrorLine(request));
    return term;
  }
  for (const w of request.warnings) term.warn(w);
  const { fieldsPath } = request;
  if (cmd.output === PLAINTEXT_OPENAPIV2) return renderOpenAPIV2(term, cmd, schemas, request.gvr, fieldsPath);

  let gvr: GVR = request.gvr;
  if (cmd.apiVersion !== '') {
    const gv = parseGroupVersion(cmd.apiVersion);
    if ('error' in gv) {
      term.fail(errorLine(gv.error));
      return term;
    }
    gvr = { ...gvr, group: gv.group, version: gv.version };
  }
  // The group/version's document, as /openapi/v3 lists it.
  if (!apiGroups().some((g) => openapiDocumentPath(g) === openapiDocumentPath(gvr))) {
    term.fail(errorLine(`couldn't find resource for "${gvrString(gvr)}"`));
    return term;
  }
  if (cmd.output !== 'plaintext') {
    term.fail(errorLine(`unrecognized format: ${cmd.output}`));
    return term;
  }
  const document = openapiDocuments(schemas).groupVersionDocument(gvr.group, gvr.version);
  const rendered = renderPlaintext({ gvr, document, recursive: cmd.recursive, fieldPath: fieldsPath });
  term.out(withoutFinalNewline(rendered.out));
  if (rendered.error !== undefined) term.fail(errorLine(rendered.error));
  return term;
}

/** renderOpenAPIV2: the kind of the resource (the --api-version's group/version, if given), its v2 model, printed. */
function renderOpenAPIV2(term: Terminal, cmd: ExplainCommand, schemas: SchemaTable, gvr: GVR, fieldsPath: readonly string[]): Terminal {
  const kind = discoveryRESTMapper().kindFor(gvr);
  if (!('kind' in kind)) {
    term.fail(mapperErrorLine(kind));
    return term;
  }
  let gvk: GVK = kind;
  if (cmd.apiVersion !== '') {
    const gv = parseGroupVersion(cmd.apiVersion);
    if ('error' in gv) {
      term.fail(errorLine(gv.error));
      return term;
    }
    gvk = { ...gv, kind: gvk.kind };
  }
  const model = lookupResource(modelsOf(schemas), gvk);
  if (model === undefined) {
    term.fail(errorLine(`couldn't find resource for "${gvkString(gvk)}"`));
    return term;
  }
  const printed = printModelDescription(fieldsPath, model, gvk, cmd.recursive);
  if ('error' in printed) term.fail(errorLine(printed.error));
  else term.out(withoutFinalNewline(printed.out));
  return term;
}
