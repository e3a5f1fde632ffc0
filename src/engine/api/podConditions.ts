// Port of kubernetes pkg/api/v1/pod/util.go UpdatePodCondition and IsPodPhaseTerminal (v1.36), shared
// by the API server (the Eviction API), the controllers that mark a pod before they delete it, and
// those that leave finished pods out.
import type { PodCondition } from './types.ts';

/**
 * updatePodCondition sets `condition` (without its transition time) in `conditions`, as
 * podutil.UpdatePodCondition does: a new type is appended with `nowIso` as its transition time;
 * an existing one is replaced, keeping its transition time while the status holds. Returns the
 * new list, or null when nothing changed (the caller then writes nothing). The keys are in the
 * API's field order: type, status, lastProbeTime, lastTransitionTime, reason, message.
 */
export function updatePodCondition(
  conditions: readonly PodCondition[],
  condition: { type: PodCondition['type']; status: PodCondition['status']; reason: string; message: string },
  nowIso: string,
): PodCondition[] | null {
  const i = conditions.findIndex((c) => c.type === condition.type);
  const old = i < 0 ? undefined : conditions[i];
  const lastTransitionTime = old !== undefined && old.status === condition.status && old.lastTransitionTime ? old.lastTransitionTime : nowIso;
  const next: PodCondition = { type: condition.type, status: condition.status, lastProbeTime: null, lastTransitionTime, reason: condition.reason, message: condition.message };
  if (old === undefined) return [...conditions, next];
  const same =
    old.status === next.status && old.reason === next.reason && old.message === next.message && (old.lastProbeTime ?? null) === null && old.lastTransitionTime === lastTransitionTime;
  if (same) return null;
  return conditions.map((c, j) => (j === i ? next : c));
}

/** isPodPhaseTerminal: Succeeded or Failed, a phase none of the pod's containers leaves to run again (podutil.IsPodPhaseTerminal). */
export function isPodPhaseTerminal(phase: string | undefined): boolean {
  return phase === 'Succeeded' || phase === 'Failed';
}
