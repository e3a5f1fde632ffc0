// Port of kubernetes pkg/controller/podautoscaler/horizontal.go (v1.36): the HPA controller's
// queue handling (enqueueHPA, deleteHPA, processNextWorkItem, reconcileKey) and
// reconcileAutoscaler (computeMetrics.ts computes the metrics).
/**
 * Each HPA is reconciled every 15 s (--horizontal-pod-autoscaler-sync-period): read the target's
 * scale subresource (spec.replicas — not status.replicas, since kubernetes#72775), compute a
 * recommendation from the pods' CPU against their requests, stabilize and limit it, and write
 * spec.replicas through the scale subresource when it changed. A Deployment in the middle of a
 * rollout takes that write as a scaling event and scales old and new ReplicaSets proportionally.
 */
import { decide } from '../../api/decision.ts';
import type { HorizontalPodAutoscaler, HPAScalingRules, MetricStatus } from '../../api/policyTypes.ts';
import type { Deployment, KubeObject, LabelSelector, ReplicaSet } from '../../api/types.ts';
import { jsonEqual, objectKey, type WatchRecord } from '../../apiserver/store.ts';
import { get } from '../../client/cache.ts';
import { formatSelector } from '../../lib/labels.ts';
import { enqueueRateLimited, note, recordEvent, type Tx, update, writeStatusOf } from '../../client/tx.ts';
import { emptyHpaMemory, type HpaMemory } from './memory.ts';
import { computeReplicasForMetrics, HpaComponent } from './computeMetrics.ts';
import { DownscaleStabilisationWindowMs, normalizeDesiredReplicas } from './normalize.ts';
import { normalizeDesiredReplicasWithBehaviors, storeScaleEvent } from './normalizeBehaviors.ts';
import { newDraft, setCondition, setCurrentReplicasAndMetricsInStatus, setStatus, type StatusDraft } from './hpaStatus.ts';

/** --horizontal-pod-autoscaler-sync-period. */
export const HpaSyncPeriodMs = 15_000;

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
