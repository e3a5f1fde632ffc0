/**
 * The JSON decoding step the API server runs before validation: every field the simulator reads
 * must have the Go type of apps/v1, or the object is refused with the decoder's own wording, e.g.
 * `Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into
 * Go struct field DeploymentSpec.spec.replicas of type int32`. Structs whose every field is listed
 * below are decoded strictly (`strict decoding error: unknown field "spec.replica"`, as
 * `kubectl apply` with its default `--validate=strict`); structs the simulator only partly reads
 * (PodSpec, Container, ...) keep their other fields untouched so real manifests go in.
 * As in Go, `null` means "not set": it is dropped from mappings (and is the zero value in lists).
 */
import { isRecord } from './check.ts';
import { parseQuantity } from '../engine/lib/quantity.ts';

type GoType =
  | { t: 'string' | 'bool' | 'int32' | 'int64' | 'intstr' | 'any' | 'quantity' }
  | { t: 'map' | 'qmap' }
  | { t: 'list'; of: GoType }
  | { t: 'struct'; name: string; fields: Record<string, GoType>; open?: boolean };

const str: GoType = { t: 'string' };
const bool: GoType = { t: 'bool' };
const int32: GoType = { t: 'int32' };
const int64: GoType = { t: 'int64' };
const intstr: GoType = { t: 'intstr' };
const any: GoType = { t: 'any' };
const map: GoType = { t: 'map' };
/** A ResourceList: map[ResourceName]resource.Quantity, each value a quantity string or number. */
const quantities: GoType = { t: 'qmap' };
const list = (of: GoType): GoType => ({ t: 'list', of });
const struct = (name: string, fields: Record<string, GoType>, open = false): GoType => ({
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

const objectMeta = struct('ObjectMeta', {
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

const labelSelector = struct('LabelSelector', {
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
    env: list(struct('EnvVar', { name: str, value: str }, true)),
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

const podTemplateSpec = struct('PodTemplateSpec', { metadata: objectMeta, spec: podSpec });

const intOrStringPair = (name: string): GoType => struct(name, { maxUnavailable: intstr, maxSurge: intstr });

const deployment = struct('Deployment', {
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

const daemonSet = struct('DaemonSet', {
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

const namespace = struct('Namespace', {
  apiVersion: str,
  kind: str,
  metadata: objectMeta,
  spec: struct('NamespaceSpec', { finalizers: list(str) }),
  status: any,
});

// The policy kinds of DESIGN.md §9 (core/v1, policy/v1, autoscaling/v2).
const quantity: GoType = { t: 'quantity' };
const resourceList = quantities;

const resourceQuota = struct('ResourceQuota', {
  apiVersion: str,
  kind: str,
  metadata: objectMeta,
  spec: struct('ResourceQuotaSpec', {
    hard: resourceList,
    scopes: list(str),
    scopeSelector: struct('ScopeSelector', {
      matchExpressions: list(struct('ScopedResourceSelectorRequirement', { scopeName: str, operator: str, values: list(str) })),
    }),
  }),
  status: any,
});

const podDisruptionBudget = struct('PodDisruptionBudget', {
  apiVersion: str,
  kind: str,
  metadata: objectMeta,
  spec: struct('PodDisruptionBudgetSpec', { minAvailable: intstr, selector: labelSelector, maxUnavailable: intstr, unhealthyPodEvictionPolicy: str }),
  status: any,
});

const metricTarget = struct('MetricTarget', { type: str, value: quantity, averageValue: quantity, averageUtilization: int32 });
const scalingRules = struct('HPAScalingRules', {
  stabilizationWindowSeconds: int32,
  selectPolicy: str,
  policies: list(struct('HPAScalingPolicy', { type: str, value: int32, periodSeconds: int32 })),
  tolerance: quantity,
});

const horizontalPodAutoscaler = struct('HorizontalPodAutoscaler', {
  apiVersion: str,
  kind: str,
  metadata: objectMeta,
  spec: struct('HorizontalPodAutoscalerSpec', {
    scaleTargetRef: struct('CrossVersionObjectReference', { kind: str, name: str, apiVersion: str }),
    minReplicas: int32,
    maxReplicas: int32,
    metrics: list(
      struct('MetricSpec', {
        type: str,
        resource: struct('ResourceMetricSource', { name: str, target: metricTarget }),
        containerResource: struct('ContainerResourceMetricSource', { name: str, container: str, target: metricTarget }),
        pods: any,
        object: any,
        external: any,
      }),
    ),
    behavior: struct('HorizontalPodAutoscalerBehavior', { scaleUp: scalingRules, scaleDown: scalingRules }),
  }),
  status: any,
});

const service = struct('Service', {
  apiVersion: str,
  kind: str,
  metadata: objectMeta,
  spec: struct(
    'ServiceSpec',
    {
      ports: list(struct('ServicePort', { name: str, protocol: str, appProtocol: str, port: int32, targetPort: intstr, nodePort: int32 })),
      selector: map,
      clusterIP: str,
      clusterIPs: list(str),
      type: str,
      externalIPs: list(str),
      externalName: str,
      sessionAffinity: str,
    },
    true,
  ),
  status: any,
});

const POLICY_TYPES: Record<string, { ty: GoType; version: string }> = {
  ResourceQuota: { ty: resourceQuota, version: 'v1' },
  PodDisruptionBudget: { ty: podDisruptionBudget, version: 'v1' },
  HorizontalPodAutoscaler: { ty: horizontalPodAutoscaler, version: 'v2' },
  Service: { ty: service, version: 'v1' },
};

/**
 * decodePolicyManifest is decodeManifest for ResourceQuota, PodDisruptionBudget,
 * HorizontalPodAutoscaler and Service: a quantity that does not parse is the decoder's
 * `quantities must match the regular expression …`.
 */
export function decodePolicyManifest(kind: 'ResourceQuota' | 'PodDisruptionBudget' | 'HorizontalPodAutoscaler' | 'Service', obj: Record<string, unknown>): Decoded {
  const t = POLICY_TYPES[kind] as { ty: GoType; version: string };
  const w: Walk = { typeError: null, unknown: [] };
  const value = walk(w, t.ty, obj, '', kind) as Record<string, unknown>;
  const head = `${kind} in version "${t.version}" cannot be handled as a ${kind}`;
  if (w.typeError !== null) return { ok: false, message: `${head}: ${w.typeError}` };
  if (w.unknown.length > 0) {
    const list = w.unknown.map((p) => `unknown field "${p}"`).join(', ');
    return { ok: false, message: `${head}: strict decoding error: ${list}` };
  }
  return { ok: true, value };
}

/** What decodeManifest found: the object with nulls dropped, or the decoder's message. */
export type Decoded = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

interface Walk {
  typeError: string | null;
  unknown: string[];
}

/**
 * decodeManifest checks a Deployment or DaemonSet manifest against the Go types of apps/v1 (a
 * Namespace against core/v1) and
 * returns it with `null` fields dropped, or the API server's decoding message (without the
 * `Error from server (BadRequest)` prefix kubectl adds).
 */
export function decodeManifest(kind: 'Deployment' | 'DaemonSet' | 'Namespace', obj: Record<string, unknown>): Decoded {
  const w: Walk = { typeError: null, unknown: [] };
  const type = kind === 'Deployment' ? deployment : kind === 'DaemonSet' ? daemonSet : namespace;
  const value = walk(w, type, obj, '', kind) as Record<string, unknown>;
  const head = `${kind} in version "v1" cannot be handled as a ${kind}`;
  if (w.typeError !== null) return { ok: false, message: `${head}: ${w.typeError}` };
  if (w.unknown.length > 0) {
    const list = w.unknown.map((p) => `unknown field "${p}"`).join(', ');
    return { ok: false, message: `${head}: strict decoding error: ${list}` };
  }
  return { ok: true, value };
}

/** jsonKind names a JSON value the way Go's decoder does in its messages. */
function jsonKind(x: unknown): string {
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'array';
  if (typeof x === 'boolean') return 'bool';
  if (typeof x === 'number') return 'number';
  if (typeof x === 'string') return 'string';
  return 'object';
}

const GO_NAME: Record<string, string> = {
  string: 'string',
  bool: 'bool',
  int32: 'int32',
  int64: 'int64',
  intstr: 'int32',
  map: 'map[string]string',
};

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/**
 * walk decodes x as type `ty` at JSON path `path` inside Go struct `owner`, recording the first
 * type error (Go stops there) and every unknown field of a closed struct.
 */
function walk(w: Walk, ty: GoType, x: unknown, path: string, owner: string): unknown {
  if (w.typeError !== null) return x;
  const mismatch = (goType: string, detail = jsonKind(x), at = path): unknown => {
    w.typeError = `json: cannot unmarshal ${detail} into Go struct field ${owner}.${at} of type ${goType}`;
    return x;
  };
  switch (ty.t) {
    case 'any':
      return x;
    case 'string':
      return typeof x === 'string' ? x : mismatch('string');
    case 'bool':
      return typeof x === 'boolean' ? x : mismatch('bool');
    case 'intstr':
      if (typeof x === 'string') return x;
      return walkInt(x, 32, mismatch, 'int32');
    case 'quantity': {
      // resource.Quantity.UnmarshalJSON: the text (trimmed) or the bare number must parse, else apimachinery's own error.
      const q = parseQuantity(typeof x === 'string' ? x.trim() : typeof x === 'number' ? String(x) : JSON.stringify(x));
      // Go's decoder stops at the first error: a later one does not replace it.
      if (!q.ok && w.typeError === null) w.typeError = q.error;
      return x;
    }
    case 'int32':
    case 'int64':
      return walkInt(x, ty.t === 'int32' ? 32 : 64, mismatch, ty.t);
    case 'map': {
      if (!isRecord(x)) return mismatch(GO_NAME.map as string);
      const entries: [string, unknown][] = [];
      for (const [k, v] of Object.entries(x)) {
        if (v === null) continue;
        if (typeof v !== 'string') return mismatch('string', jsonKind(v), join(path, k));
        entries.push([k, v]);
      }
      return Object.fromEntries(entries);
    }
    case 'qmap': {
      if (!isRecord(x)) return mismatch('v1.ResourceList');
      const entries: [string, unknown][] = [];
      for (const [k, v] of Object.entries(x)) {
        if (v === null) continue;
        entries.push([k, walk(w, { t: 'quantity' }, v, join(path, k), owner)]);
      }
      return Object.fromEntries(entries);
    }
    case 'list': {
      if (!Array.isArray(x)) return mismatch(`[]${goName(ty.of)}`);
      return x.map((e, i) => walk(w, ty.of, e === null ? zero(ty.of) : e, `${path}[${i}]`, owner));
    }
    case 'struct': {
      if (!isRecord(x)) return mismatch(ty.name);
      const entries: [string, unknown][] = [];
      for (const [k, v] of Object.entries(x)) {
        const sub = Object.hasOwn(ty.fields, k) ? ty.fields[k] : undefined;
        if (sub === undefined) {
          if (!ty.open) w.unknown.push(join(path, k));
          entries.push([k, v]);
        } else if (v !== null) {
          entries.push([k, walk(w, sub, v, join(path, k), ty.name)]);
        }
      }
      return Object.fromEntries(entries);
    }
  }
}

/** walkInt accepts integral numbers within the Go integer type's range. */
function walkInt(x: unknown, bits: 32 | 64, mismatch: (g: string, d?: string) => unknown, goType: string): unknown {
  if (typeof x !== 'number') return mismatch(goType);
  const limit = bits === 32 ? 2 ** 31 : 2 ** 63;
  if (!Number.isInteger(x) || x < -limit || x >= limit) return mismatch(goType, `number ${x}`);
  return x;
}

function goName(ty: GoType): string {
  if (ty.t === 'struct') return ty.name;
  if (ty.t === 'list') return `[]${goName(ty.of)}`;
  return GO_NAME[ty.t] ?? 'interface {}';
}

/** zero is the value Go decodes `null` to inside a list: an empty struct, string or number. */
function zero(ty: GoType): unknown {
  switch (ty.t) {
    case 'struct':
    case 'map':
    case 'qmap':
      return {};
    case 'list':
      return [];
    case 'string':
    case 'intstr':
    case 'quantity':
      return '';
    case 'bool':
      return false;
    case 'int32':
    case 'int64':
      return 0;
    case 'any':
      return null;
  }
}
