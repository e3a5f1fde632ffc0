/**
 * A sweep heatmap as plain data (d3 for the band and colour scales; React draws): one cell per
 * variant, coloured by the median over its seeds of one figure — the rollout's duration (shorter
 * is brighter), the least available pods (more is brighter) or, with traffic, the share of failed
 * requests (fewer is brighter), in viridis, which reads in grey and
 * with every common colour-vision deficiency. Cells the API server refuses and rollouts that did
 * not complete are not coloured but marked.
 */
import { color, interpolateViridis, scaleBand, scaleSequential } from 'd3';
import type { SweepCell, SweepSetup, Spread } from '../../state/sweepGrid.ts';
import { percent, seconds } from './format.ts';

export type HeatMetric = 'duration' | 'minAvailable' | 'errors';

/** lowerIsBetter: a shorter rollout, fewer failed requests; for the least available, more is better. */
export function lowerIsBetter(metric: HeatMetric): boolean {
  return metric !== 'minAvailable';
}

export const HEAT_MARGINS = { top: 4, right: 4, bottom: 34, left: 52 } as const;

export interface HeatCell {
  cell: SweepCell;
  x: number;
  y: number;
  w: number;
  h: number;
  /** What the cell shows: a value, the API server's refusal, a rollout that did not finish, or nothing yet. */
  kind: 'value' | 'invalid' | 'incomplete' | 'pending';
  fill: string | null;
  text: string;
  /** Black on bright cells, white on dark ones. */
  ink: string;
  /** The median's spread over the seeds, for the title. */
  spread: Spread | null;
}

export interface HeatmapModel {
  cells: HeatCell[];
  xTicks: { x: number; label: string }[];
  yTicks: { y: number; label: string }[];
  /** The colour scale's ends and a few stops for the legend's gradient. */
  domain: [number, number] | null;
  stops: { offset: number; color: string }[];
}

/** metricOf is a cell's spread of one figure. */
export function metricOf(cell: SweepCell, metric: HeatMetric): Spread | null {
  return metric === 'duration' ? cell.duration : metric === 'errors' ? cell.errors : cell.minAvailable;
}

/** formatValue writes a figure as the cell shows it: seconds to one decimal, pods as counted, errors in percent. */
export function formatValue(metric: HeatMetric, v: number): string {
  if (metric === 'errors') return percent(v);
  return metric === 'duration' ? seconds(v) : String(Math.round(v * 10) / 10);
}

function inkOn(fill: string): string {
  const c = color(fill)?.rgb();
  if (!c) return '#000';
  const lum = (0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b) / 255;
  return lum > 0.45 ? '#000' : '#fff';
}

/** heatmapModel lays out `cells` of `setup` in width × height for one figure. */
export function heatmapModel(
  setup: SweepSetup,
  cells: readonly SweepCell[],
  metric: HeatMetric,
  width: number,
  height: number,
): HeatmapModel {
  const m = HEAT_MARGINS;
  const xs = setup.x.values.map(String);
  const ys = setup.y.values.map(String);
  const x = scaleBand<string>()
    .domain(xs)
    .range([m.left, Math.max(m.left + 1, width - m.right)])
    .paddingInner(0.06);
  // y grows upward, as on a chart: the first value at the bottom.
  const y = scaleBand<string>()
    .domain(ys)
    .range([Math.max(m.top + 1, height - m.bottom), m.top])
    .paddingInner(0.06);
  const values = cells.flatMap((c) => {
    const s = metricOf(c, metric);
    return s && c.error === null ? [s.median] : [];
  });
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const domain: [number, number] | null = values.length ? [lo, hi] : null;
  // Brighter is better: shorter durations, fewer errors, more pods available. A sweep whose every
  // cell had the same error rate (0 % most often: the lesson's fix) is all bright.
  const flatErrors = metric === 'errors' && lo === hi;
  const scale = scaleSequential(interpolateViridis).domain(
    flatErrors
      ? [lo + 1, lo]
      : lowerIsBetter(metric)
        ? [hi, lo === hi ? hi - 1 : lo]
        : [lo, hi === lo ? lo + 1 : hi],
  );
  const out: HeatCell[] = cells.map((cell) => {
    const s = metricOf(cell, metric);
    const base = {
      cell,
      x: x(xs[cell.xi] ?? '') ?? 0,
      y: y(ys[cell.yi] ?? '') ?? 0,
      w: x.bandwidth(),
      h: y.bandwidth(),
      spread: s,
    };
    if (cell.error !== null) return { ...base, kind: 'invalid', fill: null, text: '×', ink: 'currentColor' };
    if (cell.done < cell.seeds && s === null)
      return { ...base, kind: 'pending', fill: null, text: '', ink: 'currentColor' };
    if (s === null) return { ...base, kind: 'incomplete', fill: null, text: '—', ink: 'currentColor' };
    const fill = scale(s.median);
    return { ...base, kind: 'value', fill, text: formatValue(metric, s.median), ink: inkOn(fill) };
  });
  return {
    cells: out,
    xTicks: xs.map((v) => ({ x: (x(v) ?? 0) + x.bandwidth() / 2, label: v })),
    yTicks: ys.map((v) => ({ y: (y(v) ?? 0) + y.bandwidth() / 2, label: v })),
    domain,
    stops: [0, 0.25, 0.5, 0.75, 1].map((offset) => ({ offset, color: interpolateViridis(offset) })),
  };
}
