/**
 * YAML in and out: a scenario as a readable file (§4 key order, short leaf maps and lists inline),
 * an object as `kubectl get -o yaml` prints it; the import of pasted manifests or a whole scenario
 * file is importDocs.ts, re-exported here. Output is YAML 1.2 that also reads the same under
 * YAML 1.1 (kubectl, go-yaml): strings such as "yes", "on" or "1:20" are quoted.
 */
import { Document, isScalar, type Scalar, visit } from 'yaml';
import type { Action, ClusterSpec, NodeAddSpec, NodeSpec, Scenario, ScenarioObject } from './types.ts';

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
    nodeDefaults: c.nodeDefaults === undefined ? undefined : orderNodeProps(c.nodeDefaults),
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
                runSeconds: i.runSeconds,
                pull: i.pull,
                crash: i.crash,
                ready: i.ready,
                preStopSeconds: i.preStopSeconds,
                onSigterm: i.onSigterm,
                requestMs: i.requestMs,
                maxRps: i.maxRps,
              }),
            ]),
          ),
    terminationSeconds: c.terminationSeconds,
    load: c.load?.map((l) => ({ at: l.at, workload: l.workload, cpu: l.cpu })),
    traffic: c.traffic?.map((t) => compact({ at: t.at, service: t.service, rps: t.rps, node: t.node, keepAlive: t.keepAlive, port: t.port })),
  });
}

function orderNode(n: NodeSpec): Record<string, unknown> {
  return { name: n.name, ...orderNodeProps(n) };
}

/** orderNodeProps: a node's properties in §9 order (a listed node, nodeDefaults, an action's add). */
function orderNodeProps(n: NodeAddSpec): Record<string, unknown> {
  const allocatable = n.allocatable === undefined ? undefined : compact({ cpu: n.allocatable.cpu, memory: n.allocatable.memory, pods: n.allocatable.pods });
  return compact({ labels: n.labels, taints: n.taints, unschedulable: n.unschedulable, maxPods: n.maxPods, allocatable });
}

function orderAction(a: Action): Record<string, unknown> {
  if ('kubectl' in a) return { at: a.at, kubectl: a.kubectl };
  if ('apply' in a) return { at: a.at, apply: orderManifest(a.apply) };
  if ('request' in a) return { at: a.at, request: a.request };
  const { name, ready, remove, add } = a.node;
  const addOut = add === undefined ? undefined : orderNodeProps(add);
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

export { type Imported, ignoredNote, importManifests, stripServerFields } from './importDocs.ts';
