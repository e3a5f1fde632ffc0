// Port of kubernetes pkg/controller/podautoscaler/horizontal.go (v1.36): computeReplicasForMetrics,
// computeReplicasForMetric and computeStatusForResourceMetric, with the tolerances they use.
/**
 * One proposal per metric spec, the largest kept. Only a cpu utilization target is computed (the
 * load Rollout Lab models); any other metric type fails as it does on a cluster without a custom
 * metrics adapter, with the same Event and condition. Worked example: 4 ready pods at 90 % of
 * their request against a 60 % target → ratio 1.5 → ⌈4 × 1.5⌉ = 6 (outside the 0.1 tolerance).
 */
import { decide } from '../../api/decision.ts';
import type { HorizontalPodAutoscaler, HPAScalingRules, MetricSpec, MetricStatus } from '../../api/policyTypes.ts';
import type { LabelSelector, Pod } from '../../api/types.ts';
import { recordEvent, type Tx } from '../../client/tx.ts';
import { selectorMatches } from '../../lib/labels.ts';
import { formatQuantity, parseQuantity, quantityFromMilli } from '../../lib/quantity.ts';
import { setCondition, type StatusDraft } from './hpaStatus.ts';
import { getResourceMetric } from './metrics.ts';
import { DefaultTolerance, getResourceReplicas, type Tolerances } from './replicaCalculator.ts';

/** The HPA controller's event source. */
export const HpaComponent = 'horizontal-pod-autoscaler';

/** What the metrics read of the target's scale subresource: its selector and spec.replicas. */
export interface ScaleTarget {
  specReplicas: number;
  selector: LabelSelector;
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
export function computeReplicasForMetrics(
  tx: Tx,
  hpa: HorizontalPodAutoscaler,
  d: StatusDraft,
  scale: ScaleTarget,
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
