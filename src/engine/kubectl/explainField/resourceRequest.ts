// Port of kubectl pkg/explain/explain.go (v1.36): jsonPathParse, SplitAndParseResourceRequest and
// SplitAndParseResourceRequestWithMatchingPrefix, which split explain's argument
// (`deployments.apps.spec.strategy`) into the resource the REST mapper names and the field path.
import { type Node, parse } from '../jsonpath/index.ts';
import { groupResourceString, type MapperError, type RESTMapper } from './mapper.ts';
import type { GVR } from './plaintext.ts';

/** The resource and the field path an argument names, with the mapper's warnings; or the error kubectl prints. */
export type ResourceRequest = { gvr: GVR; fieldsPath: string[]; warnings: string[] } | MapperError;

/** jsonPathParse parses `{.in}` (a trailing dot dropped) and returns its one action's nodes. */
export function jsonPathParse(input: string): Node[] | { error: string } {
  const text = input.endsWith('.') ? input.slice(0, -1) : input;
  const parsed = parse(`{.${text}}`);
  if ('error' in parsed) return parsed;
  const [only] = parsed.nodes;
  if (parsed.nodes.length !== 1 || only?.type !== 'list') return { error: 'must pass in 1 jsonpath string' };
  return only.nodes;
}

const FIRST_NOT_FIELD = 'invalid jsonpath syntax, first node must be field node';

/** fieldsOf are the names of field nodes, or the error for the first other node. */
function fieldsOf(nodes: readonly Node[], message: string): string[] | { error: string } {
  const out: string[] = [];
  for (const node of nodes) {
    if (node.type !== 'field') return { error: message };
    out.push(node.value);
  }
  return out;
}

/**
 * splitAndParseResourceRequest (used with --api-version): the first node names the resource,
 * which the mapper resolves to one group/version/resource; every other node is a field.
 */
export function splitAndParseResourceRequest(inResource: string, mapper: RESTMapper): ResourceRequest {
  const nodes = jsonPathParse(inResource);
  if ('error' in nodes) return nodes;
  const first = nodes[0];
  if (first?.type !== 'field') return { error: FIRST_NOT_FIELD };
  const found = mapper.resourceFor(first.value);
  if (!('gvr' in found)) return found;
  const fieldsPath = fieldsOf(nodes.slice(1), 'invalid jsonpath syntax, all nodes must be field nodes');
  if ('error' in fieldsPath) return fieldsPath;
  return { gvr: found.gvr, fieldsPath, warnings: found.warnings };
}

/**
 * splitAndParseResourceRequestWithMatchingPrefix: the first node names the resource; of the
 * group/version/resources it may be, the first whose `resource.group` prefixes the argument is
 * taken and the rest of the argument is the field path (`deployments.apps.spec` → apps/v1
 * deployments, [spec]); with none, the first of highest priority, every node after the first a field.
 */
export function splitAndParseResourceRequestWithMatchingPrefix(inResource: string, mapper: RESTMapper): ResourceRequest {
  const nodes = jsonPathParse(inResource);
  if ('error' in nodes) return nodes;
  const first = nodes[0];
  if (first?.type !== 'field') return { error: FIRST_NOT_FIELD };
  const found = mapper.resourcesFor(first.value);
  if (!('gvrs' in found)) return found;
  for (const gvr of found.gvrs) {
    const groupResource = groupResourceString(gvr.group, gvr.resource);
    if (!inResource.startsWith(groupResource)) continue;
    const suffix = inResource.slice(groupResource.length);
    let fieldsPath: string[] = [];
    if (suffix.length > 0) {
      const suffixNodes = jsonPathParse(suffix);
      if ('error' in suffixNodes) return suffixNodes;
      if (suffixNodes.length > 0) {
        const fields = fieldsOf(suffixNodes.slice(1), FIRST_NOT_FIELD);
        if ('error' in fields) return fields;
        fieldsPath = fields;
      }
    }
    return { gvr, fieldsPath, warnings: found.warnings };
  }
  const gvr = found.gvrs[0] as GVR;
  const fieldsPath = fieldsOf(nodes.slice(1), FIRST_NOT_FIELD);
  if ('error' in fieldsPath) return fieldsPath;
  return { gvr, fieldsPath, warnings: found.warnings };
}
