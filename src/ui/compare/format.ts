/**
 * How the run summary's figures read in the page: seconds to one decimal (10.649 → "10.6"), and
 * which rollout the playhead is in.
 */
import type { RolloutView } from '../../worker/protocol.ts';

/** seconds formats virtual seconds to at most one decimal: 40.649 → "40.6", 30 → "30". */
export function seconds(s: number): string {
  return String(Math.round(s * 10) / 10);
}

/** rolloutAt is the index of the last rollout started at or before `time` (0 before any). */
export function rolloutAt(rollouts: readonly RolloutView[], time: number): number {
  let at = 0;
  rollouts.forEach((r, i) => {
    if (r.startSeconds <= time) at = i;
  });
  return at;
}

/** shortWorkload drops the namespace `default` from `deployment/default/web`. */
export function shortWorkload(workload: string): string {
  return workload.replace(/^(\w+)\/default\//, '$1/');
}
