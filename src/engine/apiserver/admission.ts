/**
 * Admission the API server applies to new pods: core/v1 pod defaults (requests default to limits),
 * the pod strategy's merge of matchLabelKeys into pod (anti-)affinity selectors, and the
 * DefaultTolerationSeconds plugin, which lets every pod tolerate a not-ready or unreachable
 * node for 300 s before the node lifecycle controller evicts it.
 */
import type { Affinity, Container, Pod, PodAffinity, PodAffinityTerm, PodSpec, PodStatus, Toleration } from '../api/types.ts';
import { keysAre } from './layout.ts';

const DEFAULT_TOLERATION_SECONDS = 300;

function hasToleration(ts: readonly Toleration[], key: string): boolean {
  return ts.some((t) => (t.key === key || (t.operator === 'Exists' && !t.key)) && (t.effect === 'NoExecute' || !t.effect));
}

/**
 * The two default tolerations, one object each for every pod (API objects are never changed in
 * place, and 10,000 pods need not carry 20,000 copies).
 */
const DEFAULT_TOLERATIONS: readonly Toleration[] = ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable'].map((key) => ({
  key,
  operator: 'Exists',
  effect: 'NoExecute',
  tolerationSeconds: DEFAULT_TOLERATION_SECONDS,
}));

/**
 * Admitted specs by the spec admitted: a ReplicaSet's pods share one copy of its template spec
 * (replicaset/replicaSet.ts), so its 10,000 pods share one admitted spec too instead of 10,000
 * equal copies. Not engine state: a restored run admits to equal specs.
 */
const admitted = new WeakMap<PodSpec, PodSpec>();

/**
 * The status a new pod is stored with: the pod strategy's PrepareForCreate replaces whatever the
 * client sent by phase Pending, so `kubectl get pods -w` prints STATUS Pending from the first row.
 * One shared, frozen object: every writer copies a status before changing it.
 */
const PENDING_STATUS: PodStatus = Object.freeze({ phase: 'Pending' }) as PodStatus;

/**
 * requestsFromLimits is SetDefaults_Pod's rule (pods only, not templates): a resource with a limit
 * and no request requests its limit. Worked example: limits cpu 1 → requests cpu 1.
 */
function requestsFromLimits(c: Container): Container {
  const limits = c.resources?.limits;
  if (limits === undefined) return c;
  const requests = { ...(c.resources?.requests ?? {}) };
  let changed = false;
  for (const [k, v] of Object.entries(limits)) {
    if (Object.hasOwn(requests, k)) continue;
    requests[k] = v;
    changed = true;
  }
  return changed ? { ...c, resources: { ...c.resources, requests } } : c;
}

function mergeTerm(t: PodAffinityTerm, labels: Record<string, string>): PodAffinityTerm {
  if (t.labelSelector === undefined) return t;
  const extra = [
    ...(t.matchLabelKeys ?? []).filter((k) => Object.hasOwn(labels, k)).map((key) => ({ key, operator: 'In' as const, values: [labels[key] as string] })),
    ...(t.mismatchLabelKeys ?? []).filter((k) => Object.hasOwn(labels, k)).map((key) => ({ key, operator: 'NotIn' as const, values: [labels[key] as string] })),
  ];
  if (extra.length === 0) return t;
  return { ...t, labelSelector: { ...t.labelSelector, matchExpressions: [...(t.labelSelector.matchExpressions ?? []), ...extra] } };
}

function mergePodAffinity(a: PodAffinity | undefined, labels: Record<string, string>): PodAffinity | undefined {
  if (a === undefined) return undefined;
  const out: PodAffinity = { ...a };
  if (a.requiredDuringSchedulingIgnoredDuringExecution) out.requiredDuringSchedulingIgnoredDuringExecution = a.requiredDuringSchedulingIgnoredDuringExecution.map((t) => mergeTerm(t, labels));
  if (a.preferredDuringSchedulingIgnoredDuringExecution) {
    out.preferredDuringSchedulingIgnoredDuringExecution = a.preferredDuringSchedulingIgnoredDuringExecution.map((w) => ({ ...w, podAffinityTerm: mergeTerm(w.podAffinityTerm, labels) }));
  }
  return out;
}

function usesLabelKeys(a: PodAffinity | undefined): boolean {
  const terms = [...(a?.requiredDuringSchedulingIgnoredDuringExecution ?? []), ...(a?.preferredDuringSchedulingIgnoredDuringExecution ?? []).map((w) => w.podAffinityTerm)];
  return terms.some((t) => (t.matchLabelKeys ?? []).length > 0 || (t.mismatchLabelKeys ?? []).length > 0);
}

/**
 * applyMatchLabelKeys is the pod strategy's applyMatchLabelKeysAndMismatchLabelKeys
 * (MatchLabelKeysInPodAffinity, on since v1.31): each matchLabelKeys key the pod has becomes
 * `key In (value)` in the term's labelSelector, each mismatchLabelKeys key `key NotIn (value)`.
 * Worked example: matchLabelKeys [pod-template-hash] on a pod of hash 5d8f → the anti-affinity
 * only sees pods of its own ReplicaSet, so a rollout's new pods ignore the old ones.
 */
function applyMatchLabelKeys(affinity: Affinity | undefined, labels: Record<string, string>): Affinity | undefined {
  if (affinity === undefined || (!usesLabelKeys(affinity.podAffinity) && !usesLabelKeys(affinity.podAntiAffinity))) return affinity;
  const out: Affinity = { ...affinity };
  const pa = mergePodAffinity(affinity.podAffinity, labels);
  const paa = mergePodAffinity(affinity.podAntiAffinity, labels);
  if (pa) out.podAffinity = pa;
  if (paa) out.podAntiAffinity = paa;
  return out;
}

/** Specs admitted with label-dependent affinity, by spec and label set (pods of one ReplicaSet share both). */
const admittedByLabels = new WeakMap<PodSpec, Map<string, PodSpec>>();

/** admitPod returns the new pod with API defaults, default tolerations and the Pending status. */
export function admitPod(pod: Pod): Pod {
  const labels = pod.metadata.labels ?? {};
  const byLabels = usesLabelKeys(pod.spec.affinity?.podAffinity) || usesLabelKeys(pod.spec.affinity?.podAntiAffinity);
  const labelsKey = byLabels ? JSON.stringify(Object.entries(labels).sort()) : '';
  let spec = byLabels ? admittedByLabels.get(pod.spec)?.get(labelsKey) : admitted.get(pod.spec);
  if (spec === undefined) {
    const tolerations = [...(pod.spec.tolerations ?? [])];
    for (const t of DEFAULT_TOLERATIONS) {
      if (!hasToleration(tolerations, t.key ?? '')) tolerations.push(t);
    }
    spec = {
      restartPolicy: 'Always',
      terminationGracePeriodSeconds: 30,
      schedulerName: 'default-scheduler',
      ...pod.spec,
      tolerations,
    };
    if (pod.spec.containers?.some((c) => c.resources?.limits)) spec.containers = pod.spec.containers.map(requestsFromLimits);
    if (pod.spec.initContainers?.some((c) => c.resources?.limits)) spec.initContainers = pod.spec.initContainers.map(requestsFromLimits);
    if (byLabels) {
      const affinity = applyMatchLabelKeys(pod.spec.affinity, labels);
      if (affinity) spec.affinity = affinity;
      let m = admittedByLabels.get(pod.spec);
      if (m === undefined) {
        m = new Map();
        admittedByLabels.set(pod.spec, m);
      }
      m.set(labelsKey, spec);
    } else admitted.set(pod.spec, spec);
  }
  // A controller's pod (apiVersion, kind, metadata, spec) as one literal: a spread that gains
  // `status` takes V8's slow copy, once for each of 20,000 pods of a rolling update.
  if (keysAre(pod, TEMPLATE_POD)) return { apiVersion: pod.apiVersion, kind: pod.kind, metadata: pod.metadata, spec, status: PENDING_STATUS };
  return { ...pod, spec, status: PENDING_STATUS };
}

const TEMPLATE_POD: readonly string[] = ['apiVersion', 'kind', 'metadata', 'spec'];

/** The simulated cluster's default StorageClass (as kind's and minikube's `standard`). */
export const DefaultStorageClassName = 'standard';

/**
 * admitClaim is what a new PersistentVolumeClaim gets on create: the DefaultStorageClass
 * admission plugin's class when it names none, volumeMode Filesystem (SetDefaults), and the
 * strategy's fresh status, phase Pending — the binder (controller/volume) binds it later.
 */
export function admitClaim<T extends { spec: { storageClassName?: string; volumeMode?: string }; status?: unknown }>(c: T): T {
  const spec = { ...c.spec, storageClassName: c.spec.storageClassName ?? DefaultStorageClassName, volumeMode: c.spec.volumeMode ?? 'Filesystem' };
  return { ...c, spec, status: { phase: 'Pending' } };
}
