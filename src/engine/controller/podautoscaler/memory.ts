/**
 * What the HPA controller keeps in memory per HPA between syncs (HorizontalController's
 * recommendations, scaleUpEvents and scaleDownEvents maps), as plain data in the engine state so
 * a keyframe restores it. Times are virtual ms. A sync replaces an HPA's memory, never changes
 * it in place, so copies of the state can share the arrays.
 */

/** timestampedRecommendation: one sync's unstabilized recommendation. */
export interface TimestampedRecommendation {
  recommendation: number;
  at: number;
}

/** timestampedScaleEvent: one rescale's change of replicas (for the rate policies). */
export interface TimestampedScaleEvent {
  replicaChange: number;
  at: number;
  outdated: boolean;
}

export interface HpaMemory {
  recommendations: TimestampedRecommendation[];
  scaleUpEvents: TimestampedScaleEvent[];
  scaleDownEvents: TimestampedScaleEvent[];
}

declare module '../../client/state.ts' {
  interface EngineState {
    /**
     * The HPA controller's in-memory history per HPA key (recommendations and scale events for the
     * stabilization windows and rate policies): empty while no HorizontalPodAutoscaler exists.
     */
    hpa: Map<string, HpaMemory>;
  }
}

/** emptyHpaMemory: what the controller knows about a new HPA. */
export function emptyHpaMemory(): HpaMemory {
  return { recommendations: [], scaleUpEvents: [], scaleDownEvents: [] };
}

/** cloneHpaMemories copies the map; the memories themselves are immutable values. */
export function cloneHpaMemories(m: Map<string, HpaMemory>): Map<string, HpaMemory> {
  return new Map(m);
}
