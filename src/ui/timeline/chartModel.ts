/**
 * The timeline chart as plain data (d3 for scales and paths only; React draws the SVG): per
 * ReplicaSet (or DaemonSet) step lines of desired/current/ready/available over virtual time, the
 * totals, and the band the strategy promises — at most replicas + maxSurge pods, at least
 * replicas − maxUnavailable available.
 */
import { area, curveStepAfter, line, max, type ScaleLinear, scaleLinear } from 'd3';
import type { SeriesPoint } from '../../worker/protocol.ts';
import { type Bounds, MARGINS, type Margins, type Metric } from './chartSeries.ts';
import { boundsOf } from './strategyBounds.ts';

export interface ChartModel {
  x: (t: number) => number;
  invertX: (px: number) => number;
  y: (v: number) => number;
  xTicks: { value: number; x: number; label: string }[];
  yTicks: { value: number; y: number }[];
  /** One path per series key and metric. */
  lines: { key: string; metric: Metric; d: string }[];
  totals: { metric: 'current' | 'available'; d: string }[];
  band: string | null;
  upper: string | null;
  lower: string | null;
}

/** The time axis shared by the timeline chart and the Traffic chart below it. */
export interface TimeScale {
  x: ScaleLinear<number, number>;
  /** The virtual second at the right end (at least 1). */
  maxTime: number;
  /** invertX is the virtual time at a pixel, clamped to the axis. */
  invertX: (px: number) => number;
  xTicks: { value: number; x: number; label: string }[];
}

/**
 * timeScale maps virtual seconds 0…end onto `width` pixels inside the margins, with a tick every
 * ~90 px (more text, fewer ticks). Two charts of the same width, margins and end get the same
 * pixels for the same second: the Traffic chart's t = 31 s sits under the timeline's (issue 22).
 */
export function timeScale(end: number, width: number, m: Margins = MARGINS): TimeScale {
  const maxTime = Math.max(end, 1);
  const x = scaleLinear()
    .domain([0, maxTime])
    .range([m.left, Math.max(m.left + 1, width - m.right)]);
  return {
    x,
    maxTime,
    invertX: (px) => Math.min(maxTime, Math.max(0, x.invert(px))),
    xTicks: x
      .ticks(Math.max(2, Math.floor(width / (90 * (m.left / MARGINS.left)))))
      .map((value) => ({ value, x: x(value), label: `${value}s` })),
  };
}

/**
 * chartModel computes scales, ticks and paths for a chart of `width`×`height` pixels. The band
 * comes from each point's resolved strategy (boundsOf), so it covers the whole run and steps
 * where the spec changed.
 */
export function chartModel(
  series: readonly SeriesPoint[],
  endTime: number,
  width: number,
  height: number,
  metrics: readonly Metric[],
  keys: readonly string[],
  m: Margins = MARGINS,
): ChartModel {
  const { x, maxTime, invertX, xTicks } = timeScale(Math.max(endTime, series.at(-1)?.time ?? 0), width, m);
  // Extend each series to the end of the recording so the last step shows.
  const points = series.length > 0 ? [...series, { ...(series.at(-1) as SeriesPoint), time: maxTime }] : [];
  const band = bandPoints(points);
  const peak = Math.max(
    max(series, (p) =>
      Math.max(
        ...Object.values(p.values).map((v) => Math.max(v.desired, v.current, v.ready, v.available)),
        total(p, 'current', keys),
      ),
    ) ?? 1,
    max(band, (d) => d.b?.upper ?? 0) ?? 0,
  );
  const y = scaleLinear()
    .domain([0, Math.max(1, peak)])
    .nice(4)
    .range([Math.max(m.top + 1, height - m.bottom), m.top]);

  const stepLine = line<[number, number]>().curve(curveStepAfter).digits(1);
  const lines: ChartModel['lines'] = [];
  for (const key of keys) {
    for (const metric of metrics) {
      const xy: [number, number][] = [];
      for (const p of points) {
        const v = p.values[key];
        xy.push([x(p.time), y(v ? v[metric] : 0)]);
      }
      lines.push({ key, metric, d: stepLine(xy) ?? '' });
    }
  }
  const pathOf = (pick: (p: SeriesPoint) => number) =>
    line<SeriesPoint>()
      .curve(curveStepAfter)
      .digits(1)
      .x((p) => x(p.time))
      .y((p) => y(pick(p)))(points) ?? '';
  const totals: ChartModel['totals'] = [
    { metric: 'current', d: pathOf((p) => total(p, 'current', keys)) },
    { metric: 'available', d: pathOf((p) => total(p, 'available', keys)) },
  ];

  const paths = bandPaths(band, x, y);
  return {
    x,
    invertX,
    y,
    xTicks,
    yTicks: y
      .ticks(4)
      .filter(Number.isInteger)
      .map((value) => ({ value, y: y(value) })),
    lines,
    totals,
    ...paths,
  };
}

/** total sums a metric over the point's series of the given keys. */
export function total(p: SeriesPoint, metric: Metric, keys: readonly string[]): number {
  let sum = 0;
  for (const k of keys) sum += p.values[k]?.[metric] ?? 0;
  return sum;
}

/** The band at virtual time t (null: none there). */
export type BandPoint = { t: number; b: Bounds | null };

/**
 * bandPoints is the band at each point. Where it ends (a second workload appears) the last band is
 * repeated at that time, so its stretch keeps its width: a step line stops at its last defined point.
 */
export function bandPoints(points: readonly SeriesPoint[]): BandPoint[] {
  const out: BandPoint[] = [];
  let prev: Bounds | null = null;
  for (const p of points) {
    const b = boundsOf(p);
    if (prev && !b) out.push({ t: p.time, b: prev });
    out.push({ t: p.time, b });
    prev = b;
  }
  return out;
}

/** bandPaths draws the band (area) and its edges as steps, leaving out stretches with no bounds. */
function bandPaths(
  band: readonly BandPoint[],
  x: (t: number) => number,
  y: (v: number) => number,
): Pick<ChartModel, 'band' | 'upper' | 'lower'> {
  if (!band.some((d) => d.b !== null)) return { band: null, upper: null, lower: null };
  const defined = (d: BandPoint) => d.b !== null;
  const edge = (pick: (b: Bounds) => number) =>
    line<BandPoint>()
      .curve(curveStepAfter)
      .defined(defined)
      .x((d) => x(d.t))
      .y((d) => y(d.b ? pick(d.b) : 0))(band) ?? null;
  return {
    band:
      area<BandPoint>()
        .curve(curveStepAfter)
        .defined(defined)
        .x((d) => x(d.t))
        .y0((d) => y(d.b?.lower ?? 0))
        .y1((d) => y(d.b?.upper ?? 0))(band) ?? null,
    upper: edge((b) => b.upper),
    lower: edge((b) => b.lower),
  };
}
