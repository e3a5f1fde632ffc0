// Port of kubernetes pkg/controller/podautoscaler/horizontal.go (v1.36): the HPA controller's
// queue handling (enqueueHPA, deleteHPA, processNextWorkItem, reconcileKey) and
// reconcileAutoscaler, computeReplicasForMetrics and the resource metric computation.
/**
 * Each HPA is reconciled every 15 s (--horizontal-pod-autoscaler-sync-period): read the target's
 * scale subresource (spec.replicas — not status.replicas, since kubernetes#72775), compute a
 * recommendation from the pods' CPU against their requests, stabilize and limit it, and write
 * spec.replicas through the scale subresource when it changed. A Deployment in the middle of a
 * rollout takes that write as a scaling event and scales old and new ReplicaSets proportionally.
 */
import { decide } from '../../api/decision.ts';
import type { HorizontalPodAutoscaler, HPAScalingRules, MetricSpec, MetricStatus } from '../../api/policyTypes.ts';
import type { Deployment, KubeObject, LabelSelector, Pod, ReplicaSet } from '../../api/types.ts';
import { jsonEqual, objectKey, type WatchRecord } from '../../apiserver/store.ts';
import { get } from '../../client/cache.ts';
import { formatSelector, selectorMatches } from '../../lib/labels.ts';
import { parseQuantity, quantityFromMilli, formatQuantity } from '../../lib/quantity.ts';
import { enqueueRateLimited, note, recordEvent, type Tx, update, writeStatusOf } from '../../client/tx.ts';
import { emptyHpaMemory, type HpaMemory } from './memory.ts';
import { getResourceMetric } from './metrics.ts';
import { DownscaleStabilisationWindowMs, normalizeDesiredReplicas } from './normalize.ts';
import { normalizeDesiredReplicasWithBehaviors, storeScaleEvent } from './normalizeBehaviors.ts';
import { DefaultTolerance, getResourceReplicas, type Tolerances } from './replicaCalculator.ts';
import { newDraft, setCondition, setCurrentReplicasAndMetricsInStatus, setStatus, type StatusDraft } from './hpaStatus.ts';

/** --horizontal-pod-autoscaler-sync-period. */
export const HpaSyncPeriodMs = 15_000;
/** The HPA controller's event source. */
export const HpaComponent = 'horizontal-pod-autoscaler';

/**
 * hpaOnWatch: an HPA added or changed is queued with the resync delay (AddRateLimited with the
 * fixed 15 s limiter: a key already waiting keeps its sooner time); a deleted one is forgotten.
 */
export function hpaOnWatch(tx: Tx, rec: WatchRecord): void {
  const o = rec.object;
  if (o.kind !== 'HorizontalPodAutoscaler' || rec.type === 'DELETED') return;
  enqueueRateLimited(tx, 'horizontalpodautoscaler', objectKey(o));
}

/** The target's scale subresource (autoscaling/v1 Scale): spec and status replicas, the selector. */
interface Scale {
  object: Deployment | ReplicaSet;
  specReplicas: number;
  statusReplicas: number;
  selector: LabelSelector;
  resource: string;
}

function groupOf(apiVersion: string | undefined): string {
  const v = apiVersion ?? '';
  const i = v.indexOf('/');
  return i < 0 ? '' : v.slice(0, i);
}

/** getScale is the scale client's Get (a live read), or the error reconcileAutoscaler reports. */
function getScale(tx: Tx, hpa: HorizontalPodAutoscaler): Scale | { error: string } {
  const ref = hpa.spec.scaleTargetRef;
  const group = groupOf(ref.apiVersion);
  const ns = hpa.metadata.namespace ?? 'default';
  const kind = ref.kind === 'Deployment' || ref.kind === 'ReplicaSet' ? ref.kind : undefined;
  if (!kind || group !== 'apps') return { error: `no matches for kind ${JSON.stringify(ref.kind)} in group ${JSON.stringify(group)}` };
  const obj = tx.st.store.objects[kind].get(`${ns}/${ref.name}`) as Deployment | ReplicaSet | undefined;
  const resource = kind === 'Deployment' ? 'deployments.apps' : 'replicasets.apps';
  // The scale subresource's own NotFound names it: `deployments/scale.apps "nope" not found`.
  if (!obj) return { error: `${kind === 'Deployment' ? 'deployments' : 'replicasets'}/scale.apps ${JSON.stringify(ref.name)} not found` };
  return { object: obj, specReplicas: obj.spec.replicas ?? 1, statusReplicas: obj.status?.replicas ?? 0, selector: obj.spec.selector, resource };
}

/** tolerancesForHpa: the global 0.1, or the behavior's per-direction tolerance (HPAConfigurableTolerance). */
function tolerancesForHpa(hpa: HorizontalPodAutoscaler): Tolerances {
  const t: Tolerances = { scaleDown: DefaultTolerance, scaleUp: DefaultTolerance };
  const read = (r: HPAScalingRules | undefined): number | undefined => {
    const q = r?.tolerance === undefined ? undefined : parseQuantity(r.tolerance);
    return q?.ok ? Number(q.value.nanos) / 1e9 : undefined;
  };
  t.scaleDown = read(hpa.spec.behavior?.scaleDown) ?? t.scaleDown;
  t.scaleUp = read(hpa.spec.behavior?.scaleUp) ?? t.scaleUp;
  return t;
}

/** The outcome of one metric: a proposal, or an error with the condition to set. */
type MetricOutcome =
  | { replicas: number; metricName: string; status: MetricStatus }
  | { error: string; condition: { reason: string; message: string } };

/** computeStatusForResourceMetric for a utilization target on cpu (the only load Rollout Lab models). */
function computeResourceMetric(tx: Tx, hpa: HorizontalPodAutoscaler, spec: MetricSpec, specReplicas: number, pods: Pod[], tolerances: Tolerances): MetricOutcome {
  const res = spec.resource;
  const name = res?.name ?? '';
  const unable = (reason: string, err: string): MetricOutcome => {
    recordEvent(tx, hpa, 'Warning', reason, err, HpaComponent);
    return { error: `failed to get ${name} resource metric value: ${err}`, condition: { reason, message: `the HPA was unable to compute the replica count: ${err}` } };
  };
  const target = res?.target;
  if (target?.averageUtilization === undefined) {
    const msg = 'invalid resource metric source: neither an average utilization target nor an average value (usage) target was set';
    return { error: `failed to get ${name} resource metric value: ${msg}`, condition: { reason: 'FailedGetResourceMetric', message: `the HPA was unable to compute the replica count: ${msg}` } };
  }
  if (name !== 'cpu') {
    return unable('FailedGetResourceMetric', `failed to get ${name} utilization: unable to get metrics for resource ${name}: no metrics returned from resource metrics API`);
  }
  const metrics = getResourceMetric(tx.st.cache, tx.st.config.load, pods, tx.now);
  const r = getResourceReplicas(specReplicas, target.averageUtilization, name, tolerances, pods, metrics, tx.now);
  if ('error' in r) return unable('FailedGetResourceMetric', `failed to get ${name} utilization: ${r.error}`);
  const ratios = { hpa: hpa.metadata.name, utilization: r.utilization, target: target.averageUtilization, usageRatio: Number(r.usageRatio.toFixed(3)) };
  const counts = { ready: r.readyPodCount, unready: r.unready, missing: r.missing, ignored: r.ignored };
  if (r.newUsageRatio === null) decide(tx.decisions, 'getResourceReplicas', 'utilization', { ...ratios, ...counts, replicas: r.replicaCount });
  else decide(tx.decisions, 'getResourceReplicas', 'utilizationFilled', { ...ratios, ...counts, newUsageRatio: Number(r.newUsageRatio.toFixed(3)), replicas: r.replicaCount });
  return {
    replicas: r.replicaCount,
    metricName: `${name} resource utilization (percentage of request)`,
    status: {
      type: 'Resource',
      resource: { name, current: { averageValue: formatQuantity(quantityFromMilli(r.rawUtilization)), averageUtilization: r.utilization } },
    },
  };
}

/** computeReplicasForMetric: one metric spec; types other than Resource need an adapter Rollout Lab does not run. */
function computeReplicasForMetric(tx: Tx, hpa: HorizontalPodAutoscaler, spec: MetricSpec, specReplicas: number, pods: Pod[], t: Tolerances): MetricOutcome {
  if (spec.type === 'Resource') return computeResourceMetric(tx, hpa, spec, specReplicas, pods, t);
  if (spec.type === 'Pods' || spec.type === 'Object' || spec.type === 'External' || spec.type === 'ContainerResource') {
    const err = 'unable to fetch metrics from custom metrics API: the server could not find the requested resource';
    recordEvent(tx, hpa, 'Warning', 'FailedGetPodsMetric', err, HpaComponent);
    return { error: `failed to get ${spec.type} metric value: ${err}`, condition: { reason: 'FailedGetPodsMetric', message: `the HPA was unable to compute the replica count: ${err}` } };
  }
  const msg = `unknown metric source type ${JSON.stringify(spec.type)}`;
  return { error: msg, condition: { reason: 'InvalidMetricSourceType', message: `the HPA was unable to compute the replica count: ${msg}` } };
}

/** computeReplicasForMetrics: the largest proposal; -1 and an error when every metric failed (or some failed and it would scale down). */
function computeReplicasForMetrics(
  tx: Tx,
  hpa: HorizontalPodAutoscaler,
  d: StatusDraft,
  scale: Scale,
): { replicas: number; metric: string; statuses: MetricStatus[]; error: string | null } {
  const ns = hpa.metadata.namespace ?? 'default';
  const metrics = hpa.spec.metrics ?? [];
  const statuses: MetricStatus[] = metrics.map(() => ({ type: '' }));
  if (!scale.selector || Object.keys(scale.selector).length === 0) {
    recordEvent(tx, hpa, 'Warning', 'SelectorRequired', 'selector is required', HpaComponent);
    setCondition(d, 'ScalingActive', 'False', 'InvalidSelector', "the HPA target's scale is missing a selector", tx.nowIso);
    return { replicas: -1, metric: '', statuses: [], error: 'selector is required' };
  }
  const pods: Pod[] = [];
  for (const p of tx.st.cache.objects.Pod.values()) {
    if (p.kind === 'Pod' && (p.metadata.namespace ?? 'default') === ns && selectorMatches(scale.selector, p.metadata.labels)) pods.push(p);
  }
  tx.cost += tx.st.cache.objects.Pod.size;
  const tolerances = tolerancesForHpa(hpa);
  let replicas = 0;
  let metric = '';
  let invalid = 0;
  let firstError: { error: string; condition: { reason: string; message: string } } | null = null;
  metrics.forEach((spec, i) => {
    const r = computeReplicasForMetric(tx, hpa, spec, scale.specReplicas, pods, tolerances);
    if ('error' in r) {
      if (invalid === 0) firstError = r;
      invalid++;
      return;
    }
    statuses[i] = r.status;
    if (replicas === 0 || r.replicas > replicas) {
      replicas = r.replicas;
      metric = r.metricName;
    }
  });
  const fe = firstError as { error: string; condition: { reason: string; message: string } } | null;
  const error = fe ? `invalid metrics (${invalid} invalid out of ${metrics.length}), first error is: ${fe.error}` : null;
  if (fe && (invalid >= metrics.length || replicas < scale.specReplicas)) {
    setCondition(d, 'ScalingActive', 'False', fe.condition.reason, fe.condition.message, tx.nowIso);
    return { replicas: -1, metric: '', statuses, error };
  }
  setCondition(d, 'ScalingActive', 'True', 'ValidMetricFound', `the HPA was able to successfully calculate a replica count from ${metric}`, tx.nowIso);
  return { replicas, metric, statuses, error };
}

/** behaviorOf: spec.behavior with the scale-down window filled (maybeInitScaleDownStabilizationWindow). */
function behaviorOf(hpa: HorizontalPodAutoscaler): { scaleUp: HPAScalingRules; scaleDown: HPAScalingRules } | undefined {
  const b = hpa.spec.behavior;
  if (!b) return undefined;
  const scaleDown = { ...(b.scaleDown ?? {}) };
  if (scaleDown.stabilizationWindowSeconds === undefined) scaleDown.stabilizationWindowSeconds = DownscaleStabilisationWindowMs / 1000;
  return { scaleUp: b.scaleUp ?? {}, scaleDown };
}

/** updateStatusIfNeeded writes the draft when it differs from the stored status. */
function updateStatusIfNeeded(tx: Tx, hpa: HorizontalPodAutoscaler, key: string, d: StatusDraft): void {
  if (jsonEqual(hpa.status ?? { desiredReplicas: 0 }, d.status)) return;
  const r = writeStatusOf(tx, hpa, d.status, key);
  if (!r.ok) decide(tx.decisions, 'reconcileAutoscaler', 'statusFailed', { error: r.error.message });
}

/** reconcileAutoscaler: one sync of one HPA; errors are logged (Explain), never requeued faster. */
function reconcileAutoscaler(tx: Tx, hpa: HorizontalPodAutoscaler, key: string): void {
  const d = newDraft(hpa);
  const ref = hpa.spec.scaleTargetRef;
  const reference = `${ref.kind}/${hpa.metadata.namespace ?? 'default'}/${ref.name}`;
  const scale = getScale(tx, hpa);
  if ('error' in scale) {
    recordEvent(tx, hpa, 'Warning', 'FailedGetScale', scale.error, HpaComponent);
    setCondition(d, 'AbleToScale', 'False', 'FailedGetScale', `the HPA controller was unable to get the target's current scale: ${scale.error}`, tx.nowIso);
    updateStatusIfNeeded(tx, hpa, key, d);
    decide(tx.decisions, 'reconcileAutoscaler', 'failedGetScale', { reference, error: scale.error });
    note(tx, 'hpaFailed', { hpa: hpa.metadata.name, reason: 'FailedGetScale' });
    return;
  }
  setCondition(d, 'AbleToScale', 'True', 'SucceededGetScale', "the HPA controller was able to get the target's current scale", tx.nowIso);
  const currentReplicas = scale.specReplicas;
  let memory: HpaMemory = tx.st.hpa.get(key) ?? emptyHpaMemory();
  // recordInitialRecommendation
  if (memory.recommendations.length === 0) memory = { ...memory, recommendations: [{ recommendation: currentReplicas, at: tx.now }] };
  const minReplicas = hpa.spec.minReplicas ?? 1;
  const maxReplicas = hpa.spec.maxReplicas;
  let desiredReplicas = 0;
  let rescaleReason = '';
  let rescale = true;
  let statuses: MetricStatus[] | null = null;
  if (currentReplicas === 0 && minReplicas !== 0) {
    desiredReplicas = 0;
    rescale = false;
    setCondition(d, 'ScalingActive', 'False', 'ScalingDisabled', 'scaling is disabled since the replica count of the target is zero', tx.nowIso);
  } else if (currentReplicas > maxReplicas) {
    rescaleReason = 'Current number of replicas above Spec.MaxReplicas';
    desiredReplicas = maxReplicas;
  } else if (currentReplicas < minReplicas) {
    rescaleReason = 'Current number of replicas below Spec.MinReplicas';
    desiredReplicas = minReplicas;
  } else {
    const m = computeReplicasForMetrics(tx, hpa, d, scale);
    statuses = m.statuses;
    if (m.error !== null && m.replicas === -1) {
      setCurrentReplicasAndMetricsInStatus(d, currentReplicas, statuses, tx.nowIso);
      updateStatusIfNeeded(tx, hpa, key, d);
      recordEvent(tx, hpa, 'Warning', 'FailedComputeMetricsReplicas', m.error, HpaComponent);
      tx.st.hpa.set(key, memory);
      decide(tx.decisions, 'reconcileAutoscaler', 'failedComputeMetrics', { reference, error: m.error });
      note(tx, 'hpaFailed', { hpa: hpa.metadata.name, reason: 'FailedComputeMetricsReplicas' });
      return;
    }
    let metricName = '';
    if (m.replicas > desiredReplicas) {
      desiredReplicas = m.replicas;
      metricName = m.metric;
    }
    if (desiredReplicas > currentReplicas) rescaleReason = `${metricName} above target`;
    if (desiredReplicas < currentReplicas) rescaleReason = 'All metrics below target';
    const proposed = desiredReplicas;
    const behavior = behaviorOf(hpa);
    const n = behavior
      ? normalizeDesiredReplicasWithBehaviors(memory, behavior, currentReplicas, desiredReplicas, minReplicas, maxReplicas, tx.now)
      : normalizeDesiredReplicas(memory, currentReplicas, desiredReplicas, minReplicas, maxReplicas, tx.now);
    memory = n.memory;
    for (const c of n.conditions) setCondition(d, c.type, c.status, c.reason, c.message, tx.nowIso);
    desiredReplicas = n.desiredReplicas;
    decide(tx.decisions, behavior ? 'normalizeDesiredReplicasWithBehaviors' : 'normalizeDesiredReplicas', 'normalized', {
      hpa: hpa.metadata.name,
      current: currentReplicas,
      proposed,
      desired: desiredReplicas,
      reason: n.conditions.map((c) => c.reason).join(', '),
    });
    rescale = desiredReplicas !== currentReplicas;
  }
  if (rescale) {
    const res = update(tx, { ...scale.object, spec: { ...scale.object.spec, replicas: desiredReplicas } } as KubeObject);
    if (!res.ok) {
      recordEvent(tx, hpa, 'Warning', 'FailedRescale', `New size: ${desiredReplicas}; reason: ${rescaleReason}; error: ${res.error.message}`, HpaComponent);
      setCondition(d, 'AbleToScale', 'False', 'FailedUpdateScale', `the HPA controller was unable to update the target scale: ${res.error.message}`, tx.nowIso);
      setCurrentReplicasAndMetricsInStatus(d, currentReplicas, statuses, tx.nowIso);
      updateStatusIfNeeded(tx, hpa, key, d);
      tx.st.hpa.set(key, memory);
      return;
    }
    setCondition(d, 'AbleToScale', 'True', 'SucceededRescale', `the HPA controller was able to update the target scale to ${desiredReplicas}`, tx.nowIso);
    recordEvent(tx, hpa, 'Normal', 'SuccessfulRescale', `New size: ${desiredReplicas}; reason: ${rescaleReason}`, HpaComponent);
    memory = storeScaleEvent(memory, hpa.spec.behavior, currentReplicas, desiredReplicas, tx.now);
    decide(tx.decisions, 'reconcileAutoscaler', 'rescale', { reference, from: currentReplicas, to: desiredReplicas, reason: rescaleReason });
  } else {
    desiredReplicas = currentReplicas;
    decide(tx.decisions, 'reconcileAutoscaler', 'noRescale', { reference, replicas: currentReplicas });
  }
  tx.st.hpa.set(key, memory);
  setStatus(d, currentReplicas, desiredReplicas, statuses, rescale, tx.nowIso);
  updateStatusIfNeeded(tx, hpa, key, d);
  note(tx, 'hpaSynced', { hpa: hpa.metadata.name, current: currentReplicas, desired: desiredReplicas });
}

/**
 * syncHorizontalPodAutoscaler is processNextWorkItem + reconcileKey: a deleted HPA's memory is
 * dropped; otherwise it is reconciled and queued again in 15 s. It never asks for a faster
 * retry: upstream only logs a reconcile error.
 */
export function syncHorizontalPodAutoscaler(tx: Tx, key: string): string | null {
  tx.actor = 'horizontal-pod-autoscaler';
  const hpa = get(tx.st.cache, 'HorizontalPodAutoscaler', key);
  if (!hpa) {
    if (tx.st.hpa.has(key)) {
      const m = new Map(tx.st.hpa);
      m.delete(key);
      tx.st.hpa = m;
    }
    note(tx, 'hpaDeleted', { key });
    return null;
  }
  // The memory map is replaced, never changed in place: keyframes share the old one.
  tx.st.hpa = new Map(tx.st.hpa);
  reconcileAutoscaler(tx, hpa, key);
  enqueueRateLimited(tx, 'horizontalpodautoscaler', key);
  return null;
}

/** scaleSelectorString is the Scale's status.selector (labels.Selector.String()), for describe and Explain. */
export function scaleSelectorString(selector: LabelSelector): string {
  return formatSelector(selector);
}
