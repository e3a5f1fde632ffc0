// Port of the resource-argument handling of cli-runtime pkg/resource/builder.go
// (ResourceTypeOrNameArgs, hasCombinedTypeArgs, splitResourceTypeName) for this subset.
import type { LabelSelector } from '../api/types.ts';
import { selectorMatches } from '../lib/labels.ts';
import type { Target } from './commands.ts';
import { categoryKinds } from '../apiserver/rest/resources.ts';
import { alternateGroup, type ResourceKind, resolveResource, shortNameWarnings } from './resources.ts';

/** The builder's error when nothing names a resource. */
export const MISSING_RESOURCE_ERROR =
  "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

/** The builder's error when a type is given without a name and selecting all is not allowed. */
export const NO_NAME_ERROR = 'error: resource(s) were provided, but no name was specified';

/** unknownResourceError is the builder's message for a word the REST mapper does not know. */
export function unknownResourceError(word: string): string {
  return `error: the server doesn't have a resource type "${word}"`;
}

/**
 * parseTargets reads `TYPE [NAME...]` or `TYPE/NAME...` into targets. `TYPE` alone targets every
 * object of the kind when allowEmptySelector (get, describe, rollout) or a selector is set, and is
 * an error otherwise (scale, delete). Mixing the two forms is the builder's usage error.
 */
export function parseTargets(
  args: readonly string[],
  opts: { allowEmptySelector: boolean; hasSelector: boolean; manyTypes?: boolean },
): { targets: Target[]; warnings: string[] } | { error: string } {
  const warnings: string[] = [];
  // The REST mapper's view of a word: its kind, the served group it names when not the kind's
  // own, and the shortcut expander's warnings (each said once per line).
  const mapped = (word: string): Target | undefined => {
    const kind = resolveResource(word);
    if (kind === undefined) return undefined;
    for (const w of shortNameWarnings(word)) if (!warnings.includes(w)) warnings.push(w);
    const alt = alternateGroup(word);
    return alt === undefined ? { kind } : { kind, group: alt.group };
  };
  if (args.length === 0) return { error: MISSING_RESOURCE_ERROR };
  const slashed = args.filter((a) => a.includes('/')).length;
  if (slashed > 0 && slashed !== args.length) {
    return {
      error:
        "error: there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'",
    };
  }
  if (slashed > 0) {
    const targets: Target[] = [];
    for (const a of args) {
      const seg = a.split('/');
      if (seg.length > 2) return { error: 'error: arguments in resource/name form may not have more than one slash' };
      const [type = '', name = ''] = seg;
      if (!type || !name || type.includes(',')) {
        return { error: 'error: arguments in resource/name form must have a single resource and name' };
      }
      const t = mapped(type);
      if (!t) return { error: unknownResourceError(type) };
      targets.push({ ...t, name });
    }
    return { targets, warnings };
  }
  const [type = '', ...names] = args;
  if (type.includes(',') && !opts.manyTypes) {
    return { error: 'error: this kubectl subset handles one resource type per command (no comma lists)' };
  }
  const kinds = opts.manyTypes ? typesOf(type, mapped) : typesOf1(type, mapped);
  if (!Array.isArray(kinds)) return kinds;
  if (names.length === 0) {
    if (!opts.allowEmptySelector && !opts.hasSelector) return { error: NO_NAME_ERROR };
    return { targets: kinds, warnings };
  }
  // `get deploy,rs web`: each type with each name, type by type, as the builder visits them.
  return { targets: kinds.flatMap((t) => names.map((name) => ({ ...t, name }))), warnings };
}

/** typesOf1 is the one type every verb but get takes (no comma list, no category). */
function typesOf1(type: string, mapped: (word: string) => Target | undefined): Target[] | { error: string } {
  const t = mapped(type);
  return t === undefined ? { error: unknownResourceError(type) } : [t];
}

/**
 * typesOf reads `deploy,rs,po` (get's comma list) into kinds; `all` is the category's kinds in
 * discovery order (categoryKinds), those this subset prints.
 */
function typesOf(list: string, mapped: (word: string) => Target | undefined): Target[] | { error: string } {
  const out: Target[] = [];
  for (const word of list.split(',')) {
    if (word === '') continue;
    if (word === 'all') {
      for (const k of categoryKinds('all')) {
        const kind: ResourceKind | undefined = resolveResource(k);
        if (kind !== undefined) out.push({ kind });
      }
      continue;
    }
    const t = mapped(word);
    if (t === undefined) return { error: unknownResourceError(word) };
    out.push(t);
  }
  return out;
}

/**
 * selectObjects resolves one target against the objects of its kind in the namespace, in the
 * API server's list order (by name). A named target gives that object or `missing`; a kind-only
 * target gives every object the selector matches (all of them without a selector). With
 * prefixMatch (describe's DescribeMatchingResources) a missing name falls back to every object
 * whose name starts with it.
 */
export function selectObjects<T extends { metadata: { name: string; labels?: Record<string, string> } }>(
  target: Target,
  selector: LabelSelector | undefined,
  objects: readonly T[],
  opts: { prefixMatch?: boolean } = {},
): { objects: T[]; missing?: string } {
  const sorted = [...objects].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
  if (target.name === undefined) {
    return { objects: selector ? sorted.filter((o) => selectorMatches(selector, o.metadata.labels)) : sorted };
  }
  const exact = sorted.find((o) => o.metadata.name === target.name);
  if (exact) return { objects: [exact] };
  if (opts.prefixMatch) {
    const prefix = target.name;
    const matches = sorted.filter((o) => o.metadata.name.startsWith(prefix));
    if (matches.length > 0) return { objects: matches };
  }
  return { objects: [], missing: target.name };
}
