// The v1.36 availability requeue of pkg/controller/statefulset/stateful_set.go syncStatefulSet
// (#135428): requeue the set when its next pod reaches Ready + minReadySeconds, so
// status.availableReplicas counts it at the right time.
import type { StatefulPod, StatefulSet } from '../../api/statefulTypes.ts';
import { parseRFC3339 } from '../../lib/time.ts';
import { isRunningAndAvailable, isRunningAndReady, isTerminating } from './statefulSetUtils.ts';

/**
 * nextAvailableAfterMs: the delay until the soonest Ready, not yet available pod becomes
 * available, or null (minReadySeconds 0, or none waiting). Available means Ready since
 * strictly before now − minReadySeconds, so the wait is 1 ms past the boundary: Ready at
 * 10.000 s with minReadySeconds 5 → available from 15.001 s.
 */
export function nextAvailableAfterMs(set: StatefulSet, pods: readonly StatefulPod[], nowMs: number): number | null {
  const mrs = set.spec.minReadySeconds ?? 0;
  if (mrs <= 0) return null;
  let soonest: number | null = null;
  for (const p of pods) {
    if (isTerminating(p) || !isRunningAndReady(p) || isRunningAndAvailable(p, mrs, nowMs)) continue;
    const since = p.status?.conditions?.find((c) => c.type === 'Ready')?.lastTransitionTime;
    if (!since) continue;
    const at = parseRFC3339(since) + mrs * 1000 + 1;
    if (soonest === null || at < soonest) soonest = at;
  }
  return soonest === null ? null : Math.max(1, soonest - nowMs);
}
