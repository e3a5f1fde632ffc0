// Port of ValidatePodUpdate, ValidateContainerUpdates and validateOnlyAddedTolerations of kubernetes
// pkg/apis/core/validation/validation.go (v1.36).
/**
 * What a client may change in a pod's spec once it exists: its containers' and init containers'
 * images, a shorter activeDeadlineSeconds, added tolerations, removed scheduling gates, and a
 * negative terminationGracePeriodSeconds set to 1. Anything else is refused whole with
 * `spec: Forbidden: pod updates may not change fields other than …` and a diff of the specs.
 *
 * Upstream's diff is go-cmp's report of the internal core.PodSpec structs, a format go-cmp keeps
 * unstable on purpose (it swaps spaces for no-break spaces at random from one process to the
 * next), so no two clusters print it alike: the first line is upstream's, the diff below it is
 * ours in its shape (`- ` the stored value, `+ ` the one asked for, one line per changed field).
 */
import type { PodSpec } from '../api/types.ts';
import { type FieldError, forbidden, invalid, required } from '../apimachinery/fieldErrors.ts';
import { jsonEqual } from './jsonEqual.ts';

/** updatablePodSpecFields: the fields the message names, in its order. */
export const updatablePodSpecFields = [
  '`spec.containers[*].image`',
  '`spec.initContainers[*].image`',
  '`spec.activeDeadlineSeconds`',
  '`spec.tolerations` (only additions to existing tolerations)',
  '`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
];

const MAX_INT32 = 2147483647;

/** The spec with the two fields only this check reads (the simulator models neither). */
type UpdatedSpec = PodSpec & { activeDeadlineSeconds?: number | null; schedulingGates?: unknown[] };
type Containers = PodSpec['containers'];
type Tolerations = NonNullable<PodSpec['tolerations']>;

/**
 * validateContainerUpdates: the same number of containers (`stop` then ends the checks), each
 * with an image without surrounding spaces.
 */
export function validateContainerUpdates(next: Containers | undefined, old: Containers | undefined, path: string): { errs: FieldError[]; stop: boolean } {
  const n = next ?? [];
  if (n.length !== (old ?? []).length) return { errs: [forbidden(path, 'pod updates may not add or remove containers')], stop: true };
  const errs: FieldError[] = [];
  n.forEach((c, i) => {
    const image = c.image ?? '';
    if (image === '') errs.push(required(`${path}[${i}].image`));
    if (image.trim().length !== image.length) errs.push(invalid(`${path}[${i}].image`, image, 'must not have leading or trailing whitespace'));
  });
  return { errs, stop: false };
}

/** validateOnlyAddedTolerations: every toleration there was is still there (its tolerationSeconds aside). */
export function validateOnlyAddedTolerations(next: Tolerations | undefined, old: Tolerations | undefined, path: string): FieldError[] {
  const same = (a: Tolerations[number], b: Tolerations[number]) =>
    (a.key ?? '') === (b.key ?? '') && (a.operator ?? 'Equal') === (b.operator ?? 'Equal') && (a.value ?? '') === (b.value ?? '') && (a.effect ?? '') === (b.effect ?? '');
  for (const t of old ?? []) {
    if (!(next ?? []).some((n) => same(n, t))) return [forbidden(path, 'existing toleration can not be modified except its tolerationSeconds')];
  }
  return [];
}

/** validatePodUpdate is ValidatePodUpdate's spec part: the errors of changing pod spec `old` into `next`. */
export function validatePodUpdate(next: UpdatedSpec, old: UpdatedSpec): FieldError[] {
  const errs: FieldError[] = [];
  for (const [which, path] of [
    ['containers', 'spec.containers'],
    ['initContainers', 'spec.initContainers'],
  ] as const) {
    const r = validateContainerUpdates(next[which], old[which], path);
    errs.push(...r.errs);
    if (r.stop) return errs;
  }
  // activeDeadlineSeconds: from none to a value, or to a smaller one, never back to none.
  const deadline = next.activeDeadlineSeconds;
  const oldDeadline = old.activeDeadlineSeconds;
  if (deadline !== undefined && deadline !== null) {
    if (deadline < 0 || deadline > MAX_INT32) return [...errs, invalid('spec.activeDeadlineSeconds', deadline, `must be between 0 and ${MAX_INT32}, inclusive`)];
    if (oldDeadline !== undefined && oldDeadline !== null && oldDeadline < deadline) {
      return [...errs, invalid('spec.activeDeadlineSeconds', deadline, 'must be less than or equal to previous value')];
    }
  } else if (oldDeadline !== undefined && oldDeadline !== null) {
    errs.push(invalid('spec.activeDeadlineSeconds', null, 'must not update from a positive integer to nil value'));
  }
  errs.push(...validateOnlyAddedTolerations(next.tolerations, old.tolerations, 'spec.tolerations'));
  if (jsonEqual(next, old)) return errs;
  const munged = mungedPodSpec(next, old);
  if (!jsonEqual(munged, old)) {
    errs.push(forbidden('spec', `pod updates may not change fields other than ${updatablePodSpecFields.join(',')}\n${specDiff(old, munged)}`));
  }
  return errs;
}

/** mungedPodSpec is `next` with the fields a client may change put back as they were in `old`. */
function mungedPodSpec(next: UpdatedSpec, old: UpdatedSpec): UpdatedSpec {
  const munged: UpdatedSpec = { ...next, containers: next.containers.map((c, i) => withImageOf(c, old.containers[i])) };
  if (next.initContainers) munged.initContainers = next.initContainers.map((c, i) => withImageOf(c, old.initContainers?.[i]));
  for (const key of ['activeDeadlineSeconds', 'schedulingGates', 'tolerations'] as const) {
    if (old[key] === undefined) delete munged[key];
    else (munged as unknown as Record<string, unknown>)[key] = old[key];
  }
  const oldGrace = old.terminationGracePeriodSeconds;
  if (oldGrace !== undefined && oldGrace !== null && oldGrace < 0 && munged.terminationGracePeriodSeconds === 1) munged.terminationGracePeriodSeconds = oldGrace;
  return munged;
}

function withImageOf<C extends { image?: string }>(c: C, old: { image?: string } | undefined): C {
  if (old?.image === undefined) {
    const { image: _image, ...rest } = c;
    return rest as C;
  }
  return { ...c, image: old.image };
}

/** The Go names of the spec's fields whose JSON names do not capitalise to them. */
const GO_NAMES: Readonly<Record<string, string>> = { dnsPolicy: 'DNSPolicy', dnsConfig: 'DNSConfig', hostIPC: 'HostIPC', hostPID: 'HostPID', os: 'OS' };

/**
 * specDiff lists the fields of the two specs that differ, in the shape of go-cmp's report: the
 * struct, the count of identical fields, then a `- ` line with the old value and a `+ ` line with
 * the new one for each field that changed (JSON values). `fields`, when given, is the Go struct's
 * whole field list in its order (so unset fields count among the identical ones); otherwise the
 * fields the specs have, in their order.
 */
export function specDiff(old: object, next: object, struct = 'core.PodSpec', fields?: readonly string[]): string {
  const keys = fields ?? [...new Set([...Object.keys(old), ...Object.keys(next)])];
  const o = old as unknown as Record<string, unknown>;
  const n = next as unknown as Record<string, unknown>;
  const lines = [`  ${struct}{`];
  let identical = 0;
  const flush = () => {
    if (identical > 0) lines.push(`  \t... // ${identical} identical field${identical === 1 ? '' : 's'}`);
    identical = 0;
  };
  for (const k of keys) {
    if (jsonEqual(o[k], n[k])) {
      identical++;
      continue;
    }
    flush();
    const name = GO_NAMES[k] ?? k.charAt(0).toUpperCase() + k.slice(1);
    if (o[k] !== undefined) lines.push(`- \t${name}: ${JSON.stringify(o[k])},`);
    if (n[k] !== undefined) lines.push(`+ \t${name}: ${JSON.stringify(n[k])},`);
  }
  flush();
  lines.push('  }');
  return `${lines.join('\n')}\n`;
}
