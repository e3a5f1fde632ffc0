/**
 * List filters as kube-apiserver applies them: `labelSelector` (apimachinery labels.Parse, the
 * page's own parser) and `fieldSelector` (fields.ParseSelector: `k=v`, `k==v`, `k!=v`, joined by
 * commas) over the field labels each kind's registry strategy exposes (GetAttrs / the
 * conversion's field label functions in pkg/apis/*\/v1).
 */
import type { KubeObject } from '../src/engine/api/types.ts';
import { parseSelector } from '../src/engine/kubectl/selector.ts';
import { selectorMatches } from '../src/engine/lib/labels.ts';

export interface FieldRequirement {
  field: string;
  value: string;
  negate: boolean;
}

export type Filter = (obj: KubeObject) => boolean;

/** fieldValue reads one field label of an object, or undefined when the kind has no such label. */
function fieldValue(obj: KubeObject, field: string): string | undefined {
  if (field === 'metadata.name') return obj.metadata.name;
  if (field === 'metadata.namespace') return obj.kind === 'Node' ? '' : (obj.metadata.namespace ?? 'default');
  switch (obj.kind) {
    case 'Pod':
      if (field === 'spec.nodeName') return obj.spec.nodeName ?? '';
      if (field === 'status.phase') return obj.status?.phase ?? '';
      if (field === 'spec.restartPolicy') return obj.spec.restartPolicy ?? 'Always';
      if (field === 'spec.schedulerName') return obj.spec.schedulerName ?? 'default-scheduler';
      if (field === 'status.podIP') return obj.status?.podIP ?? '';
      return undefined;
    case 'Node':
      if (field === 'spec.unschedulable') return String(obj.spec.unschedulable === true);
      return undefined;
    case 'Event': {
      const io = obj.involvedObject;
      const byField: Record<string, string | undefined> = {
        'involvedObject.kind': io.kind,
        'involvedObject.namespace': io.namespace,
        'involvedObject.name': io.name,
        'involvedObject.uid': io.uid,
        'involvedObject.apiVersion': io.apiVersion,
        'involvedObject.resourceVersion': io.resourceVersion,
        'involvedObject.fieldPath': io.fieldPath,
        reason: obj.reason,
        type: obj.type,
        source: obj.source?.component,
      };
      return Object.hasOwn(byField, field) ? (byField[field] ?? '') : undefined;
    }
    case 'ReplicaSet':
      if (field === 'status.replicas') return String(obj.status?.replicas ?? 0);
      return undefined;
    default:
      return undefined;
  }
}

/** parseFieldSelector reads `a=b,c!=d`; an error is the API server's 400 message. */
export function parseFieldSelector(text: string): FieldRequirement[] | { error: string } {
  const out: FieldRequirement[] = [];
  if (text.trim() === '') return out;
  for (const term of text.split(',')) {
    const m = /^([^=!]+)(==|=|!=)(.*)$/.exec(term.trim());
    if (!m) return { error: `invalid selector: '${text}'; can't understand '${term}'` };
    out.push({ field: (m[1] as string).trim(), value: (m[3] as string).trim(), negate: m[2] === '!=' });
  }
  return out;
}

/**
 * newFilter builds the list filter from a request's query; an unknown field label is the
 * API server's `field label not supported: x` (400).
 */
export function newFilter(kind: KubeObject['kind'], sample: KubeObject | undefined, query: URLSearchParams): Filter | { error: string } {
  const label = query.get('labelSelector') ?? '';
  const parsed = parseSelector(label);
  if ('error' in parsed) return { error: `unable to parse requirement: ${parsed.error.replace(/^unable to parse requirement: /, '')}` };
  const fields = parseFieldSelector(query.get('fieldSelector') ?? '');
  if ('error' in fields) return fields;
  const probe = sample ?? ({ kind, metadata: { name: '' }, spec: {}, involvedObject: { kind: '', name: '' } } as unknown as KubeObject);
  for (const f of fields) if (fieldValue(probe, f.field) === undefined) return { error: `field label not supported: ${f.field}` };
  const selector = parsed.selector;
  const any = label.trim() !== '';
  return (obj) => {
    if (any && !selectorMatches(selector, obj.metadata.labels)) return false;
    for (const f of fields) if ((fieldValue(obj, f.field) === f.value) === f.negate) return false;
    return true;
  };
}
