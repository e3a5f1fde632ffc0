// Port of kubernetes pkg/apis/autoscaling/v1/conversion.go (v1.36), with the round-trip
// annotations of pkg/apis/autoscaling/annotations.go and helpers.go.
/**
 * The served API keeps HorizontalPodAutoscalers as autoscaling/v2 (the storage version) and serves
 * them as autoscaling/v1 too. v1 can say one thing v2 says, a cpu utilization target; the rest
 * (other metrics, their current values, the behavior, the conditions) rides in
 * `autoscaling.alpha.kubernetes.io/…` annotations of the v1 object, so a v1 client that reads an
 * object and writes it back loses nothing. Coming in, those annotations are read and dropped.
 */
import type { ObjectMeta } from '../api/metaTypes.ts';
import type {
  CrossVersionObjectReference,
  HorizontalPodAutoscaler,
  HorizontalPodAutoscalerBehavior,
  HorizontalPodAutoscalerCondition,
  HorizontalPodAutoscalerSpec,
  HorizontalPodAutoscalerStatus,
  MetricSpec,
} from '../api/policyTypes.ts';
import { DefaultCPUUtilization } from './defaultsPolicy.ts';
import { decodeBehaviorAnnotation, encodeBehaviorAnnotation } from './hpaBehaviorAnnotation.ts';
import {
  convertAutoscalingMetricSpecToV1MetricSpec,
  convertAutoscalingMetricStatusToV1MetricStatus,
  convertCrossVersionObjectReference,
  convertV1MetricSpecToAutoscalingMetricSpec,
  convertV1MetricStatusToAutoscalingMetricStatus,
  defined,
  type MetricSpecV1,
  type MetricStatusV1,
} from './hpaMetricConversion.ts';

export const MetricSpecsAnnotation = 'autoscaling.alpha.kubernetes.io/metrics';
export const MetricStatusesAnnotation = 'autoscaling.alpha.kubernetes.io/current-metrics';
export const HorizontalPodAutoscalerConditionsAnnotation = 'autoscaling.alpha.kubernetes.io/conditions';
export const BehaviorSpecsAnnotation = 'autoscaling.alpha.kubernetes.io/behavior';
export const ToleranceScaleDownAnnotation = 'autoscaling.alpha.kubernetes.io/scale-down-tolerance';
export const ToleranceScaleUpAnnotation = 'autoscaling.alpha.kubernetes.io/scale-up-tolerance';

const ROUND_TRIP = [MetricSpecsAnnotation, BehaviorSpecsAnnotation, ToleranceScaleDownAnnotation, ToleranceScaleUpAnnotation, MetricStatusesAnnotation, HorizontalPodAutoscalerConditionsAnnotation];

export interface HorizontalPodAutoscalerSpecV1 {
  scaleTargetRef: CrossVersionObjectReference;
  minReplicas?: number;
  maxReplicas: number;
  targetCPUUtilizationPercentage?: number;
}

export interface HorizontalPodAutoscalerStatusV1 {
  observedGeneration?: number;
  lastScaleTime?: string;
  currentReplicas: number;
  desiredReplicas: number;
  currentCPUUtilizationPercentage?: number;
}

export interface HorizontalPodAutoscalerV1 {
  apiVersion: 'autoscaling/v1';
  kind: 'HorizontalPodAutoscaler';
  metadata: ObjectMeta;
  spec: HorizontalPodAutoscalerSpecV1;
  status?: HorizontalPodAutoscalerStatusV1;
}

/**
 * dropRoundTripHorizontalPodAutoscalerAnnotations: the annotations without the conversion's own,
 * a new map only when one had to go. An emptied map is left out, as Go's omitempty does.
 */
export function dropRoundTripHorizontalPodAutoscalerAnnotations(a: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!a || !ROUND_TRIP.some((k) => k in a)) return a;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(a)) if (!ROUND_TRIP.includes(k)) out[k] = v;
  return Object.keys(out).length ? out : undefined;
}

/** A cpu metric whose target is a utilization: the one metric v1's spec can hold. */
const isCpuUtilization = (m: MetricSpec) => m.type === 'Resource' && m.resource?.name === 'cpu' && m.resource.target?.averageUtilization !== undefined;

/** convertAutoscalingHorizontalPodAutoscalerSpecToV1HorizontalPodAutoscalerSpec: the first cpu metric's utilization, if it has one. */
export function convertAutoscalingHorizontalPodAutoscalerSpecToV1HorizontalPodAutoscalerSpec(s: HorizontalPodAutoscalerSpec): HorizontalPodAutoscalerSpecV1 {
  const cpu = (s.metrics ?? []).find((m) => m.type === 'Resource' && m.resource?.name === 'cpu');
  return defined({
    scaleTargetRef: convertCrossVersionObjectReference(s.scaleTargetRef),
    minReplicas: s.minReplicas,
    maxReplicas: s.maxReplicas ?? 0,
    targetCPUUtilizationPercentage: cpu?.resource?.target?.averageUtilization,
  });
}

/** convertV1HorizontalPodAutoscalerSpecToAutoscalingHorizontalPodAutoscalerSpec: the percentage as a cpu Utilization metric. */
export function convertV1HorizontalPodAutoscalerSpecToAutoscalingHorizontalPodAutoscalerSpec(s: HorizontalPodAutoscalerSpecV1): HorizontalPodAutoscalerSpec {
  const pct = s.targetCPUUtilizationPercentage;
  return defined({
    scaleTargetRef: convertCrossVersionObjectReference(s.scaleTargetRef),
    minReplicas: s.minReplicas,
    maxReplicas: s.maxReplicas ?? 0,
    metrics: pct === undefined ? undefined : [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: pct } } }],
  });
}

/** convertAutoscalingHorizontalPodAutoscalerStatusToV1HorizontalPodAutoscalerStatus: the last cpu utilization seen wins (no break upstream). */
export function convertAutoscalingHorizontalPodAutoscalerStatusToV1HorizontalPodAutoscalerStatus(s: HorizontalPodAutoscalerStatus | undefined): HorizontalPodAutoscalerStatusV1 {
  let cpu: number | undefined;
  for (const m of s?.currentMetrics ?? []) {
    if (m.type === 'Resource' && m.resource?.name === 'cpu' && m.resource.current?.averageUtilization !== undefined) cpu = m.resource.current.averageUtilization;
  }
  return defined({
    observedGeneration: s?.observedGeneration,
    lastScaleTime: s?.lastScaleTime,
    currentReplicas: s?.currentReplicas ?? 0,
    desiredReplicas: s?.desiredReplicas ?? 0,
    currentCPUUtilizationPercentage: cpu,
  });
}

/** convertV1HorizontalPodAutoscalerStatusToAutoscalingHorizontalPodAutoscalerStatus: the percentage as a cpu current metric. */
export function convertV1HorizontalPodAutoscalerStatusToAutoscalingHorizontalPodAutoscalerStatus(s: Partial<HorizontalPodAutoscalerStatusV1> | undefined): HorizontalPodAutoscalerStatus {
  const pct = s?.currentCPUUtilizationPercentage;
  return defined({
    observedGeneration: s?.observedGeneration,
    lastScaleTime: s?.lastScaleTime,
    currentReplicas: s?.currentReplicas ?? 0,
    desiredReplicas: s?.desiredReplicas ?? 0,
    currentMetrics: pct === undefined ? undefined : [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: pct } } }],
  });
}

/** A condition as v1's struct orders it; a zero lastTransitionTime is Go's `null`. */
function conditionV1(c: HorizontalPodAutoscalerCondition): unknown {
  return defined({ type: c.type, status: c.status, lastTransitionTime: c.lastTransitionTime ?? null, reason: c.reason || undefined, message: c.message || undefined, observedGeneration: c.observedGeneration });
}

/** convertAutoscalingHorizontalPodAutoscalerToV1HorizontalPodAutoscaler: the stored object as an autoscaling/v1 client reads it. */
export function convertAutoscalingHorizontalPodAutoscalerToV1HorizontalPodAutoscaler(h: HorizontalPodAutoscaler): HorizontalPodAutoscalerV1 {
  // Only the annotations this conversion writes may be on the way out.
  const annotations: Record<string, string> = { ...dropRoundTripHorizontalPodAutoscalerAnnotations(h.metadata.annotations) };
  const other = (h.spec.metrics ?? []).filter((m) => !isCpuUtilization(m)).map(convertAutoscalingMetricSpecToV1MetricSpec);
  if (other.length) annotations[MetricSpecsAnnotation] = JSON.stringify(other);
  // Every current metric is kept, the cpu one too: it carries the raw value beside the percentage.
  const current = h.status?.currentMetrics ?? [];
  if (current.length) annotations[MetricStatusesAnnotation] = JSON.stringify(current.map(convertAutoscalingMetricStatusToV1MetricStatus));
  if (h.spec.behavior) annotations[BehaviorSpecsAnnotation] = encodeBehaviorAnnotation(h.spec.behavior);
  const conditions = h.status?.conditions ?? [];
  if (conditions.length) annotations[HorizontalPodAutoscalerConditionsAnnotation] = JSON.stringify(conditions.map(conditionV1));
  const { annotations: _dropped, ...meta } = h.metadata;
  return {
    apiVersion: 'autoscaling/v1',
    kind: 'HorizontalPodAutoscaler',
    metadata: Object.keys(annotations).length ? { ...meta, annotations } : meta,
    spec: convertAutoscalingHorizontalPodAutoscalerSpecToV1HorizontalPodAutoscalerSpec(h.spec),
    status: convertAutoscalingHorizontalPodAutoscalerStatusToV1HorizontalPodAutoscalerStatus(h.status),
  };
}

/** parseList reads an annotation's JSON array, or undefined when it does not decode (upstream then ignores it). */
function parseList<T>(text: string | undefined): T[] | undefined {
  if (text === undefined) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) && v.every((x) => typeof x === 'object' && x !== null) ? (v as T[]) : v === null ? [] : undefined;
  } catch {
    return undefined;
  }
}

/** convertV1HorizontalPodAutoscalerToAutoscalingHorizontalPodAutoscaler: a v1 object (defaulted) as the stored version. */
export function convertV1HorizontalPodAutoscalerToAutoscalingHorizontalPodAutoscaler(h: HorizontalPodAutoscalerV1): HorizontalPodAutoscaler {
  const a = h.metadata?.annotations ?? {};
  const spec = convertV1HorizontalPodAutoscalerSpecToAutoscalingHorizontalPodAutoscalerSpec(h.spec ?? ({} as HorizontalPodAutoscalerSpecV1));
  const status = convertV1HorizontalPodAutoscalerStatusToAutoscalingHorizontalPodAutoscalerStatus(h.status);
  const other = parseList<MetricSpecV1>(a[MetricSpecsAnnotation]);
  // The cpu metric the spec made, if any, goes after the annotation's.
  if (other) spec.metrics = [...other.map(convertV1MetricSpecToAutoscalingMetricSpec), ...(spec.metrics ?? []).slice(0, 1)];
  const behavior: HorizontalPodAutoscalerBehavior | undefined = decodeBehaviorAnnotation(a[BehaviorSpecsAnnotation]);
  if (behavior) spec.behavior = behavior;
  const current = parseList<MetricStatusV1>(a[MetricStatusesAnnotation]);
  if (current) status.currentMetrics = current.map(convertV1MetricStatusToAutoscalingMetricStatus);
  // v1 once left the 80 % cpu default to the controller; with every metric known here it is explicit.
  if (!spec.metrics?.length) spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: DefaultCPUUtilization } } }];
  const conditions = parseList<HorizontalPodAutoscalerCondition>(a[HorizontalPodAutoscalerConditionsAnnotation]);
  if (conditions) status.conditions = conditions.map((c) => defined({ ...c, lastTransitionTime: c.lastTransitionTime ?? undefined }));
  const { annotations: _a, ...meta } = h.metadata ?? ({} as ObjectMeta);
  const kept = dropRoundTripHorizontalPodAutoscalerAnnotations(h.metadata?.annotations);
  return { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: kept ? { ...meta, annotations: kept } : meta, spec, status };
}
