// What kube-apiserver writes into every pod spec and the engine leaves out (v1.36):
// SetDefaults_PodSpec's and SetDefaults_Container's fields no component here reads
// (pkg/apis/core/v1/defaults.go), SetDefaults_Pod's enableServiceLinks, the Priority admission
// plugin's priority and preemptionPolicy (plugin/pkg/admission/priority), and the ServiceAccount
// admission plugin's account and token volume (plugin/pkg/admission/serviceaccount/admission.go).
/**
 * The engine stores pod specs without these fields: each pod would carry a projected volume, a
 * mount per container and six more fields in every one of the 90,000 pod versions of a
 * 10,000-replica rollout, and a template's hash (lib/hash.ts hashes JSON) would move with them.
 * Two functions keep the stored and the served forms equivalent:
 * - servedPodSpec adds them where a cluster's spec has them (conversion.ts servedForm, the edges
 *   that serve or print an object);
 * - storedPodSpec takes off those equal to what servedPodSpec adds (defaults.ts setDefaultsPodSpec,
 *   every write), so `kubectl replace` of a served object stores what was stored, and a manifest
 *   spelling out `dnsPolicy: ClusterFirst` hashes as one that does not, as upstream's hash of the
 *   defaulted template does.
 */
import type { Container, PodSpec } from '../api/types.ts';
import type { Volume } from '../api/statefulTypes.ts';
import { fnv32a, utf8Bytes } from '../lib/hash.ts';
import { randString, seedPrng } from '../lib/prng.ts';

/** The account the ServiceAccount admission plugin gives a pod that names none (DefaultServiceAccountName). */
export const DefaultServiceAccountName = 'default';
/** Where the token volume is mounted in every container (DefaultAPITokenMountPath). */
export const DefaultAPITokenMountPath = '/var/run/secrets/kubernetes.io/serviceaccount';
/** The token volume's name before its 5 random characters (ServiceAccountVolumeName + "-"). */
export const ServiceAccountVolumeNamePrefix = 'kube-api-access-';
/** The token's lifetime the plugin asks for: an hour and 7 s (serviceaccount.WarnOnlyBoundTokenExpirationSeconds). */
export const DefaultAPITokenExpirationSeconds = 3607;
/** The root CA ConfigMap every namespace has (the root-ca-cert-publisher's RootCACertConfigMapName). */
export const RootCACertConfigMapName = 'kube-root-ca.crt';
const TerminationMessagePathDefault = '/dev/termination-log';

/** A container with the fields this module reads and writes. */
export type ServedContainer = Container & {
  terminationMessagePath?: string;
  terminationMessagePolicy?: string;
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
};

/** A pod spec with the fields this module reads and writes. */
export type ServedPodSpec = Omit<PodSpec, 'containers' | 'initContainers'> & {
  containers: ServedContainer[];
  initContainers?: ServedContainer[];
  dnsPolicy?: string;
  securityContext?: Record<string, unknown>;
  enableServiceLinks?: boolean;
  serviceAccountName?: string;
  serviceAccount?: string;
  automountServiceAccountToken?: boolean;
  priorityClassName?: string;
  volumes?: Volume[];
};

/**
 * tokenVolumeName is the token volume's name for a pod: the plugin draws its 5 characters
 * (names.SimpleNameGenerator); the engine makes them from the pod's uid, so a pod keeps its name
 * through every read and no PRNG draw is spent.
 */
export function tokenVolumeName(uid: string): string {
  return ServiceAccountVolumeNamePrefix + randString(seedPrng(fnv32a(utf8Bytes(uid))), 5);
}

/** tokenVolume is the projected volume the plugin adds: the token, the root CA and the namespace (TokenVolumeSource). */
export function tokenVolume(name: string): Volume {
  return {
    name,
    projected: {
      defaultMode: 420,
      sources: [
        { serviceAccountToken: { expirationSeconds: DefaultAPITokenExpirationSeconds, path: 'token' } },
        { configMap: { items: [{ key: 'ca.crt', path: 'ca.crt' }], name: RootCACertConfigMapName } },
        { downwardAPI: { items: [{ fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' }, path: 'namespace' }] } },
      ],
    },
  };
}

const isEmpty = (o: object | undefined): boolean => o !== undefined && Object.keys(o).length === 0;

/** The mode SetDefaults_{ConfigMap,Secret,DownwardAPI,Projected}VolumeSource give a volume's files: 0644. */
const DefaultVolumeMode = 420;

type FieldRef = { apiVersion?: string; fieldPath: string };
type Items = { path: string; fieldRef?: FieldRef }[] | undefined;

/** SetDefaults_ObjectFieldSelector: apiVersion v1, first as in the Go struct. */
const servedFieldRef = (f: FieldRef): FieldRef => (f.apiVersion ? f : { apiVersion: 'v1', ...f });
const storedFieldRef = (f: FieldRef): FieldRef => {
  if (f.apiVersion !== 'v1') return f;
  const { apiVersion: _, ...rest } = f;
  return rest;
};

/** A downwardAPI source with each item's fieldRef passed through `f` (the items key only when it has one). */
const withItems = <T extends { items?: Items }>(s: T, f: (r: FieldRef) => FieldRef): T =>
  s.items === undefined ? s : { ...s, items: s.items.map((i) => (i.fieldRef ? { ...i, fieldRef: f(i.fieldRef) } : i)) };

/**
 * servedVolume gives a volume the defaults the API server writes: defaultMode 420 on configMap,
 * secret, downwardAPI and projected sources (after items, before optional, as the Go structs
 * order them), `type: ""` on a hostPath, and apiVersion v1 on a downward fieldRef.
 */
function servedVolume(v: Volume): Volume {
  const out: Volume = { ...v };
  const mode = <T extends { defaultMode?: number }>(s: T, before: readonly string[]): T => {
    if (s.defaultMode !== undefined) return s;
    const head: Record<string, unknown> = {};
    const tail: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(s)) (before.includes(k) ? head : tail)[k] = x;
    return { ...head, defaultMode: DefaultVolumeMode, ...tail } as T;
  };
  if (v.configMap) out.configMap = mode(v.configMap, ['name', 'items']);
  if (v.secret) out.secret = mode(v.secret, ['secretName', 'items']);
  if (v.downwardAPI) out.downwardAPI = mode(withItems(v.downwardAPI, servedFieldRef), ['items']);
  if (v.projected) {
    const sources = v.projected.sources?.map((s) => (s.downwardAPI ? { ...s, downwardAPI: withItems(s.downwardAPI, servedFieldRef) } : s));
    out.projected = mode({ ...v.projected, ...(sources ? { sources } : {}) }, ['sources']);
  }
  if (v.hostPath && v.hostPath.type === undefined) out.hostPath = { ...v.hostPath, type: '' };
  return out;
}

/** storedVolume takes off what servedVolume adds, with the values it adds. */
function storedVolume(v: Volume): Volume {
  const out: Volume = { ...v };
  const mode = <T extends { defaultMode?: number }>(s: T): T => {
    if (s.defaultMode !== DefaultVolumeMode) return s;
    const { defaultMode: _, ...rest } = s;
    return rest as T;
  };
  if (v.configMap) out.configMap = mode(v.configMap);
  if (v.secret) out.secret = mode(v.secret);
  if (v.downwardAPI) out.downwardAPI = mode(withItems(v.downwardAPI, storedFieldRef));
  if (v.projected) {
    const sources = v.projected.sources?.map((s) => (s.downwardAPI ? { ...s, downwardAPI: withItems(s.downwardAPI, storedFieldRef) } : s));
    out.projected = mode({ ...v.projected, ...(sources ? { sources } : {}) });
  }
  if (v.hostPath?.type === '') {
    const { type: _, ...rest } = v.hostPath;
    out.hostPath = rest;
  }
  return out;
}

/** A container's env with each fieldRef given (served) or relieved of (stored) its apiVersion v1. */
function envWith(c: ServedContainer, f: (r: FieldRef) => FieldRef): ServedContainer['env'] {
  const env = (c as { env?: { valueFrom?: { fieldRef?: FieldRef } }[] }).env;
  if (env === undefined || !env.some((e) => e.valueFrom?.fieldRef)) return c.env;
  return env.map((e) => (e.valueFrom?.fieldRef ? { ...e, valueFrom: { ...e.valueFrom, fieldRef: f(e.valueFrom.fieldRef) } } : e)) as ServedContainer['env'];
}

function servedContainer(c: ServedContainer, mount: string | undefined): ServedContainer {
  const out: ServedContainer = { ...c };
  out.resources ??= {};
  out.terminationMessagePath ??= TerminationMessagePathDefault;
  out.terminationMessagePolicy ??= 'File';
  if (c.env !== undefined) out.env = envWith(c, servedFieldRef);
  if (mount !== undefined) out.volumeMounts = [...(c.volumeMounts ?? []), { mountPath: DefaultAPITokenMountPath, name: mount, readOnly: true }];
  return out;
}

function storedContainer(c: ServedContainer, mount: string | undefined): ServedContainer {
  const out: ServedContainer = { ...c };
  if (isEmpty(out.resources)) delete out.resources;
  if (out.terminationMessagePath === TerminationMessagePathDefault) delete out.terminationMessagePath;
  if (out.terminationMessagePolicy === 'File') delete out.terminationMessagePolicy;
  if (c.env !== undefined) out.env = envWith(c, storedFieldRef);
  if (mount !== undefined && out.volumeMounts !== undefined) {
    const kept = out.volumeMounts.filter((m) => !(m.name === mount && m.mountPath === DefaultAPITokenMountPath));
    if (kept.length > 0) out.volumeMounts = kept;
    else delete out.volumeMounts;
  }
  return out;
}

/** mountsToken: a container already mounts something at the token's path (the plugin then adds no volume). */
function mountsToken(spec: ServedPodSpec): boolean {
  return [...(spec.initContainers ?? []), ...spec.containers].some((c) => (c as ServedContainer).volumeMounts?.some((m) => m.mountPath === DefaultAPITokenMountPath));
}

/**
 * servedPodSpec is a spec as a cluster stores it. A template's (no `podUid`) gets SetDefaults_PodSpec's
 * dnsPolicy and securityContext and each container's resources and termination message fields; a
 * pod's also its enableServiceLinks, priority 0 and preemptionPolicy (no PriorityClass), its
 * service account (`default` unless named; serviceAccount mirrors it, as the v1 conversion does)
 * and, unless automountServiceAccountToken is false or a container mounts that path already, the
 * token volume mounted read-only in every container.
 */
export function servedPodSpec(spec: ServedPodSpec, podUid?: string): ServedPodSpec {
  const out: ServedPodSpec = { ...spec };
  out.dnsPolicy ??= 'ClusterFirst';
  out.securityContext ??= {};
  let mount: string | undefined;
  if (podUid !== undefined) {
    out.enableServiceLinks ??= true;
    if (out.priorityClassName === undefined) out.priority ??= 0;
    out.preemptionPolicy ??= 'PreemptLowerPriority';
    out.serviceAccountName ??= out.serviceAccount ?? DefaultServiceAccountName;
    out.serviceAccount = out.serviceAccountName;
    if (out.automountServiceAccountToken !== false && !mountsToken(spec)) {
      mount = tokenVolumeName(podUid);
      out.volumes = [...(spec.volumes ?? []), tokenVolume(mount)];
    }
  }
  if (spec.volumes !== undefined) {
    const own = spec.volumes.map(servedVolume);
    out.volumes = mount === undefined ? own : [...own, ...(out.volumes ?? []).slice(spec.volumes.length)];
  }
  out.containers = spec.containers.map((c) => servedContainer(c, mount));
  if (spec.initContainers) out.initContainers = spec.initContainers.map((c) => servedContainer(c, mount));
  return out;
}

/**
 * storedPodSpec takes off what servedPodSpec would add with the values it would add: the inverse
 * on a spec that came back from a client. A value a client changed stays (`dnsPolicy: Default`,
 * `serviceAccountName: builder`, another volume).
 */
export function storedPodSpec(spec: ServedPodSpec, podUid?: string): ServedPodSpec {
  const out: ServedPodSpec = { ...spec };
  if (out.dnsPolicy === 'ClusterFirst') delete out.dnsPolicy;
  if (isEmpty(out.securityContext)) delete out.securityContext;
  let mount: string | undefined;
  if (podUid !== undefined) {
    if (out.enableServiceLinks === true) delete out.enableServiceLinks;
    if (out.priority === 0 && out.priorityClassName === undefined) delete out.priority;
    if (out.preemptionPolicy === 'PreemptLowerPriority') delete out.preemptionPolicy;
    if (out.serviceAccountName === DefaultServiceAccountName && (out.serviceAccount ?? DefaultServiceAccountName) === DefaultServiceAccountName) {
      delete out.serviceAccountName;
      delete out.serviceAccount;
    } else if (out.serviceAccount === out.serviceAccountName) delete out.serviceAccount;
    const name = tokenVolumeName(podUid);
    if (out.volumes?.some((v) => v.name === name)) {
      mount = name;
      const kept = out.volumes.filter((v) => v.name !== name);
      if (kept.length > 0) out.volumes = kept;
      else delete out.volumes;
    }
  }
  if (out.volumes !== undefined) out.volumes = out.volumes.map(storedVolume);
  if (spec.containers) out.containers = spec.containers.map((c) => storedContainer(c, mount));
  if (spec.initContainers) out.initContainers = spec.initContainers.map((c) => storedContainer(c, mount));
  return out;
}
