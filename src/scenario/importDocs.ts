/**
 * Import of pasted or dropped YAML: one or more manifests (a `kind: List` is unpacked), or one
 * whole scenario file. Of the manifests, Deployments, DaemonSets, StatefulSets, Pods, the policy kinds (ResourceQuota,
 * LimitRange, PodDisruptionBudget, HorizontalPodAutoscaler, Service), ConfigMaps, Secrets,
 * PersistentVolumeClaims and `v1 Namespace`s (their labels) are kept
 * as objects (without the fields a cluster fills in), `v1 Node`s become scenario nodes (labels,
 * taints, unschedulable, allocatable), and every other kind is listed in `note`.
 *
 * All or nothing: when any document is bad, nothing is imported and every bad document gets one
 * message, in the API server's words with its field path, after its position:
 * `Document 2: The Deployment "x" is invalid: spec.replicas: Invalid value: -1: …`. A user
 * fixing a file wants the whole list at once, and a half-imported file is a scenario nobody wrote.
 */
import { stripPodServerFields } from './importPod.ts';
import { stripClaimServerFields } from './importClaim.ts';
import { aggregateMessage } from '../engine/apimachinery/fieldErrors.ts';
import { field, isRecord, type Issues, newIssues, own, report } from './check.ts';
import { isScenarioObjectKind, validateWorkload } from './manifest.ts';
import { parseYamlDocuments, scenarioDocument } from './parse.ts';
import type { AllocatableSpec, NodeSpec, Result, Scenario, ScenarioObject } from './types.ts';
import { validateScenario } from './validate.ts';
import { quantityProblem, validateNodeName, validateNodeProps } from './validateCluster.ts';

/** What an import brought in: a whole scenario, or documents to put into one. */
export type Imported =
  | { type: 'scenario'; scenario: Scenario; ignored: string[]; note: string | null }
  | {
      type: 'objects';
      objects: ScenarioObject[];
      /** `v1 Node` documents as scenario nodes. */
      nodes: NodeSpec[];
      ignored: string[];
      note: string | null;
    };

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
 * importManifests reads pasted YAML: manifests, or one whole scenario file (a document with
 * `version` and `objects`). It never throws; a failure lists every bad document.
 */
export function importManifests(text: string): Result<Imported> {
  const docs = parseYamlDocuments(text, 'The pasted text');
  if (!docs.ok) return docs;
  if (docs.value.length === 0) {
    return { ok: false, errors: ['Nothing to import: paste Deployment, DaemonSet or StatefulSet manifests, or a scenario file'] };
  }
  const first = docs.value[0];
  if (docs.value.length === 1 && isScenarioFile(first)) {
    const s = validateScenario(scenarioDocument(text, first));
    return s.ok ? { ok: true, value: { type: 'scenario', scenario: s.value, ignored: [], note: null } } : s;
  }
  const items = docs.value.flatMap((d) => (isRecord(d) && isListKind(d) ? (d.items as unknown[]) : [d]));
  const many = items.length > 1;
  const errors: string[] = [];
  const out = { objects: [] as ScenarioObject[], nodes: [] as NodeSpec[], ignored: [] as string[] };
  const seen = new Set<string>();
  items.forEach((d, i) => {
    const where = many ? `Document ${i + 1}: ` : '';
    const local: Issues = newIssues();
    const key = takeDocument(local, d, out);
    if (key !== null) {
      if (seen.has(key.id)) report(local, '', `${key.label} appears twice`);
      seen.add(key.id);
    }
    // One message per document: its problems joined as the API server joins field errors.
    if (local.errors.length > 0) errors.push(`${where}${local.errors.length === 1 ? local.errors[0] : local.errors.join('; ')}`);
  });
  if (errors.length > 0) return { ok: false, errors };
  const note = ignoredNote(out.ignored);
  if (out.objects.length + out.nodes.length === 0) {
    return { ok: false, errors: [`No Deployment, DaemonSet, StatefulSet or Node found. ${note ?? ''}`.trim()] };
  }
  return { ok: true, value: { type: 'objects', ...out, note } };
}

interface Taken {
  objects: ScenarioObject[];
  nodes: NodeSpec[];
  ignored: string[];
}

/** takeDocument files one document into `out` (or reports why not); returns its identity for the twice-check. */
function takeDocument(issues: Issues, d: unknown, out: Taken): { id: string; label: string } | null {
  if (isRecord(d) && typeof d.kind === 'string' && d.kind !== '' && !isScenarioObjectKind(d.kind) && d.kind !== 'Node') {
    out.ignored.push(`${d.kind} ${describeName(d)}`);
    return null;
  }
  // A Deployment's ReplicaSet (`kubectl get all -o yaml`) is its Deployment's to make: imported on
  // its own it would run a second set of pods.
  if (isRecord(d) && d.kind === 'ReplicaSet' && ownedByController(d)) {
    out.ignored.push(`ReplicaSet ${describeName(d)} (its owner's to make)`);
    return null;
  }
  if (isScenarioFile(d)) {
    report(issues, '', 'a scenario file must be the only document in the pasted text');
    return null;
  }
  if (isRecord(d) && d.kind === 'Node') {
    const node = nodeFromManifest(issues, d);
    if (node === null) return null;
    out.nodes.push(node);
    return { id: `Node//${node.name}`, label: `Node ${JSON.stringify(node.name)}` };
  }
  const doc = isRecord(d) ? strippedDocument(d) : d;
  const obj = validateWorkload(issues, '', doc);
  if (obj === null) return null;
  out.objects.push(obj);
  // A Namespace is cluster-scoped: its identity has no namespace (as validate.ts keys `objects`).
  return {
    id: obj.kind === 'Namespace' ? `Namespace//${obj.metadata.name}` : `${obj.kind}/${obj.metadata.namespace ?? 'default'}/${obj.metadata.name}`,
    label: `${obj.kind} ${JSON.stringify(obj.metadata.name)}`,
  };
}

/** strippedDocument: the document without what a cluster wrote (importPod.ts and importClaim.ts for their kinds). */
function strippedDocument(d: Record<string, unknown>): Record<string, unknown> {
  const stripped = stripServerFields(d);
  const hadStatus = Object.hasOwn(d, 'status');
  if (d.kind === 'Pod') return stripPodServerFields(stripped, hadStatus);
  return d.kind === 'PersistentVolumeClaim' ? stripClaimServerFields(stripped, hadStatus) : stripped;
}

/** ownedByController: the document's metadata names a controller among its ownerReferences. */
function ownedByController(d: Record<string, unknown>): boolean {
  const refs = (d.metadata as { ownerReferences?: unknown } | undefined)?.ownerReferences;
  return Array.isArray(refs) && refs.some((r) => isRecord(r) && r.controller === true);
}

function isScenarioFile(d: unknown): boolean {
  return isRecord(d) && Object.hasOwn(d, 'version') && Object.hasOwn(d, 'objects');
}

/** apiVersionProblem is the API server's answer to a core kind at another group/version, or null. */
function apiVersionProblem(d: Record<string, unknown>, kind: string): string | null {
  const v = own(d, 'apiVersion');
  if (v === undefined || v === null || v === '') return 'apiVersion: apiVersion not set';
  if (v !== 'v1') return `apiVersion: no matches for kind ${JSON.stringify(kind)} in version ${JSON.stringify(String(v))} (a ${kind} is v1)`;
  return null;
}

/**
 * nodeFromManifest turns a `v1 Node` (written by hand or from `kubectl get node -o yaml`) into a
 * scenario node: metadata.labels, spec.taints, spec.unschedulable, and status.allocatable (or
 * status.capacity) as allocatable. What a kubelet reports (conditions, images, addresses) is not
 * the author's and is left out. Errors read as the API server's: `The Node "x" is invalid: …`.
 */
export function nodeFromManifest(issues: Issues, d: Record<string, unknown>): NodeSpec | null {
  const version = apiVersionProblem(d, 'Node');
  if (version !== null) {
    report(issues, '', version);
    return null;
  }
  const meta = own(d, 'metadata');
  const spec = own(d, 'spec');
  const status = own(d, 'status');
  const name = isRecord(meta) ? own(meta, 'name') : undefined;
  const local = newIssues();
  validateNodeName(local, 'metadata.name', name);
  const props = validateNodeProps(local, '', {
    ...(isRecord(meta) && own(meta, 'labels') !== undefined ? { labels: own(meta, 'labels') } : {}),
    ...(isRecord(spec) && own(spec, 'taints') !== undefined ? { taints: own(spec, 'taints') } : {}),
    ...(isRecord(spec) && own(spec, 'unschedulable') !== undefined ? { unschedulable: own(spec, 'unschedulable') } : {}),
  });
  const allocatable = allocatableOf(local, status);
  const fixed = local.errors.map((e) => e.replace(/^labels/, 'metadata.labels').replace(/^(taints|unschedulable)/, 'spec.$1'));
  if (fixed.length > 0) {
    report(issues, '', `The Node ${JSON.stringify(typeof name === 'string' ? name : '')} is invalid: ${aggregateMessage(fixed)}`);
    return null;
  }
  const node: NodeSpec = { name: name as string, ...props };
  if (node.labels && Object.keys(node.labels).length === 0) delete node.labels;
  if (node.taints && node.taints.length === 0) delete node.taints;
  if (node.unschedulable === false) delete node.unschedulable;
  if (allocatable !== null) node.allocatable = allocatable;
  return node;
}

/** allocatableOf reads status.allocatable, else status.capacity: cpu and memory as quantities, pods as a number. */
function allocatableOf(issues: Issues, status: unknown): AllocatableSpec | null {
  if (!isRecord(status)) return null;
  const path = isRecord(own(status, 'allocatable')) ? 'status.allocatable' : 'status.capacity';
  const src = own(status, path === 'status.allocatable' ? 'allocatable' : 'capacity');
  if (!isRecord(src)) return null;
  const out: AllocatableSpec = {};
  for (const k of ['cpu', 'memory', 'pods'] as const) {
    const raw = own(src, k);
    if (raw === undefined || raw === null) continue;
    const q = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : raw;
    const problem = typeof q === 'string' ? quantityProblem(q) : 'must be a quantity such as "4" or "16Gi"';
    if (problem !== null || typeof q !== 'string') {
      report(issues, field(path, k), problem ?? '');
      continue;
    }
    if (k !== 'pods') out[k] = q;
    else if (/^\d+$/.test(q)) out.pods = Number(q);
    else report(issues, field(path, k), `Invalid value: ${JSON.stringify(q)}: must be a whole number of pods`);
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** ignoredNote: `Ignored 2 documents: Secret "web", ConfigMap "cfg" (Rollout Lab simulates Deployment and DaemonSet, with …)`. */
export function ignoredNote(ignored: string[]): string | null {
  if (ignored.length === 0) return null;
  const docs = ignored.length === 1 ? 'document' : 'documents';
  return (
    `Ignored ${ignored.length} ${docs}: ${ignored.join(', ')}` +
    ' (Rollout Lab simulates Deployment, DaemonSet and StatefulSet, with ReplicaSet, Pod, Namespace, ResourceQuota, LimitRange, PodDisruptionBudget, HorizontalPodAutoscaler, Service, ConfigMap, Secret and PersistentVolumeClaim)'
  );
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
