/**
 * The part of the served kinds' OpenAPI schemas that server-side apply reads: which lists are
 * associative (`x-kubernetes-list-type: map` with `x-kubernetes-list-map-keys`) or sets, and which
 * structs are atomic (`x-kubernetes-map-type` / `structType=atomic`). The OpenAPI documents are not
 * shipped here, so this is an explicit table.
 *
 * Source: the `+listType`, `+listMapKey` and `+structType` markers of k8s.io/api v0.36 (core/v1,
 * apps/v1, policy/v1, autoscaling/v2, discovery/v1 types.go) and of apimachinery's ObjectMeta and
 * LabelSelector, which openapi-gen turns into those extensions. A list without a marker is atomic,
 * as structured-merge-diff deduces for a list with no list-type.
 */

/** A node of the schema: a struct (named fields, unknown fields granular), a list, or a leaf. */
export type Schema =
  | { type: 'struct'; fields?: Readonly<Record<string, Schema>>; atomic?: boolean; elem?: Schema }
  | { type: 'list'; list: 'atomic' | 'set' | 'map'; keys?: readonly string[]; defaults?: Readonly<Record<string, unknown>>; elem?: Schema }
  | { type: 'scalar' };

/** DEFAULT is what an unknown field is: a granular map of unknown fields (objects), atomic lists, leaves. */
export const UNKNOWN: Schema = { type: 'struct' };

const mapList = (keys: readonly string[], elem?: Schema, defaults?: Record<string, unknown>): Schema => ({
  type: 'list',
  list: 'map',
  keys,
  ...(elem ? { elem } : {}),
  ...(defaults ? { defaults } : {}),
});
const SET: Schema = { type: 'list', list: 'set' };
const ATOMIC_STRUCT: Schema = { type: 'struct', atomic: true };
/** metav1.Condition and the kinds' own conditions: `+listType=map +listMapKey=type`. */
const CONDITIONS = mapList(['type']);

/** LabelSelector is `+structType=atomic`: an applier owns it whole (`f:selector: {}`). */
const LABEL_SELECTOR = ATOMIC_STRUCT;

export const OBJECT_META: Schema = {
  type: 'struct',
  fields: {
    ownerReferences: mapList(['uid']),
    finalizers: SET,
  },
};

const CONTAINER: Schema = {
  type: 'struct',
  fields: {
    // Protocol is a key with a default: an applied port without it is keyed as TCP.
    ports: mapList(['containerPort', 'protocol'], undefined, { protocol: 'TCP' }),
    env: mapList(['name']),
    volumeMounts: mapList(['mountPath']),
    volumeDevices: mapList(['devicePath']),
    resizePolicy: { type: 'list', list: 'atomic' },
  },
};

const TOPOLOGY_SPREAD: Schema = { type: 'struct', fields: { labelSelector: LABEL_SELECTOR } };

export const POD_SPEC: Schema = {
  type: 'struct',
  fields: {
    containers: mapList(['name'], CONTAINER),
    initContainers: mapList(['name'], CONTAINER),
    ephemeralContainers: mapList(['name'], CONTAINER),
    volumes: mapList(['name']),
    imagePullSecrets: mapList(['name']),
    hostAliases: mapList(['ip']),
    topologySpreadConstraints: mapList(['topologyKey', 'whenUnsatisfiable'], TOPOLOGY_SPREAD),
    resourceClaims: mapList(['name']),
    schedulingGates: mapList(['name']),
  },
};

const POD_STATUS: Schema = {
  type: 'struct',
  fields: { conditions: CONDITIONS, podIPs: mapList(['ip']), hostIPs: mapList(['ip']) },
};

const TEMPLATE: Schema = { type: 'struct', fields: { metadata: OBJECT_META, spec: POD_SPEC } };

const WORKLOAD: Schema = {
  type: 'struct',
  fields: {
    metadata: OBJECT_META,
    spec: { type: 'struct', fields: { selector: LABEL_SELECTOR, template: TEMPLATE } },
    status: { type: 'struct', fields: { conditions: CONDITIONS } },
  },
};

/** The schema of each served kind, by kind. */
export const KIND_SCHEMAS: Readonly<Record<string, Schema>> = {
  Deployment: WORKLOAD,
  ReplicaSet: WORKLOAD,
  DaemonSet: WORKLOAD,
  StatefulSet: WORKLOAD,
  Pod: { type: 'struct', fields: { metadata: OBJECT_META, spec: POD_SPEC, status: POD_STATUS } },
  Service: {
    type: 'struct',
    fields: {
      metadata: OBJECT_META,
      spec: { type: 'struct', fields: { ports: mapList(['port', 'protocol'], undefined, { protocol: 'TCP' }) } },
      status: { type: 'struct', fields: { conditions: CONDITIONS } },
    },
  },
  Node: {
    type: 'struct',
    fields: {
      metadata: OBJECT_META,
      spec: { type: 'struct', fields: { podCIDRs: SET } },
      status: { type: 'struct', fields: { conditions: CONDITIONS, addresses: mapList(['type']) } },
    },
  },
  PodDisruptionBudget: {
    type: 'struct',
    fields: { metadata: OBJECT_META, spec: { type: 'struct', fields: { selector: LABEL_SELECTOR } }, status: { type: 'struct', fields: { conditions: CONDITIONS } } },
  },
  HorizontalPodAutoscaler: {
    type: 'struct',
    fields: { metadata: OBJECT_META, spec: { type: 'struct', fields: { scaleTargetRef: ATOMIC_STRUCT } }, status: { type: 'struct', fields: { conditions: CONDITIONS } } },
  },
  ControllerRevision: { type: 'struct', fields: { metadata: OBJECT_META, data: ATOMIC_STRUCT } },
  Namespace: { type: 'struct', fields: { metadata: OBJECT_META, spec: { type: 'struct', fields: { finalizers: SET } }, status: { type: 'struct', fields: { conditions: CONDITIONS } } } },
  Event: { type: 'struct', fields: { metadata: OBJECT_META, involvedObject: ATOMIC_STRUCT } },
};

/** schemaOf is a kind's schema; a kind not in the table is all granular maps and atomic lists. */
export function schemaOf(kind: string): Schema {
  return KIND_SCHEMAS[kind] ?? UNKNOWN;
}

/** fieldSchema is the schema of a struct's field. */
export function fieldSchema(s: Schema, name: string): Schema {
  if (s.type !== 'struct') return UNKNOWN;
  return s.fields?.[name] ?? s.elem ?? UNKNOWN;
}

/** itemSchema is the schema of a list's items. */
export function itemSchema(s: Schema): Schema {
  return s.type === 'list' ? (s.elem ?? UNKNOWN) : UNKNOWN;
}

/**
 * Go's non-pointer struct fields: present (as `{}`) in the zero value a create is compared with,
 * so an Update that creates them does not own the struct itself (`f:spec` has no `.`), while a
 * map or a pointer struct it adds is owned with its `.` (`f:labels: {.: {}, …}`).
 */
export const ZERO_PRESENT: ReadonlySet<string> = new Set(['metadata', 'spec', 'status', 'template', 'strategy', 'updateStrategy', 'resources', 'containers']);
