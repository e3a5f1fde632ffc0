/**
 * validateScenario: the hand-written checker of the scenario file (DESIGN.md §4). Every message
 * names the field path (`actions[2].at: must be a number ≥ 0`); unknown fields are errors; the
 * workload manifests get the API server's own messages (manifest.ts). It never throws.
 */
import { validateLessonAt } from '../lessons/validate.ts';
import { checkFields, depthExceeds, field, has, index, isRecord, type Issues, newIssues, own, report } from './check.ts';
import { validateScenarioObject, WORKLOAD_KINDS } from './manifest.ts';
import { LIMITS, type Result, SCENARIO_VERSION, type Scenario, type ScenarioObject } from './types.ts';
import { resourceName } from '../engine/apiserver/errors.ts';
import { validateLoadWorkloads } from './validateLoad.ts';
import { validateTrafficTargets } from './validateTraffic.ts';
import { validateActions } from './validateActions.ts';
import { validateCluster, validateController } from './validateCluster.ts';

const TOP_FIELDS = ['version', 'name', 'description', 'seed', 'cluster', 'controller', 'objects', 'actions', 'lesson'] as const;
const MAX_NAME_CHARS = 200;
const MAX_DESCRIPTION_CHARS = 10_000;
const DEFAULT_NODE_COUNT = 3;

/** newerVersionMessage explains a file written by a later Rollout Lab. */
export function newerVersionMessage(v: number): string {
  return `This scenario was made by a newer version of Rollout Lab (version ${v}); this version reads version ${SCENARIO_VERSION}. Open it with the newer Rollout Lab, or change it to version ${SCENARIO_VERSION}.`;
}

/**
 * validateScenario checks any value (parsed YAML or JSON, or an object built in code) and returns
 * the scenario rebuilt in §4 key order, or every problem found (at most 50), first one first.
 */
export function validateScenario(x: unknown): Result<Scenario> {
  try {
    return validateUnsafe(x);
  } catch (e) {
    // A bug, or a value no file can produce (a getter that throws, a cyclic object): say so plainly.
    return { ok: false, errors: [`The scenario could not be checked: ${e instanceof Error ? e.message : String(e)}`] };
  }
}

function validateUnsafe(x: unknown): Result<Scenario> {
  const issues = newIssues();
  if (!isRecord(x)) {
    return { ok: false, errors: ['The scenario must be a mapping with version, name, cluster, objects and actions'] };
  }
  if (depthExceeds(x, LIMITS.depth)) {
    return { ok: false, errors: [`The scenario nests deeper than ${LIMITS.depth} levels; no real scenario does`] };
  }
  const version = own(x, 'version');
  if (typeof version === 'number' && Number.isInteger(version) && version > SCENARIO_VERSION) {
    return { ok: false, errors: [`version: ${newerVersionMessage(version)}`] };
  }
  checkFields(issues, '', x, TOP_FIELDS, ['version', 'name', 'objects']);
  if (has(x, 'version') && version !== SCENARIO_VERSION) report(issues, 'version', `must be ${SCENARIO_VERSION}`);

  const out: Scenario = { version: SCENARIO_VERSION, name: '', objects: [] };
  if (has(x, 'name')) out.name = text(issues, 'name', x.name, MAX_NAME_CHARS, true) ?? '';
  if (has(x, 'description')) {
    const d = text(issues, 'description', x.description, MAX_DESCRIPTION_CHARS, false);
    if (d !== undefined) out.description = d;
  }
  if (has(x, 'seed')) {
    const s = x.seed;
    if (typeof s === 'number' && Number.isInteger(s) && s >= 0 && s <= 0xffffffff) out.seed = s;
    else report(issues, 'seed', 'must be a whole number from 0 to 4294967295');
  }
  if (has(x, 'cluster')) {
    const c = validateCluster(issues, 'cluster', x.cluster);
    if (c !== undefined) out.cluster = c;
  }
  if (has(x, 'controller')) {
    const c = validateController(issues, 'controller', x.controller);
    if (c !== undefined) out.controller = c;
  }
  if (has(x, 'objects')) out.objects = validateObjects(issues, 'objects', x.objects);
  if (has(x, 'actions')) out.actions = validateActions(issues, 'actions', x.actions, startNodeNames(x, out));
  if (out.cluster?.load) validateLoadWorkloads(issues, 'cluster.load', out.cluster.load, out);
  if (out.cluster?.traffic) validateTrafficTargets(issues, 'cluster.traffic', out.cluster.traffic, out, startNodeNames(x, out));
  if (has(x, 'lesson')) {
    const lesson = validateLessonAt(issues, 'lesson', x.lesson);
    if (lesson) out.lesson = lesson;
  }
  if (issues.errors.length > 0) return { ok: false, errors: issues.errors };
  // Rebuild in §4 order: fields were filled in checking order, which puts objects before seed.
  const { version: v, name, description, seed, cluster, controller, objects, actions, lesson } = out;
  const ordered: Scenario = {
    version: v,
    name,
    ...(description === undefined ? {} : { description }),
    ...(seed === undefined ? {} : { seed }),
    ...(cluster === undefined ? {} : { cluster }),
    ...(controller === undefined ? {} : { controller }),
    objects,
    ...(actions === undefined ? {} : { actions }),
    ...(lesson === undefined ? {} : { lesson }),
  };
  return { ok: true, value: ordered };
}

function text(issues: Issues, path: string, x: unknown, max: number, required: boolean): string | undefined {
  if (typeof x !== 'string' || (required && x.trim() === '')) {
    report(issues, path, required ? 'must be a non-empty string' : 'must be a string');
    return undefined;
  }
  if (x.length > max) {
    report(issues, path, `must be at most ${max} characters`);
    return undefined;
  }
  return x;
}

/** validateObjects checks each manifest and that no two share kind, namespace and name. */
function validateObjects(issues: Issues, path: string, x: unknown): ScenarioObject[] {
  if (!Array.isArray(x)) {
    report(issues, path, `must be a list of ${WORKLOAD_KINDS.slice(0, -1).join(', ')} and ${WORKLOAD_KINDS[WORKLOAD_KINDS.length - 1]} manifests, and Namespaces ([] for none)`);
    return [];
  }
  const seen = new Set<string>();
  const out: ScenarioObject[] = [];
  x.forEach((o, i) => {
    const obj = validateScenarioObject(issues, index(path, i), o);
    if (obj === null) return;
    const meta = obj.metadata as ScenarioObject['metadata'] | undefined;
    const key = obj.kind === 'Namespace' ? `Namespace//${meta?.name}` : `${obj.kind}/${meta?.namespace ?? 'default'}/${meta?.name}`;
    if (seen.has(key)) {
      const resource = resourceName(obj.kind);
      report(issues, field(field(index(path, i), 'metadata'), 'name'), `${resource} ${JSON.stringify(meta?.name)} already exists`);
    }
    seen.add(key);
    out.push(obj);
  });
  return out;
}

/** startNodeNames lists the nodes at time 0, or null when `cluster.nodes` did not validate. */
function startNodeNames(x: Record<string, unknown>, out: Scenario): string[] | null {
  const cluster = own(x, 'cluster');
  const given = isRecord(cluster) && has(cluster, 'nodes');
  const nodes = out.cluster?.nodes;
  if (given && nodes === undefined) return null;
  if (nodes === undefined || typeof nodes === 'number') {
    return Array.from({ length: nodes ?? DEFAULT_NODE_COUNT }, (_, i) => `node-${i + 1}`);
  }
  return nodes.map((n) => n.name);
}
