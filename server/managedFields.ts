/**
 * metadata.managedFields of the served objects, worked out from the live run's write history
 * (DESIGN.md §18, issue 25). The engine's objects carry none: every write is folded in here, by
 * who made it — the tick's actor for the engine's components (`kube-controller-manager`,
 * `kubelet`, `kube-scheduler`, as a cluster records them), the request's fieldManager or User-Agent
 * for a client's write, the applied configuration for a server-side apply — and lazily: a
 * write is kept as (before, after, writer) and compared only when its object is served or
 * applied to. The engine, its tick hashes and the 10,000-replica bench are untouched.
 */
import { servedForm } from '../src/engine/apiserver/conversion.ts';
import { tokenVolumeName } from '../src/engine/apiserver/servedDefaults.ts';
import type { KubeObject } from '../src/engine/api/types.ts';
import { type Managed, update, type Writer } from '../src/engine/apimachinery/managedfields/manager.ts';
import { schemaOf } from '../src/engine/apimachinery/managedfields/schema.ts';
import type { TickRecord } from '../src/engine/client/tick.ts';
import { toRFC3339 } from '../src/engine/lib/time.ts';

type Json = Record<string, unknown>;

/** Who wrote a tick's objects: the writer of the main resource and of the status, or null when the write is not tracked. */
export interface TickWriters {
  main: Writer | null;
  status: Writer | null;
}

interface Pending {
  prev: KubeObject | undefined;
  next: KubeObject;
  writers: TickWriters;
  time: string;
}

interface Tracked {
  managed: Managed[];
  /** The object `managed` describes (folded up to it). */
  obj: KubeObject | undefined;
  pending: Pending[];
  /** The last object written, the `prev` of the next write. */
  last: KubeObject;
  /** Bumped when the entries change without a write (an apply that only shares ownership). */
  version: number;
}

/** Writes kept unfolded per object before they are folded anyway: a pod starts, binds and runs in about 5, and an Event counted 40 times keeps no more than 16 of its versions alive. */
const MAX_PENDING = 16;

const KCM = 'kube-controller-manager';

function apiVersionOf(obj: KubeObject): string {
  return (obj as { apiVersion?: string }).apiVersion || defaultApiVersion(obj.kind);
}

/** The group/version each engine kind is served at. */
export function defaultApiVersion(kind: string): string {
  switch (kind) {
    case 'Deployment':
    case 'ReplicaSet':
    case 'DaemonSet':
    case 'StatefulSet':
    case 'ControllerRevision':
      return 'apps/v1';
    case 'PodDisruptionBudget':
      return 'policy/v1';
    case 'HorizontalPodAutoscaler':
      return 'autoscaling/v2';
    case 'EndpointSlice':
      return 'discovery.k8s.io/v1';
    default:
      return 'v1';
  }
}

const writer = (manager: string, apiVersion: string, subresource = ''): Writer => ({ manager, operation: 'Update', apiVersion, subresource });

/**
 * actorWriters maps an engine tick's actor to the managers a cluster records: the controllers
 * (kube-controller-manager's loops) write with Update, their status through the status
 * subresource; the kubelet writes pod and node status; the scheduler's binding (spec.nodeName)
 * goes through pods/binding, which no field manager sees, its PodScheduled condition through
 * status; the scenario's own actions are kubectl's (`kubectl-client-side-apply`), a change of
 * replicas alone `kubectl scale` (the scale subresource). An HPA's resize is the scale
 * subresource too.
 */
export function actorWriters(actor: string, prev: KubeObject | undefined, next: KubeObject): TickWriters {
  const gv = apiVersionOf(next);
  const replicasOnly = prev !== undefined && onlyReplicasChanged(prev, next);
  if (actor === 'user') return { main: replicasOnly ? writer('kubectl', gv, 'scale') : writer('kubectl-client-side-apply', gv), status: writer(KCM, gv, 'status') };
  if (actor === 'kubelet' || actor.startsWith('kubelet/')) return { main: writer('kubelet', gv), status: writer('kubelet', gv, 'status') };
  if (actor === 'default-scheduler') {
    // pods/binding sets spec.nodeName and the PodScheduled condition outside any field manager.
    const bound = !(prev as { spec?: Json } | undefined)?.spec?.nodeName && (next as { spec?: Json }).spec?.nodeName;
    return { main: null, status: bound ? null : writer('kube-scheduler', gv, 'status') };
  }
  if (actor === 'horizontal-pod-autoscaler' && replicasOnly) return { main: writer(KCM, gv, 'scale'), status: writer(KCM, gv, 'status') };
  return { main: writer(KCM, gv), status: writer(KCM, gv, 'status') };
}

function onlyReplicasChanged(a: KubeObject, b: KubeObject): boolean {
  const sa = (a as { spec?: Json }).spec;
  const sb = (b as { spec?: Json }).spec;
  if (!sa || !sb || sa.replicas === sb.replicas) return false;
  return JSON.stringify({ ...sa, replicas: 0 }) === JSON.stringify({ ...sb, replicas: 0 }) && JSON.stringify(a.metadata.labels) === JSON.stringify(b.metadata.labels);
}

/** mainView is an object as the main resource's field manager sees it: no status, no deletion bookkeeping. */
export function mainView(obj: KubeObject | undefined): Json | undefined {
  if (!obj) return undefined;
  const { status: _s, ...rest } = obj as unknown as Json;
  const { deletionTimestamp: _d, deletionGracePeriodSeconds: _g, managedFields: _m, ...meta } = obj.metadata as unknown as Json;
  return { ...rest, metadata: meta };
}

/**
 * statusView is an object's status as its writers send it. A pod's status.qosClass is no one's:
 * the pod strategy sets it after the field manager has run on the create, and a kubelet's status
 * patch leaves it out, unchanged.
 */
function statusView(obj: KubeObject | undefined): Json | undefined {
  if (!obj) return undefined;
  const status = (obj as { status?: Json }).status;
  if (status === undefined) return {};
  if (obj.kind !== 'Pod' || !('qosClass' in status)) return { status };
  const { qosClass: _q, ...sent } = status;
  return Object.keys(sent).length === 0 ? {} : { status: sent };
}

/** provisioned: a namespace the NamespaceAutoProvision admission plugin created in the tick (kube-apiserver's write, not the client's). */
function provisioned(t: TickRecord, obj: KubeObject): boolean {
  return obj.kind === 'Namespace' && t.decisions.some((d) => d.fn === 'admit' && d.key === 'namespaceCreated' && d.values.namespace === obj.metadata.name);
}

/** ManagedFieldsTracker keeps each object's managers, folded lazily from the live run's writes. */
export class ManagedFieldsTracker {
  private readonly objects = new Map<string, Tracked>();

  private id(obj: KubeObject, key: string): string {
    return `${obj.kind}\u0000${key}`;
  }

  /**
   * seed takes the objects a run starts with as their components wrote them: the nodes their
   * kubelets; the system namespaces and service/kubernetes with its Endpoints and slice the API
   * server itself (kube-apiserver, one Update of the main resource: their status is set at create).
   */
  seed(objects: Iterable<[string, KubeObject]>): void {
    for (const [key, obj] of objects) {
      const writers = obj.kind === 'Node' ? actorWriters('kubelet', undefined, obj) : { main: writer('kube-apiserver', apiVersionOf(obj)), status: null };
      this.write(key, obj, writers, obj.metadata.creationTimestamp ?? toRFC3339(0));
    }
  }

  /**
   * record folds a tick's writes in (later): `request`, when the tick ran a client's request,
   * names its writer for the object it wrote (`target`, kind and key).
   */
  record(t: TickRecord, keys: readonly string[] | undefined, request?: { writer: Writer; kind: string; key: string } | undefined): void {
    const time = toRFC3339(t.time);
    t.writes.forEach((w, i) => {
      const key = keys?.[i] ?? '';
      if (w.type === 'DELETED') {
        this.objects.delete(this.id(w.object, key));
        return;
      }
      const prev = this.objects.get(this.id(w.object, key))?.last;
      const writers =
        request && request.kind === w.object.kind && request.key === key
          ? { main: request.writer, status: null }
          : provisioned(t, w.object)
            ? { main: writer('kube-apiserver', 'v1'), status: null }
            : actorWriters(t.actor, prev, w.object);
      this.write(key, w.object, writers, time);
    });
  }

  private write(key: string, next: KubeObject, writers: TickWriters, time: string): void {
    const id = this.id(next, key);
    const cur = this.objects.get(id);
    if (!cur) {
      this.objects.set(id, { managed: [], obj: undefined, pending: [{ prev: undefined, next, writers, time }], last: next, version: 0 });
      return;
    }
    cur.pending.push({ prev: cur.last, next, writers, time });
    cur.last = next;
    if (cur.pending.length > MAX_PENDING) this.fold(cur);
  }

  private fold(t: Tracked): void {
    for (const p of t.pending) {
      const schema = schemaOf(p.next.kind);
      let managed = t.managed;
      // The fields as served (a pod's podIPs and hostIPs): what a cluster's writers own.
      const prevServed = p.prev === undefined ? undefined : servedForm(p.prev);
      const nextServed = servedForm(p.next);
      const next = prevServed === undefined ? beforeAdmission(mainView(nextServed), p.next) : mainView(nextServed);
      if (p.writers.main) managed = update(managed, mainView(prevServed) ?? zeroView(nextServed), next, schema, p.writers.main, p.time);
      if (p.writers.status) managed = update(managed, statusView(prevServed) ?? {}, statusView(nextServed), schema, p.writers.status, p.time);
      t.managed = managed;
      t.obj = p.next;
    }
    t.pending = [];
  }

  /** managedOf is an object's entries as of its last write (undefined for an object never seen). */
  managedOf(obj: KubeObject, key: string): Managed[] | undefined {
    const t = this.objects.get(this.id(obj, key));
    if (!t) return undefined;
    if (t.pending.length) this.fold(t);
    return t.managed;
  }

  /** version tells a cache whether an object's entries changed without a write. */
  version(obj: KubeObject, key: string): number {
    return this.objects.get(this.id(obj, key))?.version ?? 0;
  }

  /** setManaged puts an apply's entries in place for the object it wrote (or left as it was). */
  setManaged(obj: KubeObject, key: string, managed: Managed[]): void {
    const id = this.id(obj, key);
    const t = this.objects.get(id);
    if (t) {
      t.managed = managed;
      t.obj = obj;
      t.pending = [];
      t.last = obj;
      t.version++;
    } else this.objects.set(id, { managed, obj, pending: [], last: obj, version: 1 });
  }
}

/**
 * zeroView is what a create is compared with: the Go zero value of the kind, whose non-pointer
 * structs (metadata, spec) are there already, so `f:spec` is never owned itself.
 */
function zeroView(obj: KubeObject): Json {
  return 'spec' in obj ? { metadata: {}, spec: {} } : { metadata: {} };
}

/** The tolerations DefaultTolerationSeconds adds: 300 s for not-ready and unreachable nodes. */
const ADMISSION_TOLERATIONS = new Set(['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable']);

/** The spec fields the Priority and ServiceAccount admission plugins set when the creator did not. */
const ADMISSION_FIELDS = ['priority', 'preemptionPolicy', 'serviceAccountName', 'serviceAccount'] as const;

/** withoutMount drops a container's mount of the token volume `name`. */
function withoutMount(c: Json, name: string): Json {
  if (!Array.isArray(c.volumeMounts)) return c;
  const own = c.volumeMounts.filter((m: Json) => m.name !== name);
  const { volumeMounts: _m, ...rest } = c;
  return own.length > 0 ? { ...rest, volumeMounts: own } : rest;
}

/**
 * beforeAdmission is a created pod as the field manager sees it: kube-apiserver records the
 * creator's fields before mutating admission runs, so what the admission plugins add is nobody's:
 * the tolerations DefaultTolerationSeconds appends (a controller's pod shows no `f:tolerations`),
 * the Priority plugin's priority and preemptionPolicy, the ServiceAccount plugin's account, token
 * volume and mounts. Defaults (dnsPolicy, terminationMessagePath, …) come before: the creator's.
 * `stored` is the pod as the engine stores it (without what the edges serve, servedDefaults.ts).
 */
function beforeAdmission(view: Json | undefined, stored: KubeObject): Json | undefined {
  // A namespace's finalizer `kubernetes` is its strategy's PrepareForCreate's, after the field manager ran.
  if (view?.kind === 'Namespace') {
    const { finalizers: _f, ...spec } = (view.spec ?? {}) as Json;
    return { ...view, spec };
  }
  if (view?.kind !== 'Pod' || stored.kind !== 'Pod') return view;
  const spec = view.spec as Json | undefined;
  if (!spec) return view;
  const own: Json = { ...spec };
  const storedSpec = stored.spec as unknown as Json;
  for (const f of ADMISSION_FIELDS) if (!(f in storedSpec)) delete own[f];
  const token = tokenVolumeName(stored.metadata.uid ?? '');
  if (Array.isArray(own.volumes)) {
    const volumes = own.volumes.filter((v: Json) => v.name !== token);
    if (volumes.length > 0) own.volumes = volumes;
    else delete own.volumes;
  }
  if (Array.isArray(own.containers)) own.containers = own.containers.map((c: Json) => withoutMount(c, token));
  if (Array.isArray(own.initContainers)) own.initContainers = own.initContainers.map((c: Json) => withoutMount(c, token));
  const tolerations = own.tolerations;
  if (Array.isArray(tolerations)) {
    const kept = tolerations.filter((t: Json) => !(ADMISSION_TOLERATIONS.has(String(t.key)) && t.effect === 'NoExecute' && t.tolerationSeconds === 300));
    if (kept.length > 0) own.tolerations = kept;
    else delete own.tolerations;
  }
  return { ...view, spec: own };
}
