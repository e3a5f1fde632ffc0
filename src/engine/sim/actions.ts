/**
 * User actions: the scenario's initial objects, `apply`, node faults and kubectl lines. Each is
 * one tick by the actor `user`; a bad action writes nothing and its message is the tick summary.
 */
import type { DaemonSet, Deployment, KubeObject, Namespace, Node, Pod } from '../api/types.ts';
import { prepareObject } from '../apiserver/rest/kinds.ts';
import { createNamespace } from '../kubectl/applyNamespace.ts';
import { setDefaultsDaemonSet, setDefaultsDeployment } from '../apiserver/defaults.ts';
import { formatApiError, newInvalidFor } from '../apiserver/errors.ts';
import { validateObject } from '../apiserver/validation.ts';
import { DEFAULT_MAX_PODS, type SimAction } from '../config.ts';
import { executeKubectl } from '../kubectl/execute.ts';
import { nodeObject, setNodeReady } from '../kubelet/nodes.ts';
import { nextNodeIndex, nodeInternalIP } from '../kubelet/nodeStatus.ts';
import type { ApiRequest, RestResult } from '../apiserver/rest/write.ts';
import { runRequest } from '../client/request.ts';
import { create, del, note, type Tx } from '../client/tx.ts';
import type { PolicyObject } from '../api/policyTypes.ts';
import { allocateServiceIP, isPolicyKind, preparePolicyObject } from '../apiserver/createPolicy.ts';
import { namePrinterLine } from '../kubectl/resources.ts';
import type { StatefulSet } from '../api/statefulTypes.ts';
import { prepareStatefulSet, validateStatefulSet } from '../apiserver/statefulSetStrategy.ts';

/** The result line of a user action, as kubectl would print it (or its error). */
export interface ActionOutput {
  ok: boolean;
  output: string;
}

function defaulted(obj: Deployment | DaemonSet): Deployment | DaemonSet {
  return obj.kind === 'Deployment' ? setDefaultsDeployment(obj) : setDefaultsDaemonSet(obj);
}

/**
 * createInitialObject creates one of the scenario's initial Deployments or DaemonSets, defaulted
 * and validated as the API server does. (Later `apply:` actions go through `kubectl apply -f -`,
 * which merges with the live object; here nothing exists yet.)
 */
export function createInitialObject(tx: Tx, raw: KubeObject | Record<string, unknown>): ActionOutput {
  const kind = (raw as { kind?: unknown }).kind;
  if (kind === 'Namespace') return createNamespace(tx, raw as Namespace);
  if (isPolicyKind(kind)) return createPolicyObject(tx, raw as PolicyObject);
  if (kind === 'StatefulSet') return createStatefulSet(tx, raw as StatefulSet);
  if (kind === 'Pod' || kind === 'PersistentVolume' || kind === 'ReplicaSet') return createPod(tx, raw as Pod);
  if (kind !== 'Deployment' && kind !== 'DaemonSet') {
    return { ok: false, output: `error: Rollout Lab applies Deployment, DaemonSet, StatefulSet, ReplicaSet, Pod, ResourceQuota, LimitRange, PodDisruptionBudget, HorizontalPodAutoscaler, Service, ConfigMap, Secret and PersistentVolumeClaim objects, not "${String(kind)}"` };
  }
  const obj = defaulted(raw as Deployment | DaemonSet);
  const errs = validateObject(obj);
  if (errs.length) return { ok: false, output: formatApiError(newInvalidFor(obj.kind, obj.metadata?.name ?? '', errs)) };
  const { status: _status, ...fresh } = obj as Deployment;
  const res = create(tx, fresh as KubeObject);
  if (!res.ok) return { ok: false, output: formatApiError(res.error) };
  const resource = obj.kind === 'Deployment' ? 'deployment.apps' : 'daemonset.apps';
  return { ok: true, output: `${resource}/${obj.metadata.name} created` };
}

/** createStatefulSet creates one of the scenario's StatefulSets as the API server does (statefulSetStrategy.ts). */
function createStatefulSet(tx: Tx, raw: StatefulSet): ActionOutput {
  const obj = prepareStatefulSet(raw, null);
  const errs = validateStatefulSet(obj);
  if (errs.length) return { ok: false, output: formatApiError(newInvalidFor(obj.kind, obj.metadata?.name ?? '', errs)) };
  const { status: _status, ...fresh } = obj;
  const res = create(tx, fresh as KubeObject);
  if (!res.ok) return { ok: false, output: formatApiError(res.error) };
  return { ok: true, output: `statefulset.apps/${obj.metadata.name} created` };
}

/**
 * createPod creates one of the scenario's pods of their own, a PersistentVolume or a ReplicaSet of
 * its own, as the registry creates a client's (rest/kinds.ts).
 */
function createPod(tx: Tx, raw: Pod): ActionOutput {
  const { status: _status, ...body } = raw;
  const p = prepareObject(body as KubeObject);
  if ('badRequest' in p) return { ok: false, output: `Error from server (BadRequest): ${p.badRequest}` };
  if ('invalid' in p) return { ok: false, output: formatApiError(newInvalidFor(raw.kind, p.name, p.invalid)) };
  const res = create(tx, p.object);
  if (!res.ok) return { ok: false, output: formatApiError(res.error) };
  const resource = raw.kind === 'Pod' ? 'pod' : raw.kind === 'ReplicaSet' ? 'replicaset.apps' : 'persistentvolume';
  return { ok: true, output: `${resource}/${p.object.metadata.name} created` };
}

/**
 * createPolicyObject creates one of the scenario's ResourceQuotas, PodDisruptionBudgets,
 * HorizontalPodAutoscalers or Services: decoded, defaulted and validated as the API server does
 * (apiserver/createPolicy.ts); a Service gets its ClusterIP.
 */
export function createPolicyObject(tx: Tx, raw: PolicyObject): ActionOutput {
  const r = preparePolicyObject(raw);
  if ('error' in r) return { ok: false, output: formatApiError(r.error) };
  const a = allocateServiceIP(r.object, tx.st.store.objects.Service.values(), tx.prng);
  if ('error' in a) return { ok: false, output: formatApiError(a.error) };
  const obj = a.object;
  const { status: _status, ...fresh } = obj as PolicyObject & { status?: unknown };
  const res = create(tx, fresh as KubeObject);
  if (!res.ok) return { ok: false, output: formatApiError(res.error) };
  return { ok: true, output: namePrinterLine(obj.kind, obj.metadata.name, 'created') };
}

/** runNodeAction applies a scenario node action: NotReady / Ready, add or remove a node. */
function runNodeAction(tx: Tx, a: Extract<SimAction, { node: unknown }>['node']): ActionOutput {
  if (a.add) {
    const add = a.add;
    const cfg = { name: a.name, labels: add.labels ?? {}, taints: add.taints ?? [], unschedulable: add.unschedulable ?? false, maxPods: add.maxPods ?? DEFAULT_MAX_PODS };
    // The first address no node holds (nodeStatus.ts): a node removed earlier gives its own back.
    const ip = nodeInternalIP(nextNodeIndex(tx.st.store.objects.Node.values() as Iterable<Node>));
    const res = create(tx, nodeObject(add.allocatable ? { ...cfg, allocatable: add.allocatable } : cfg, tx.nowIso, ip));
    return res.ok ? { ok: true, output: `node/${a.name} created` } : { ok: false, output: formatApiError(res.error) };
  }
  if (a.remove) {
    const res = del(tx, 'Node', a.name);
    return res.ok ? { ok: true, output: `node "${a.name}" deleted` } : { ok: false, output: formatApiError(res.error) };
  }
  if (a.ready !== undefined) {
    const out = setNodeReady(tx, a.name, a.ready);
    return { ok: !out.startsWith('Error'), output: out };
  }
  return { ok: false, output: `error: node action for "${a.name}" says nothing to do` };
}

/**
 * requestOutput is the line a replayed API write shows: the request and the API server's answer,
 * `PATCH /apis/apps/v1/namespaces/default/deployments/web: 200`, with the Status message of a
 * refusal.
 */
function requestOutput(req: ApiRequest, res: RestResult): string {
  const line = `${req.method} ${req.path.split('?')[0] ?? ''}: ${res.code}`;
  const body = res.body as { kind?: unknown; message?: unknown };
  return res.code >= 400 && body.kind === 'Status' && typeof body.message === 'string' ? `${line} ${body.message}` : line;
}

/** runAction performs the scenario's action number `index`. */
export function runAction(tx: Tx, index: number): ActionOutput {
  const a = tx.st.config.actions[index];
  if (!a) return { ok: false, output: `error: no action ${index}` };
  let out: ActionOutput;
  if ('kubectl' in a) {
    tx.key = `kubectl ${a.kubectl}`;
    out = executeKubectl(tx, a.kubectl);
  } else if ('apply' in a) {
    // Like `kubectl apply -f -`: a three-way merge that keeps live values of fields the
    // manifest never set (a replicas count set by `scale`, for example).
    tx.key = 'kubectl apply -f -';
    out = executeKubectl(tx, 'apply -f -', a.apply);
  } else if ('request' in a) {
    tx.key = `${a.request.method} ${a.request.path.split('?')[0] ?? ''}`;
    const res = runRequest(tx, a.request);
    out = { ok: res.code < 400, output: requestOutput(a.request, res) };
  } else {
    out = runNodeAction(tx, a.node);
  }
  note(tx, 'kubectl', { output: out.output });
  return out;
}

/** runInitObject creates one of the scenario's initial objects. */
export function runInitObject(tx: Tx, index: number): ActionOutput {
  const obj = tx.st.config.objects[index];
  if (!obj) return { ok: false, output: `error: no object ${index}` };
  const out = createInitialObject(tx, obj);
  note(tx, 'kubectl', { output: out.output });
  return out;
}
