import { describe, expect, it } from 'vitest';
import type { SeriesPoint } from '../../worker/protocol.ts';
import { METRICS, type Metric } from './chartSeries.ts';
import { gridEnd, SeriesThinner, thinSeries } from './seriesThinner.ts';
import { boundsOf } from './strategyBounds.ts';

/** A rollout-like series: `n` samples over 30 s, rs `a` scaling down while `b` scales up, noisily. */
function rollout(n: number): SeriesPoint[] {
  const out: SeriesPoint[] = [];
  for (let i = 0; i < n; i++) {
    const up = Math.floor((i * 2000) / n);
    const wobble = (i * 7919) % 13;
    const b = { desired: 2000, current: up + wobble, ready: up, available: Math.max(0, up - wobble) };
    const a = { desired: 2000 - up, current: 2000 - up + wobble, ready: 2000 - up, available: 2000 - up };
    // the band steps once, at a scale in the middle of the run
    const replicas = i < n / 2 ? 2000 : 2400;
    const strategy = { 'Deployment/web': { replicas, surge: 500, unavailable: 500 } };
    out.push({ tick: i + 1, time: (i * 30) / n, values: i < n / 10 ? { a } : { a, b }, strategy });
  }
  return out;
}

/** Per pixel column of a 0…end, `px`-wide chart: each line's and band edge's low and high (absent keys count 0). */
function columnExtremes(
  series: readonly SeriesPoint[],
  end: number,
  px: number,
  metrics: readonly Metric[],
): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>();
  for (const p of series) {
    const col = Math.min(px - 1, Math.floor((p.time / end) * px));
    const band = boundsOf(p);
    for (const [edge, v] of [
      ['lower', band?.lower ?? -1],
      ['upper', band?.upper ?? -1],
    ] as const) {
      const k = `${col}/band/${edge}`;
      const e = out.get(k);
      out.set(k, e ? [Math.min(e[0], v), Math.max(e[1], v)] : [v, v]);
    }
    for (const key of ['a', 'b']) {
      for (const m of metrics) {
        const v = p.values[key]?.[m] ?? 0;
        const k = `${col}/${key}/${m}`;
        const e = out.get(k);
        out.set(k, e ? [Math.min(e[0], v), Math.max(e[1], v)] : [v, v]);
      }
    }
  }
  return out;
}

describe('gridEnd', () => {
  it.each([
    [28.6, 30],
    [30, 30],
    [31, 50],
    [0.4, 0.5],
    [120, 150],
    [760, 1000],
    [0, 1],
  ])('rounds %f up to %f', (t, end) => {
    expect(gridEnd(t)).toBeCloseTo(end);
  });
});

describe('SeriesThinner', () => {
  const series = rollout(40_000);

  it('keeps a few samples per pixel column, in order, the last one among them', () => {
    const thin = thinSeries(series, 30, 600);
    expect(thin.length).toBeLessThan(series.length / 4);
    expect(thin.at(-1)).toBe(series.at(-1));
    for (let i = 1; i < thin.length; i++)
      expect((thin[i] as SeriesPoint).tick).toBeGreaterThan((thin[i - 1] as SeriesPoint).tick);
  });

  it('keeps every line’s low and high in each pixel column', () => {
    const thin = thinSeries(series, 30, 600);
    expect(columnExtremes(thin, 30, 600, METRICS)).toEqual(columnExtremes(series, 30, 600, METRICS));
  });

  it('keeps the lows and highs of the lines drawn only, when given the metrics', () => {
    const drawn = ['desired', 'available'] as const;
    const thin = thinSeries(series, 30, 600, drawn);
    expect(thin.length).toBeLessThan(thinSeries(series, 30, 600).length);
    expect(columnExtremes(thin, 30, 600, drawn)).toEqual(columnExtremes(series, 30, 600, drawn));
  });

  it('gives the same samples fed in pieces as all at once, reading only new samples', () => {
    const thinner = new SeriesThinner();
    let result: SeriesPoint[] = [];
    for (let n = 1000; n <= series.length; n += 7000) result = thinner.thin(series.slice(0, n), 30, 600);
    result = thinner.thin(series, 30, 600);
    expect(result).toEqual(thinSeries(series, 30, 600));
  });

  it('starts over when the series is replaced or the chart is resized', () => {
    const thinner = new SeriesThinner();
    thinner.thin(series, 30, 600);
    const other = rollout(500);
    expect(thinner.thin(other, 30, 600)).toEqual(thinSeries(other, 30, 600));
    expect(thinner.thin(other, 30, 200)).toEqual(thinSeries(other, 30, 200));
  });

  it('keeps a short series whole', () => {
    const short = rollout(20);
    expect(thinSeries(short, 30, 600)).toEqual(short);
  });
});
