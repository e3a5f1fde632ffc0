// Port of kubernetes pkg/controller/daemon/util/daemonset_util.go and pod helpers of pkg/api/v1/pod/util.go (v1.36).
/**
 * Pure DaemonSet maths: surge / unavailability budgets, the default tolerations every daemon pod
 * carries, the pod template the controller stamps out per node, and the pod predicates (updated,
 * ready, available) the rolling update is built on. Inputs are never mutated.
 */
import { ControllerRevisionHashLabelKey, DaemonSetTemplateGenerationKey } from '../../../api/constants.ts';
import type { Affinity, DaemonSet, NodeSelector, Pod, PodCondition, PodSpec, PodTemplateSpec, Toleration } from '../../../api/types.ts';
import { getScaledValueFromIntOrPercent } from '../../../lib/intstr.ts';
import { ObjectNameField } from '../../../lib/scheduling.ts';
import { parseRFC3339 } from '../../../lib/time.ts';

/**
 * The DaemonSet annotation the API server keeps for the deprecated templateGeneration
 * (apps.DeprecatedTemplateGeneration); pods carry its value in the `pod-template-generation` label.
 */
export const DeprecatedTemplateGenerationAnnotation = 'deprecated.daemonset.template.generation';

/** Well-known node taints the default DaemonSet tolerations name (core/v1 well_known_taints.go). */
export const TaintNodeNotReady = 'node.kubernetes.io/not-ready';
export const TaintNodeUnreachable = 'node.kubernetes.io/unreachable';
export const TaintNodeUnschedulable = 'node.kubernetes.io/unschedulable';
export const TaintNodeMemoryPressure = 'node.kubernetes.io/memory-pressure';
export const TaintNodeDiskPressure = 'node.kubernetes.io/disk-pressure';
export const TaintNodeNetworkUnavailable = 'node.kubernetes.io/network-unavailable';
export const TaintNodePIDPressure = 'node.kubernetes.io/pid-pressure';

/**
 * getTemplateGeneration reads the deprecated template-generation annotation as an int64. Missing
 * or unparsable gives null: every caller upstream treats the parse error as "no generation".
 */
export function getTemplateGeneration(ds: DaemonSet): number | null {
  const v = ds.metadata.annotations?.[DeprecatedTemplateGenerationAnnotation];
  if (v === undefined || !/^[+-]?\d+$/.test(v)) return null;
  return Number(v);
}

/** matchToleration reports whether two tolerations have the same key, operator, value and effect. */
function matchToleration(a: Toleration, b: Toleration): boolean {
  return (
    (a.key ?? '') === (b.key ?? '') &&
    (a.effect ?? '') === (b.effect ?? '') &&
    (a.operator ?? '') === (b.operator ?? '') &&
    (a.value ?? '') === (b.value ?? '')
  );
}

/**
 * addOrUpdateTolerationInPodSpec returns the spec with the toleration added, or replacing every
 * toleration that matches it on key/operator/value/effect (v1helper.AddOrUpdateTolerationInPodSpec);
 * a user's `not-ready:NoExecute Exists` with tolerationSeconds 300 becomes the unbounded default.
 */
export function addOrUpdateTolerationInPodSpec(spec: PodSpec, toleration: Toleration): PodSpec {
  const current = spec.tolerations ?? [];
  let updated = false;
  const next: Toleration[] = [];
  for (const t of current) {
    if (matchToleration(toleration, t)) {
      if (JSON.stringify(t) === JSON.stringify(toleration)) return spec;
      next.push({ ...toleration });
      updated = true;
      continue;
    }
    next.push(t);
  }
  if (!updated) next.push({ ...toleration });
  return { ...spec, tolerations: next };
}

/**
 * addOrUpdateDaemonPodTolerations returns the spec with the tolerations every daemon pod gets:
 * not-ready and unreachable NoExecute (so node problems never evict it), disk-, memory- and
 * pid-pressure plus unschedulable NoSchedule, and network-unavailable NoSchedule only for
 * hostNetwork pods (they do not need the CNI to come up).
 */
export function addOrUpdateDaemonPodTolerations(spec: PodSpec): PodSpec {
  const exists = (key: string, effect: 'NoExecute' | 'NoSchedule'): Toleration => ({ key, operator: 'Exists', effect });
  let s = spec;
  s = addOrUpdateTolerationInPodSpec(s, exists(TaintNodeNotReady, 'NoExecute'));
  s = addOrUpdateTolerationInPodSpec(s, exists(TaintNodeUnreachable, 'NoExecute'));
  s = addOrUpdateTolerationInPodSpec(s, exists(TaintNodeDiskPressure, 'NoSchedule'));
  s = addOrUpdateTolerationInPodSpec(s, exists(TaintNodeMemoryPressure, 'NoSchedule'));
  s = addOrUpdateTolerationInPodSpec(s, exists(TaintNodePIDPressure, 'NoSchedule'));
  s = addOrUpdateTolerationInPodSpec(s, exists(TaintNodeUnschedulable, 'NoSchedule'));
  if (spec.hostNetwork) s = addOrUpdateTolerationInPodSpec(s, exists(TaintNodeNetworkUnavailable, 'NoSchedule'));
  return s;
}

/**
 * createPodTemplate returns a copy of the template with the default tolerations and the labels
 * `controller-revision-hash=<hash>` (when hash is set) and `pod-template-generation=<n>` (when
 * the deprecated annotation is set).
 */
export function createPodTemplate(template: PodTemplateSpec, generation: number | null, hash: string): PodTemplateSpec {
  const labels: Record<string, string> = { ...(template.metadata?.labels ?? {}) };
  if (generation !== null) labels[DaemonSetTemplateGenerationKey] = String(generation);
  if (hash.length > 0) labels[ControllerRevisionHashLabelKey] = hash;
  return {
    ...template,
    metadata: { ...(template.metadata ?? {}), labels },
    spec: addOrUpdateDaemonPodTolerations(structuredClone(template.spec)),
  };
}

/** strategyRollingUpdate returns the rollingUpdate block when the strategy is RollingUpdate. */
function rollingUpdateOf(ds: DaemonSet) {
  if (ds.spec.updateStrategy?.type !== 'RollingUpdate') return undefined;
  return ds.spec.updateStrategy.rollingUpdate;
}

/**
 * surgeCount resolves maxSurge against the number of nodes to schedule, rounding UP (25% of 10
 * nodes → 3). 0 for OnDelete, a missing rollingUpdate or a missing maxSurge. Throws
 * getScaledValueFromIntOrPercent's error for a malformed value.
 */
export function surgeCount(ds: DaemonSet, numberToSchedule: number): number {
  const r = rollingUpdateOf(ds);
  if (!r || r.maxSurge === undefined || r.maxSurge === null) return 0;
  return getScaledValueFromIntOrPercent(r.maxSurge, numberToSchedule, true);
}

/**
 * unavailableCount resolves maxUnavailable against the number of nodes to schedule, rounding UP
 * too — unlike a Deployment (50% of 3 nodes → 2). 0 for OnDelete or a missing rollingUpdate; a
 * missing maxUnavailable inside rollingUpdate is upstream's "nil value for IntOrString" error.
 */
export function unavailableCount(ds: DaemonSet, numberToSchedule: number): number {
  const r = rollingUpdateOf(ds);
  if (!r) return 0;
  return getScaledValueFromIntOrPercent(r.maxUnavailable, numberToSchedule, true);
}

/** allowsSurge reports whether the DaemonSet may run two pods on a node (surge resolved against 1 > 0). */
export function allowsSurge(ds: DaemonSet): boolean {
  try {
    return surgeCount(ds, 1) > 0;
  } catch {
    return false;
  }
}

/**
 * isPodUpdated reports whether the pod belongs to the current revision: its
 * controller-revision-hash equals `hash`, or its pod-template-generation label equals the
 * DaemonSet's deprecated template generation.
 */
export function isPodUpdated(pod: Pod, hash: string, dsTemplateGeneration: number | null = null): boolean {
  const labels = pod.metadata.labels ?? {};
  const templateMatches =
    dsTemplateGeneration !== null && labels[DaemonSetTemplateGenerationKey] === String(dsTemplateGeneration);
  const hashMatches = hash.length > 0 && labels[ControllerRevisionHashLabelKey] === hash;
  return hashMatches || templateMatches;
}

/**
 * replaceDaemonSetPodNodeNameNodeAffinity returns an affinity whose required node affinity is
 * exactly one term `matchFields metadata.name In [nodename]`; every other part of the affinity
 * is kept. The scheduler then binds the pod to that node and no other.
 */
export function replaceDaemonSetPodNodeNameNodeAffinity(affinity: Affinity | undefined, nodename: string): Affinity {
  const nodeSelector: NodeSelector = {
    nodeSelectorTerms: [{ matchFields: [{ key: ObjectNameField, operator: 'In', values: [nodename] }] }],
  };
  // Object.assign rather than a spread and then a key the source lacks (V8's slow path, see
  // newPod in shouldRun.ts): the same keys in the same order, for each of a rollout's 5,000 pods.
  const nodeAffinity = Object.assign({}, affinity?.nodeAffinity ?? {}, { requiredDuringSchedulingIgnoredDuringExecution: nodeSelector });
  return Object.assign({}, affinity ?? {}, { nodeAffinity });
}

/**
 * getTargetNodeName returns the node a daemon pod is for: spec.nodeName once scheduled, else the
 * single value of a required `matchFields metadata.name In [...]` term. null where upstream
 * returns an error (no affinity, no such term, or more than one value).
 */
export function getTargetNodeName(pod: Pod): string | null {
  if (pod.spec.nodeName) return pod.spec.nodeName;
  const terms = pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  if (!terms || terms.length < 1) return null;
  for (const term of terms) {
    for (const exp of term.matchFields ?? []) {
      if (exp.key === ObjectNameField && exp.operator === 'In') {
        const values = exp.values ?? [];
        return values.length === 1 ? (values[0] ?? null) : null;
      }
    }
  }
  return null;
}

/**
 * newDaemonSetPodTemplate returns the template syncNodes creates on `nodeName`: createPodTemplate
 * (default tolerations, hash and generation labels) with the required node affinity replaced by
 * that node. It sets no spec.nodeName: the default scheduler binds the pod (a template that
 * itself names a node keeps it, as upstream).
 */
export function newDaemonSetPodTemplate(ds: DaemonSet, hash: string, nodeName: string): PodTemplateSpec {
  return podTemplateForNode(createPodTemplate(ds.spec.template, getTemplateGeneration(ds), hash), nodeName);
}

/**
 * podTemplateForNode is the per-node half of newDaemonSetPodTemplate: a createPodTemplate result
 * with its required node affinity replaced by `nodeName`. syncNodes builds the template once
 * and pins it to each of up to 250 nodes.
 */
export function podTemplateForNode(template: PodTemplateSpec, nodeName: string): PodTemplateSpec {
  const affinity = replaceDaemonSetPodNodeNameNodeAffinity(template.spec.affinity, nodeName);
  return { ...template, spec: Object.assign({}, template.spec, { affinity }) };
}

/** isPodReady reports whether the pod's Ready condition is True (podutil.IsPodReady). */
export function isPodReady(pod: Pod): boolean {
  return readyCondition(pod)?.status === 'True';
}

/** readyCondition returns the pod's Ready condition (a plain loop: it runs for every pod of every sync). */
function readyCondition(pod: Pod): PodCondition | undefined {
  for (const c of pod.status?.conditions ?? []) if (c.type === 'Ready') return c;
  return undefined;
}

/**
 * isPodAvailable reports whether the pod has been Ready for minReadySeconds (podutil.IsPodAvailable):
 * with minReadySeconds 0 Ready is enough; otherwise lastTransitionTime + minReadySeconds must be
 * strictly before now (ready at t=50 s with 15 s: unavailable at 60 s and at 65 s, available at 66 s).
 */
export function isPodAvailable(pod: Pod, minReadySeconds: number, nowMs: number): boolean {
  if (!isPodReady(pod)) return false;
  if (minReadySeconds === 0) return true;
  const since = parseRFC3339(readyCondition(pod)?.lastTransitionTime);
  if (Number.isNaN(since)) return false;
  return since + minReadySeconds * 1000 < nowMs;
}

/**
 * What isPodAvailable reads of a pod, read once: its name, whether its Ready condition is True and,
 * when it is, that condition's lastTransitionTime in ms (null when it does not parse, and for a
 * pod that is not Ready, whose time isPodAvailable never reads). The rolling update
 * asks this of every node in every sync; read from pod objects of many shapes that cost ~0.3 µs
 * a node, from this small record a few ns.
 */
export interface PodReadiness {
  name: string;
  ready: boolean;
  readySinceMs: number | null;
}

/** podReadiness reads a pod's PodReadiness. */
export function podReadiness(pod: Pod): PodReadiness {
  const c = readyCondition(pod);
  if (c?.status !== 'True') return { name: pod.metadata.name, ready: false, readySinceMs: null };
  const since = parseRFC3339(c.lastTransitionTime);
  return { name: pod.metadata.name, ready: true, readySinceMs: Number.isNaN(since) ? null : since };
}

/** isReadinessAvailable is isPodAvailable on a pod's PodReadiness (same answer for every pod and time). */
export function isReadinessAvailable(r: PodReadiness, minReadySeconds: number, nowMs: number): boolean {
  if (!r.ready) return false;
  if (minReadySeconds === 0) return true;
  if (r.readySinceMs === null) return false;
  return r.readySinceMs + minReadySeconds * 1000 < nowMs;
}
