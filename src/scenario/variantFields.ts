/**
 * The fields and values of scenario variants (DESIGN.md §11): which fields a sweep or a compare may
 * vary, how their values are written (`25%`, `3`), `FIELD=V1,V2` axes and their cross product.
 * No validation here (variants.ts applies a variant), so the page reads a `&compare=` link
 * without loading the scenario checker.
 */
import { fail, type ImageSpec, ok, type Result } from './types.ts';

/** The fields a sweep varies (DESIGN.md §11), in the order the page lists them. */
export const SWEEP_FIELDS = ['maxSurge', 'maxUnavailable', 'replicas', 'minReadySeconds', 'seed', 'partition'] as const;
export type SweepField = (typeof SWEEP_FIELDS)[number];
/** Compare may also vary how the image the first rollout brings behaves. */
export const VARIANT_FIELDS = [...SWEEP_FIELDS, 'image'] as const;
export type VariantField = (typeof VARIANT_FIELDS)[number];

/** How a variant's new image behaves (cluster.images of the image the first rollout brings). */
export const IMAGE_BEHAVIOURS = ['ok', 'slow', 'pull-fail', 'crash', 'never-ready'] as const;
export type ImageBehaviour = (typeof IMAGE_BEHAVIOURS)[number];
export const IMAGE_SPECS: Record<ImageBehaviour, ImageSpec> = {
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
 * percentage (`3`, `25%`), replicas / minReadySeconds / seed / partition (a StatefulSet's) an integer, image a behaviour. Values
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

/** variantLabel is a variant in a few words: `maxSurge 25%, maxUnavailable 0`. */
export function variantLabel(v: Variant): string {
  return Object.entries(v)
    .map(([k, x]) => `${k} ${x}`)
    .join(', ');
}
