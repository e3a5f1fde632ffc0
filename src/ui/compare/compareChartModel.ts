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

/**
 * thinSteps keeps, of a step series drawn `width` pixels wide, at most four points per pixel
 * column — the first, lowest, highest and last value there, in time order — so the line looks
 * the same while a 2,000-pod variant's ~20,000 samples cost a few thousand points to draw.
 */
export function thinSteps(
  time: readonly number[],
  values: readonly number[],
  x: (t: number) => number,
): [number, number][] {
  const out: [number, number][] = [];
  let col = Number.NaN;
  let first: [number, number] | null = null;
  let lo: [number, number] | null = null;
  let hi: [number, number] | null = null;
  let last: [number, number] | null = null;
  const flush = () => {
    if (!first || !lo || !hi || !last) return;
    const pts = [first, lo, hi, last].sort((a, b) => a[0] - b[0]);
    for (const p of pts) if (out.at(-1) !== p) out.push(p);
  };
  for (let i = 0; i < time.length; i++) {
    const px = x(time[i] as number);
    const p: [number, number] = [px, values[i] as number];
    const c = Math.floor(px);
    if (c !== col) {
      flush();
      col = c;
      first = lo = hi = p;
    }
    if (p[1] < (lo as [number, number])[1]) lo = p;
    if (p[1] > (hi as [number, number])[1]) hi = p;
    last = p;
  }
  flush();
  return out;
}

/**
 * compareChartModel lays out every variant's series in `width` × `height` from `from` to `endTime`
 * seconds (the compare view starts a little before the rollouts: the creation before them is the
 * same in every variant).
 */
export function compareChartModel(
  series: readonly SeriesData[],
  endTime: number,
  width: number,
  height: number,
  from = 0,
): CompareChartModel {
  const m = CHART_MARGINS;
  const maxTime = Math.max(from + 1, endTime, ...series.map((s) => s.time.at(-1) ?? 0));
  const x = scaleLinear()
    .domain([from, maxTime])
    .range([m.left, Math.max(m.left + 1, width - m.right)]);
  const peak = Math.max(1, ...series.flatMap((s) => [...s.available, ...s.pods]));
  const y = scaleLinear()
    .domain([0, peak])
    .nice(4)
    .range([Math.max(m.top + 1, height - m.bottom), m.top]);
  const path = (s: SeriesData, pick: readonly number[]) => {
    if (s.time.length === 0) return '';
    // The value at `from` is the last one before it (0 before the first sample).
    let k = 0;
    while (k < s.time.length && (s.time[k] as number) < from) k++;
    const before = k > 0 ? (pick[k - 1] as number) : 0;
    const pts: [number, number][] = thinSteps(s.time.slice(k), pick.slice(k), x).map(([px, v]) => [px, y(v)]);
    pts.push([x(maxTime), y(pick.at(-1) ?? 0)]);
    if (k === s.time.length || (s.time[k] as number) > from) pts.unshift([x(from), y(before)]);
    return line().curve(curveStepAfter).digits(1)(pts) ?? '';
  };
  return {
    x,
    invertX: (px) => Math.min(maxTime, Math.max(from, x.invert(px))),
    y,
    xTicks: x.ticks(Math.max(2, Math.floor(width / 90))).map((value) => ({ value, x: x(value) })),
    yTicks: y
      .ticks(4)
      .filter(Number.isInteger)
      .map((value) => ({ value, y: y(value) })),
    lines: series.map((s) => ({ available: path(s, s.available), pods: path(s, s.pods) })),
  };
}
