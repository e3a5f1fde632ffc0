/**
 * Edits of the working scenario itself, as opposed to forks (actions appended at a tick):
 * - at tick 0, before anything ran, a Controls edit changes the workload's own manifest
 *   (replicas, strategy, maxSurge, image, …) and every scripted action stays;
 * - the image behaviours (`cluster.images`) describe how the applications behave for the whole
 *   run, so editing them re-runs it from the start;
 * and the views the page needs of the scenario: its manifests as the Controls panel shows them
 * (they exist before tick 1 creates the objects), its images with their behaviour, and the
 * scripted actions a fork at a given time drops.
 */
import type { DaemonSet, Deployment } from '../engine/api/types.ts';
import { setDefaultsDaemonSet, setDefaultsDeployment } from '../engine/apiserver/defaults.ts';
import { setDefaultsStatefulSet } from '../engine/apiserver/statefulSetDefaults.ts';
import { DEFAULT_IMAGE_BEHAVIOUR, type ImageBehaviour } from '../engine/config.ts';
import { toSimConfig } from '../scenario/toSimConfig.ts';
import type { Action, ImageSpec, Scenario, ScenarioObject, Workload } from '../scenario/types.ts';
import { validateScenario } from '../scenario/validate.ts';
import { actionTimeMs, sortedActions } from '../timeline/rebase.ts';
import { Refusal } from './hostQueries.ts';
import type { ActionView, ImageBehaviourView, WorkloadField, WorkloadView } from './protocol.ts';
import { workloadViews } from './workloadViews.ts';

/**
 * manifestIndex finds a workload of the scenario by its objectRef (`namespace/name`; a bare name is
 * in the default namespace, as kubectl without -n): a Deployment first, as fieldCommand does.
 */
export function manifestIndex(s: Scenario, workload: string): number {
  const slash = workload.indexOf('/');
  const ns = slash < 0 ? 'default' : workload.slice(0, slash);
  const name = slash < 0 ? workload : workload.slice(slash + 1);
  const matches = (o: ScenarioObject) =>
    (o.kind === 'Deployment' || o.kind === 'DaemonSet' || o.kind === 'StatefulSet') &&
    o.metadata.name === name &&
    (o.metadata.namespace ?? 'default') === ns;
  const i = s.objects.findIndex((o) => o.kind === 'Deployment' && matches(o));
  const j = i >= 0 ? i : s.objects.findIndex(matches);
  if (j < 0) throw new Refusal(`Error from server (NotFound): deployments.apps "${name}" not found`);
  return j;
}

/** validated checks an edited scenario; a refusal carries the API server's message without the `objects[i]: ` path. */
export function validated(s: Scenario): Scenario {
  const r = validateScenario(s);
  if (r.ok) return r.value;
  const first = r.errors[0] ?? 'the scenario is invalid';
  throw new Refusal(first.replace(/^objects\[\d+\](: |\.)/, ''));
}

/** setPath returns `obj` with the value at `path` replaced (copies along the path; undefined deletes). */
function setPath(
  obj: Record<string, unknown>,
  path: readonly string[],
  value: unknown,
): Record<string, unknown> {
  const [head, ...rest] = path;
  if (head === undefined) return obj;
  const out = { ...obj };
  if (rest.length === 0) {
    if (value === undefined) delete out[head];
    else out[head] = value;
    return out;
  }
  const child = out[head];
  out[head] = setPath(
    typeof child === 'object' && child !== null ? (child as Record<string, unknown>) : {},
    rest,
    value,
  );
  return out;
}

/**
 * editManifest sets one Controls field in the scenario's own manifest (tick 0): what a `kubectl
 * scale`, `patch` or `set image` would change, written where the author wrote the manifest, so the
 * scripted actions keep running against it. `image` takes `container=image`.
 */
export function editManifest(
  s: Scenario,
  workload: string,
  field: WorkloadField,
  value: number | string,
): Scenario {
  const i = manifestIndex(s, workload);
  const w = s.objects[i] as Workload;
  const isDeploy = w.kind === 'Deployment';
  const strategyKey = isDeploy ? 'strategy' : 'updateStrategy';
  const rec = w as unknown as Record<string, unknown>;
  let next: Record<string, unknown>;
  switch (field) {
    case 'replicas':
      if (w.kind === 'DaemonSet')
        throw new Refusal('error: a DaemonSet has no replicas: it runs one pod per node');
      next = setPath(rec, ['spec', 'replicas'], value);
      break;
    case 'maxSurge':
    case 'maxUnavailable':
      next = setPath(rec, ['spec', strategyKey, 'rollingUpdate', field], value);
      break;
    case 'partition':
      next = setPath(rec, ['spec', 'updateStrategy', 'rollingUpdate', 'partition'], value);
      break;
    case 'strategy': {
      // As `patch {"type":"Recreate","rollingUpdate":null}` does: the other strategy's knobs go.
      const rolling = value === 'RollingUpdate';
      const cur = (rec.spec as Record<string, unknown>)[strategyKey] as Record<string, unknown> | undefined;
      next = setPath(rec, ['spec', strategyKey], {
        type: value,
        ...(rolling && cur?.rollingUpdate !== undefined ? { rollingUpdate: cur.rollingUpdate } : {}),
      });
      break;
    }
    case 'image': {
      const [container = '', image = ''] = String(value).split('=');
      const spec = (w as Deployment | DaemonSet).spec.template.spec;
      const c = spec.containers.findIndex((x) => x.name === container);
      if (c < 0 || image === '') throw new Refusal(`error: unable to find container named "${container}"`);
      const containers = spec.containers.map((x, k) => (k === c ? { ...x, image } : x));
      next = setPath(rec, ['spec', 'template', 'spec', 'containers'], containers);
      break;
    }
    default:
      next = setPath(rec, ['spec', field], value);
  }
  const objects = s.objects.map((o, k) => (k === i ? (next as unknown as Workload) : o));
  return validated({ ...s, objects });
}

/**
 * withImages replaces `cluster.images` (JSON of the map, as the image behaviour editor sends it);
 * an empty map removes the key. Messages name the field: `cluster.images["app:1"].pullSeconds: …`.
 */
export function withImages(s: Scenario, json: string): Scenario {
  let images: unknown;
  try {
    images = JSON.parse(json);
  } catch {
    throw new Refusal(
      'cluster.images: must be a mapping from image reference (or "default") to its behaviour',
    );
  }
  const { images: _old, ...rest } = s.cluster ?? {};
  const empty = typeof images === 'object' && images !== null && Object.keys(images).length === 0;
  const cluster = empty ? rest : { ...rest, images: images as Record<string, ImageSpec> };
  const r = validateScenario({ ...s, cluster });
  if (!r.ok) throw new Refusal(r.errors[0] ?? 'cluster.images: invalid');
  return r.value;
}

/**
 * manifestViews shows the scenario's workloads as the Controls panel does at tick 0, before the
 * API server holds them: with Kubernetes' defaults (maxSurge 25%, …). A DaemonSet is counted
 * against every node of the cluster (its node selector is not evaluated before it runs).
 */
export function manifestViews(s: Scenario): WorkloadView[] {
  const nodes = typeof s.cluster?.nodes === 'number' ? s.cluster.nodes : (s.cluster?.nodes?.length ?? 3);
  const empty = new Map();
  const Deployment = new Map();
  const DaemonSet = new Map();
  const StatefulSet = new Map();
  for (const o of s.objects) {
    const key = `${o.metadata.namespace ?? 'default'}/${o.metadata.name}`;
    if (o.kind === 'Deployment') Deployment.set(key, setDefaultsDeployment(o));
    else if (o.kind === 'DaemonSet')
      DaemonSet.set(key, { ...setDefaultsDaemonSet(o), status: { desiredNumberScheduled: nodes } });
    else if (o.kind === 'StatefulSet') StatefulSet.set(key, setDefaultsStatefulSet(o));
  }
  return workloadViews({
    Node: empty,
    Deployment,
    ReplicaSet: empty,
    DaemonSet,
    ControllerRevision: empty,
    Pod: empty,
    StatefulSet,
    PersistentVolumeClaim: empty,
  });
}

/** imagesUsed lists the images the scenario runs: pod templates, then `set image` and `apply` actions, in order. */
function imagesUsed(s: Scenario): string[] {
  const out = new Set<string>();
  const fromTemplate = (w: ScenarioObject) => {
    if (w.kind !== 'Deployment' && w.kind !== 'DaemonSet') return;
    for (const c of w.spec.template.spec.initContainers ?? []) out.add(c.image);
    for (const c of w.spec.template.spec.containers) out.add(c.image);
  };
  for (const o of s.objects) fromTemplate(o);
  for (const a of s.actions ?? []) {
    if ('apply' in a) fromTemplate(a.apply);
    else if ('kubectl' in a && /\bset\s+image\b/.test(a.kubectl))
      for (const m of a.kubectl.matchAll(/\s[^\s=]+=(\S+)/g)) if (m[1]) out.add(m[1]);
  }
  return [...out];
}

/** imageViews lists the image behaviour editor's rows: the images used, those only listed, then `default`. */
export function imageViews(s: Scenario): ImageBehaviourView[] {
  const listed = s.cluster?.images ?? {};
  const resolved: Record<string, ImageBehaviour> = toSimConfig(s).images;
  const base = resolved.default ?? DEFAULT_IMAGE_BEHAVIOUR;
  const used = imagesUsed(s);
  const refs = [
    ...used,
    ...Object.keys(listed).filter((r) => r !== 'default' && !used.includes(r)),
    'default',
  ];
  return refs.map((image) => ({
    image,
    used: used.includes(image),
    spec: { ...(Object.hasOwn(listed, image) ? listed[image] : {}) },
    effective: { ...(Object.hasOwn(resolved, image) ? (resolved[image] as ImageBehaviour) : base) },
  }));
}

/** actionView describes a scripted action for the fork warning. */
export function actionView(a: Action): ActionView {
  const base = { at: a.at, kubectl: null, apply: null, request: null, node: null };
  if ('kubectl' in a) return { ...base, kubectl: a.kubectl };
  if ('apply' in a) return { ...base, apply: `${a.apply.kind}/${a.apply.metadata.name}` };
  if ('request' in a) return { ...base, request: `${a.request.method} ${a.request.path}` };
  const { name, ready, remove, add } = a.node;
  const op = add !== undefined ? 'add' : remove === true ? 'remove' : ready === false ? 'fault' : 'recover';
  return { ...base, node: { name, op } };
}

/** droppedActions are the scripted actions a fork at `timeMs` drops: those due after it (rebase.ts keeps the rest). */
export function droppedActions(s: Scenario, timeMs: number): ActionView[] {
  return sortedActions(s)
    .filter((a) => actionTimeMs(a) > timeMs)
    .map(actionView);
}
