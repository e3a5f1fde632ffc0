/**
 * The timeline chart's d3-free half: its metrics, margins and time extent. The Timeline panel and
 * the Traffic chart read these before their charts (and d3 with them) are loaded: the charts load
 * on demand (issue 22: the first page's JS budget), their panels with the page.
 */
import type { SeriesPoint } from '../../worker/protocol.ts';

/** CHART_BOX is a chart's box, the same before its lazy chunk is in (the Suspense fallback) and after. */
export const CHART_BOX = 'relative h-full min-h-20 w-full';

export const METRICS = ['desired', 'current', 'ready', 'available'] as const;
export type Metric = (typeof METRICS)[number];

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}
/** The margins at a 16 px root font (axis labels are 0.625rem). */
export const MARGINS: Margins = { top: 8, right: 12, bottom: 22, left: 30 };

/**
 * scaleMargins grows the margins with the text: at Large text (20 px) the labels are 12.5 px and
 * need 27.5 px under the axis instead of 22, else the axis is cut off.
 */
export function scaleMargins(rootFontPx: number): Margins {
  const k = Math.max(1, rootFontPx / 16);
  return {
    top: Math.round(MARGINS.top * k),
    right: Math.round(MARGINS.right * k),
    bottom: Math.round(MARGINS.bottom * k),
    left: Math.round(MARGINS.left * k),
  };
}

/** The strategy bounds at one point: lower = replicas − maxUnavailable, upper = replicas + maxSurge. */
export interface Bounds {
  lower: number;
  upper: number;
}

/**
 * activityEnd is the virtual time the chart shows up to: a little past the last change of any
 * counter (a run records long after it settles), and never less than `cursor` so the cursor stays
 * on the chart. 0 when nothing changed.
 */
export function activityEnd(
  series: readonly SeriesPoint[],
  markerTimes: readonly number[],
  endTime: number,
  cursor: number,
): number {
  const last = Math.max(series.at(-1)?.time ?? 0, ...markerTimes);
  const padded = last + Math.max(5, last * 0.15);
  return Math.ceil(Math.min(Math.max(endTime, last), Math.max(padded, cursor)));
}

/** seriesKeys lists the series' keys in order of first appearance. */
export function seriesKeys(series: readonly SeriesPoint[]): string[] {
  const seen = new Set<string>();
  for (const p of series) for (const k of Object.keys(p.values)) seen.add(k);
  return [...seen];
}
