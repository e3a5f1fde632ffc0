/**
 * What an import does to the working scenario (the import dialog's two choices):
 * - Replace the scenario (the default): an empty cluster of the current scenario's nodes, plus
 *   the imported documents: their workloads, Namespaces and policy objects as objects (in the
 *   file's order), their Nodes as nodes (a Node named like an existing node replaces it). The seed
 *   and the controller knobs stay; the objects, the actions and the image behaviours of the old
 *   scenario go. It is named after the file, else after the first workload (or object, or node).
 * - Add to this scenario: as `kubectl apply -f` would. Before the run starts (tick 0) the
 *   documents join the scenario itself (a workload with the same kind, namespace and name is
 *   replaced, as apply configures it) and every scripted action stays; later, they are actions at
 *   the current tick (a fork), built by importActions.
 * Namespaces: a `v1 Namespace` document is a Namespace object of the scenario (its labels kept);
 * workloads keep their metadata.namespace. A namespace is also created on first use, so a file
 * without its Namespace document imports as well (and an Add of a Namespace that the scenario's
 * objects already use says `configured`, as apply says of a namespace that exists).
 */
import { SYSTEM_NAMESPACES } from '../engine/apiserver/admission/namespaceAutoProvision.ts';
import { namePrinterLine } from '../engine/kubectl/resources.ts';
import type { Imported } from './importDocs.ts';
import type { Action, NodeSpec, Scenario, ScenarioObject } from './types.ts';

/** The documents of a manifests import. */
export type ImportedObjects = Extract<Imported, { type: 'objects' }>;

/** What the reader chose in the import dialog. */
export type ImportMode = 'replace' | 'add';

/** The outcome of planning an import: the new scenario and kubectl apply's lines about it. */
export interface ImportPlan {
  scenario: Scenario;
  /** `deployment.apps/web created`, `node/pool-b-1 configured`, … in document order. */
  lines: string[];
}

const MAX_NAME = 200;

/** resourceOf is how kubectl names an object in apply's output: `deployment.apps/web`, `poddisruptionbudget.policy/web`. */
function resourceOf(kind: ScenarioObject['kind'] | 'Node', name: string): string {
  return namePrinterLine(kind, name, '');
}

/**
 * importName names an imported scenario: the file's name without its extension
 * (`checkout-api.yaml` → `checkout-api`), else the first workload's name (a file usually opens
 * with its Namespace or a StatefulSet's headless Service, but the workload is what it is about), else the first object's, else
 * the first node's.
 */
export function importName(imp: ImportedObjects, fileName: string | null): string {
  const base = fileName?.replace(/^.*[\\/]/, '').replace(/\.(ya?ml|json|txt)$/i, '').trim();
  const workload = imp.objects.find((o) => o.kind === 'Deployment' || o.kind === 'DaemonSet' || o.kind === 'StatefulSet');
  const first = (workload ?? imp.objects[0])?.metadata.name ?? imp.nodes[0]?.name ?? 'Imported';
  const name = base !== undefined && base !== '' ? base : first;
  return name.length > MAX_NAME ? name.slice(0, MAX_NAME) : name;
}

/** importDescription says where the scenario came from and what it holds. */
function importDescription(imp: ImportedObjects, fileName: string | null): string {
  const parts = [
    ...imp.objects.map((o) => `${o.kind} ${o.metadata.namespace ? `${o.metadata.namespace}/` : ''}${o.metadata.name}`),
    ...imp.nodes.map((n) => `Node ${n.name}`),
  ];
  const from = fileName ? `Imported from ${fileName.replace(/^.*[\\/]/, '')}` : 'Imported manifests';
  return `${from}: ${parts.join(', ')}.`.slice(0, 10_000);
}

/** nodeList is `cluster.nodes` as a list (a count N is node-1 … node-N; the default is 3). */
function nodeList(s: Scenario): NodeSpec[] {
  const nodes = s.cluster?.nodes ?? 3;
  return typeof nodes === 'number' ? Array.from({ length: nodes }, (_, i) => ({ name: `node-${i + 1}` })) : nodes;
}

/** mergeNodes puts `added` into `nodes`: a node of the same name is replaced in place, the others go last. */
function mergeNodes(nodes: readonly NodeSpec[], added: readonly NodeSpec[], lines: string[]): NodeSpec[] {
  const out = [...nodes];
  for (const n of added) {
    const i = out.findIndex((x) => x.name === n.name);
    if (i >= 0) out[i] = n;
    else out.push(n);
    lines.push(`${resourceOf('Node', n.name)} ${i >= 0 ? 'configured' : 'created'}`);
  }
  return out;
}

/** sameObject: same kind, namespace and name (what apply matches on). */
function sameObject(a: ScenarioObject, b: ScenarioObject): boolean {
  return (
    a.kind === b.kind &&
    (a.metadata.namespace ?? 'default') === (b.metadata.namespace ?? 'default') &&
    a.metadata.name === b.metadata.name
  );
}

/** replaceScenario is the dialog's default: the current scenario's nodes, empty, with the imported documents. */
export function replaceScenario(current: Scenario, imp: ImportedObjects, fileName: string | null): ImportPlan {
  const system = liveNamespaces([]);
  const lines: string[] = imp.objects.map((o) => applyLine(o, false, system));
  const nodes = imp.nodes.length === 0 ? current.cluster?.nodes : mergeNodes(nodeList(current), imp.nodes, lines);
  const scenario: Scenario = {
    version: 1,
    name: importName(imp, fileName),
    description: importDescription(imp, fileName),
    ...(current.seed === undefined ? {} : { seed: current.seed }),
    ...(nodes === undefined ? {} : { cluster: { nodes } }),
    ...(current.controller === undefined ? {} : { controller: current.controller }),
    objects: imp.objects,
  };
  return { scenario, lines };
}

/**
 * liveNamespaces are the namespaces that exist at tick 0 of a scenario with these objects: the
 * cluster's own (default, kube-system, …) and those its objects live in (created on first use).
 */
function liveNamespaces(objects: readonly ScenarioObject[]): Set<string> {
  const used = objects.filter((o) => o.kind !== 'Namespace').map((o) => o.metadata.namespace ?? 'default');
  return new Set([...SYSTEM_NAMESPACES, ...used]);
}

/** applyLine is apply's line for an object: `configured` when it existed (or is a namespace that exists), else `created`. */
function applyLine(o: ScenarioObject, existed: boolean, namespaces: ReadonlySet<string>): string {
  const exists = existed || (o.kind === 'Namespace' && namespaces.has(o.metadata.name));
  return `${resourceOf(o.kind, o.metadata.name)} ${exists ? 'configured' : 'created'}`;
}

/** addToScenario adds the documents to the scenario itself (before the run starts), keeping its actions. */
export function addToScenario(current: Scenario, imp: ImportedObjects): ImportPlan {
  const lines: string[] = [];
  const objects = [...current.objects];
  const namespaces = liveNamespaces(current.objects);
  for (const o of imp.objects) {
    const i = objects.findIndex((x) => sameObject(x, o));
    if (i >= 0) objects[i] = o;
    else objects.push(o);
    lines.push(applyLine(o, i >= 0, namespaces));
  }
  const cluster =
    imp.nodes.length === 0 ? current.cluster : { ...current.cluster, nodes: mergeNodes(nodeList(current), imp.nodes, lines) };
  return { scenario: { ...current, ...(cluster === undefined ? {} : { cluster }), objects }, lines };
}

/** importActions are the actions of an Add after the run started: nodes join, then each object (workload, Namespace, …) is applied in the file's order. */
export function importActions(imp: ImportedObjects): Action[] {
  const nodes: Action[] = imp.nodes.map(({ name, ...add }) => ({ at: 0, node: { name, add } }));
  return [...nodes, ...imp.objects.map((o): Action => ({ at: 0, apply: o }))];
}
