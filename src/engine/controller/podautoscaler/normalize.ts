// Port of kubernetes pkg/controller/podautoscaler/horizontal.go (v1.36): the normalization of a
// recommendation — the stabilization window and the scale-up limit (normalizeBehaviors.ts has the
// behavior's path: its windows and rate policies).
/**
 * Two paths, as upstream:
 * - no `spec.behavior` (the API server leaves it unset): normalizeDesiredReplicas keeps the
 *   highest recommendation of the last 5 minutes (--horizontal-pod-autoscaler-downscale-
 *   stabilization) and caps a scale-up at max(2 × current, 4) per sync;
 * - with `spec.behavior` (defaults filled in: scale-up window 0 s, policies 4 pods or 100 % per
 *   15 s, Max; scale-down window 300 s, 100 % per 15 s): normalizeDesiredReplicasWithBehaviors,
 *   in normalizeBehaviors.ts.
 * Worked example (no behavior, maxReplicas 10): current 3, recommendation 10 → limit max(2 × 3, 4) = 6:
 * ScalingLimited True ScaleUpLimit.
 * Pure: the HPA's memory goes in and the updated memory comes out.
 */
import type { HpaMemory, TimestampedRecommendation } from './memory.ts';

/** --horizontal-pod-autoscaler-downscale-stabilization: 5 minutes. */
export const DownscaleStabilisationWindowMs = 5 * 60 * 1000;
const scaleUpLimitFactor = 2.0;
const scaleUpLimitMinimum = 4.0;

/** A condition the normalization sets: type, status, reason, message. */
export interface NormalizeCondition {
  type: 'AbleToScale' | 'ScalingLimited';
  status: 'True' | 'False';
  reason: string;
  message: string;
}

/** calculateScaleUpLimit: max(2 × current, 4). */
export function calculateScaleUpLimit(currentReplicas: number): number {
  return Math.trunc(Math.max(scaleUpLimitFactor * currentReplicas, scaleUpLimitMinimum));
}

/**
 * scaleUpBound: the most replicas a scale-up may reach and why — the rate limit when it is below
 * maxReplicas (ScaleUpLimit), else maxReplicas (TooManyReplicas). Both paths clamp so (maxReplicas
 * 10, limit 6 → 6, ScaleUpLimit; maxReplicas 5, limit 6 → 5, TooManyReplicas).
 */
export function scaleUpBound(maxReplicas: number, scaleUpLimit: number): { replicas: number; reason: string; message: string } {
  return maxReplicas > scaleUpLimit
    ? { replicas: scaleUpLimit, reason: 'ScaleUpLimit', message: 'the desired replica count is increasing faster than the maximum scale rate' }
    : { replicas: maxReplicas, reason: 'TooManyReplicas', message: 'the desired replica count is more than the maximum replica count' };
}

/**
 * convertDesiredReplicasWithRules: clamp to [minReplicas, min(maxReplicas, scale-up limit)], with
 * the condition reason that names the bound (TooFewReplicas, ScaleUpLimit, TooManyReplicas,
 * DesiredWithinRange).
 */
export function convertDesiredReplicasWithRules(
  currentReplicas: number,
  desiredReplicas: number,
  hpaMinReplicas: number,
  hpaMaxReplicas: number,
): { replicas: number; condition: string; reason: string } {
  const max = scaleUpBound(hpaMaxReplicas, calculateScaleUpLimit(currentReplicas));
  if (desiredReplicas < hpaMinReplicas) {
    return { replicas: hpaMinReplicas, condition: 'TooFewReplicas', reason: 'the desired replica count is less than the minimum replica count' };
  }
  if (desiredReplicas > max.replicas) return { replicas: max.replicas, condition: max.reason, reason: max.message };
  return { replicas: desiredReplicas, condition: 'DesiredWithinRange', reason: 'the desired count is within the acceptable range' };
}

/**
 * stabilizeRecommendation: the highest recommendation younger than the window, and the memory
 * with this one recorded (in the slot of the last one older than the window, if any).
 */
export function stabilizeRecommendation(
  recs: readonly TimestampedRecommendation[],
  prenormalizedDesiredReplicas: number,
  nowMs: number,
  windowMs = DownscaleStabilisationWindowMs,
): { recommendation: number; recommendations: TimestampedRecommendation[] } {
  let max = prenormalizedDesiredReplicas;
  let oldIndex = -1;
  const cutoff = nowMs - windowMs;
  recs.forEach((r, i) => {
    if (r.at < cutoff) oldIndex = i;
    else if (r.recommendation > max) max = r.recommendation;
  });
  const fresh: TimestampedRecommendation = { recommendation: prenormalizedDesiredReplicas, at: nowMs };
  const recommendations = oldIndex >= 0 ? recs.map((r, i) => (i === oldIndex ? fresh : r)) : [...recs, fresh];
  return { recommendation: max, recommendations };
}

/** normalizeDesiredReplicas is the no-behavior path: the 5-minute window, then the rules; its two conditions. */
export function normalizeDesiredReplicas(
  memory: HpaMemory,
  currentReplicas: number,
  prenormalizedDesiredReplicas: number,
  minReplicas: number,
  maxReplicas: number,
  nowMs: number,
): { desiredReplicas: number; conditions: NormalizeCondition[]; memory: HpaMemory } {
  const s = stabilizeRecommendation(memory.recommendations, prenormalizedDesiredReplicas, nowMs);
  const able: NormalizeCondition =
    s.recommendation !== prenormalizedDesiredReplicas
      ? {
          type: 'AbleToScale',
          status: 'True',
          reason: 'ScaleDownStabilized',
          message: 'recent recommendations were higher than current one, applying the highest recent recommendation',
        }
      : { type: 'AbleToScale', status: 'True', reason: 'ReadyForNewScale', message: 'recommended size matches current size' };
  const r = convertDesiredReplicasWithRules(currentReplicas, s.recommendation, minReplicas, maxReplicas);
  const limited: NormalizeCondition = {
    type: 'ScalingLimited',
    status: r.replicas === s.recommendation ? 'False' : 'True',
    reason: r.condition,
    message: r.reason,
  };
  return { desiredReplicas: r.replicas, conditions: [able, limited], memory: { ...memory, recommendations: s.recommendations } };
}
