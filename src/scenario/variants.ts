/**
 * Variants of a scenario (DESIGN.md §11): the same scenario with a few fields of one workload (or
 * the seed) set to other values — what the CLI's --sweep runs, what the page compares side by side
 * and what a sweep grid's cells are. Pure; the API server judges the result (both maxSurge and
 * maxUnavailable 0 is its refusal, reported as that variant's error, never a crash).
 */
import { isKubectlError } from '../engine/kubectl/commands.ts';
import { parseKubectl } from '../engine/kubectl/parse.ts';
import { type ImageBehaviour, IMAGE_SPECS, type Variant, type VariantField, type VariantValue } from './variantFields.ts';
import { validateScenario } from './validate.ts';
import { fail, ok, type Result, type Scenario, type ScenarioObject, type Workload } from './types.ts';

export * from './variantFields.ts';

/** The workload a variant changes: its kind, name and namespace (absent: `default`). */
export interface WorkloadRef {
  kind: 'Deployment' | 'DaemonSet' | 'StatefulSet';
  name: string;
  namespace?: string;
}

/** isWorkload tells a Deployment, DaemonSet or StatefulSet from a Namespace or a policy object among a scenario's objects. */
const isWorkload = (o: ScenarioObject): o is Workload => o.kind === 'Deployment' || o.kind === 'DaemonSet' || o.kind === 'StatefulSet';

/** namespaceOf is an object's namespace as the API server defaults it. */
const namespaceOf = (o: { metadata: { namespace?: string } }): string => o.metadata.namespace || 'default';

/** isRef tells whether a scenario object is the workload `ref` names (same kind, namespace and name). */
function isRef(o: ScenarioObject, ref: WorkloadRef): o is Workload {
  return o.kind === ref.kind && o.metadata.name === ref.name && namespaceOf(o) === (ref.namespace || 'default');
}

/**
 * targetWorkload finds the workload to vary: `KIND/NAME` (kubectl's words: deployment, deploy,
 * daemonset, ds), `KIND/NAMESPACE/NAME` as the run summary prints it, or, when not given, the
 * scenario's first one. A bare name held in two namespaces is ambiguous: the message says how
 * to name one (e.g. `deployment/payments/web`).
 */
export function targetWorkload(s: Scenario, spec?: string | null): Result<WorkloadRef> {
  const refOf = (o: Workload): WorkloadRef => ({ kind: o.kind, name: o.metadata.name, namespace: namespaceOf(o) });
  if (!spec) {
    const first = s.objects.find(isWorkload);
    return first ? ok(refOf(first)) : fail('the scenario has no workload to vary');
  }
  const m = /^(deployments?|deploy|daemonsets?|ds|statefulsets?|sts)(?:\.apps)?\/(?:([^/]+)\/)?([^/]+)$/.exec(spec);
  if (!m) return fail(`--workload takes KIND/NAME (deployment/web, daemonset/agent, statefulset/db), not "${spec}"`);
  const word = m[1] as string;
  const kind = /^(daemonsets?|ds)$/.test(word) ? 'DaemonSet' : /^(statefulsets?|sts)$/.test(word) ? 'StatefulSet' : 'Deployment';
  const ns = m[2];
  const name = m[3] as string;
  const found = s.objects
    .filter(isWorkload)
    .filter((o) => o.kind === kind && o.metadata.name === name && (ns === undefined || namespaceOf(o) === ns));
  const first = found[0];
  if (first === undefined) return fail(`the scenario has no ${kind} "${name}"${ns === undefined ? '' : ` in namespace "${ns}"`}`);
  const spaces = [...new Set(found.map(namespaceOf))];
  if (spaces.length > 1) {
    const word = kind.toLowerCase();
    return fail(`the scenario has a ${kind} "${name}" in namespaces ${spaces.join(', ')}: name one as ${word}/NAMESPACE/NAME, e.g. ${word}/${spaces[0]}/${name}`);
  }
  return ok(refOf(first));
}

/** summaryWorkload is the workload's name as the run summary prints it: `deployment/default/web`. */
export function summaryWorkload(_s: Scenario, ref: WorkloadRef): string {
  return `${ref.kind.toLowerCase()}/${ref.namespace || 'default'}/${ref.name}`;
}

/** setField sets one field on a workload manifest (a copy); a DaemonSet has no replicas. */
function setField(w: Workload, field: VariantField, value: VariantValue): Result<Workload> {
  const m = structuredClone(w) as Workload;
  if (field === 'replicas') {
    if (m.kind === 'DaemonSet') return fail('a DaemonSet has no replicas: it runs one pod per node');
    m.spec.replicas = value as number;
  } else if (field === 'minReadySeconds') {
    m.spec.minReadySeconds = value as number;
  } else if (field === 'partition') {
    if (m.kind !== 'StatefulSet') return fail(`a ${m.kind} has no partition: only a StatefulSet's rolling update has one`);
    // An explicit rollingUpdate block: the strategy type stays (or defaults to) RollingUpdate.
    const strategy = m.spec.updateStrategy ?? {};
    m.spec.updateStrategy = { ...strategy, rollingUpdate: { ...strategy.rollingUpdate, partition: value as number } };
  } else if (field === 'maxSurge' || field === 'maxUnavailable') {
    if (m.kind === 'StatefulSet') return fail(`a StatefulSet has no ${field}: it replaces one pod at a time (maxUnavailable needs the MaxUnavailableStatefulSet gate, off in v1.36)`);
    if (m.kind === 'Deployment') {
      const strategy = m.spec.strategy ?? {};
      m.spec.strategy = { ...strategy, rollingUpdate: { ...strategy.rollingUpdate, [field]: value } };
    } else {
      const strategy = m.spec.updateStrategy ?? {};
      m.spec.updateStrategy = { ...strategy, rollingUpdate: { ...strategy.rollingUpdate, [field]: value } };
    }
  }
  return ok(m);
}

/**
 * rolloutImage is the image the scenario's first rollout of the workload brings: the first
 * `set image` action naming it, or the first container image an `apply` of it changes.
 */
export function rolloutImage(s: Scenario, ref: WorkloadRef): string | null {
  const base = s.objects.find((o) => isRef(o, ref)) as Workload | undefined;
  const before = new Set(base?.spec.template.spec.containers.map((c) => c.image) ?? []);
  const ns = ref.namespace || 'default';
  for (const a of s.actions ?? []) {
    if ('kubectl' in a) {
      // kubectl's own parser: `-n payments set image deploy web app=nginx:2` names it too.
      const cmd = parseKubectl(a.kubectl);
      if (isKubectlError(cmd) || cmd.verb !== 'set-image' || cmd.namespace !== ns) continue;
      if (!cmd.targets.some((t) => t.kind === ref.kind && t.name === ref.name)) continue;
      const img = cmd.images[0]?.image;
      if (img) return img;
    } else if ('apply' in a && isRef(a.apply, ref)) {
      const img = a.apply.spec.template.spec.containers.map((c) => c.image).find((i) => i && !before.has(i));
      if (img) return img;
    }
  }
  return null;
}

/**
 * applyVariant is the scenario with the variant's values: a workload field is set on the
 * workload's manifest in `objects` and in every `apply` of it (so a later apply does not undo
 * it); `seed` on the scenario; `image` on cluster.images of the first rollout's image. The result
 * is validated: a refusal comes back as the API server's message, without the field path.
 */
export function applyVariant(s: Scenario, ref: WorkloadRef, variant: Variant): Result<Scenario> {
  const out = structuredClone(s) as Scenario;
  const same = (w: ScenarioObject): w is Workload => isRef(w, ref);
  for (const [field, value] of Object.entries(variant) as [VariantField, VariantValue][]) {
    if (field === 'seed') {
      out.seed = value as number;
    } else if (field === 'image') {
      const img = rolloutImage(out, ref);
      if (img === null) return fail(`no action of the scenario rolls ${ref.kind.toLowerCase()}/${ref.name} to a new image`);
      out.cluster = { ...out.cluster, images: { ...out.cluster?.images, [img]: IMAGE_SPECS[value as ImageBehaviour] } };
    } else {
      for (let i = 0; i < out.objects.length; i++) {
        const o = out.objects[i];
        if (o === undefined || !same(o)) continue;
        const r = setField(o, field, value);
        if (!r.ok) return r;
        out.objects[i] = r.value;
      }
      for (const a of out.actions ?? []) {
        if (!('apply' in a) || !same(a.apply)) continue;
        const r = setField(a.apply, field, value);
        if (!r.ok) return r;
        a.apply = r.value;
      }
    }
  }
  const valid = validateScenario(out);
  if (!valid.ok) return fail(...valid.errors.map(withoutPath));
  return valid;
}

/** withoutPath drops the scenario field path before an API server message (`objects[0]: The Deployment …`). */
export function withoutPath(message: string): string {
  return message.replace(/^[\w[\].]+: (?=The \w+ ")/, '');
}
