// Port of kubernetes pkg/apis/autoscaling/v1/conversion.go (v1.36): the metric source and status
// conversions between autoscaling/v2 (what the engine stores) and autoscaling/v1's older shapes.
/**
 * autoscaling/v1 has no metrics list: the metrics it cannot say travel in annotations of the v1
 * object as JSON of the v1 metric types (hpaConversion.ts). Each v1 object here is built in the Go
 * struct's field order and leaves out what Go's `omitempty` leaves out, so the annotation text is
 * the one kube-apiserver writes; a non-pointer quantity Go always writes, its zero as "0".
 */
import type { LabelSelector } from '../api/metaTypes.ts';
import type { CrossVersionObjectReference, MetricSpec, MetricStatus, MetricTarget } from '../api/policyTypes.ts';

export interface ObjectMetricSourceV1 {
  target: CrossVersionObjectReference;
  metricName: string;
  targetValue: string;
  selector?: LabelSelector;
  averageValue?: string;
}

export interface MetricSpecV1 {
  type: string;
  object?: ObjectMetricSourceV1;
  pods?: { metricName: string; targetAverageValue: string; selector?: LabelSelector };
  resource?: { name: string; targetAverageUtilization?: number; targetAverageValue?: string };
  containerResource?: { name: string; targetAverageUtilization?: number; targetAverageValue?: string; container: string };
  external?: { metricName: string; metricSelector?: LabelSelector; targetValue?: string; targetAverageValue?: string };
}

export interface MetricStatusV1 {
  type: string;
  object?: { target: CrossVersionObjectReference; metricName: string; currentValue: string; selector?: LabelSelector; averageValue?: string };
  pods?: { metricName: string; currentAverageValue: string; selector?: LabelSelector };
  resource?: { name: string; currentAverageUtilization?: number; currentAverageValue: string };
  containerResource?: { name: string; currentAverageUtilization?: number; currentAverageValue: string; container: string };
  external?: { metricName: string; metricSelector?: LabelSelector; currentValue: string; currentAverageValue?: string };
}

/** defined drops the keys whose value is undefined, as `omitempty` leaves a nil pointer out. */
export function defined<T extends object>(o: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out as T;
}

const ZERO = '0';

/** The reference as v1's struct orders it (kind, name, apiVersion). */
export function convertCrossVersionObjectReference(r: Partial<CrossVersionObjectReference> | undefined): CrossVersionObjectReference {
  return defined({ kind: r?.kind ?? '', name: r?.name ?? '', apiVersion: r?.apiVersion || undefined });
}

const identifier = (name: string | undefined, selector: LabelSelector | undefined) => defined({ name: name ?? '', selector });

/** convertAutoscalingMetricSpecToV1MetricSpec: each v2 source in v1's flat form. */
export function convertAutoscalingMetricSpecToV1MetricSpec(m: MetricSpec): MetricSpecV1 {
  const out: MetricSpecV1 = { type: m.type };
  if (m.object) {
    const t = m.object.target ?? ({} as MetricTarget);
    out.object = defined({
      target: convertCrossVersionObjectReference(m.object.describedObject),
      metricName: m.object.metric?.name ?? '',
      targetValue: t.value ?? ZERO,
      selector: m.object.metric?.selector,
      averageValue: t.averageValue,
    });
  }
  if (m.pods) out.pods = defined({ metricName: m.pods.metric?.name ?? '', targetAverageValue: m.pods.target?.averageValue ?? ZERO, selector: m.pods.metric?.selector });
  if (m.resource) {
    const t = m.resource.target;
    out.resource = defined({ name: m.resource.name, targetAverageUtilization: t?.averageUtilization, targetAverageValue: t?.averageValue });
  }
  if (m.containerResource) {
    const c = m.containerResource;
    out.containerResource = defined({ name: c.name, targetAverageUtilization: c.target?.averageUtilization, targetAverageValue: c.target?.averageValue, container: c.container ?? '' });
  }
  if (m.external) {
    const e = m.external;
    out.external = defined({ metricName: e.metric?.name ?? '', metricSelector: e.metric?.selector, targetValue: e.target?.value, targetAverageValue: e.target?.averageValue });
  }
  return out;
}

/** The v2 target of a v1 resource source: Utilization when a percentage is given, else AverageValue. */
function resourceTarget(utilization: number | undefined, averageValue: string | undefined): MetricTarget {
  return defined({ type: utilization === undefined ? 'AverageValue' : 'Utilization', averageValue, averageUtilization: utilization });
}

/** convertV1MetricSpecToAutoscalingMetricSpec: the inverse, each target given the type its fields imply. */
export function convertV1MetricSpecToAutoscalingMetricSpec(m: MetricSpecV1): MetricSpec {
  const out: MetricSpec = { type: m.type };
  if (m.object) {
    const o = m.object;
    // v1's targetValue is not a pointer: it is always carried over, "0" when absent.
    out.object = {
      describedObject: convertCrossVersionObjectReference(o.target),
      target: defined({ type: o.averageValue === undefined ? 'Value' : 'AverageValue', value: o.targetValue ?? ZERO, averageValue: o.averageValue }),
      metric: identifier(o.metricName, o.selector),
    };
  }
  if (m.pods) out.pods = { metric: identifier(m.pods.metricName, m.pods.selector), target: { type: 'AverageValue', averageValue: m.pods.targetAverageValue ?? ZERO } };
  if (m.resource) out.resource = { name: m.resource.name ?? '', target: resourceTarget(m.resource.targetAverageUtilization, m.resource.targetAverageValue) };
  if (m.containerResource) {
    const c = m.containerResource;
    out.containerResource = { name: c.name ?? '', container: c.container ?? '', target: resourceTarget(c.targetAverageUtilization, c.targetAverageValue) };
  }
  if (m.external) {
    const e = m.external;
    const target = defined({ type: e.targetValue === undefined ? 'AverageValue' : 'Value', value: e.targetValue, averageValue: e.targetAverageValue });
    out.external = { metric: identifier(e.metricName, e.metricSelector), target };
  }
  return out;
}

/** convertAutoscalingMetricStatusToV1MetricStatus: current values in v1's flat form. */
export function convertAutoscalingMetricStatusToV1MetricStatus(m: MetricStatus): MetricStatusV1 {
  const out: MetricStatusV1 = { type: m.type };
  if (m.object) {
    const c = m.object.current ?? {};
    out.object = defined({
      target: convertCrossVersionObjectReference(m.object.describedObject),
      metricName: m.object.metric?.name ?? '',
      currentValue: c.value ?? ZERO,
      selector: m.object.metric?.selector,
      averageValue: c.averageValue,
    });
  }
  if (m.pods) out.pods = defined({ metricName: m.pods.metric?.name ?? '', currentAverageValue: m.pods.current?.averageValue ?? ZERO, selector: m.pods.metric?.selector });
  if (m.resource) {
    const c = m.resource.current ?? {};
    out.resource = defined({ name: m.resource.name, currentAverageUtilization: c.averageUtilization, currentAverageValue: c.averageValue ?? ZERO });
  }
  if (m.containerResource) {
    const r = m.containerResource;
    const c = r.current ?? {};
    out.containerResource = defined({ name: r.name, currentAverageUtilization: c.averageUtilization, currentAverageValue: c.averageValue ?? ZERO, container: r.container ?? '' });
  }
  if (m.external) {
    const e = m.external;
    out.external = defined({ metricName: e.metric?.name ?? '', metricSelector: e.metric?.selector, currentValue: e.current?.value ?? ZERO, currentAverageValue: e.current?.averageValue });
  }
  return out;
}

/** convertV1MetricStatusToAutoscalingMetricStatus: the inverse; v1's non-pointer quantities always come back set. */
export function convertV1MetricStatusToAutoscalingMetricStatus(m: MetricStatusV1): MetricStatus {
  const out: MetricStatus = { type: m.type };
  if (m.object) {
    const o = m.object;
    out.object = { metric: identifier(o.metricName, o.selector), current: defined({ value: o.currentValue ?? ZERO, averageValue: o.averageValue }), describedObject: convertCrossVersionObjectReference(o.target) };
  }
  if (m.pods) out.pods = { metric: identifier(m.pods.metricName, m.pods.selector), current: { averageValue: m.pods.currentAverageValue ?? ZERO } };
  if (m.resource) {
    const r = m.resource;
    out.resource = { name: r.name ?? '', current: defined({ averageValue: r.currentAverageValue ?? ZERO, averageUtilization: r.currentAverageUtilization }) };
  }
  if (m.containerResource) {
    const r = m.containerResource;
    out.containerResource = { name: r.name ?? '', current: defined({ averageValue: r.currentAverageValue ?? ZERO, averageUtilization: r.currentAverageUtilization }), container: r.container ?? '' };
  }
  if (m.external) {
    const e = m.external;
    out.external = { metric: identifier(e.metricName, e.metricSelector), current: defined({ value: e.currentValue ?? ZERO, averageValue: e.currentAverageValue }) };
  }
  return out;
}
