/**
 * Variants of a scenario (DESIGN.md §11): the same scenario with a few fields of one workload (or
 * the seed) set to other values — what the CLI's --sweep runs, what the page compares side by side
 * and what a sweep grid's cells are. Pure: parse the values, build the cross product, apply a
 * variant; the API server judges the result (both maxSurge and maxUnavailable 0 is its refusal,
 * reported as that variant's error, never a crash).
 */
import { validateScenario } from './validate.ts';
import { fail, type ImageSpec, ok, type Result, type Scenario, type Workload } from './types.ts';

/** The fields a sweep varies (DESIGN.md §11), in the order the page lists them. */
export const SWEEP_FIELDS = ['maxSurge', 'maxUnavailable', 'replicas', 'minReadySeconds', 'seed'] as const;
export type SweepField = (typeof SWEEP_FIELDS)[number];
/** Compare may also vary how the image the first rollout brings behaves. */
export const VARIANT_FIELDS = [...SWEEP_FIELDS, 'image'] as const;
export type VariantField = (typeof VARIANT_FIELDS)[number];

/** How a variant's new image behaves (cluster.images of the image the first rollout brings). */
export const IMAGE_BEHAVIOURS = ['ok', 'slow', 'pull-fail', 'crash', 'never-ready'] as const;
export type ImageBehaviour = (typeof IMAGE_BEHAVIOURS)[number];
const IMAGE_SPECS: Record<ImageBehaviour, ImageSpec> = {
  ok: {},
  slow: { pullSeconds: 10, readySeconds: [5, 15] },
  'pull-fail': { pull: 'fail' },
  crash: { crash: true },
  'never-ready': { ready: 'never' },
};

/** A value as the API takes it: an integer, or a percentage string such as "25%" (or an image behaviour). */
export type VariantValue = number | string;
/** A variant: field → value, in the order the fields were given. */
export type Variant = Partial<Record<VariantField, VariantValue>>;

/** Most cells one sweep runs: a 21 × 21 grid (0…100% in steps of 5%). */
export const MAX_SWEEP_CELLS = 441;

/** isVariantField tells whether a name is a field a variant may set. */
export function isVariantField(name: string): name is VariantField {
  return (VARIANT_FIELDS as readonly string[]).includes(name);
}

/** isSweepField tells whether a name is a field --sweep may vary. */
export function isSweepField(name: string): name is SweepField {
  return (SWEEP_FIELDS as readonly string[]).includes(name);
}

/**
 * parseVariantValue reads one value of a field: maxSurge / maxUnavailable take an integer or a
 * percentage (`3`, `25%`), replicas / minReadySeconds / seed an integer, image a behaviour. Values
 * the API server would refuse (a negative count, 150% unavailable) parse: the variant is refused
 * later, with the API server's words.
 */
export function parseVariantValue(field: VariantField, raw: string): Result<VariantValue> {
  const v = raw.trim();
  if (field === 'image') {
    if ((IMAGE_BEHAVIOURS as readonly string[]).includes(v)) return ok(v);
    return fail(`${field}: "${raw}" is not one of ${IMAGE_BEHAVIOURS.join(', ')}`);
  }
  if (/^-?\d+$/.test(v) && Number.isSafeInteger(Number(v))) return ok(Number(v));
  if ((field === 'maxSurge' || field === 'maxUnavailable') && /^\d+%$/.test(v)) return ok(v);
  const kind = field === 'maxSurge' || field === 'maxUnavailable' ? 'an integer or a percentage such as 25%' : 'an integer';
  return fail(`${field}: "${raw}" is not ${kind}`);
}

/** An axis of a sweep: one field and its values. */
export interface SweepAxis {
  field: VariantField;
  values: VariantValue[];
}

/** parseAxis reads `FIELD=V1,V2,…` (the CLI's --sweep) or, with sep ':', `FIELD:V1,V2` (a compare link). */
export function parseAxis(text: string, sep: '=' | ':' = '=', fields: readonly VariantField[] = SWEEP_FIELDS): Result<SweepAxis> {
  const at = text.indexOf(sep);
  if (at <= 0) return fail(`"${text}" is not FIELD${sep}V1,V2,…`);
  const field = text.slice(0, at);
  if (!(fields as readonly string[]).includes(field)) {
    return fail(`unknown field "${field}"; the fields are ${fields.join(', ')}`);
  }
  const values: VariantValue[] = [];
  for (const raw of text.slice(at + 1).split(',')) {
    const r = parseVariantValue(field as VariantField, raw);
    if (!r.ok) return r;
    values.push(r.value);
  }
  return ok({ field: field as VariantField, values });
}

/** crossProduct lists every variant of the axes, the first axis varying slowest; refuses duplicates and grids over MAX_SWEEP_CELLS. */
export function crossProduct(axes: readonly SweepAxis[]): Result<Variant[]> {
  const seen = new Set<string>();
  for (const a of axes) {
    if (seen.has(a.field)) return fail(`${a.field} is given twice`);
    seen.add(a.field);
  }
  const cells = axes.reduce((n, a) => n * a.values.length, 1);
  if (cells > MAX_SWEEP_CELLS) {
    const dims = axes.map((a) => a.values.length).join(' × ');
    return fail(`${dims} = ${cells} variants; a sweep runs at most ${MAX_SWEEP_CELLS} (21 × 21)`);
  }
  let out: Variant[] = [{}];
  for (const a of axes) out = out.flatMap((v) => a.values.map((x) => ({ ...v, [a.field]: x })));
  return ok(out);
}

/** The workload a variant changes: its kind and name. */
export interface WorkloadRef {
  kind: 'Deployment' | 'DaemonSet';
  name: string;
}

/**
 * targetWorkload finds the workload to vary: `KIND/NAME` (kubectl's words: deployment, deploy,
 * daemonset, ds) or, when not given, the scenario's first one.
 */
export function targetWorkload(s: Scenario, spec?: string | null): Result<WorkloadRef> {
  if (!spec) {
    const first = s.objects[0];
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
  const base = s.objects.find((o) => o.kind === ref.kind && o.metadata.name === ref.name);
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
  const same = (w: Workload) => w.kind === ref.kind && w.metadata.name === ref.name;
  for (const [field, value] of Object.entries(variant) as [VariantField, VariantValue][]) {
    if (field === 'seed') {
      out.seed = value as number;
    } else if (field === 'image') {
      const img = rolloutImage(out, ref);
      if (img === null) return fail(`no action of the scenario rolls ${ref.kind.toLowerCase()}/${ref.name} to a new image`);
      out.cluster = { ...out.cluster, images: { ...out.cluster?.images, [img]: IMAGE_SPECS[value as ImageBehaviour] } };
    } else {
      for (let i = 0; i < out.objects.length; i++) {
        const o = out.objects[i] as Workload;
        if (!same(o)) continue;
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

/** variantLabel is a variant in a few words: `maxSurge 25%, maxUnavailable 0`. */
export function variantLabel(v: Variant): string {
  return Object.entries(v)
    .map(([k, x]) => `${k} ${x}`)
    .join(', ');
}
