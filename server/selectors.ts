/**
 * List filters as kube-apiserver applies them: `labelSelector` (apimachinery labels.Parse, the
 * page's own parser) and `fieldSelector` (fields.ParseSelector: `k=v`, `k==v`, `k!=v`, joined by
 * commas) through src/engine/apiserver/fieldSelector.ts, which the page's console filters with too.
 */
import type { KubeObject } from '../src/engine/api/types.ts';
import { fieldFilter, parseFieldSelector } from '../src/engine/apiserver/fieldSelector.ts';
import { parseSelector } from '../src/engine/kubectl/selector.ts';
import { selectorMatches } from '../src/engine/lib/labels.ts';

export type Filter = (obj: KubeObject) => boolean;

/**
 * newFilter builds the list filter from a request's query (for `kind` as served in `group`); a
 * field label the kind's conversion refuses is the API server's 400 with that conversion's message (fieldSelector.ts).
 */
export function newFilter(kind: KubeObject['kind'], query: URLSearchParams, group = ''): Filter | { error: string } {
  const label = query.get('labelSelector') ?? '';
  const parsed = parseSelector(label);
  if ('error' in parsed) return { error: `unable to parse requirement: ${parsed.error.replace(/^unable to parse requirement: /, '')}` };
  const fields = parseFieldSelector(query.get('fieldSelector') ?? '');
  if ('error' in fields) return fields;
  const matchFields = fieldFilter(kind, fields, group);
  if ('error' in matchFields) return matchFields;
  const selector = parsed.selector;
  const any = label.trim() !== '';
  return (obj) => (!any || selectorMatches(selector, obj.metadata.labels)) && matchFields(obj);
}
