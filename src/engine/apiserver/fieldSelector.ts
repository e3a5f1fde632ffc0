// Port of kubernetes staging/src/k8s.io/apimachinery/pkg/fields/selector.go (ParseSelector),
// runtime.DefaultMetaV1FieldSelectorConversion, pkg/apis/core/v1/conversion.go (the field label
// conversions) and the registries' ToSelectableFields (pkg/registry/core/{pod,event,...}/strategy.go), v1.36.
/**
 * A list's `fieldSelector` as kube-apiserver reads it: parsed (terms split at unescaped commas,
 * sorted, each `field=value`, `field==value` or `field!=value`), each field label converted by its
 * kind's conversion function (refused with that function's message), then matched against the
 * object's selectable fields. The served API (server/selectors.ts) and the page's console
 * (`kubectl get --field-selector`) both filter through here, so both refuse and match alike.
 */
import type { KubeObject } from '../api/types.ts';
import { convertEventsV1FieldLabel } from './eventConversion.ts';

export interface FieldRequirement {
  field: string;
  value: string;
  negate: boolean;
}

/** The operators in the order splitTerm tries them at each position: `a!=b` is not `a!` = `b`. */
const TERM_OPERATORS = ['!=', '==', '='] as const;

/** splitTerms cuts at every comma not escaped by a backslash. */
function splitTerms(selector: string): string[] {
  if (selector === '') return [];
  const terms: string[] = [];
  let start = 0;
  let inSlash = false;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (inSlash) inSlash = false;
    else if (c === '\\') inSlash = true;
    else if (c === ',') {
      terms.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  terms.push(selector.slice(start));
  return terms;
}

/** splitTerm finds the first operator, left to right: `a==b` splits at `==`, `a=b=c` at the first `=`. */
function splitTerm(term: string): { lhs: string; op: string; rhs: string } | null {
  for (let i = 0; i < term.length; i++) {
    for (const op of TERM_OPERATORS) if (term.startsWith(op, i)) return { lhs: term.slice(0, i), op, rhs: term.slice(i + op.length) };
  }
  return null;
}

/** unescapeValue undoes `\\`, `\,` and `\=`; any other escape, or a bare `,` or `=`, is an error. */
function unescapeValue(s: string): string | { error: string } {
  if (!/[\\,=]/.test(s)) return s;
  let out = '';
  let inSlash = false;
  for (const c of s) {
    if (inSlash) {
      if (c !== '\\' && c !== ',' && c !== '=') return { error: `invalid field selector: invalid escape sequence: \\${c}` };
      out += c;
      inSlash = false;
    } else if (c === '\\') inSlash = true;
    // Go prints the rune with %v: its code point (61 for `=`).
    else if (c === ',' || c === '=') return { error: `invalid field selector: unescaped character in value: ${c.codePointAt(0)}` };
    else out += c;
  }
  // A value ending in a lone backslash.
  return inSlash ? { error: 'invalid field selector: invalid escape sequence: \\' } : out;
}

/**
 * parseFieldSelector reads a fieldSelector query; an error is the API server's 400 message. No
 * spaces are trimmed, as upstream's: `status.phase = Running` asks for the field `status.phase `.
 * The terms come out sorted, so the first refused field label in sorted order is the one reported.
 */
export function parseFieldSelector(selector: string): FieldRequirement[] | { error: string } {
  const out: FieldRequirement[] = [];
  for (const part of splitTerms(selector).sort()) {
    if (part === '') continue;
    const t = splitTerm(part);
    if (t === null) return { error: `invalid selector: '${selector}'; can't understand '${part}'` };
    const value = unescapeValue(t.rhs);
    if (typeof value !== 'string') return value;
    out.push({ field: t.lhs, value, negate: t.op === '!=' });
  }
  return out;
}

/** The field labels a core/v1 kind's conversion function accepts (pkg/apis/core/v1/conversion.go). */
const CORE_FIELD_LABELS: Partial<Record<KubeObject['kind'], readonly string[]>> = {
  Pod: [
    'metadata.name',
    'metadata.namespace',
    'spec.nodeName',
    'spec.restartPolicy',
    'spec.schedulerName',
    'spec.serviceAccountName',
    'spec.hostNetwork',
    'status.phase',
    'status.podIP',
    'status.podIPs',
    'status.nominatedNodeName',
  ],
  Node: ['metadata.name', 'spec.unschedulable'],
  Event: [
    'involvedObject.kind',
    'involvedObject.namespace',
    'involvedObject.name',
    'involvedObject.uid',
    'involvedObject.apiVersion',
    'involvedObject.resourceVersion',
    'involvedObject.fieldPath',
    'reason',
    'reportingComponent',
    'source',
    'type',
    'metadata.namespace',
    'metadata.name',
  ],
  Namespace: ['status.phase', 'metadata.name'],
  Service: ['metadata.namespace', 'metadata.name', 'spec.clusterIP', 'spec.type'],
};

/**
 * convertFieldLabel is the scheme's ConvertFieldLabel: the label as stored (a Pod's `spec.host`,
 * the v1 name an old client sends, is `spec.nodeName`) or the conversion's error. A kind with no
 * conversion of its own (every apps/v1 kind among them) takes DefaultMetaV1FieldSelectorConversion.
 */
export function convertFieldLabel(kind: KubeObject['kind'], label: string, group = ''): string | { error: string } {
  // events.k8s.io/v1 has a conversion of its own, onto the core Event's labels.
  if (kind === 'Event' && group === 'events.k8s.io') return convertEventsV1FieldLabel(label);
  const labels = CORE_FIELD_LABELS[kind];
  if (labels === undefined) {
    if (label === 'metadata.name' || label === 'metadata.namespace') return label;
    return { error: `"${label}" is not a known field selector: only "metadata.name", "metadata.namespace"` };
  }
  if (kind === 'Pod' && label === 'spec.host') return 'spec.nodeName';
  return labels.includes(label) ? label : { error: `field label not supported: ${label}` };
}

/**
 * selectableField is the object's value for a converted field label (its registry's
 * ToSelectableFields plus the object meta fields); a label the set does not hold reads '' (a
 * fields.Set lookup), so `status.podIPs=` matches every pod, as upstream.
 */
export function selectableField(obj: KubeObject, field: string): string {
  if (field === 'metadata.name') return obj.metadata.name;
  if (field === 'metadata.namespace') return obj.kind === 'Node' || obj.kind === 'Namespace' || obj.kind === 'PersistentVolume' ? '' : (obj.metadata.namespace ?? 'default');
  switch (obj.kind) {
    case 'Pod': {
      const s = obj.spec;
      if (field === 'spec.nodeName') return s.nodeName ?? '';
      if (field === 'spec.restartPolicy') return s.restartPolicy ?? 'Always';
      if (field === 'spec.schedulerName') return s.schedulerName ?? 'default-scheduler';
      if (field === 'spec.serviceAccountName') return (s as { serviceAccountName?: string }).serviceAccountName ?? '';
      if (field === 'spec.hostNetwork') return String(s.hostNetwork === true);
      if (field === 'status.phase') return obj.status?.phase ?? '';
      if (field === 'status.podIP') return obj.status?.podIP ?? '';
      if (field === 'status.nominatedNodeName') return obj.status?.nominatedNodeName ?? '';
      return '';
    }
    case 'Node':
      return field === 'spec.unschedulable' ? String(obj.spec.unschedulable === true) : '';
    case 'Event': {
      const io = obj.involvedObject;
      const reporting = (obj as { reportingComponent?: string }).reportingComponent ?? '';
      const byField: Record<string, string | undefined> = {
        'involvedObject.kind': io.kind,
        'involvedObject.namespace': io.namespace,
        'involvedObject.name': io.name,
        'involvedObject.uid': io.uid,
        'involvedObject.apiVersion': io.apiVersion,
        'involvedObject.resourceVersion': io.resourceVersion,
        'involvedObject.fieldPath': io.fieldPath,
        reason: obj.reason,
        reportingComponent: reporting,
        // The source's component, else the reporting controller (events/v1 writers fill only that).
        source: obj.source?.component || reporting,
        type: obj.type,
      };
      return byField[field] ?? '';
    }
    case 'Namespace':
      return field === 'status.phase' ? ((obj as { status?: { phase?: string } }).status?.phase ?? '') : '';
    case 'Service': {
      const spec = obj.spec as { clusterIP?: string; type?: string };
      if (field === 'spec.clusterIP') return spec.clusterIP ?? '';
      if (field === 'spec.type') return spec.type ?? '';
      return '';
    }
    default:
      return '';
  }
}

/**
 * fieldFilter converts each requirement's label for `kind` (as served in `group`) and returns the
 * match function, or the first conversion error (in the parser's sorted order, as the handler's
 * Transform meets them).
 */
export function fieldFilter(kind: KubeObject['kind'], requirements: readonly FieldRequirement[], group = ''): ((obj: KubeObject) => boolean) | { error: string } {
  const converted: FieldRequirement[] = [];
  for (const r of requirements) {
    const field = convertFieldLabel(kind, r.field, group);
    if (typeof field !== 'string') return field;
    converted.push({ ...r, field });
  }
  return (obj) => converted.every((r) => (selectableField(obj, r.field) === r.value) !== r.negate);
}
