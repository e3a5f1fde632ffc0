/**
 * Chart samples thinned to what the chart can show. A fast 2,000-pod rollout records a sample for
 * every tick that changed a counter (tens of thousands), but the plot is a few hundred pixels
 * wide, and within one pixel column a step line only draws a vertical stroke from its lowest to
 * its highest value there. So each column keeps its first and last sample and the samples where a
 * line (a key's metric, or a total) is lowest or highest in it: the same picture from at most a
 * few samples a column, e.g. 40,000 samples → ~2,000 on a 600 px chart.
 *
 * Only the lines drawn count: the chosen metrics of each key, the two totals and the strategy
 * band's two edges.
 *
 * The columns split [0, gridEnd], gridEnd being the chart's end rounded up to a step of
 * GRID_STEPS, into as many columns as the plot has pixels (so a column is 1 to 1.67 px wide), and
 * stay put while a run records and its end grows: SeriesThinner keeps the closed columns between
 * calls and reads only the new samples.
 */
import type { SeriesPoint } from '../../worker/protocol.ts';
import { METRICS, type Metric } from './chartSeries.ts';
import { boundsOf } from './strategyBounds.ts';

/** Grid ends: these × 10^k; neighbours differ by at most 5/3. */
const GRID_STEPS = [1, 1.5, 2, 3, 5, 7.5, 10];

/** gridEnd rounds `t` up to the next GRID_STEPS step (28.6 → 30, 31 → 50, 0.4 → 0.5). */
export function gridEnd(t: number): number {
  if (!(t > 0)) return 1;
  const decade = 10 ** Math.floor(Math.log10(t));
  for (const s of GRID_STEPS) if (s * decade >= t - 1e-9 * decade) return s * decade;
  return 10 * decade;
}

/** thinSeries thins `series` for a chart whose x runs over [0, maxTime] on `plotWidth` pixels. */
export function thinSeries(
  series: readonly SeriesPoint[],
  maxTime: number,
  plotWidth: number,
  metrics: readonly Metric[] = METRICS,
): SeriesPoint[] {
  return new SeriesThinner().thin(series, maxTime, plotWidth, metrics);
}

/** SeriesThinner thins a growing series, reading each sample once while the grid holds. */
export class SeriesThinner {
  private first: SeriesPoint | undefined = undefined;
  private metrics: readonly Metric[] = [];
  private end = 0;
  private columns = 0;
  private read = 0;
  private kept: SeriesPoint[] = [];
  private col = -1;
  private open: SeriesPoint[] = [];
  /** The open column's lows and highs per channel: [low, lowSample, high, highSample]. */
  private extremes = new Map<string, [number, SeriesPoint, number, SeriesPoint]>();

  /** thin returns the samples to draw (in order, the last sample always among them). */
  thin(
    series: readonly SeriesPoint[],
    maxTime: number,
    plotWidth: number,
    metrics: readonly Metric[] = METRICS,
  ): SeriesPoint[] {
    const end = gridEnd(maxTime);
    const columns = Math.max(1, Math.round(plotWidth));
    if (
      series[0] !== this.first ||
      series.length < this.read ||
      end !== this.end ||
      columns !== this.columns ||
      metrics !== this.metrics
    ) {
      this.first = series[0];
      this.metrics = metrics;
      this.end = end;
      this.columns = columns;
      this.read = 0;
      this.kept = [];
      this.col = -1;
      this.open = [];
      this.extremes.clear();
    }
    for (; this.read < series.length; this.read++) this.add(series[this.read] as SeriesPoint);
    return [...this.kept, ...this.openSamples()];
  }

  private add(p: SeriesPoint): void {
    const col = Math.min(this.columns - 1, Math.floor((p.time / this.end) * this.columns));
    if (col !== this.col) {
      this.kept.push(...this.openSamples());
      this.col = col;
      this.open = [p];
      this.extremes.clear();
    } else {
      this.open.push(p);
    }
    let current = 0;
    let available = 0;
    for (const [key, v] of Object.entries(p.values)) {
      current += v.current;
      available += v.available;
      for (const m of this.metrics) this.see(`${key}\u0000${m}`, v[m], p);
    }
    this.see('\u0000current', current, p);
    this.see('\u0000available', available, p);
    const band = boundsOf(p);
    this.see('\u0000lower', band?.lower ?? -1, p);
    this.see('\u0000upper', band?.upper ?? -1, p);
  }

  private see(channel: string, value: number, p: SeriesPoint): void {
    const e = this.extremes.get(channel);
    if (!e) this.extremes.set(channel, [value, p, value, p]);
    else if (value < e[0]) {
      e[0] = value;
      e[1] = p;
    } else if (value > e[2]) {
      e[2] = value;
      e[3] = p;
    }
  }

  /** The open column's samples to draw: first, last and every low/high, in their order. */
  private openSamples(): SeriesPoint[] {
    const open = this.open;
    if (open.length <= 2) return open;
    const keep = new Set<SeriesPoint>([open[0] as SeriesPoint, open[open.length - 1] as SeriesPoint]);
    for (const e of this.extremes.values()) {
      keep.add(e[1]);
      keep.add(e[3]);
    }
    return open.filter((p) => keep.has(p));
  }
}
