/**
 * The Traffic chart's data as the page keeps it: every Service's TrafficSecond lines (DESIGN.md
 * §15, the `--output traffic` lines) of the whole recording, in second order. Pure and d3-free:
 * the Timeline panel reads it before the chart (and d3) are loaded.
 */
import type { TrafficOutcome, TrafficSecond } from '../../worker/protocol.ts';

export type { TrafficOutcome, TrafficSecond } from '../../worker/protocol.ts';

/** The error outcomes, drawn below the line in this order (DESIGN.md §15's order). */
export const ERROR_OUTCOMES = ['refused', 'reset', 'timeout', 'http503'] as const satisfies readonly Exclude<
  TrafficOutcome,
  'ok'
>[];
export type ErrorOutcome = (typeof ERROR_OUTCOMES)[number];

/** trafficServices lists the Services that have traffic, in order of first appearance. */
export function trafficServices(series: readonly TrafficSecond[]): string[] {
  const seen = new Set<string>();
  for (const s of series) seen.add(s.service);
  return [...seen];
}

/** serviceSeries is one Service's seconds, in order. */
export function serviceSeries(series: readonly TrafficSecond[], service: string): TrafficSecond[] {
  return series.filter((s) => s.service === service);
}

/**
 * trafficRevisions lists the revisions that served requests, oldest first, numerically
 * ("10" after "9"): the ok layers stack in that order, so a rollout's new revision grows on top.
 */
export function trafficRevisions(series: readonly TrafficSecond[]): string[] {
  const seen = new Set<string>();
  for (const s of series) for (const [rev, n] of Object.entries(s.byRevision)) if (n > 0) seen.add(rev);
  return [...seen].sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
}

/** errorsOf is the failed requests of a second: everything but ok. */
export function errorsOf(s: Pick<TrafficSecond, ErrorOutcome>): number {
  return s.refused + s.reset + s.timeout + s.http503;
}

/**
 * secondAt is the line of the second that virtual time `time` falls in (the second [31, 32) for
 * t = 31.6), or null when the Service sent nothing then. Binary search: a long run has one line
 * per second and the cursor moves every frame.
 */
export function secondAt(series: readonly TrafficSecond[], time: number): TrafficSecond | null {
  const second = Math.floor(time);
  let lo = 0;
  let hi = series.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((series[mid]?.second ?? 0) < second) lo = mid + 1;
    else hi = mid;
  }
  const s = series[lo];
  return s !== undefined && s.second === second ? s : null;
}
