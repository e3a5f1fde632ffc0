// Port of kubernetes pkg/apis/core/validation/validation.go (v1.36): ValidatePodSpec's order over
// the parts this simulator models (containers, init containers, validatePodHostNetworkDeps,
// validateRestartPolicy, validateAffinity, validateTopologySpreadConstraints),
// ValidatePodTemplateSpec and ValidatePodCreate, with the API server's messages.
import type { Affinity, LabelSelector, ObjectMeta, PodAffinityTerm, PodSpec, PodTemplateSpec, TopologySpreadConstraint } from '../api/types.ts';
import { duplicate, type FieldError, forbidden, invalid, notSupported, required, sortedMap } from '../apimachinery/fieldErrors.ts';
import { selectorIsEmpty, selectorMatches } from '../lib/labels.ts';
import { validateContainers, validateContainersOnlyForPod, validateInitContainers } from './validationContainer.ts';
import { isQualifiedName, validateLabelSelector, validateLabels, validateObjectMetaName } from './validationCore.ts';

const isNotPositiveErrorMsg = 'must be greater than zero';

/**
 * validatePodHostNetworkDeps: with hostNetwork, a regular container's host port is its container
 * port (0, unset, is allowed in a template: defaulting sets it when the pod is made).
 */
function validatePodHostNetworkDeps(spec: PodSpec, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!spec.hostNetwork) return errs;
  (spec.containers ?? []).forEach((c, i) => {
    (c.ports ?? []).forEach((port, j) => {
      const hp = port.hostPort ?? 0;
      if (hp !== 0 && hp !== port.containerPort) errs.push(invalid(`${path}.containers[${i}].ports[${j}].hostPort`, hp, 'must match `containerPort` when `hostNetwork` is true'));
    });
  });
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
 * validatePodTemplateSpec is ValidatePodTemplateSpec: the template's labels, then its pod spec
 * (validatePodSpec) at `path.spec`.
 */
export function validatePodTemplateSpec(t: PodTemplateSpec | undefined, path: string): FieldError[] {
  if (!t) return [required(path)];
  const errs = validateLabels(t.metadata?.labels, `${path}.labels`);
  errs.push(...validatePodSpec(t.spec, `${path}.spec`));
  return errs;
}

/**
 * validatePodTemplateSpecForReplicaSet: the template's labels match the selector ("`selector` does
 * not match template `labels`"), the template is valid, its restartPolicy Always and it has no
 * activeDeadlineSeconds (a Job's field: Forbidden). A Deployment's template and a ReplicaSet's.
 */
export function validatePodTemplateSpecForReplicaSet(given: PodTemplateSpec | undefined, selector: LabelSelector | undefined, path: string): FieldError[] {
  // Go's spec.Template is a value, never nil: a manifest without one is an empty template.
  const t = given ?? ({} as PodTemplateSpec);
  const errs: FieldError[] = [];
  const labels = t?.metadata?.labels;
  // labels.Nothing() (no selector) is not Empty() and matches nothing; {} is Empty and skipped.
  if ((!selector || !selectorIsEmpty(selector)) && !selectorMatches(selector, labels)) {
    errs.push(invalid(`${path}.metadata.labels`, sortedMap(labels), '`selector` does not match template `labels`'));
  }
  errs.push(...validatePodTemplateSpec(t, path));
  const rp = t.spec?.restartPolicy ?? 'Always';
  if (rp !== 'Always') errs.push(notSupported(`${path}.spec.restartPolicy`, rp, ['Always']));
  if (t.spec?.activeDeadlineSeconds !== undefined) {
    errs.push(forbidden(`${path}.spec.activeDeadlineSeconds`, 'activeDeadlineSeconds in ReplicaSet is not Supported'));
  }
  return errs;
}

/**
 * validatePodSpec is ValidatePodSpec over what is modelled, in upstream's order: the containers
 * (each with its resources, the host ports across them), the init containers (each one's host ports
 * on their own: they run one by one), the host-network ports, a restartPolicy of the three, the
 * affinity, the topology spread constraints and activeDeadlineSeconds (1 to MaxInt32), at their
 * paths under `path` (`spec` of a pod, `spec.template.spec` of a workload's template).
 */
export function validatePodSpec(spec: PodSpec | undefined, path: string): FieldError[] {
  const errs = validateContainers(spec, `${path}.containers`);
  errs.push(...validateInitContainers(spec, `${path}.initContainers`));
  if (spec === undefined) return errs;
  errs.push(...validatePodHostNetworkDeps(spec, path));
  const rp = spec.restartPolicy;
  if (rp !== undefined && rp !== 'Always' && rp !== 'OnFailure' && rp !== 'Never') {
    errs.push(notSupported(`${path}.restartPolicy`, rp, ['Always', 'OnFailure', 'Never']));
  }
  errs.push(...validateAffinity(spec.affinity, `${path}.affinity`));
  errs.push(...validateTopologySpreadConstraints(spec.topologySpreadConstraints, `${path}.topologySpreadConstraints`));
  const deadline = spec.activeDeadlineSeconds;
  if (deadline !== undefined && !(deadline >= 1 && deadline <= 2147483647)) {
    errs.push(invalid(`${path}.activeDeadlineSeconds`, deadline, 'must be between 1 and 2147483647, inclusive'));
  }
  return errs;
}

/**
 * validatePod is ValidatePodCreate's part this simulator models: the name (a DNS-1123 subdomain,
 * ValidatePodName), the labels, the namespace, the spec as a template's is checked, at `spec.…`, and
 * then what only a pod's containers must satisfy (validateContainersOnlyForPod).
 */
export function validatePod(pod: { metadata: ObjectMeta; spec?: PodSpec }): FieldError[] {
  const errs = validateObjectMetaName(pod.metadata);
  errs.push(...validatePodSpec(pod.spec, 'spec'));
  errs.push(...validateContainersOnlyForPod(pod.spec, 'spec'));
  return errs;
}
