/**
 * Variants of a scenario (DESIGN.md §11): the same scenario with a few fields of one workload (or
 * the seed) set to other values — what the CLI's --sweep runs, what the page compares side by side
 * and what a sweep grid's cells are. Pure; the API server judges the result (both maxSurge and
 * maxUnavailable 0 is its refusal, reported as that variant's error, never a crash).
 */
import { type ImageBehaviour, IMAGE_SPECS, type Variant, type VariantField, type VariantValue } from './variantFields.ts';
import { validateScenario } from './validate.ts';
import { fail, ok, type Result, type Scenario, type ScenarioObject, type Workload } from './types.ts';

export * from './variantFields.ts';

/** The workload a variant changes: its kind and name. */
export interface WorkloadRef {
  kind: 'Deployment' | 'DaemonSet';
  name: string;
}

/** isWorkload tells a Deployment or DaemonSet from a Namespace among a scenario's objects. */
const isWorkload = (o: ScenarioObject): o is Workload => o.kind === 'Deployment' || o.kind === 'DaemonSet';

/**
 * targetWorkload finds the workload to vary: `KIND/NAME` (kubectl's words: deployment, deploy,
 * daemonset, ds) or, when not given, the scenario's first one.
 */
export function targetWorkload(s: Scenario, spec?: string | null): Result<WorkloadRef> {
  if (!spec) {
    const first = s.objects.find(isWorkload);
    return first ? ok({ kind: first.kind, name: first.metadata.name }) : fail('the scenario has no workload to vary');
  }
  const m = /^(deployments?|deploy|daemonsets?|ds)(?:\.apps)?\/(.+)$/.exec(spec);
  if (!m) return fail(`--workload takes KIND/NAME (deployment/web, daemonset/agent), not "${spec}"`);
  const kind = /^(daemonsets?|ds)$/.test(m[1] as string) ? 'DaemonSet' : 'Deployment';
  const name = m[2] as string;
  if (!s.objects.some((o) => o.kind === kind && o.metadata.name === name)) {
    return fail(`the scenario has no ${kind} "${name}"`);
  }
  return ok({ kind, name });
}

/** summaryWorkload is the workload's name as the run summary prints it: `deployment/default/web`. */
export function summaryWorkload(s: Scenario, ref: WorkloadRef): string {
  const o = s.objects.find((x) => x.kind === ref.kind && x.metadata.name === ref.name);
  return `${ref.kind.toLowerCase()}/${o?.metadata.namespace ?? 'default'}/${ref.name}`;
}

/** setField sets one field on a workload manifest (a copy); a DaemonSet has no replicas. */
function setField(w: Workload, field: VariantField, value: VariantValue): Result<Workload> {
  const m = structuredClone(w) as Workload;
  if (field === 'replicas') {
    if (m.kind === 'DaemonSet') return fail('a DaemonSet has no replicas: it runs one pod per node');
    m.spec.replicas = value as number;
  } else if (field === 'minReadySeconds') {
    m.spec.minReadySeconds = value as number;
  } else if (field === 'maxSurge' || field === 'maxUnavailable') {
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
  const base = s.objects.filter(isWorkload).find((o) => o.kind === ref.kind && o.metadata.name === ref.name);
  const before = new Set(base?.spec.template.spec.containers.map((c) => c.image) ?? []);
  for (const a of s.actions ?? []) {
    if ('kubectl' in a) {
      const m = /^set image\s+(\S+)\s+(.*)$/.exec(a.kubectl.trim());
      if (!m || !(m[1] as string).endsWith(`/${ref.name}`)) continue;
      const img = /[^\s=]+=(\S+)/.exec(m[2] as string)?.[1];
      if (img) return img;
    } else if ('apply' in a && a.apply.kind === ref.kind && a.apply.metadata.name === ref.name) {
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
  const same = (w: ScenarioObject): w is Workload => w.kind === ref.kind && w.metadata.name === ref.name;
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
