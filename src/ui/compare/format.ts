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

/**
 * percent formats a rate with the decimals a small one needs: 0.012 → "1.2%", 0.25 → "25%",
 * 0.00041 → "0.04%", 0 → "0%" (a rollout with 4 errors in 10,000 requests is not "0%").
 */
export function percent(rate: number): string {
  const p = rate * 100;
  const digits = p === 0 || p >= 10 ? 0 : p >= 1 ? 1 : 2;
  return `${Number(p.toFixed(digits))}%`;
}

/** ErrorFigures: a rollout's traffic figures (DESIGN.md §15) the Errors column reads. */
export interface ErrorFigures {
  service: string;
  requests: number;
  ok: number;
  refused: number;
  reset: number;
  timeout: number;
  http503: number;
  errorRate: number;
  longestErrorBurstSeconds: number;
}

/** errorCount is a rollout's failed requests: every request that was not ok. */
export function errorCount(f: ErrorFigures): number {
  return f.requests - f.ok;
}
