/**
 * YAML in and out: a scenario as a readable file (§4 key order, short leaf maps and lists inline),
 * an object as `kubectl get -o yaml` prints it, and the import of pasted manifests or a whole
 * scenario file. Output is YAML 1.2 that also reads the same under YAML 1.1 (kubectl, go-yaml):
 * strings such as "yes", "on" or "1:20" are quoted.
 */
import { Document, isScalar, type Scalar, visit } from 'yaml';
import { isRecord, type Issues, newIssues, own } from './check.ts';
import { isScenarioObjectKind, validateWorkload } from './manifest.ts';
import { parseYamlDocuments } from './parse.ts';
import type { Action, ClusterSpec, NodeSpec, Result, Scenario, ScenarioObject } from './types.ts';
import { validateScenario } from './validate.ts';

/** scenarioToYaml writes a scenario file, keys in §4 order; parseScenarioText reads it back unchanged. */
export function scenarioToYaml(s: Scenario): string {
  const doc = new Document(orderScenario(s));
  const inline = (scalars: Scalar[], json: unknown): boolean => {
    if (inlineLength(json) > 60) return false;
    // Inside `{ }` and `[ ]` some YAML 1.1 readers stop a plain scalar at ':' or ','; quote those.
    for (const sc of scalars) if (typeof sc.value === 'string' && /[:,#[\]{}]/.test(sc.value)) sc.type = 'QUOTE_DOUBLE';
    return true;
  };
  visit(doc, {
    Map(_, node) {
      const values = node.items.map((p) => p.value);
      if (values.every(isScalar) && inline(values, node.toJSON())) node.flow = true;
    },
    Seq(_, node) {
      if (node.items.every(isScalar) && inline(node.items, node.toJSON())) node.flow = true;
    },
  });
  quoteYaml11Ambiguous(doc);
  return doc.toString({ lineWidth: 0 });
}

/**
 * objectToYaml prints an object as `kubectl get -o yaml` does: keys sorted, list items not
 * indented under their key, block style throughout.
 */
export function objectToYaml(obj: unknown): string {
  const doc = new Document(obj, { sortMapEntries: true });
  quoteYaml11Ambiguous(doc);
  return doc.toString({ indentSeq: false, lineWidth: 0 });
}

function inlineLength(x: unknown): number {
  return JSON.stringify(x)?.length ?? 0;
}

/**
 * The plain scalars a YAML 1.1 reader (go-yaml v2, PyYAML) resolves to something other than a
 * string: null, booleans (y, yes, on, off …), base-2/8/16 and sexagesimal integers, floats with
 * underscores, timestamps, and the merge and value keys. YAML 1.2's own cases the writer quotes.
 */
const YAML11_NON_STRING_ALTERNATIVES = [
  '~|null|Null|NULL',
  'y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF',
  '[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(:[0-5]?[0-9])+',
  '[-+]?([0-9][0-9_]*)?\\.[0-9._]*([eE][-+]?[0-9]+)?|[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\\.[0-9_]*',
  '[-+]?\\.(inf|Inf|INF)|\\.(nan|NaN|NAN)',
  '[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt ].*)?',
  '<<|=',
];
const YAML11_NON_STRING = new RegExp(`^(?:${YAML11_NON_STRING_ALTERNATIVES.map((a) => `(?:${a})`).join('|')})$`);

/**
 * quoteYaml11Ambiguous double-quotes strings that a YAML 1.1 reader would take for something else
 * (`yes` → true, `1:20` → 80, `0777` → 511), as go-yaml's output does, and map keys holding ':'.
 */
function quoteYaml11Ambiguous(doc: Document): void {
  visit(doc, {
    Pair(_, pair) {
      // `nginx:1.8: {…}` is valid but reads badly, and not every reader takes it: quote such keys.
      if (isScalar(pair.key) && typeof pair.key.value === 'string' && pair.key.value.includes(':')) {
        pair.key.type = 'QUOTE_DOUBLE';
      }
    },
    Scalar(_, node) {
      if (typeof node.value === 'string' && YAML11_NON_STRING.test(node.value)) node.type = 'QUOTE_DOUBLE';
    },
  });
}

/** orderScenario rebuilds a scenario with its keys in §4 order and no undefined fields. */
function orderScenario(s: Scenario): Record<string, unknown> {
  return compact({
    version: s.version,
    name: s.name,
    description: s.description,
    seed: s.seed,
    cluster: s.cluster === undefined ? undefined : orderCluster(s.cluster),
    controller: s.controller === undefined ? undefined : compact({ watchDelaySeconds: s.controller.watchDelaySeconds }),
    objects: s.objects.map(orderManifest),
    actions: s.actions?.map(orderAction),
    lesson: s.lesson,
  });
}

function orderCluster(c: ClusterSpec): Record<string, unknown> {
  const nodes = c.nodes;
  return compact({
    nodes: typeof nodes === 'number' || nodes === undefined ? nodes : nodes.map(orderNode),
    images:
      c.images === undefined
        ? undefined
        : Object.fromEntries(
            Object.entries(c.images).map(([ref, i]) => [
              ref,
              compact({
                pullSeconds: i.pullSeconds,
                startSeconds: i.startSeconds,
                readySeconds: i.readySeconds,
                pull: i.pull,
                crash: i.crash,
                ready: i.ready,
              }),
            ]),
          ),
    terminationSeconds: c.terminationSeconds,
    load: c.load?.map((l) => ({ at: l.at, workload: l.workload, cpu: l.cpu })),
  });
}

function orderNode(n: NodeSpec): Record<string, unknown> {
  return compact({ name: n.name, labels: n.labels, taints: n.taints, unschedulable: n.unschedulable, maxPods: n.maxPods });
}

function orderAction(a: Action): Record<string, unknown> {
  if ('kubectl' in a) return { at: a.at, kubectl: a.kubectl };
  if ('apply' in a) return { at: a.at, apply: orderManifest(a.apply) };
  const { name, ready, remove, add } = a.node;
  const addOut =
    add === undefined
      ? undefined
      : compact({ labels: add.labels, taints: add.taints, unschedulable: add.unschedulable, maxPods: add.maxPods });
  return { at: a.at, node: compact({ name, ready, remove, add: addOut }) };
}

/** orderManifest puts apiVersion, kind, metadata, spec first, as manifests are written. */
function orderManifest(w: ScenarioObject): Record<string, unknown> {
  const head = ['apiVersion', 'kind', 'metadata', 'spec'];
  const rec = w as unknown as Record<string, unknown>;
  const entries: [string, unknown][] = [];
  for (const k of head) if (Object.hasOwn(rec, k)) entries.push([k, rec[k]]);
  for (const [k, v] of Object.entries(rec)) if (!head.includes(k)) entries.push([k, v]);
  return Object.fromEntries(entries);
}

function compact(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

/** What an import brought in: a whole scenario, or workloads to add to the current one. */
export type Imported =
  | { type: 'scenario'; scenario: Scenario; ignored: string[]; note: string | null }
  | { type: 'objects'; objects: ScenarioObject[]; ignored: string[]; note: string | null };

/** Fields a cluster fills in that a new object must not carry (they are the cluster's, not the author's). */
const SERVER_FIELDS = [
  'uid',
  'resourceVersion',
  'creationTimestamp',
  'managedFields',
  'ownerReferences',
  'generation',
  'selfLink',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
];
/** Annotations written by kubectl and the controller, not by the author. */
const SERVER_ANNOTATIONS = ['kubectl.kubernetes.io/last-applied-configuration', 'deployment.kubernetes.io/revision'];

/**
 * importManifests reads pasted YAML: one or more manifests (a `kind: List` is unpacked), of which
 * Deployments and DaemonSets are kept without the fields a cluster fills in and every other kind is
 * listed in `note`; or one whole scenario file (a document with `version` and `objects`).
 * It never throws.
 */
export function importManifests(text: string): Result<Imported> {
  const docs = parseYamlDocuments(text, 'The pasted text');
  if (!docs.ok) return docs;
  if (docs.value.length === 0) {
    return { ok: false, errors: ['Nothing to import: paste Deployment or DaemonSet manifests, or a scenario file'] };
  }
  const first = docs.value[0];
  if (docs.value.length === 1 && isRecord(first) && Object.hasOwn(first, 'version') && Object.hasOwn(first, 'objects')) {
    const s = validateScenario(first);
    return s.ok ? { ok: true, value: { type: 'scenario', scenario: s.value, ignored: [], note: null } } : s;
  }
  const items = docs.value.flatMap((d) => (isRecord(d) && isListKind(d) ? (d.items as unknown[]) : [d]));
  const many = items.length > 1;
  const issues = newIssues();
  const objects: ScenarioObject[] = [];
  const ignored: string[] = [];
  const seen = new Set<string>();
  items.forEach((d, i) => {
    const where = many ? `Document ${i + 1}: ` : '';
    if (isRecord(d) && typeof d.kind === 'string' && d.kind !== '' && !isScenarioObjectKind(d.kind)) {
      ignored.push(`${d.kind} ${describeName(d)}`);
      return;
    }
    if (isRecord(d) && Object.hasOwn(d, 'version') && Object.hasOwn(d, 'objects')) {
      issues.errors.push(`${where}a scenario file must be the only document in the pasted text`);
      return;
    }
    const local: Issues = newIssues();
    const obj = validateWorkload(local, '', isRecord(d) ? stripServerFields(d) : d);
    issues.errors.push(...local.errors.map((e) => `${where}${e}`));
    if (obj === null) return;
    const key = `${obj.kind}/${obj.metadata.namespace ?? 'default'}/${obj.metadata.name}`;
    if (seen.has(key)) issues.errors.push(`${where}${obj.kind} ${JSON.stringify(obj.metadata.name)} appears twice`);
    seen.add(key);
    objects.push(obj);
  });
  if (issues.errors.length > 0) return { ok: false, errors: issues.errors };
  const note = ignoredNote(ignored);
  if (objects.length === 0) return { ok: false, errors: [`No Deployment or DaemonSet found. ${note ?? ''}`.trim()] };
  return { ok: true, value: { type: 'objects', objects, ignored, note } };
}

/** ignoredNote: `Ignored 2 documents: Secret "db", ConfigMap "cfg" (Rollout Lab simulates Deployment and DaemonSet, with …)`. */
export function ignoredNote(ignored: string[]): string | null {
  if (ignored.length === 0) return null;
  const docs = ignored.length === 1 ? 'document' : 'documents';
  return `Ignored ${ignored.length} ${docs}: ${ignored.join(', ')} (Rollout Lab simulates Deployment and DaemonSet, with ResourceQuota, PodDisruptionBudget, HorizontalPodAutoscaler and Service)`;
}

function isListKind(d: Record<string, unknown>): boolean {
  return typeof d.kind === 'string' && d.kind.endsWith('List') && Array.isArray(own(d, 'items'));
}

function describeName(d: Record<string, unknown>): string {
  const meta = own(d, 'metadata');
  const name = isRecord(meta) ? own(meta, 'name') : undefined;
  return typeof name === 'string' && name !== '' ? JSON.stringify(name) : '(no name)';
}

/** stripServerFields returns a copy without status and the metadata a cluster fills in. */
export function stripServerFields(d: Record<string, unknown>): Record<string, unknown> {
  const out = Object.fromEntries(Object.entries(d).filter(([k]) => k !== 'status'));
  const meta = own(d, 'metadata');
  if (!isRecord(meta)) return out;
  const entries: [string, unknown][] = [];
  for (const [k, v] of Object.entries(meta)) {
    if (SERVER_FIELDS.includes(k)) continue;
    if (k === 'annotations' && isRecord(v)) {
      const kept = Object.entries(v).filter(([a]) => !SERVER_ANNOTATIONS.includes(a));
      if (kept.length > 0) entries.push([k, Object.fromEntries(kept)]);
      continue;
    }
    entries.push([k, v]);
  }
  return { ...out, metadata: Object.fromEntries(entries) };
}
