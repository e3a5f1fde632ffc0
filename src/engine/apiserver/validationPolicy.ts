// Ports of kubernetes pkg/apis/policy/validation (ValidatePodDisruptionBudget),
// pkg/apis/autoscaling/validation (ValidateHorizontalPodAutoscaler) and pkg/apis/core/validation
// (ValidateResourceQuota, ValidateService; ValidatePersistentVolumeClaim in validationClaim.ts), v1.36, with the API server's field errors — plus the
// decoding step that refuses a quantity that does not parse before validation ever runs.
import { validateLimitRange } from './validationLimitRange.ts';
import { validateConfigMap, validateSecret } from './validationConfig.ts';
import { validatePersistentVolumeClaim } from './validationClaim.ts';
import type { HorizontalPodAutoscaler, HPAScalingRules, MetricSpec, PodDisruptionBudget, PolicyObject, ResourceQuota, Service } from '../api/policyTypes.ts';
import { parseQuantity, QuantityErrors } from '../lib/quantity.ts';
import { duplicate, type FieldError, forbidden, invalid, notSupported, required } from '../apimachinery/fieldErrors.ts';
import { isNotMoreThan100Percent, validatePositiveIntOrPercent } from './validation.ts';
import { isDNS1123Label, isQualifiedName, regexError, selectorJSON, validateLabelSelector, validateLabels, validateObjectMetaName } from './validationCore.ts';

/**
 * decodeQuantities is the JSON decoding of the object's quantities: a value that does not parse
 * stops the request with `ResourceQuota in version "v1" cannot be handled as a ResourceQuota:
 * quantities must match the regular expression '…'`. Returns that message, or null.
 */
export function decodeQuantities(o: PolicyObject): string | null {
  const values: unknown[] = [];
  if (o.kind === 'ResourceQuota') values.push(...Object.values(o.spec?.hard ?? {}));
  if (o.kind === 'LimitRange') {
    for (const item of o.spec?.limits ?? []) {
      for (const list of [item.max, item.min, item.default, item.defaultRequest, item.maxLimitRequestRatio]) values.push(...Object.values(list ?? {}));
    }
  }
  if (o.kind === 'PersistentVolumeClaim') values.push(...Object.values(o.spec?.resources?.requests ?? {}), ...Object.values(o.spec?.resources?.limits ?? {}));
  if (o.kind === 'HorizontalPodAutoscaler') {
    for (const m of o.spec.metrics ?? []) {
      const t = m.resource?.target ?? m.containerResource?.target;
      if (t?.averageValue !== undefined) values.push(t.averageValue);
      if (t?.value !== undefined) values.push(t.value);
    }
    for (const r of [o.spec.behavior?.scaleUp, o.spec.behavior?.scaleDown]) if (r?.tolerance !== undefined) values.push(r.tolerance);
  }
  for (const v of values) {
    const q = typeof v === 'number' ? parseQuantity(String(v)) : typeof v === 'string' ? parseQuantity(v) : { ok: false as const, error: QuantityErrors.formatWrong };
    if (!q.ok) {
      const version = o.apiVersion.includes('/') ? o.apiVersion.split('/')[1] : o.apiVersion;
      return `${o.kind} in version ${JSON.stringify(version)} cannot be handled as a ${o.kind}: ${q.error}`;
    }
  }
  return null;
}

/** The internal PodDisruptionBudgetSpec as the error prints it (internal types marshal without json tags). */
function internalPdbSpecJSON(spec: PodDisruptionBudget['spec']): unknown {
  return {
    MinAvailable: spec.minAvailable ?? null,
    Selector: selectorJSON(spec.selector),
    MaxUnavailable: spec.maxUnavailable ?? null,
    UnhealthyPodEvictionPolicy: spec.unhealthyPodEvictionPolicy ?? null,
  };
}

const UNHEALTHY_POLICIES = ['AlwaysAllow', 'IfHealthyBudget'] as const;

/** validatePodDisruptionBudget: not both minAvailable and maxUnavailable; each a non-negative int or a percent ≤ 100 %. */
export function validatePodDisruptionBudget(pdb: PodDisruptionBudget): FieldError[] {
  const errs = validateObjectMetaName(pdb.metadata);
  const spec = pdb.spec ?? {};
  if (spec.minAvailable !== undefined && spec.maxUnavailable !== undefined) {
    errs.push(invalid('spec', internalPdbSpecJSON(spec), 'minAvailable and maxUnavailable cannot be both set'));
  }
  if (spec.minAvailable !== undefined) {
    errs.push(...validatePositiveIntOrPercent(spec.minAvailable, 'spec.minAvailable'), ...isNotMoreThan100Percent(spec.minAvailable, 'spec.minAvailable'));
  }
  if (spec.maxUnavailable !== undefined) {
    errs.push(...validatePositiveIntOrPercent(spec.maxUnavailable, 'spec.maxUnavailable'), ...isNotMoreThan100Percent(spec.maxUnavailable, 'spec.maxUnavailable'));
  }
  errs.push(...validateLabelSelector(spec.selector, 'spec.selector'));
  if (spec.unhealthyPodEvictionPolicy !== undefined && !(UNHEALTHY_POLICIES as readonly string[]).includes(spec.unhealthyPodEvictionPolicy)) {
    errs.push(notSupported('spec.unhealthyPodEvictionPolicy', spec.unhealthyPodEvictionPolicy, UNHEALTHY_POLICIES));
  }
  return errs;
}

/** isValidPathSegmentName: names that can be a path segment (no `/`, `%`, `.` or `..`). */
function isValidPathSegmentName(name: string): string[] {
  if (name === '.' || name === '..') return [`may not be '${name}'`];
  const out: string[] = [];
  for (const c of ['/', '%']) if (name.includes(c)) out.push(`may not contain '${c}'`);
  return out;
}

function validateCrossVersionObjectReference(ref: HorizontalPodAutoscaler['spec']['scaleTargetRef'] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!ref?.kind) errs.push(required(`${path}.kind`));
  else for (const m of isValidPathSegmentName(ref.kind)) errs.push(invalid(`${path}.kind`, ref.kind, m));
  if (!ref?.name) errs.push(required(`${path}.name`));
  else for (const m of isValidPathSegmentName(ref.name)) errs.push(invalid(`${path}.name`, ref.name, m));
  return errs;
}

const METRIC_TYPES = ['External', 'Object', 'Pods', 'Resource', 'ContainerResource'];

function positive(v: string | undefined): boolean {
  if (v === undefined) return true;
  const q = parseQuantity(v);
  return q.ok && q.value.nanos > 0n;
}

function validateMetricSpec(spec: MetricSpec, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!spec.type) return [required(`${path}.type`, 'must specify a metric source type')];
  if (!METRIC_TYPES.includes(spec.type)) return [invalid(`${path}.type`, spec.type, 'must be either External, Object, Pods, Resource or ContainerResource')];
  const field = spec.type === 'Resource' ? 'resource' : spec.type === 'ContainerResource' ? 'containerResource' : spec.type.charAt(0).toLowerCase() + spec.type.slice(1);
  const src = (spec as unknown as Record<string, unknown>)[field];
  if (src === undefined) return [required(`${path}.${field}`, 'must populate information for the given metric source')];
  if (spec.type !== 'Resource' || !spec.resource) return errs;
  const r = spec.resource;
  const p = `${path}.resource`;
  if (!r.name) errs.push(required(`${p}.name`, 'must specify a resource name'));
  const t = r.target ?? { type: '' };
  if (!t.type) errs.push(required(`${p}.target.type`, 'must specify a metric target type'));
  if (!['Utilization', 'Value', 'AverageValue'].includes(t.type)) errs.push(invalid(`${p}.target.type`, t.type, 'must be either Utilization, Value, or AverageValue'));
  if (!positive(t.value)) errs.push(invalid(`${p}.target.value`, t.value, 'must be positive'));
  if (!positive(t.averageValue)) errs.push(invalid(`${p}.target.averageValue`, t.averageValue, 'must be positive'));
  if (t.averageUtilization !== undefined && t.averageUtilization < 1) errs.push(invalid(`${p}.target.averageUtilization`, t.averageUtilization, 'must be greater than 0'));
  if (t.averageUtilization === undefined && t.averageValue === undefined) {
    errs.push(required(`${p}.target.averageUtilization`, 'must set either a target raw value or a target utilization'));
  }
  if (t.averageUtilization !== undefined && t.averageValue !== undefined) {
    errs.push(invalid(`${p}.target.averageValue`, t.averageValue, 'may not set both a target raw value and a target utilization'));
  }
  return errs;
}

const MAX_STABILIZATION_WINDOW = 3600;
const MAX_PERIOD_SECONDS = 1800;

function validateScalingRules(r: HPAScalingRules | undefined, path: string): FieldError[] {
  if (!r) return [];
  const errs: FieldError[] = [];
  const w = r.stabilizationWindowSeconds;
  if (w !== undefined && w < 0) errs.push(invalid(`${path}.stabilizationWindowSeconds`, w, 'must be greater than or equal to zero'));
  if (w !== undefined && w > MAX_STABILIZATION_WINDOW) errs.push(invalid(`${path}.stabilizationWindowSeconds`, w, `must be less than or equal to ${MAX_STABILIZATION_WINDOW}`));
  if (r.selectPolicy !== undefined && !['Disabled', 'Max', 'Min'].includes(r.selectPolicy)) {
    errs.push(notSupported(`${path}.selectPolicy`, r.selectPolicy, ['Disabled', 'Max', 'Min']));
  }
  if (!r.policies || r.policies.length === 0) errs.push(required(`${path}.policies`, 'must specify at least one Policy'));
  (r.policies ?? []).forEach((p, i) => {
    const at = `${path}.policies[${i}]`;
    if (p.type !== 'Pods' && p.type !== 'Percent') errs.push(notSupported(`${at}.type`, p.type, ['Percent', 'Pods']));
    if (p.value <= 0) errs.push(invalid(`${at}.value`, p.value, 'must be greater than zero'));
    if (p.periodSeconds <= 0) errs.push(invalid(`${at}.periodSeconds`, p.periodSeconds, 'must be greater than zero'));
    if (p.periodSeconds > MAX_PERIOD_SECONDS) errs.push(invalid(`${at}.periodSeconds`, p.periodSeconds, `must be less than or equal to ${MAX_PERIOD_SECONDS}`));
  });
  return errs;
}

/** validateHorizontalPodAutoscaler: minReplicas ≥ 1, maxReplicas > 0 and ≥ minReplicas, then the target, metrics, behavior. */
export function validateHorizontalPodAutoscaler(h: HorizontalPodAutoscaler): FieldError[] {
  const errs: FieldError[] = [];
  if (!h.metadata?.name) errs.push(required('metadata.name', 'name or generateName is required'));
  else for (const m of isValidPathSegmentName(h.metadata.name)) errs.push(invalid('metadata.name', h.metadata.name, m));
  const spec = h.spec ?? ({} as HorizontalPodAutoscaler['spec']);
  if (spec.minReplicas !== undefined && spec.minReplicas < 1) errs.push(invalid('spec.minReplicas', spec.minReplicas, 'must be greater than or equal to 1'));
  const max = spec.maxReplicas ?? 0;
  if (max < 1) errs.push(invalid('spec.maxReplicas', max, 'must be greater than 0'));
  if (spec.minReplicas !== undefined && max < spec.minReplicas) errs.push(invalid('spec.maxReplicas', max, 'must be greater than or equal to `minReplicas`'));
  const refErrs = validateCrossVersionObjectReference(spec.scaleTargetRef, 'spec.scaleTargetRef');
  if (refErrs.length > 0) return [...errs, ...refErrs];
  const metricErrs = (spec.metrics ?? []).flatMap((m, i) => validateMetricSpec(m, `spec.metrics[${i}]`));
  if (metricErrs.length > 0) return [...errs, ...metricErrs];
  errs.push(...validateScalingRules(spec.behavior?.scaleUp, 'spec.behavior.scaleUp'), ...validateScalingRules(spec.behavior?.scaleDown, 'spec.behavior.scaleDown'));
  return errs;
}

const STANDARD_QUOTA = new Set([
  'pods',
  'services',
  'replicationcontrollers',
  'resourcequotas',
  'secrets',
  'configmaps',
  'persistentvolumeclaims',
  'services.nodeports',
  'services.loadbalancers',
  'cpu',
  'memory',
  'ephemeral-storage',
  'requests.cpu',
  'requests.memory',
  'requests.storage',
  'requests.ephemeral-storage',
  'limits.cpu',
  'limits.memory',
  'limits.ephemeral-storage',
]);
const INTEGER_QUOTA = new Set(['pods', 'services', 'replicationcontrollers', 'resourcequotas', 'secrets', 'configmaps', 'persistentvolumeclaims', 'services.nodeports', 'services.loadbalancers']);
const QUOTA_SCOPES = ['BestEffort', 'CrossNamespacePodAffinity', 'NotBestEffort', 'NotTerminating', 'PriorityClass', 'Terminating', 'VolumeAttributesClass'];

function validateResourceList(list: Record<string, string> | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const k of Object.keys(list ?? {}).sort()) {
    const p = `${path}[${k}]`;
    const v = String(list?.[k]);
    const counted = k.startsWith('count/');
    if (!STANDARD_QUOTA.has(k) && !counted && !k.includes('/')) {
      errs.push(invalid(p, k, 'must be a standard resource for quota'));
      continue;
    }
    for (const m of isQualifiedName(k.replace(/^count\//, ''))) errs.push(invalid(p, k, m));
    const q = parseQuantity(v);
    if (!q.ok) continue;
    if (q.value.nanos < 0n) errs.push(invalid(p, v, 'must be greater than or equal to 0'));
    if ((INTEGER_QUOTA.has(k) || counted) && q.value.nanos % 1_000_000_000n !== 0n) errs.push(invalid(p, v, 'must be an integer'));
  }
  return errs;
}

/** validateResourceQuota: standard resource names, non-negative (integer where counted) quantities, known scopes. */
export function validateResourceQuota(q: ResourceQuota): FieldError[] {
  const errs = validateObjectMetaName(q.metadata);
  errs.push(...validateResourceList(q.spec?.hard, 'spec.hard'));
  (q.spec?.scopes ?? []).forEach((s, i) => {
    if (!QUOTA_SCOPES.includes(s)) errs.push(notSupported(`spec.scopes[${i}]`, s, QUOTA_SCOPES));
  });
  return errs;
}

const dns1035Fmt = '[a-z]([-a-z0-9]*[a-z0-9])?';
const dns1035Msg = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";

/** validateService: a DNS-1035 name, a known type, ports in 1–65535 (at least one, unless headless or ExternalName; each named when several). */
export function validateService(s: Service): FieldError[] {
  const errs: FieldError[] = [];
  const name = s.metadata?.name ?? '';
  if (!name) errs.push(required('metadata.name', 'name or generateName is required'));
  else if (!new RegExp(`^${dns1035Fmt}$`).test(name) || name.length > 63) {
    errs.push(invalid('metadata.name', name, regexError(dns1035Msg, dns1035Fmt, 'my-name', 'abc-123')));
  }
  errs.push(...validateLabels(s.metadata?.labels, 'metadata.labels'));
  const spec = s.spec ?? {};
  const type = spec.type ?? 'ClusterIP';
  if (!['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName'].includes(type)) {
    errs.push(notSupported('spec.type', type, ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort']));
  }
  if (type !== 'ExternalName' && spec.clusterIP !== 'None' && (spec.ports ?? []).length === 0) errs.push(required('spec.ports'));
  // validateServicePort: several ports each need a name (a DNS-1123 label, once), then a port number.
  const portNames = new Set<string>();
  (spec.ports ?? []).forEach((p, i) => {
    if (!p.name && (spec.ports ?? []).length > 1) errs.push(required(`spec.ports[${i}].name`));
    else if (p.name) {
      for (const msg of isDNS1123Label(p.name)) errs.push(invalid(`spec.ports[${i}].name`, p.name, msg));
      if (portNames.has(p.name)) errs.push(duplicate(`spec.ports[${i}].name`, p.name));
      portNames.add(p.name);
    }
    if (!(p.port >= 1 && p.port <= 65535)) errs.push(invalid(`spec.ports[${i}].port`, p.port, 'must be between 1 and 65535, inclusive'));
  });
  errs.push(...validateLabels(spec.selector, 'spec.selector'));
  // A node port on a ClusterIP Service is refused (the usual error of an apply that turned a
  // NodePort Service back into a ClusterIP one and kept its nodePort lines).
  if (type === 'ClusterIP') {
    (spec.ports ?? []).forEach((p, i) => {
      if (p.nodePort) errs.push(forbidden(`spec.ports[${i}].nodePort`, "may not be used when `type` is 'ClusterIP'"));
    });
  }
  // One node port per protocol: the same (protocol, nodePort) twice is a Duplicate.
  const nodePorts = new Set<string>();
  (spec.ports ?? []).forEach((p, i) => {
    if (!p.nodePort) return;
    const key = `${p.protocol ?? 'TCP'}/${p.nodePort}`;
    if (nodePorts.has(key)) errs.push(duplicate(`spec.ports[${i}].nodePort`, p.nodePort));
    nodePorts.add(key);
  });
  return errs;
}

/** validatePolicyObject validates whichever policy kind it is given. */
export function validatePolicyObject(o: PolicyObject): FieldError[] {
  switch (o.kind) {
    case 'PodDisruptionBudget':
      return validatePodDisruptionBudget(o);
    case 'HorizontalPodAutoscaler':
      return validateHorizontalPodAutoscaler(o);
    case 'ResourceQuota':
      return validateResourceQuota(o);
    case 'LimitRange':
      return validateLimitRange(o);
    case 'Service':
      return validateService(o);
    case 'ConfigMap':
      return validateConfigMap(o);
    case 'Secret':
      return validateSecret(o);
    case 'PersistentVolumeClaim':
      return validatePersistentVolumeClaim(o);
  }
}
