// Port of kubernetes pkg/api/v1/pod/util.go (IsPodReady, IsPodAvailable) and of the pod facts of
// pkg/controller/controller_utils.go (IsPodActive, FilterActivePods, GetDeletionCostFromPodAnnotations)
// (v1.36): what podRankKey.ts and podRanking.ts rank pods by, and what the controllers count.
import { PodDeletionCost } from '../api/constants.ts';
import type { Pod } from '../api/types.ts';
import { timestampMs } from './sort.ts';

/** isPodActive: not Succeeded, not Failed and not being deleted (controller.IsPodActive). */
export function isPodActive(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed' && !pod.metadata.deletionTimestamp;
}

/** filterActivePods keeps the active pods (controller.FilterActivePods). */
export function filterActivePods(pods: readonly Pod[]): Pod[] {
  return pods.filter(isPodActive);
}

/** isPodReady: the pod's Ready condition is True (podutil.IsPodReady). */
export function isPodReady(pod: Pod): boolean {
  return pod.status?.conditions?.find((c) => c.type === 'Ready')?.status === 'True';
}

/**
 * podReadyTime returns the Ready condition's lastTransitionTime when the pod is ready, else
 * undefined (Go's zero time).
 */
export function podReadyTime(pod: Pod): string | undefined {
  if (!isPodReady(pod)) return undefined;
  return pod.status?.conditions?.find((c) => c.type === 'Ready' && c.status === 'True')?.lastTransitionTime;
}

/**
 * isPodAvailable: ready, and either minReadySeconds is 0 or the Ready transition plus
 * minReadySeconds is strictly before now (podutil.IsPodAvailable). Ready at 10 s with
 * minReadySeconds 5 is available from 15.001 s on, not at 15 s.
 */
export function isPodAvailable(pod: Pod, minReadySeconds: number, nowMs: number): boolean {
  if (!isPodReady(pod)) return false;
  if (minReadySeconds === 0) return true;
  const lt = pod.status?.conditions?.find((c) => c.type === 'Ready')?.lastTransitionTime;
  const t = timestampMs(lt);
  if (t === Number.NEGATIVE_INFINITY || isZeroTime(lt)) return false;
  return t + minReadySeconds * 1000 < nowMs;
}

/** isZeroTime reports Go's zero time (absent, or 0001-01-01T00:00:00Z). */
export function isZeroTime(ts: string | undefined): boolean {
  return !ts || ts.startsWith('0001-01-01T00:00:00');
}

/**
 * getDeletionCostFromPodAnnotations reads controller.kubernetes.io/pod-deletion-cost as an int32;
 * a leading '+' or zero ("008"), junk or an out-of-range value counts as 0.
 */
export function getDeletionCostFromPodAnnotations(annotations: Record<string, string> | undefined): number {
  const v = annotations?.[PodDeletionCost];
  if (v === undefined) return 0;
  // validFirstDigit: '-', a lone "0", or 1-9; then strconv.ParseInt(v, 10, 32).
  const first = v[0] ?? '';
  if (!(first === '-' || v === '0' || (first >= '1' && first <= '9'))) return 0;
  if (!/^-?[0-9]+$/.test(v)) return 0;
  const n = Number(v);
  if (!Number.isInteger(n) || n > 2147483647 || n < -2147483648) return 0;
  return n;
}
