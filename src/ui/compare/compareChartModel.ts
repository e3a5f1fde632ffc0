/**
 * The compare chart as plain data (d3 for scales and paths; React draws): for each variant its
 * workload's available pods (solid) and pods that are not terminating (dashed) over virtual time,
 * as steps, on one shared time axis.
 */
import { curveStepAfter, line, scaleLinear } from 'd3';

export interface SeriesData {
  time: readonly number[];
  available: readonly number[];
  pods: readonly number[];
}

export const CHART_MARGINS = { top: 8, right: 12, bottom: 20, left: 30 } as const;

export interface CompareChartModel {
  x: (t: number) => number;
  invertX: (px: number) => number;
  y: (v: number) => number;
  xTicks: { value: number; x: number }[];
  yTicks: { value: number; y: number }[];
  lines: { available: string; pods: string }[];
}

/** compareChartModel lays out every variant's series in `width` × `height` up to `endTime` seconds. */
export function compareChartModel(
  series: readonly SeriesData[],
  endTime: number,
  width: number,
  height: number,
): CompareChartModel {
  const m = CHART_MARGINS;
  const maxTime = Math.max(1, endTime, ...series.map((s) => s.time.at(-1) ?? 0));
  const x = scaleLinear()
    .domain([0, maxTime])
    .range([m.left, Math.max(m.left + 1, width - m.right)]);
  const peak = Math.max(1, ...series.flatMap((s) => [...s.available, ...s.pods]));
  const y = scaleLinear()
    .domain([0, peak])
    .nice(4)
    .range([Math.max(m.top + 1, height - m.bottom), m.top]);
  const path = (s: SeriesData, pick: readonly number[]) => {
    if (s.time.length === 0) return '';
    const pts: [number, number][] = s.time.map((t, i) => [x(t), y(pick[i] ?? 0)]);
    pts.push([x(maxTime), y(pick.at(-1) ?? 0)]);
    // Start from 0 at t = 0 so every variant's line covers the whole axis.
    if ((s.time[0] ?? 0) > 0) pts.unshift([x(0), y(0)]);
    return line().curve(curveStepAfter).digits(1)(pts) ?? '';
  };
  return {
    x,
    invertX: (px) => Math.min(maxTime, Math.max(0, x.invert(px))),
    y,
    xTicks: x.ticks(Math.max(2, Math.floor(width / 90))).map((value) => ({ value, x: x(value) })),
    yTicks: y
      .ticks(4)
      .filter(Number.isInteger)
      .map((value) => ({ value, y: y(value) })),
    lines: series.map((s) => ({ available: path(s, s.available), pods: path(s, s.pods) })),
  };
}
