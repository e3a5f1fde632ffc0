/**
 * What executeKubectl shares between its verbs: reading objects from the API server's store (the
 * truth kubectl sees, never the controllers' lagging cache), writing them back with the API
 * server's defaulting and validation, and collecting what kubectl prints on stdout and stderr.
 */
import type { DaemonSet, Deployment, Kind, KubeObject, LabelSelector, Pod, ReplicaSet } from '../api/types.ts';
import { setDefaultsDaemonSet, setDefaultsDeployment, setDefaultsPodSpec, setDefaultsReplicaSet } from '../apiserver/defaults.ts';
import { newInvalid as newInvalidStatus } from '../apiserver/rest/status.ts';
import { validateUpdate } from '../apiserver/updateValidation.ts';
import { validatePersistentVolumeClaim, validationOptionsForPersistentVolumeClaim } from '../apiserver/validationClaim.ts';
import { checkErrStatus } from './transforms/patchJson.ts';
import { allocateUpdateNodePorts, heldNodePorts, isPolicyKind, requestedNodePortErrors, serviceUpdate } from '../apiserver/createPolicy.ts';
import { validatePolicyObject } from '../apiserver/validationPolicy.ts';
import type { FieldError } from '../apimachinery/fieldErrors.ts';
import type { PolicyObject, Service } from '../api/policyTypes.ts';
import { formatApiError, newInvalidFor } from '../apiserver/errors.ts';
import { objectKey } from '../apiserver/store.ts';
import { validateObject } from '../apiserver/validation.ts';
import type { EngineState } from '../client/state.ts';
import { type Tx, update } from '../client/tx.ts';
import type { StatefulSet } from '../api/statefulTypes.ts';
import { prepareStatefulSet, validateStatefulSet } from '../apiserver/statefulSetStrategy.ts';
import type { Target } from './commands.ts';
import { type DerivedObject, derivedObjects, isDerivedKind } from './derivedObjects.ts';
import { notFound, type ResourceKind } from './resources.ts';
import { selectObjects } from './targets.ts';

/** The result of one kubectl line: what the terminal shows, and whether kubectl exited 0. */
export interface KubectlOutput {
  ok: boolean;
  /** stdout and stderr in the order kubectl writes them, without the final newline. */
  output: string;
}

/**
 * Terminal collects kubectl's writes in order. Each chunk is what one Fprintln writes, without
 * its newline; a chunk that kubectl ends with extra blank lines (rollout history) keeps them.
 */
export class Terminal {
  private readonly chunks: string[] = [];
  private failed = false;

  /** out writes a chunk to stdout; an empty chunk writes nothing. */
  out(text: string | undefined): void {
    if (text) this.chunks.push(text);
  }

  /** warn writes a warning to stderr without failing the command. */
  warn(text: string | undefined): void {
    if (text) this.chunks.push(text);
  }

  /** fail writes an error to stderr: kubectl will exit 1. */
  fail(text: string): void {
    this.failed = true;
    this.chunks.push(text);
  }

  /** result joins the chunks as the terminal shows them. */
  result(): KubectlOutput {
    return { ok: !this.failed, output: this.chunks.join('\n') };
  }
}

/** withoutFinalNewline drops one trailing newline, as a printer's full text ends with one. */
export function withoutFinalNewline(text: string): string {
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}

/**
 * inNamespace lists the store's objects of a kind in a namespace (every one of a cluster-scoped
 * kind, Node and Namespace), by name; `null` is every namespace (-A), in etcd key order: namespace/name.
 */
export function inNamespace<K extends Kind>(st: EngineState, kind: K, namespace: string | null): Extract<KubeObject, { kind: K }>[] {
  const out: Extract<KubeObject, { kind: K }>[] = [];
  const clusterScoped = kind === 'Node' || kind === 'Namespace';
  for (const o of st.store.objects[kind].values()) {
    if (clusterScoped || namespace === null || (o.metadata.namespace ?? 'default') === namespace) out.push(o as Extract<KubeObject, { kind: K }>);
  }
  // etcd's key order, as a list across namespaces returns it: `team-a/web` before `team/web` ('-' < '/').
  const key = (o: KubeObject) => (namespace === null && !clusterScoped ? `${o.metadata.namespace ?? 'default'}/${o.metadata.name}` : o.metadata.name);
  return out.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** The store object of a resource kind. */
export type StoredObject = Extract<KubeObject, { kind: ResourceKind }>;

/** The object of a resource kind: stored, or derived from what is stored (derivedObjects.ts). */
export type ResourceObject = StoredObject | DerivedObject;

/** isStored: an object the store holds (a client may write it), not a derived one. */
export function isStored(obj: ResourceObject): obj is StoredObject {
  return !isDerivedKind(obj.kind);
}

/**
 * objectsOf lists a resource kind as the API server does: the store's objects in the namespace
 * (inNamespace), or the derived ones (`null`: every namespace).
 */
export function objectsOf(st: EngineState, kind: ResourceKind, namespace: string | null): ResourceObject[] {
  return isDerivedKind(kind) ? derivedObjects(st, kind, namespace) : (inNamespace(st, kind, namespace) as ResourceObject[]);
}

/**
 * resolveTargets is the resource builder's visit over the line's targets: each named target is
 * its object or a NotFound error; a kind-only target is every object the selector matches, in
 * name order. With prefixMatch (describe) a missing name falls back to the names it prefixes.
 */
export function resolveTargets(
  st: EngineState,
  cmd: { targets: readonly Target[]; selector?: LabelSelector; namespace: string; allNamespaces?: boolean },
  opts: { prefixMatch?: boolean } = {},
): { objects: ResourceObject[]; errors: string[] } {
  const objects: ResourceObject[] = [];
  const errors: string[] = [];
  for (const target of cmd.targets) {
    const all = objectsOf(st, target.kind, cmd.allNamespaces ? null : cmd.namespace);
    const r = selectObjects(target, cmd.selector, all, opts);
    objects.push(...r.objects);
    if (r.missing !== undefined) errors.push(notFound(target.kind, r.missing, target.group));
  }
  return { objects, errors };
}

/** apiDefaults applies the API server's defaulting to a written workload (idempotent on stored objects). */
function apiDefaults<T extends KubeObject>(obj: T, stored?: KubeObject): T {
  if (obj.kind === 'StatefulSet') return prepareStatefulSet(obj as StatefulSet, stored?.kind === 'StatefulSet' ? stored : null) as T;
  if (obj.kind === 'Deployment') return setDefaultsDeployment(obj as Deployment) as T;
  if (obj.kind === 'DaemonSet') return setDefaultsDaemonSet(obj as DaemonSet) as T;
  if (obj.kind === 'ReplicaSet') return setDefaultsReplicaSet(obj as ReplicaSet) as T;
  if (obj.kind === 'Service' && stored?.kind === 'Service') return serviceUpdate(stored, obj as Service) as T;
  if (obj.kind === 'Pod') return { ...obj, spec: setDefaultsPodSpec((obj as Pod).spec, obj.metadata.uid ?? '') } as T;
  return obj;
}

/** apiValidate returns the API server's Invalid message for a Deployment or DaemonSet, or null. */
export function apiValidate(obj: KubeObject): string | null {
  if (obj.kind !== 'Deployment' && obj.kind !== 'DaemonSet' && obj.kind !== 'StatefulSet') return null;
  const errs = obj.kind === 'StatefulSet' ? validateStatefulSet(obj) : validateObject(obj);
  return errs.length ? formatApiError(newInvalidFor(obj.kind, obj.metadata.name, errs)) : null;
}

/**
 * apiUpdate is a PUT/PATCH as the API server handles it: the new object is defaulted, then
 * validated (Deployments and DaemonSets: an invalid one is refused with the API server's own
 * message and nothing is written), then stored. `changed` is false for a no-op write, which
 * keeps its resourceVersion.
 */
export function apiUpdate<T extends KubeObject>(tx: Tx, next: T): { object: T; changed: boolean } | { error: string } {
  const cur = tx.st.store.objects[next.kind].get(objectKey(next));
  const obj = apiDefaults(next, cur);
  // A StatefulSet update is validated by the store (ValidateStatefulSetUpdate), once.
  const invalid = obj.kind === 'StatefulSet' && cur ? null : apiValidate(obj);
  if (invalid) return { error: invalid };
  // A pod's spec takes only what ValidatePodUpdate lets through (a new image, added tolerations …), a
  // claim's what ValidatePersistentVolumeClaimUpdate does (a bound claim's requests …),
  // and a Service's node ports asked for are the allocator's to give (in range, held by no other).
  const errs =
    obj.kind === 'Pod' && cur?.kind === 'Pod'
      ? validateUpdate(cur, obj)
      : obj.kind === 'PersistentVolumeClaim' && cur?.kind === 'PersistentVolumeClaim'
        ? [...validatePersistentVolumeClaim(obj, validationOptionsForPersistentVolumeClaim(cur)), ...validateUpdate(cur, obj)]
        : obj.kind === 'Service' && cur?.kind === 'Service'
          ? [...policyUpdateErrors(cur, obj), ...requestedNodePortErrors(obj as Service, heldNodePorts(tx.st.store.objects.Service.values(), cur))]
          : isPolicyKind(obj.kind) && cur !== undefined
            ? policyUpdateErrors(cur, obj)
            : [];
  if (errs.length > 0) return { error: checkErrStatus(newInvalidStatus(obj.kind, '', obj.metadata.name, errs)) };
  // A Service switched to NodePort gets its node ports, as the registry's update allocates them.
  const stored = obj.kind === 'Service' ? (allocateUpdateNodePorts(obj as Service, tx.st.store.objects.Service.values(), tx.prng) as KubeObject as T) : obj;
  const res = update(tx, stored);
  if (!res.ok) return { error: formatApiError(res.error) };
  return { object: res.object, changed: res.object !== cur };
}

/**
 * policyUpdateErrors is what the API server checks of an update of a policy kind (a Service, a
 * ConfigMap, a quota …): the object as a create would be (ValidateService …), then the update's
 * own rules, as the served API's prepareObject runs them (`patch svc web -p '{"spec":{"type":"Weird"}}'`
 * is refused, not stored).
 */
function policyUpdateErrors(cur: KubeObject, obj: KubeObject): FieldError[] {
  return [...validatePolicyObject(obj as PolicyObject), ...validateUpdate(cur, obj)];
}

/**
 * withoutClientFields is the body the API server decodes of an object kubectl built and sent: no
 * status (PrepareForCreate drops it), no zero creationTimestamp, the namespace set.
 */
export function withoutClientFields(obj: KubeObject, namespace: string): KubeObject {
  const { status: _status, ...body } = obj as KubeObject & { status?: unknown };
  const { creationTimestamp: _created, ...meta } = body.metadata as typeof body.metadata & { creationTimestamp?: null };
  return { ...body, metadata: { ...meta, namespace } } as KubeObject;
}
