// Port of kubernetes pkg/apis/apps/v1/defaults.go and the pod-template part of
// pkg/apis/core/v1/defaults.go (v1.36). Every function returns a NEW object.
import { DefaultNamespace } from '../api/constants.ts';
import type {
  Container,
  DaemonSet,
  Deployment,
  HTTPGetAction,
  LifecycleHandler,
  ObjectMeta,
  Pod,
  PodSpec,
  PodTemplateSpec,
  Probe,
  ReplicaSet,
  ResourceList,
} from '../api/types.ts';
import { formatQuantity, parseQuantity } from '../lib/quantity.ts';
import { storedPodSpec } from './servedDefaults.ts';

/** setDefaultsObjectMeta fills the namespace, which the API server takes from the request path. */
function setDefaultsObjectMeta<M extends ObjectMeta>(meta: M): M {
  return meta.namespace ? meta : { ...meta, namespace: DefaultNamespace };
}

/**
 * imagePullPolicyFor is SetDefaults_Container's rule: Always for the `latest` tag (or no tag,
 * which means latest), IfNotPresent for any other tag or a digest.
 */
export function imagePullPolicyFor(image: string): 'Always' | 'IfNotPresent' {
  if (image.includes('@')) return 'IfNotPresent';
  const lastSlash = image.lastIndexOf('/');
  const colon = image.indexOf(':', lastSlash + 1);
  const tag = colon >= 0 ? image.slice(colon + 1) : 'latest';
  return tag === 'latest' ? 'Always' : 'IfNotPresent';
}

/** setDefaultsHTTPGetAction: path `/` and scheme HTTP when empty. */
function setDefaultsHTTPGetAction(h: HTTPGetAction): HTTPGetAction {
  if (h.path && h.scheme) return h;
  return { ...h, path: h.path || '/', scheme: h.scheme || 'HTTP' };
}

/**
 * setDefaultsProbe: timeoutSeconds 1, periodSeconds 10, successThreshold 1, failureThreshold 3
 * when 0 or unset (so `periodSeconds: 0` is stored as 10, as a cluster does); an httpGet handler
 * gets its path and scheme; a gRPC handler its empty service.
 */
export function setDefaultsProbe(p: Probe): Probe {
  const out: Probe = { ...p };
  if (!out.timeoutSeconds) out.timeoutSeconds = 1;
  if (!out.periodSeconds) out.periodSeconds = 10;
  if (!out.successThreshold) out.successThreshold = 1;
  if (!out.failureThreshold) out.failureThreshold = 3;
  if (out.httpGet) out.httpGet = setDefaultsHTTPGetAction(out.httpGet);
  if (out.grpc && out.grpc.service === undefined) out.grpc = { ...out.grpc, service: '' };
  return out;
}

function setDefaultsLifecycleHandler(h: LifecycleHandler): LifecycleHandler {
  return h.httpGet ? { ...h, httpGet: setDefaultsHTTPGetAction(h.httpGet) } : h;
}

/** canonicalQuantities stores each quantity as the API server prints it back (`0.5` → `500m`, `1.5Gi` → `1536Mi`). */
function canonicalQuantities(l: ResourceList | undefined): ResourceList | undefined {
  if (l === undefined) return undefined;
  const out: ResourceList = {};
  for (const [k, v] of Object.entries(l)) {
    const q = parseQuantity(String(v));
    out[k] = q.ok ? formatQuantity(q.value) : v;
  }
  return out;
}

function setDefaultsContainer(c: Container, hostNetwork: boolean): Container {
  const out: Container = { ...c };
  if (!out.imagePullPolicy) out.imagePullPolicy = imagePullPolicyFor(out.image ?? '');
  if (out.ports) {
    // With hostNetwork a container port is a host port: defaultHostNetworkPorts.
    out.ports = out.ports.map((p) => {
      const q = p.protocol ? p : { ...p, protocol: 'TCP' };
      return hostNetwork && !q.hostPort ? { ...q, hostPort: q.containerPort } : q;
    });
  }
  if (out.resources) {
    const { limits, requests, ...rest } = out.resources;
    const l = canonicalQuantities(limits);
    const r = canonicalQuantities(requests);
    out.resources = { ...(l ? { limits: l } : {}), ...(r ? { requests: r } : {}), ...rest };
  }
  if (out.readinessProbe) out.readinessProbe = setDefaultsProbe(out.readinessProbe);
  if (out.livenessProbe) out.livenessProbe = setDefaultsProbe(out.livenessProbe);
  if (out.startupProbe) out.startupProbe = setDefaultsProbe(out.startupProbe);
  const l = out.lifecycle;
  if (l) {
    out.lifecycle = { ...l };
    if (l.postStart) out.lifecycle.postStart = setDefaultsLifecycleHandler(l.postStart);
    if (l.preStop) out.lifecycle.preStop = setDefaultsLifecycleHandler(l.preStop);
  }
  return out;
}

/**
 * setDefaultsPodSpec: restartPolicy Always, terminationGracePeriodSeconds 30, schedulerName
 * default-scheduler, and per container imagePullPolicy, port protocol TCP, hostPort = containerPort
 * with hostNetwork, quantities in canonical form, the probes' numbers and the httpGet handlers' path
 * and scheme (setDefaultsProbe). The defaults no component here reads (dnsPolicy, securityContext,
 * the termination message fields; a pod's account, priority and token volume) are stored without
 * and served with (servedDefaults.ts): a spec that comes back with them is stored as before.
 */
export function setDefaultsPodSpec(spec: PodSpec, podUid?: string): PodSpec {
  const s = storedPodSpec(spec, podUid);
  return {
    ...s,
    containers: (s.containers ?? []).map((c) => setDefaultsContainer(c, s.hostNetwork === true)),
    ...(s.initContainers ? { initContainers: s.initContainers.map((c) => setDefaultsContainer(c, s.hostNetwork === true)) } : {}),
    restartPolicy: s.restartPolicy || 'Always',
    terminationGracePeriodSeconds: s.terminationGracePeriodSeconds ?? 30,
    schedulerName: s.schedulerName || 'default-scheduler',
  };
}

/** setDefaultsPodTemplateSpec defaults the pod spec inside a workload's template. */
export function setDefaultsPodTemplateSpec(t: PodTemplateSpec): PodTemplateSpec {
  return { ...t, spec: setDefaultsPodSpec(t.spec ?? { containers: [] }) };
}

/**
 * setDefaultsDeployment: replicas 1; strategy RollingUpdate; for RollingUpdate, each of
 * maxUnavailable and maxSurge that is unset becomes "25%" (string); revisionHistoryLimit 10;
 * progressDeadlineSeconds 600; the pod template defaulted.
 */
export function setDefaultsDeployment(d: Deployment): Deployment {
  const spec = { ...d.spec };
  if (spec.replicas === undefined || spec.replicas === null) spec.replicas = 1;
  const strategy = { ...(spec.strategy ?? {}) };
  if (!strategy.type) strategy.type = 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    const ru = { ...(strategy.rollingUpdate ?? {}) };
    if (ru.maxUnavailable === undefined || ru.maxUnavailable === null) ru.maxUnavailable = '25%';
    if (ru.maxSurge === undefined || ru.maxSurge === null) ru.maxSurge = '25%';
    strategy.rollingUpdate = ru;
  }
  spec.strategy = strategy;
  if (spec.revisionHistoryLimit === undefined || spec.revisionHistoryLimit === null) spec.revisionHistoryLimit = 10;
  if (spec.progressDeadlineSeconds === undefined || spec.progressDeadlineSeconds === null) spec.progressDeadlineSeconds = 600;
  if (spec.template) spec.template = setDefaultsPodTemplateSpec(spec.template);
  return { ...d, metadata: setDefaultsObjectMeta(d.metadata), spec };
}

/**
 * setDefaultsDaemonSet: updateStrategy RollingUpdate; for RollingUpdate, an unset maxUnavailable
 * becomes 1 and an unset maxSurge 0 (ints); revisionHistoryLimit 10; the pod template defaulted.
 */
export function setDefaultsDaemonSet(ds: DaemonSet): DaemonSet {
  const spec = { ...ds.spec };
  const strategy = { ...(spec.updateStrategy ?? {}) };
  if (!strategy.type) strategy.type = 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    const ru = { ...(strategy.rollingUpdate ?? {}) };
    if (ru.maxUnavailable === undefined || ru.maxUnavailable === null) ru.maxUnavailable = 1;
    if (ru.maxSurge === undefined || ru.maxSurge === null) ru.maxSurge = 0;
    strategy.rollingUpdate = ru;
  }
  spec.updateStrategy = strategy;
  if (spec.revisionHistoryLimit === undefined || spec.revisionHistoryLimit === null) spec.revisionHistoryLimit = 10;
  if (spec.template) spec.template = setDefaultsPodTemplateSpec(spec.template);
  return { ...ds, metadata: setDefaultsObjectMeta(ds.metadata), spec };
}

/** setDefaultsReplicaSet: replicas 1 and the pod template defaulted. */
export function setDefaultsReplicaSet(rs: ReplicaSet): ReplicaSet {
  const spec = { ...rs.spec };
  if (spec.replicas === undefined || spec.replicas === null) spec.replicas = 1;
  if (spec.template) spec.template = setDefaultsPodTemplateSpec(spec.template);
  return { ...rs, metadata: setDefaultsObjectMeta(rs.metadata), spec };
}

/** setDefaultsPod: namespace "default" and the pod spec defaults (restartPolicy Always, grace 30 s, ...). */
export function setDefaultsPod(pod: Pod): Pod {
  return { ...pod, metadata: setDefaultsObjectMeta(pod.metadata), spec: setDefaultsPodSpec(pod.spec, pod.metadata.uid ?? '') };
}
