/**
 * Validation of one workload manifest in `objects` or an `apply` action, in the order the API
 * server works: the kind and apiVersion are known (`no matches for kind …`), the JSON decodes into
 * the apps/v1 types (manifestShape.ts), then the object, with Kubernetes defaults, passes
 * validation (src/engine/apiserver/validation.ts) and gets the API server's message:
 * `The Deployment "web" is invalid: spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: …`.
 * The manifest is kept as written (null fields dropped); defaulting is the engine's job.
 */
import { apiserverInvalidMessage } from './apiserverCheck.ts';
import { describeValue, field, isRecord, type Issues, own, report } from './check.ts';
import { replicasLimitMessage, secondsLimitMessage } from './limits.ts';
import { decodeManifest, decodePolicyManifest } from '../engine/apiserver/decoding/manifestShape.ts';
import { LIMITS, type ScenarioObject, type Workload } from './types.ts';
import type { PolicyObject } from '../engine/api/policyTypes.ts';
import { POLICY_API_VERSIONS } from '../engine/api/policyTypes.ts';
import type { Namespace, Pod, PodSpec, ReplicaSet } from '../engine/api/types.ts';
import type { PersistentVolumeObject } from '../engine/api/volumeTypes.ts';
import { prepareObject } from '../engine/apiserver/rest/kinds.ts';
import { isPolicyKind, preparePolicyObject } from '../engine/apiserver/createPolicy.ts';
import { invalidMessage } from '../engine/apimachinery/fieldErrors.ts';
import { validateNamespace } from '../engine/apiserver/validationCore.ts';


/** The kinds Rollout Lab simulates, and the one apiVersion it serves them at. */
export const WORKLOAD_KINDS = ['Deployment', 'DaemonSet', 'StatefulSet'] as const;
export const WORKLOAD_API_VERSION = 'apps/v1';

/** unsupportedKindMessage explains that a kind is not simulated. */
export function unsupportedKindMessage(kind: string): string {
  return `unsupported kind ${JSON.stringify(kind)} (Rollout Lab simulates Deployment, DaemonSet and StatefulSet, with ReplicaSet, Pod, Namespace, ResourceQuota, LimitRange, PodDisruptionBudget, HorizontalPodAutoscaler, Service, ConfigMap, Secret, PersistentVolumeClaim and PersistentVolume)`;
}

/** isScenarioObjectKind tells whether `objects` and `apply` take this kind. */
export function isScenarioObjectKind(kind: unknown): kind is ScenarioObject['kind'] {
  return isWorkloadKind(kind) || isPolicyKind(kind) || kind === 'Namespace' || kind === 'Pod' || kind === 'PersistentVolume' || kind === 'ReplicaSet';
}

/**
 * validateScenarioObject checks one object of `objects` or of an `apply` action at `path`: a v1
 * Namespace, or a workload (validateWorkload).
 */
export function validateScenarioObject(issues: Issues, path: string, x: unknown): ScenarioObject | null {
  if (isRecord(x) && own(x, 'kind') === 'Namespace') return validateNamespaceManifest(issues, path, x);
  if (isRecord(x) && own(x, 'kind') === 'Pod') return validatePodManifest(issues, path, x);
  if (isRecord(x) && own(x, 'kind') === 'PersistentVolume') return validatePersistentVolumeManifest(issues, path, x);
  if (isRecord(x) && own(x, 'kind') === 'ReplicaSet') return validateReplicaSetManifest(issues, path, x);
  return validateWorkload(issues, path, x);
}

/**
 * decodedV1 is a core/v1 manifest of `kind` as the API server's decoder takes it (its apiVersion,
 * then the Go type), or null after reporting why not.
 */
function decodedV1(issues: Issues, path: string, x: Record<string, unknown>, kind: 'Namespace' | 'Pod'): Record<string, unknown> | null {
  const apiVersion = own(x, 'apiVersion');
  if (apiVersion !== 'v1') {
    report(issues, field(path, 'apiVersion'), `no matches for kind "${kind}" in version ${JSON.stringify(String(apiVersion ?? ''))} (a ${kind} is v1)`);
    return null;
  }
  const decoded = decodeManifest(kind, x);
  if (!decoded.ok) {
    report(issues, path, decoded.message);
    return null;
  }
  return decoded.value;
}

/**
 * validateNamespaceManifest checks a v1 Namespace: its apiVersion, the decoder, then the API
 * server's ValidateNamespace (`The Namespace "Pay_ments" is invalid: metadata.name: Invalid value: …`).
 */
function validateNamespaceManifest(issues: Issues, path: string, x: Record<string, unknown>): Namespace | null {
  const decoded = decodedV1(issues, path, x, 'Namespace');
  if (decoded === null) return null;
  const ns = decoded as unknown as Namespace;
  const meta = ns.metadata ?? { name: '' };
  const errs = validateNamespace(meta);
  if (errs.length > 0) {
    report(issues, path, invalidMessage('Namespace', typeof meta.name === 'string' ? meta.name : '', errs));
    return null;
  }
  return ns;
}

/**
 * validatePodManifest checks a v1 Pod of its own as the API server would take it from a client:
 * its apiVersion, the decoder, then SetDefaults_Pod and ValidatePodCreate (rest/kinds.ts), with
 * the API server's message (`The Pod "web" is invalid: spec.containers[0].image: Required value`).
 */
function validatePodManifest(issues: Issues, path: string, x: Record<string, unknown>): Pod | null {
  const decoded = decodedV1(issues, path, x, 'Pod');
  if (decoded === null) return null;
  const pod = decoded as unknown as Pod;
  const p = prepareObject({ ...pod, metadata: pod.metadata ?? { name: '' }, spec: pod.spec ?? { containers: [] } } as Pod);
  if ('badRequest' in p) {
    report(issues, path, p.badRequest);
    return null;
  }
  if ('invalid' in p) {
    report(issues, path, invalidMessage('Pod', p.name, p.invalid));
    return null;
  }
  return pod;
}

/**
 * validatePersistentVolumeManifest checks a v1 PersistentVolume: its apiVersion, then
 * SetDefaults_PersistentVolume and ValidatePersistentVolume (rest/kinds.ts), with the API server's
 * message (`The PersistentVolume "pv" is invalid: spec.capacity: Required value`).
 */
function validatePersistentVolumeManifest(issues: Issues, path: string, x: Record<string, unknown>): PersistentVolumeObject | null {
  const apiVersion = own(x, 'apiVersion');
  if (apiVersion !== 'v1') {
    report(issues, field(path, 'apiVersion'), `no matches for kind "PersistentVolume" in version ${JSON.stringify(String(apiVersion ?? ''))} (a PersistentVolume is v1)`);
    return null;
  }
  const pv = x as unknown as PersistentVolumeObject;
  const p = prepareObject({ ...pv, metadata: pv.metadata ?? { name: '' }, spec: pv.spec ?? {} } as PersistentVolumeObject);
  if ('invalid' in p) {
    report(issues, path, invalidMessage('PersistentVolume', p.name, p.invalid));
    return null;
  }
  return pv;
}

/**
 * validateReplicaSetManifest checks an apps/v1 ReplicaSet of its own (the docs' frontend.yaml):
 * its apiVersion, the decoder, the replicas limit, then SetDefaults_ReplicaSet and
 * ValidateReplicaSet (rest/kinds.ts), with the API server's message.
 */
function validateReplicaSetManifest(issues: Issues, path: string, x: Record<string, unknown>): ReplicaSet | null {
  const apiVersion = own(x, 'apiVersion');
  if (apiVersion !== WORKLOAD_API_VERSION) {
    report(issues, field(path, 'apiVersion'), `no matches for kind "ReplicaSet" in version ${JSON.stringify(String(apiVersion ?? ''))} (Rollout Lab simulates ${WORKLOAD_API_VERSION})`);
    return null;
  }
  const decoded = decodeManifest('ReplicaSet', x);
  if (!decoded.ok) {
    report(issues, path, decoded.message);
    return null;
  }
  const rs = decoded.value as unknown as ReplicaSet;
  const replicas = rs.spec?.replicas;
  if (typeof replicas === 'number' && replicas > LIMITS.replicasPerWorkload) {
    report(issues, field(field(path, 'spec'), 'replicas'), replicasLimitMessage(replicas));
    return null;
  }
  const p = prepareObject({ ...rs, metadata: rs.metadata ?? { name: '' } } as ReplicaSet);
  if ('badRequest' in p) {
    report(issues, path, p.badRequest);
    return null;
  }
  if ('invalid' in p) {
    report(issues, path, invalidMessage('ReplicaSet', p.name, p.invalid));
    return null;
  }
  return rs;
}

/**
 * validatePolicyManifest checks a ResourceQuota, PodDisruptionBudget, HorizontalPodAutoscaler or
 * Service as the API server would: its apiVersion, the decoding of its fields (quantities must
 * parse), then defaults and validation, with the API server's own message after the path.
 */
function validatePolicyManifest(issues: Issues, path: string, x: Record<string, unknown>, kind: PolicyObject['kind'], apiVersion: unknown): PolicyObject | null {
  const want = POLICY_API_VERSIONS[kind];
  if (apiVersion !== want) {
    report(issues, field(path, 'apiVersion'), `no matches for kind ${JSON.stringify(kind)} in version ${JSON.stringify(String(apiVersion))} (Rollout Lab serves it at ${want})`);
    return null;
  }
  const decoded = decodePolicyManifest(kind, x);
  if (!decoded.ok) {
    report(issues, path, decoded.message);
    return null;
  }
  const obj = decoded.value as unknown as PolicyObject;
  const r = preparePolicyObject(obj);
  if ('error' in r) {
    report(issues, path, r.error.message);
    return null;
  }
  return obj;
}

/**
 * secondsOverLimit finds the first duration of a pod spec beyond one virtual day: the grace
 * period, a preStop sleep, a probe's delay, period, timeout or grace period. Returns its path
 * (below `spec`) and value.
 */
function secondsOverLimit(spec: PodSpec | undefined): [string, number] | null {
  if (!spec) return null;
  // Negative delays get the API server's own message; a negative grace period (which the API
  // server stores and the kubelet reads as 1 s) is outside the simulator's range.
  const over = (v: unknown) => typeof v === 'number' && v > LIMITS.seconds;
  const grace = spec.terminationGracePeriodSeconds;
  if (typeof grace === 'number' && (grace < 0 || grace > LIMITS.seconds)) return ['terminationGracePeriodSeconds', grace];
  const containers = Array.isArray(spec.containers) ? spec.containers : [];
  for (let i = 0; i < containers.length; i++) {
    const c = containers[i];
    if (!isRecord(c)) continue;
    const at = `containers[${i}]`;
    const sleep = c.lifecycle?.preStop?.sleep?.seconds;
    if (over(sleep)) return [`${at}.lifecycle.preStop.sleep.seconds`, sleep as number];
    for (const probe of ['livenessProbe', 'readinessProbe', 'startupProbe'] as const) {
      const p = c[probe];
      if (!isRecord(p)) continue;
      for (const k of ['initialDelaySeconds', 'periodSeconds', 'timeoutSeconds', 'terminationGracePeriodSeconds'] as const) {
        if (over(p[k])) return [`${at}.${probe}.${k}`, p[k] as number];
      }
    }
  }
  return null;
}

/** isWorkloadKind tells whether a kind is one Rollout Lab simulates. */
export function isWorkloadKind(kind: unknown): kind is Workload['kind'] {
  return kind === 'Deployment' || kind === 'DaemonSet' || kind === 'StatefulSet';
}

/** validateWorkload checks one manifest at `path`; it returns the manifest, or null after reporting why not. */
export function validateWorkload(issues: Issues, path: string, x: unknown): ScenarioObject | null {
  if (!isRecord(x)) {
    report(issues, path, `must be a Kubernetes manifest (a mapping with apiVersion, kind, metadata, spec), not ${describeValue(x)}`);
    return null;
  }
  const kind = own(x, 'kind');
  const apiVersion = own(x, 'apiVersion');
  let known = true;
  if (kind === undefined || kind === null || kind === '') {
    report(issues, field(path, 'kind'), 'kind not set');
    known = false;
  } else if (typeof kind !== 'string') {
    report(issues, field(path, 'kind'), `must be a string such as "Deployment", not ${describeValue(kind)}`);
    known = false;
  } else if (!isScenarioObjectKind(kind)) {
    report(issues, field(path, 'kind'), unsupportedKindMessage(kind));
    known = false;
  }
  if (apiVersion === undefined || apiVersion === null || apiVersion === '') {
    report(issues, field(path, 'apiVersion'), 'apiVersion not set');
    return null;
  }
  if (!known) return null;
  if (kind === 'Namespace') return validateNamespaceManifest(issues, path, x);
  if (kind === 'Pod') return validatePodManifest(issues, path, x);
  if (kind === 'ReplicaSet') return validateReplicaSetManifest(issues, path, x);
  if (isPolicyKind(kind)) return validatePolicyManifest(issues, path, x, kind, apiVersion);
  if (apiVersion !== WORKLOAD_API_VERSION) {
    report(
      issues,
      field(path, 'apiVersion'),
      `no matches for kind ${JSON.stringify(kind)} in version ${JSON.stringify(String(apiVersion))} (Rollout Lab simulates ${WORKLOAD_API_VERSION})`,
    );
    return null;
  }
  const decoded = decodeManifest(kind as Workload['kind'], x);
  if (!decoded.ok) {
    report(issues, path, decoded.message);
    return null;
  }
  const obj = decoded.value as unknown as Workload;
  if (obj.kind === 'Deployment' || obj.kind === 'StatefulSet') {
    const replicas = obj.spec?.replicas;
    if (typeof replicas === 'number' && replicas > LIMITS.replicasPerWorkload) {
      report(issues, field(field(path, 'spec'), 'replicas'), replicasLimitMessage(replicas));
      return null;
    }
  }
  const tooLong = secondsOverLimit(obj.spec?.template?.spec);
  if (tooLong) {
    report(issues, `${field(path, 'spec')}.template.spec.${tooLong[0]}`, secondsLimitMessage(tooLong[1]));
    return null;
  }
  const invalid = apiserverInvalidMessage(obj);
  if (invalid !== null) {
    report(issues, path, invalid);
    return null;
  }
  return obj;
}
