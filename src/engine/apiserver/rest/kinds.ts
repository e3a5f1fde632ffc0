/**
 * What the served API does per kind before a create or an update is stored: the registry
 * strategies' defaulting and validation (pkg/registry/{apps,core,policy,autoscaling}), the same
 * functions the engine applies to a scenario's objects. A kind a client may not write here gets
 * 405, as a resource whose strategy has no such verb would.
 */
import type { PolicyObject, Service } from '../../api/policyTypes.ts';
import type { DaemonSet, Deployment, KubeObject, Namespace, Pod, ReplicaSet } from '../../api/types.ts';
import { namespaceObject } from '../admission/namespaceAutoProvision.ts';
import { decodePolicyObject, isPolicyKind, serviceUpdate } from '../createPolicy.ts';
import { setDefaultsDaemonSet, setDefaultsDeployment, setDefaultsPodSpec, setDefaultsReplicaSet } from '../defaults.ts';
import type { FieldError } from '../../apimachinery/fieldErrors.ts';
import { validateUpdate } from '../updateValidation.ts';
import { validateObject, validateReplicaSet } from '../validation.ts';
import { validateNamespace } from '../validationCore.ts';
import { validatePolicyObject } from '../validationPolicy.ts';
import { validatePod } from '../validationPod.ts';
import { validatePersistentVolumeClaim, validationOptionsForPersistentVolumeClaim } from '../validationClaim.ts';
import type { StatefulSet } from '../../api/statefulTypes.ts';
import type { PersistentVolumeObject } from '../../api/volumeTypes.ts';
import { checkMountOption, setDefaultsPersistentVolume, validatePersistentVolume } from '../validationVolume.ts';
import { prepareStatefulSet, validateStatefulSet } from '../statefulSetStrategy.ts';

/** The kinds a client may create: the workloads (a ReplicaSet of its own too), namespaces, pods, the policy kinds and claims. */
export const CREATABLE = new Set([
  'Deployment',
  'ReplicaSet',
  'DaemonSet',
  'StatefulSet',
  'Namespace',
  'ResourceQuota',
  'LimitRange',
  'PodDisruptionBudget',
  'HorizontalPodAutoscaler',
  'Service',
  'ConfigMap',
  'Secret',
  'PersistentVolumeClaim',
  'PersistentVolume',
  'Pod',
]);

/** The kinds a client may update or patch (nodes too: kubectl cordon patches a node). */
export const UPDATABLE = new Set([...CREATABLE, 'Node']);

/** What preparing an object gives: the object to store, or why not (a 400 message or field errors). */
export type PreparedObject = { object: KubeObject } | { badRequest: string } | { invalid: FieldError[]; name: string };

/**
 * defaultObject is the registry's defaulting: the apps/v1 defaults of a workload, a policy
 * kind's (after its quantities decode), a namespace's name label, phase and finalizer.
 */
function defaultObject(obj: KubeObject, cur?: KubeObject): { object: KubeObject } | { badRequest: string } {
  switch (obj.kind) {
    case 'StatefulSet':
      return { object: prepareStatefulSet(obj, cur?.kind === 'StatefulSet' ? cur : null) };
    case 'Deployment':
      return { object: setDefaultsDeployment(obj as Deployment) };
    case 'DaemonSet':
      return { object: setDefaultsDaemonSet(obj as DaemonSet) };
    case 'ReplicaSet':
      return { object: setDefaultsReplicaSet(obj as ReplicaSet) };
    case 'Pod': {
      // SetDefaults_Pod's values, on a create and an update alike (ValidatePodUpdate then compares
      // defaulted specs); a pod that comes back in its served form (servedDefaults.ts) is stored as it was.
      const pod = obj as Pod;
      return { object: { ...pod, spec: setDefaultsPodSpec(pod.spec, pod.metadata.uid || cur?.metadata.uid || '') } };
    }
    case 'PersistentVolume':
      return { object: setDefaultsPersistentVolume(obj as PersistentVolumeObject) };
    case 'Namespace': {
      const ns = obj as Namespace;
      const stored = namespaceObject(ns.metadata.name, ns.metadata.labels);
      return { object: { ...stored, metadata: { ...ns.metadata, labels: stored.metadata.labels } } };
    }
    default:
      return isPolicyKind(obj.kind) ? decodePolicyObject(obj as PolicyObject) : { object: obj };
  }
}

function validate(obj: KubeObject, cur: KubeObject | undefined): FieldError[] {
  const updating = cur !== undefined;
  // An update's spec is validated by validateUpdate (ValidateStatefulSetUpdate), not twice.
  if (obj.kind === 'StatefulSet') return updating ? [] : validateStatefulSet(obj as StatefulSet);
  if (obj.kind === 'Deployment' || obj.kind === 'DaemonSet') return validateObject(obj);
  // ValidateReplicaSet on a create, ValidateReplicaSetUpdate's spec part on an update (kubectl scale rs).
  if (obj.kind === 'ReplicaSet') return validateReplicaSet(obj as ReplicaSet);
  if (obj.kind === 'Namespace') return validateNamespace(obj.metadata);
  // An update's pod is checked by ValidatePodUpdate's rules (validateUpdate).
  if (obj.kind === 'Pod') return updating ? [] : validatePod(obj as Pod);
  // A claim's update keeps tolerating what the stored claim already had (ValidationOptionsForPersistentVolumeClaim).
  if (obj.kind === 'PersistentVolumeClaim') return validatePersistentVolumeClaim(obj, validationOptionsForPersistentVolumeClaim(cur?.kind === 'PersistentVolumeClaim' ? cur : null));
  // The registry's Validate and the first two of its ValidateUpdate's three (validationVolumeUpdate.ts).
  if (obj.kind === 'PersistentVolume') return [...validatePersistentVolume(obj as PersistentVolumeObject), ...checkMountOption(obj as PersistentVolumeObject)];
  if (isPolicyKind(obj.kind)) return validatePolicyObject(obj as PolicyObject);
  return [];
}

/**
 * keepAllocated carries over what an update cannot change or leaves out: a Service's ClusterIP
 * (allocated at create, immutable), a Namespace's spec and status (the namespace controller's).
 */
function keepAllocated(cur: KubeObject, next: KubeObject): KubeObject {
  // A Service's ClusterIP, and its node ports as the registry treats them (serviceUpdate).
  if (cur.kind === 'Service' && next.kind === 'Service') return serviceUpdate(cur as Service, next as Service) as KubeObject;
  if (cur.kind === 'Namespace' && next.kind === 'Namespace') {
    const c = cur as Namespace;
    return { ...next, spec: c.spec, status: c.status } as KubeObject;
  }
  // A volume's status is the PV controller's (its status subresource): an update keeps it.
  if (cur.kind === 'PersistentVolume' && next.kind === 'PersistentVolume') return { ...next, status: cur.status } as KubeObject;
  return next;
}

/** prepareObject defaults and validates an object a client creates, or updates from `cur`. */
export function prepareObject(obj: KubeObject, cur?: KubeObject): PreparedObject {
  const d = defaultObject(obj, cur);
  if ('badRequest' in d) return d;
  const object = cur ? keepAllocated(cur, d.object) : d.object;
  const errs = [...validate(object, cur), ...(cur ? validateUpdate(cur, object) : [])];
  return errs.length ? { invalid: errs, name: object.metadata.name ?? '' } : { object };
}
