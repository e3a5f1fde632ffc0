// Port of kubernetes pkg/controller/podautoscaler/horizontal.go (v1.36): the behavior path of the
// normalization — the scale-up/down rate policies over the recorded scale events, and both windows.
/**
 * With `spec.behavior` (defaults filled in: scale-up window 0 s, policies 4 pods or 100 % per
 * 15 s, Max; scale-down window 300 s, 100 % per 15 s) the recommendation is stabilized between the
 * two windows, then held to what the policies allow over their periods (normalize.ts has the path
 * without a behavior). Worked example: current 4, recommendation 12, no scale-up in the last 15 s →
 * limits 4 + 4 = 8 (Pods) and ⌈4 × 2⌉ = 8 (Percent), Max → 8: ScalingLimited True ScaleUpLimit.
 * Pure: the HPA's memory goes in and the updated memory comes out.
 */
import type { HorizontalPodAutoscalerBehavior, HPAScalingRules } from '../../api/policyTypes.ts';
import type { HpaMemory, TimestampedRecommendation, TimestampedScaleEvent } from './memory.ts';
import { type NormalizeCondition, scaleUpBound } from './normalize.ts';

/** getReplicasChangePerPeriod sums the replica changes of the events younger than the period. */
export function getReplicasChangePerPeriod(periodSeconds: number, events: readonly TimestampedScaleEvent[], nowMs: number): number {
  const cutoff = nowMs - periodSeconds * 1000;
  let n = 0;
  for (const e of events) if (e.at > cutoff) n += e.replicaChange;
  return n;
}

/**
 * periodStartReplicas: the replicas a policy's period began with, as both limits compute it inline
 * upstream: the current count less the scale-ups in the period, plus the scale-downs (current 10,
 * +4 and −1 in the last 60 s → 7 at the start of a 60 s period).
 */
function periodStartReplicas(
  periodSeconds: number,
  currentReplicas: number,
  scaleUpEvents: readonly TimestampedScaleEvent[],
  scaleDownEvents: readonly TimestampedScaleEvent[],
  nowMs: number,
): number {
  const added = getReplicasChangePerPeriod(periodSeconds, scaleUpEvents, nowMs);
  const deleted = getReplicasChangePerPeriod(periodSeconds, scaleDownEvents, nowMs);
  return currentReplicas - added + deleted;
}

/** calculateScaleUpLimitWithScalingRules: the most replicas the scale-up policies allow now (Disabled: current). */
export function calculateScaleUpLimitWithScalingRules(
  currentReplicas: number,
  scaleUpEvents: readonly TimestampedScaleEvent[],
  scaleDownEvents: readonly TimestampedScaleEvent[],
  rules: HPAScalingRules,
  nowMs: number,
): number {
  if (rules.selectPolicy === 'Disabled') return currentReplicas;
  const minChange = rules.selectPolicy === 'Min';
  let result = minChange ? 2 ** 31 - 1 : -(2 ** 31);
  for (const p of rules.policies ?? []) {
    const start = periodStartReplicas(p.periodSeconds, currentReplicas, scaleUpEvents, scaleDownEvents, nowMs);
    let proposed = 0;
    if (p.type === 'Pods') proposed = start + p.value;
    else if (p.type === 'Percent') proposed = Math.ceil(start * (1 + p.value / 100));
    result = minChange ? Math.min(result, proposed) : Math.max(result, proposed);
  }
  return result;
}

/** calculateScaleDownLimitWithBehaviors: the fewest replicas the scale-down policies allow now (Disabled: current). */
export function calculateScaleDownLimitWithBehaviors(
  currentReplicas: number,
  scaleUpEvents: readonly TimestampedScaleEvent[],
  scaleDownEvents: readonly TimestampedScaleEvent[],
  rules: HPAScalingRules,
  nowMs: number,
): number {
  if (rules.selectPolicy === 'Disabled') return currentReplicas;
  const minChange = rules.selectPolicy === 'Min';
  let result = minChange ? -(2 ** 31) : 2 ** 31 - 1;
  for (const p of rules.policies ?? []) {
    const start = periodStartReplicas(p.periodSeconds, currentReplicas, scaleUpEvents, scaleDownEvents, nowMs);
    let proposed = 0;
    if (p.type === 'Pods') proposed = start - p.value;
    else if (p.type === 'Percent') proposed = Math.trunc(start * (1 - p.value / 100));
    result = minChange ? Math.max(result, proposed) : Math.min(result, proposed);
  }
  return result;
}

/** The arguments of the behavior path (NormalizationArg). */
export interface NormalizationArg {
  scaleUpBehavior: HPAScalingRules;
  scaleDownBehavior: HPAScalingRules;
  minReplicas: number;
  maxReplicas: number;
  currentReplicas: number;
  desiredReplicas: number;
}

/**
 * stabilizeRecommendationWithBehaviors: the recommendation is kept between the lowest of the
 * scale-up window and the highest of the scale-down window; the new one is recorded.
 */
export function stabilizeRecommendationWithBehaviors(
  recs: readonly TimestampedRecommendation[],
  args: NormalizationArg,
  nowMs: number,
): { recommendation: number; reason: string; message: string; recommendations: TimestampedRecommendation[] } {
  let up = args.desiredReplicas;
  let down = args.desiredReplicas;
  const upCutoff = nowMs - (args.scaleUpBehavior.stabilizationWindowSeconds ?? 0) * 1000;
  const downCutoff = nowMs - (args.scaleDownBehavior.stabilizationWindowSeconds ?? 0) * 1000;
  let oldIndex = -1;
  recs.forEach((r, i) => {
    if (r.at > upCutoff) up = Math.min(r.recommendation, up);
    if (r.at > downCutoff) down = Math.max(r.recommendation, down);
    if (r.at < upCutoff && r.at < downCutoff) oldIndex = i;
  });
  let recommendation = args.currentReplicas;
  if (recommendation < up) recommendation = up;
  if (recommendation > down) recommendation = down;
  const fresh: TimestampedRecommendation = { recommendation: args.desiredReplicas, at: nowMs };
  const recommendations = oldIndex >= 0 ? recs.map((r, i) => (i === oldIndex ? fresh : r)) : [...recs, fresh];
  const upward = args.desiredReplicas >= args.currentReplicas;
  return {
    recommendation,
    reason: upward ? 'ScaleUpStabilized' : 'ScaleDownStabilized',
    message: upward
      ? 'recent recommendations were lower than current one, applying the lowest recent recommendation'
      : 'recent recommendations were higher than current one, applying the highest recent recommendation',
    recommendations,
  };
}

/** convertDesiredReplicasWithBehaviorRate: clamp to the rate policies and min/max, with the limiting reason. */
export function convertDesiredReplicasWithBehaviorRate(
  memory: HpaMemory,
  args: NormalizationArg,
  nowMs: number,
): { replicas: number; reason: string; message: string } {
  if (args.desiredReplicas > args.currentReplicas) {
    let limit = calculateScaleUpLimitWithScalingRules(args.currentReplicas, memory.scaleUpEvents, memory.scaleDownEvents, args.scaleUpBehavior, nowMs);
    if (limit < args.currentReplicas) limit = args.currentReplicas;
    const max = scaleUpBound(args.maxReplicas, limit);
    if (args.desiredReplicas > max.replicas) return max;
  } else if (args.desiredReplicas < args.currentReplicas) {
    let limit = calculateScaleDownLimitWithBehaviors(args.currentReplicas, memory.scaleUpEvents, memory.scaleDownEvents, args.scaleDownBehavior, nowMs);
    if (limit > args.currentReplicas) limit = args.currentReplicas;
    let min = args.minReplicas;
    let reason: string;
    let message: string;
    if (min < limit) {
      min = limit;
      reason = 'ScaleDownLimit';
      message = 'the desired replica count is decreasing faster than the maximum scale rate';
    } else {
      message = 'the desired replica count is less than the minimum replica count';
      reason = 'TooFewReplicas';
    }
    if (args.desiredReplicas < min) return { replicas: min, reason, message };
  }
  return { replicas: args.desiredReplicas, reason: 'DesiredWithinRange', message: 'the desired count is within the acceptable range' };
}

/** normalizeDesiredReplicasWithBehaviors is the behavior path: stabilize, then apply the rate policies. */
export function normalizeDesiredReplicasWithBehaviors(
  memory: HpaMemory,
  behavior: Required<Pick<HorizontalPodAutoscalerBehavior, 'scaleUp' | 'scaleDown'>>,
  currentReplicas: number,
  prenormalizedDesiredReplicas: number,
  minReplicas: number,
  maxReplicas: number,
  nowMs: number,
): { desiredReplicas: number; conditions: NormalizeCondition[]; memory: HpaMemory } {
  const args: NormalizationArg = {
    scaleUpBehavior: behavior.scaleUp,
    scaleDownBehavior: behavior.scaleDown,
    minReplicas,
    maxReplicas,
    currentReplicas,
    desiredReplicas: prenormalizedDesiredReplicas,
  };
  const s = stabilizeRecommendationWithBehaviors(memory.recommendations, args, nowMs);
  const able: NormalizeCondition =
    s.recommendation !== prenormalizedDesiredReplicas
      ? { type: 'AbleToScale', status: 'True', reason: s.reason, message: s.message }
      : { type: 'AbleToScale', status: 'True', reason: 'ReadyForNewScale', message: 'recommended size matches current size' };
  const next = { ...memory, recommendations: s.recommendations };
  const r = convertDesiredReplicasWithBehaviorRate(next, { ...args, desiredReplicas: s.recommendation }, nowMs);
  const limited: NormalizeCondition = {
    type: 'ScalingLimited',
    status: r.replicas === s.recommendation ? 'False' : 'True',
    reason: r.reason,
    message: r.message,
  };
  return { desiredReplicas: r.replicas, conditions: [able, limited], memory: next };
}

/** getLongestPolicyPeriod: the longest periodSeconds of the rules' policies. */
export function getLongestPolicyPeriod(rules: HPAScalingRules): number {
  let n = 0;
  for (const p of rules.policies ?? []) if (p.periodSeconds > n) n = p.periodSeconds;
  return n;
}

/** markScaleEventsOutdated marks the events older than the longest policy period for reuse. */
export function markScaleEventsOutdated(events: readonly TimestampedScaleEvent[], longestPolicyPeriod: number, nowMs: number): TimestampedScaleEvent[] {
  const cutoff = nowMs - longestPolicyPeriod * 1000;
  return events.map((e) => (e.at < cutoff ? { ...e, outdated: true } : e));
}

/** storeScaleEvent records a rescale (behavior path only), reusing the last outdated slot. */
export function storeScaleEvent(
  memory: HpaMemory,
  behavior: HorizontalPodAutoscalerBehavior | undefined,
  prevReplicas: number,
  newReplicas: number,
  nowMs: number,
): HpaMemory {
  if (!behavior) return memory;
  const up = newReplicas > prevReplicas;
  const rules = (up ? behavior.scaleUp : behavior.scaleDown) ?? {};
  const list = markScaleEventsOutdated(up ? memory.scaleUpEvents : memory.scaleDownEvents, getLongestPolicyPeriod(rules), nowMs);
  const change = up ? newReplicas - prevReplicas : prevReplicas - newReplicas;
  let oldIndex = -1;
  list.forEach((e, i) => {
    if (e.outdated) oldIndex = i;
  });
  const fresh: TimestampedScaleEvent = { replicaChange: change, at: nowMs, outdated: false };
  const events = oldIndex >= 0 ? list.map((e, i) => (i === oldIndex ? fresh : e)) : [...list, fresh];
  return up ? { ...memory, scaleUpEvents: events } : { ...memory, scaleDownEvents: events };
}
