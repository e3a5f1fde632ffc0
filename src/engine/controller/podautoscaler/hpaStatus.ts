// Port of kubernetes pkg/controller/podautoscaler/horizontal.go (v1.36): setCondition,
// setConditionInList, setStatus — the HPA status as the controller builds it.
import type {
  HorizontalPodAutoscaler,
  HorizontalPodAutoscalerCondition,
  HorizontalPodAutoscalerStatus,
  MetricStatus,
} from '../../api/policyTypes.ts';

/** setConditionInList updates the condition of that type (or appends it); lastTransitionTime moves when the status changes. */
export function setConditionInList(
  list: readonly HorizontalPodAutoscalerCondition[],
  type: string,
  status: 'True' | 'False',
  reason: string,
  message: string,
  nowIso: string,
): HorizontalPodAutoscalerCondition[] {
  const i = list.findIndex((c) => c.type === type);
  const cur = i >= 0 ? list[i] : undefined;
  const next: HorizontalPodAutoscalerCondition = {
    type,
    status,
    lastTransitionTime: cur && cur.status === status && cur.lastTransitionTime ? cur.lastTransitionTime : nowIso,
    reason,
    message,
  };
  return i >= 0 ? list.map((c, k) => (k === i ? next : c)) : [...list, next];
}

/** A mutable draft of the HPA's status during one reconcile (the controller works on a deep copy). */
export interface StatusDraft {
  status: HorizontalPodAutoscalerStatus;
}

/** newDraft copies the stored status. */
export function newDraft(hpa: HorizontalPodAutoscaler): StatusDraft {
  const s = hpa.status ?? { desiredReplicas: 0 };
  return { status: { ...s, conditions: [...(s.conditions ?? [])] } };
}

/** setCondition sets a condition on the draft. */
export function setCondition(d: StatusDraft, type: string, status: 'True' | 'False', reason: string, message: string, nowIso: string): void {
  d.status = { ...d.status, conditions: setConditionInList(d.status.conditions ?? [], type, status, reason, message, nowIso) };
}

/**
 * setStatus: currentReplicas, desiredReplicas, the metrics (omitted when none), the conditions,
 * and lastScaleTime = now when it rescaled.
 */
export function setStatus(
  d: StatusDraft,
  currentReplicas: number,
  desiredReplicas: number,
  metricStatuses: MetricStatus[] | null,
  rescale: boolean,
  nowIso: string,
): void {
  const lastScaleTime = rescale ? nowIso : d.status.lastScaleTime;
  const s: HorizontalPodAutoscalerStatus = {
    ...(lastScaleTime === undefined ? {} : { lastScaleTime }),
    ...(currentReplicas === 0 ? {} : { currentReplicas }),
    desiredReplicas,
  };
  if (metricStatuses && metricStatuses.length > 0) s.currentMetrics = metricStatuses;
  if (d.status.conditions && d.status.conditions.length > 0) s.conditions = d.status.conditions;
  d.status = s;
}

/** setCurrentReplicasAndMetricsInStatus keeps desiredReplicas and updates the rest. */
export function setCurrentReplicasAndMetricsInStatus(d: StatusDraft, currentReplicas: number, metricStatuses: MetricStatus[] | null, nowIso: string): void {
  setStatus(d, currentReplicas, d.status.desiredReplicas, metricStatuses, false, nowIso);
}
