/**
 * The Go types the manifest decoder (manifestShape.ts) checks a manifest against: the field types
 * of apps/v1 Deployment and DaemonSet, core/v1 Namespace, and the structs they share (ObjectMeta,
 * PodSpec, Container, ...). A struct whose every field is listed is decoded strictly; an `open`
 * one keeps fields the simulator does not read.
 */

export type GoType =
  | { t: 'string' | 'bool' | 'int32' | 'int64' | 'intstr' | 'any' | 'quantity' }
  | { t: 'map' | 'qmap' | 'bmap' }
  | { t: 'list'; of: GoType }
  | { t: 'struct'; name: string; fields: Record<string, GoType>; open?: boolean };

export const str: GoType = { t: 'string' };
export const bool: GoType = { t: 'bool' };
export const int32: GoType = { t: 'int32' };
const int64: GoType = { t: 'int64' };
export const intstr: GoType = { t: 'intstr' };
export const any: GoType = { t: 'any' };
export const map: GoType = { t: 'map' };
/** map[string][]byte: each value base64, as a Secret's data and a ConfigMap's binaryData. */
export const bytesMap: GoType = { t: 'bmap' };
/** A ResourceList: map[ResourceName]resource.Quantity, each value a quantity string or number. */
export const quantities: GoType = { t: 'qmap' };
export const list = (of: GoType): GoType => ({ t: 'list', of });
export const struct = (name: string, fields: Record<string, GoType>, open = false): GoType => ({
  t: 'struct',
  name,
  fields,
  open,
});

const ownerReference = struct('OwnerReference', {
  apiVersion: str,
  kind: str,
  name: str,
  uid: str,
  controller: bool,
  blockOwnerDeletion: bool,
});

export const objectMeta = struct('ObjectMeta', {
  name: str,
  generateName: str,
  namespace: str,
  selfLink: str,
  uid: str,
  resourceVersion: str,
  generation: int64,
  creationTimestamp: str,
  deletionTimestamp: str,
  deletionGracePeriodSeconds: int64,
  labels: map,
  annotations: map,
  ownerReferences: list(ownerReference),
  finalizers: list(str),
  managedFields: any,
});

export const labelSelector = struct('LabelSelector', {
  matchLabels: map,
  matchExpressions: list(struct('LabelSelectorRequirement', { key: str, operator: str, values: list(str) })),
});

const nodeSelectorRequirement = struct('NodeSelectorRequirement', { key: str, operator: str, values: list(str) });

const nodeSelectorTerm = struct('NodeSelectorTerm', {
  matchExpressions: list(nodeSelectorRequirement),
  matchFields: list(nodeSelectorRequirement),
});

const podAffinityTerm = struct('PodAffinityTerm', {
  labelSelector,
  namespaces: list(str),
  topologyKey: str,
  namespaceSelector: labelSelector,
  matchLabelKeys: list(str),
  mismatchLabelKeys: list(str),
});

const podAffinity = (name: string): GoType =>
  struct(name, {
    requiredDuringSchedulingIgnoredDuringExecution: list(podAffinityTerm),
    preferredDuringSchedulingIgnoredDuringExecution: list(struct('WeightedPodAffinityTerm', { weight: int32, podAffinityTerm })),
  });

const affinity = struct('Affinity', {
  nodeAffinity: struct('NodeAffinity', {
    requiredDuringSchedulingIgnoredDuringExecution: struct('NodeSelector', { nodeSelectorTerms: list(nodeSelectorTerm) }),
    preferredDuringSchedulingIgnoredDuringExecution: list(struct('PreferredSchedulingTerm', { weight: int32, preference: nodeSelectorTerm })),
  }),
  podAffinity: podAffinity('PodAffinity'),
  podAntiAffinity: podAffinity('PodAntiAffinity'),
});

const topologySpreadConstraint = struct('TopologySpreadConstraint', {
  maxSkew: int32,
  topologyKey: str,
  whenUnsatisfiable: str,
  labelSelector,
  minDomains: int32,
  nodeAffinityPolicy: str,
  nodeTaintsPolicy: str,
  matchLabelKeys: list(str),
});

const execAction = struct('ExecAction', { command: list(str) });
const httpGetAction = struct('HTTPGetAction', {
  path: str,
  port: intstr,
  host: str,
  scheme: str,
  httpHeaders: list(struct('HTTPHeader', { name: str, value: str })),
});
const tcpSocketAction = struct('TCPSocketAction', { port: intstr, host: str });

const probe = struct('Probe', {
  exec: execAction,
  httpGet: httpGetAction,
  tcpSocket: tcpSocketAction,
  grpc: struct('GRPCAction', { port: int32, service: str }),
  initialDelaySeconds: int32,
  timeoutSeconds: int32,
  periodSeconds: int32,
  successThreshold: int32,
  failureThreshold: int32,
  terminationGracePeriodSeconds: int64,
});

const lifecycleHandler = struct('LifecycleHandler', {
  exec: execAction,
  httpGet: httpGetAction,
  tcpSocket: tcpSocketAction,
  sleep: struct('SleepAction', { seconds: int64 }),
});

const keySelector = (name: string): GoType => struct(name, { name: str, key: str, optional: bool });
const envVarSource = struct('EnvVarSource', {
  configMapKeyRef: keySelector('ConfigMapKeySelector'),
  secretKeyRef: keySelector('SecretKeySelector'),
  fieldRef: struct('ObjectFieldSelector', { apiVersion: str, fieldPath: str }),
  resourceFieldRef: struct('ResourceFieldSelector', { containerName: str, resource: str, divisor: { t: 'quantity' } }),
});
const envFromSource = struct('EnvFromSource', {
  prefix: str,
  configMapRef: struct('ConfigMapEnvSource', { name: str, optional: bool }),
  secretRef: struct('SecretEnvSource', { name: str, optional: bool }),
});

const container = struct(
  'Container',
  {
    name: str,
    image: str,
    command: list(str),
    args: list(str),
    imagePullPolicy: str,
    ports: list(struct('ContainerPort', { containerPort: int32, name: str, protocol: str, hostPort: int32, hostIP: str })),
    resources: struct('ResourceRequirements', { limits: quantities, requests: quantities }, true),
    env: list(struct('EnvVar', { name: str, value: str, valueFrom: envVarSource })),
    envFrom: list(envFromSource),
    readinessProbe: probe,
    livenessProbe: probe,
    startupProbe: probe,
    lifecycle: struct('Lifecycle', { postStart: lifecycleHandler, preStop: lifecycleHandler, stopSignal: str }),
  },
  true,
);

const podSpec = struct(
  'PodSpec',
  {
    containers: list(container),
    initContainers: list(container),
    nodeName: str,
    nodeSelector: map,
    affinity,
    tolerations: list(
      struct('Toleration', { key: str, operator: str, value: str, effect: str, tolerationSeconds: int64 }),
    ),
    terminationGracePeriodSeconds: int64,
    hostNetwork: bool,
    restartPolicy: str,
    schedulerName: str,
    topologySpreadConstraints: list(topologySpreadConstraint),
    priority: int32,
    preemptionPolicy: str,
  },
  true,
);

export const podTemplateSpec = struct('PodTemplateSpec', { metadata: objectMeta, spec: podSpec });

const intOrStringPair = (name: string): GoType => struct(name, { maxUnavailable: intstr, maxSurge: intstr });

export const deployment = struct('Deployment', {
  apiVersion: str,
  kind: str,
  metadata: objectMeta,
  spec: struct('DeploymentSpec', {
    replicas: int32,
    selector: labelSelector,
    template: podTemplateSpec,
    strategy: struct('DeploymentStrategy', { type: str, rollingUpdate: intOrStringPair('RollingUpdateDeployment') }),
    minReadySeconds: int32,
    revisionHistoryLimit: int32,
    paused: bool,
    progressDeadlineSeconds: int32,
  }),
  status: any,
});

export const replicaSet = struct('ReplicaSet', {
  apiVersion: str,
  kind: str,
  metadata: objectMeta,
  spec: struct('ReplicaSetSpec', { replicas: int32, minReadySeconds: int32, selector: labelSelector, template: podTemplateSpec }),
  status: any,
});

export const daemonSet = struct('DaemonSet', {
  apiVersion: str,
  kind: str,
  metadata: objectMeta,
  spec: struct('DaemonSetSpec', {
    selector: labelSelector,
    template: podTemplateSpec,
    updateStrategy: struct('DaemonSetUpdateStrategy', {
      type: str,
      rollingUpdate: intOrStringPair('RollingUpdateDaemonSet'),
    }),
    minReadySeconds: int32,
    revisionHistoryLimit: int32,
  }),
  status: any,
});

export const namespace = struct('Namespace', {
  apiVersion: str,
  kind: str,
  metadata: objectMeta,
  spec: struct('NamespaceSpec', { finalizers: list(str) }),
  status: any,
});

/** A pod of its own (core/v1), as a client posts one (kubectl run, a Pod manifest). */
export const pod = struct('Pod', {
  apiVersion: str,
  kind: str,
  metadata: objectMeta,
  spec: podSpec,
  status: any,
});
