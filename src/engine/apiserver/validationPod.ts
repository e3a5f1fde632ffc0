// Port of the scheduling part of kubernetes pkg/apis/core/validation/validation.go (v1.36):
// ValidateResourceRequirements, validateAffinity (node, pod and pod anti-affinity),
// validateTopologySpreadConstraints and AccumulateUniqueHostPorts, with the API server's messages.
import type { Affinity, Container, LabelSelector, ObjectMeta, PodAffinityTerm, PodSpec, ResourceList, TopologySpreadConstraint } from '../api/types.ts';
import { formatQuantity, parseQuantity, type Quantity } from '../lib/quantity.ts';
import { duplicate, type FieldError, forbidden, invalid, notSupported, required } from '../apimachinery/fieldErrors.ts';
import { validateContainersOnlyForPod } from './validationContainer.ts';
import { isQualifiedName, validateLabelSelector, validateObjectMetaName, validatePodSpecCore } from './validationCore.ts';

const isNegativeErrorMsg = 'must be greater than or equal to 0';
const isNotPositiveErrorMsg = 'must be greater than zero';

/** Resource names a container may name without a domain (IsStandardContainerResourceName). */
function isStandardContainerResourceName(name: string): boolean {
  return name === 'cpu' || name === 'memory' || name === 'ephemeral-storage' || name.startsWith('hugepages-');
}

/** validateContainerResourceName: a qualified name; without a domain, a standard one; a domain name is an extended resource. */
function validateContainerResourceName(name: string, path: string): FieldError[] {
  const errs = isQualifiedName(name).map((m) => invalid(path, name, m));
  if (!name.includes('/')) {
    if (!isStandardContainerResourceName(name)) errs.push(invalid(path, name, 'must be a standard resource for containers'));
  } else if (name.startsWith('kubernetes.io/') || name.includes('.kubernetes.io/') || name.startsWith('requests.')) {
    errs.push(invalid(path, name, "doesn't follow extended resource name standard"));
  }
  return errs;
}

function parsed(v: string | number | undefined): Quantity | null {
  const r = parseQuantity(String(v));
  return r.ok ? r.value : null;
}

/** validateQuantity: `limits[cpu]: Invalid value: "-1": must be greater than or equal to 0` (ValidateResourceQuantityValue). */
function validateQuantity(q: Quantity, path: string): FieldError[] {
  return q.nanos < 0n ? [invalid(path, formatQuantity(q), isNegativeErrorMsg)] : [];
}

/**
 * validateResourceRequirements checks limits, then requests (names in sorted order; Go walks the
 * maps in random order): valid names, no negative quantity, and no request above its limit,
 * reported on `…resources.requests`: `Invalid value: "2": must be less than or equal to cpu limit of 1`.
 */
export function validateResourceRequirements(r: Container['resources'], path: string): FieldError[] {
  if (r === undefined) return [];
  const errs: FieldError[] = [];
  const limits: ResourceList = r.limits ?? {};
  const requests: ResourceList = r.requests ?? {};
  for (const name of Object.keys(limits).sort()) {
    const p = `${path}.limits[${name}]`;
    errs.push(...validateContainerResourceName(name, p));
    const q = parsed(limits[name]);
    if (q !== null) errs.push(...validateQuantity(q, p));
  }
  for (const name of Object.keys(requests).sort()) {
    const p = `${path}.requests[${name}]`;
    errs.push(...validateContainerResourceName(name, p));
    const q = parsed(requests[name]);
    if (q === null) continue;
    errs.push(...validateQuantity(q, p));
    const limit = Object.hasOwn(limits, name) ? parsed(limits[name]) : null;
    if (limit !== null && q.nanos > limit.nanos) {
      errs.push(invalid(`${path}.requests`, formatQuantity(q), `must be less than or equal to ${name} limit of ${formatQuantity(limit)}`));
    }
  }
  return errs;
}

/**
 * validateHostPorts: host ports equal to the container port with hostNetwork, unique by
 * ip/protocol/port in the pod (their range is validateContainerPorts', validationContainerFields.ts).
 */
export function validateHostPorts(spec: PodSpec, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  const check = (cs: readonly Container[], field: string) =>
    cs.forEach((c, i) => {
      (c.ports ?? []).forEach((port, j) => {
        const p = `${path}.${field}[${i}].ports[${j}].hostPort`;
        const hp = port.hostPort ?? 0;
        if (hp === 0) return;
        if (spec.hostNetwork && hp !== port.containerPort) errs.push(invalid(p, hp, 'must match `containerPort` when `hostNetwork` is true'));
        const key = `${port.hostIP ?? ''}/${port.protocol ?? 'TCP'}/${hp}`;
        if (seen.has(key)) errs.push(duplicate(p, key));
        seen.add(key);
      });
    });
  check(spec.initContainers ?? [], 'initContainers');
  check(spec.containers ?? [], 'containers');
  return errs;
}

function validateTopologyKey(key: string, path: string): FieldError[] {
  const errs: FieldError[] = key === '' ? [required(path, 'can not be empty')] : [];
  return [...errs, ...isQualifiedName(key).map((m) => invalid(path, key, m))];
}

function validateMatchLabelKeys(t: PodAffinityTerm, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const keys = [...(t.matchLabelKeys ?? []), ...(t.mismatchLabelKeys ?? [])];
  if (keys.length > 0 && t.labelSelector === undefined) {
    if ((t.matchLabelKeys ?? []).length) errs.push(forbidden(`${path}.matchLabelKeys`, 'must not be specified when labelSelector is not set'));
    if ((t.mismatchLabelKeys ?? []).length) errs.push(forbidden(`${path}.mismatchLabelKeys`, 'must not be specified when labelSelector is not set'));
  }
  (t.matchLabelKeys ?? []).forEach((k, i) => {
    for (const m of isQualifiedName(k)) errs.push(invalid(`${path}.matchLabelKeys[${i}]`, k, m));
    if ((t.mismatchLabelKeys ?? []).includes(k)) errs.push(invalid(`${path}.matchLabelKeys[${i}]`, k, 'exists in both matchLabelKeys and mismatchLabelKeys'));
  });
  (t.mismatchLabelKeys ?? []).forEach((k, i) => {
    for (const m of isQualifiedName(k)) errs.push(invalid(`${path}.mismatchLabelKeys[${i}]`, k, m));
  });
  return errs;
}

function validatePodAffinityTerm(t: PodAffinityTerm, path: string): FieldError[] {
  return [
    ...validateLabelSelector(t.labelSelector, `${path}.labelSelector`),
    ...validateLabelSelector(t.namespaceSelector, `${path}.namespaceSelector`),
    ...validateMatchLabelKeys(t, path),
    ...validateTopologyKey(t.topologyKey ?? '', `${path}.topologyKey`),
  ];
}

function validateWeight(w: number, path: string): FieldError[] {
  return w <= 0 || w > 100 ? [invalid(path, w, 'must be in the range 1-100')] : [];
}

function validatePodAffinity(a: NonNullable<Affinity['podAffinity']>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (a.requiredDuringSchedulingIgnoredDuringExecution ?? []).forEach((t, i) => {
    errs.push(...validatePodAffinityTerm(t, `${path}.requiredDuringSchedulingIgnoredDuringExecution[${i}]`));
  });
  (a.preferredDuringSchedulingIgnoredDuringExecution ?? []).forEach((w, i) => {
    const p = `${path}.preferredDuringSchedulingIgnoredDuringExecution[${i}]`;
    errs.push(...validateWeight(w.weight, `${p}.weight`));
    errs.push(...validatePodAffinityTerm(w.podAffinityTerm ?? { topologyKey: '' }, `${p}.podAffinityTerm`));
  });
  return errs;
}

/**
 * validateAffinity: a required node affinity needs at least one term; preferred weights are
 * 1–100; every pod (anti-)affinity term needs a valid topologyKey and selectors.
 */
export function validateAffinity(a: Affinity | undefined, path: string): FieldError[] {
  if (a === undefined) return [];
  const errs: FieldError[] = [];
  const na = a.nodeAffinity;
  if (na?.requiredDuringSchedulingIgnoredDuringExecution !== undefined && (na.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms ?? []).length === 0) {
    errs.push(required(`${path}.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms`, 'must have at least one node selector term'));
  }
  (na?.preferredDuringSchedulingIgnoredDuringExecution ?? []).forEach((t, i) => {
    errs.push(...validateWeight(t.weight, `${path}.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[${i}].weight`));
  });
  if (a.podAffinity) errs.push(...validatePodAffinity(a.podAffinity, `${path}.podAffinity`));
  if (a.podAntiAffinity) errs.push(...validatePodAffinity(a.podAntiAffinity, `${path}.podAntiAffinity`));
  return errs;
}

const SCHEDULE_ACTIONS = ['DoNotSchedule', 'ScheduleAnyway'] as const;
const INCLUSION_POLICIES = ['Honor', 'Ignore'] as const;

function selectorHasKey(s: LabelSelector | undefined, key: string): boolean {
  return s !== undefined && (Object.hasOwn(s.matchLabels ?? {}, key) || (s.matchExpressions ?? []).some((r) => r.key === key));
}

/**
 * validateTopologySpreadConstraints: maxSkew > 0, a topologyKey, whenUnsatisfiable DoNotSchedule
 * or ScheduleAnyway, no repeated {topologyKey, whenUnsatisfiable}, minDomains > 0 and only with
 * DoNotSchedule, the inclusion policies Honor or Ignore, matchLabelKeys not in the selector.
 */
export function validateTopologySpreadConstraints(cs: readonly TopologySpreadConstraint[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (cs ?? []).forEach((c, i) => {
    const p = `${path}[${i}]`;
    if (!(c.maxSkew > 0)) errs.push(invalid(`${p}.maxSkew`, c.maxSkew ?? 0, isNotPositiveErrorMsg));
    if (!c.topologyKey) errs.push(required(`${p}.topologyKey`, 'can not be empty'));
    if (!(SCHEDULE_ACTIONS as readonly string[]).includes(c.whenUnsatisfiable)) {
      errs.push(notSupported(`${p}.whenUnsatisfiable`, c.whenUnsatisfiable ?? '', SCHEDULE_ACTIONS));
    }
    const later = (cs ?? []).slice(i + 1);
    if (later.some((o) => o.topologyKey === c.topologyKey && o.whenUnsatisfiable === c.whenUnsatisfiable)) {
      errs.push(duplicate(`${p}.{topologyKey, whenUnsatisfiable}`, `{${c.topologyKey}, ${c.whenUnsatisfiable}}`));
    }
    if (c.minDomains !== undefined) {
      if (c.minDomains <= 0) errs.push(invalid(`${p}.minDomains`, c.minDomains, isNotPositiveErrorMsg));
      else if (c.whenUnsatisfiable !== 'DoNotSchedule') {
        errs.push(invalid(`${p}.minDomains`, c.minDomains, `can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ${c.whenUnsatisfiable}`));
      }
    }
    for (const k of ['nodeAffinityPolicy', 'nodeTaintsPolicy'] as const) {
      const v = c[k];
      if (v !== undefined && !(INCLUSION_POLICIES as readonly string[]).includes(v)) errs.push(notSupported(`${p}.${k}`, v, INCLUSION_POLICIES));
    }
    (c.matchLabelKeys ?? []).forEach((k, j) => {
      const kp = `${p}.matchLabelKeys[${j}]`;
      if (c.labelSelector === undefined) errs.push(forbidden(kp, 'must not be specified when labelSelector is not set'));
      for (const m of isQualifiedName(k)) errs.push(invalid(kp, k, m));
      if (selectorHasKey(c.labelSelector, k)) errs.push(invalid(kp, k, 'exists in both matchLabelKeys and labelSelector'));
    });
    errs.push(...validateLabelSelector(c.labelSelector, `${p}.labelSelector`));
  });
  return errs;
}

/**
 * validatePodTemplateScheduling checks the parts of a pod template the scheduler reads: each
 * container's resources, host ports, affinity and topology spread constraints, at their paths
 * under `path` (`spec.template`).
 */
export function validatePodTemplateScheduling(t: { spec?: PodSpec } | undefined, path: string): FieldError[] {
  return t?.spec === undefined ? [] : validatePodSpecScheduling(t.spec, `${path}.spec`);
}

/** validatePodSpecScheduling is validatePodTemplateScheduling of a spec at `path` (`spec` of a pod). */
export function validatePodSpecScheduling(spec: PodSpec, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (spec.initContainers ?? []).forEach((c, i) => {
    errs.push(...validateResourceRequirements(c.resources, `${path}.initContainers[${i}].resources`));
  });
  (spec.containers ?? []).forEach((c, i) => {
    errs.push(...validateResourceRequirements(c.resources, `${path}.containers[${i}].resources`));
  });
  errs.push(...validateHostPorts(spec, path));
  errs.push(...validateAffinity(spec.affinity, `${path}.affinity`));
  errs.push(...validateTopologySpreadConstraints(spec.topologySpreadConstraints, `${path}.topologySpreadConstraints`));
  return errs;
}

/**
 * validatePod is ValidatePodCreate's part this simulator models: the name (a DNS-1123 subdomain,
 * ValidatePodName), the labels, the namespace, the spec as a template's is checked, at `spec.…`, and
 * then what only a pod's containers must satisfy (validateContainersOnlyForPod).
 */
export function validatePod(pod: { metadata: ObjectMeta; spec?: PodSpec }): FieldError[] {
  const errs = validateObjectMetaName(pod.metadata);
  errs.push(...validatePodSpecCore(pod.spec, 'spec'));
  if (pod.spec !== undefined) errs.push(...validatePodSpecScheduling(pod.spec, 'spec'));
  errs.push(...validateContainersOnlyForPod(pod.spec, 'spec'));
  return errs;
}
