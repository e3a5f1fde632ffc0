import { describe, expect, it } from 'vitest';
import type { SeriesPoint } from '../../worker/protocol.ts';
import { bandPoints, chartModel, total } from './chartModel.ts';
import { MARGINS, scaleMargins } from './chartSeries.ts';

const seed = { 'Deployment/web': { replicas: 10, surge: 3, unavailable: 2 } };
const series: SeriesPoint[] = [
  { tick: 0, time: 0, values: { a: { desired: 10, current: 10, ready: 10, available: 10 } }, strategy: seed },
  {
    tick: 5,
    time: 30,
    values: {
      a: { desired: 8, current: 10, ready: 10, available: 10 },
      b: { desired: 3, current: 3, ready: 0, available: 0 },
    },
    strategy: seed,
  },
];

describe('total', () => {
  it('sums a metric over the given keys only', () => {
    expect(total(series[1] as SeriesPoint, 'current', ['a', 'b'])).toBe(13);
    expect(total(series[1] as SeriesPoint, 'current', ['b'])).toBe(3);
  });
});

describe('chartModel', () => {
  const model = chartModel(series, 60, 400, 200, ['desired', 'available'], ['a', 'b']);

  it('maps virtual time 0…end onto the plot width', () => {
    expect(model.x(0)).toBe(30);
    expect(model.x(60)).toBe(388);
    expect(model.invertX(model.x(30))).toBeCloseTo(30);
    expect(model.invertX(-50)).toBe(0);
  });

  it('makes room on the y axis for the surge band', () => {
    expect(model.yTicks.at(-1)?.value).toBeGreaterThanOrEqual(13);
  });

  it('draws one step line per series and metric, plus totals and the band', () => {
    expect(model.lines.map((l) => `${l.key}/${l.metric}`)).toEqual([
      'a/desired',
      'a/available',
      'b/desired',
      'b/available',
    ]);
    expect(model.lines.every((l) => l.d.startsWith('M'))).toBe(true);
    expect(model.totals.map((t) => t.metric)).toEqual(['current', 'available']);
    expect(model.band).toMatch(/^M/);
    expect(model.upper).toMatch(/^M/);
  });

  it('draws no band without a rolling workload', () => {
    const recreate = series.map((p) => ({ ...p, strategy: {} }));
    expect(chartModel(recreate, 60, 400, 200, ['desired'], ['a']).band).toBeNull();
  });
});

describe('bandPoints', () => {
  const at = (tick: number, time: number, strategy: SeriesPoint['strategy']): SeriesPoint => ({
    tick,
    time,
    values: {},
    strategy,
  });
  const scaled = { 'Deployment/web': { replicas: 15, surge: 4, unavailable: 3 } };

  it('steps the band where the spec changes, from the first point on', () => {
    const band = bandPoints([at(1, 0, seed), at(90, 60, scaled), at(90, 120, scaled)]);
    expect(band.map((d) => [d.t, d.b?.lower, d.b?.upper])).toEqual([
      [0, 8, 13],
      [60, 12, 19],
      [120, 12, 19],
    ]);
  });

  it('keeps the width of the last stretch before the band ends', () => {
    const two = { ...seed, 'DaemonSet/agent': { replicas: 3, surge: 0, unavailable: 1 } };
    const band = bandPoints([at(1, 0, seed), at(50, 45, two), at(50, 60, two)]);
    expect(band.map((d) => [d.t, d.b?.upper ?? null])).toEqual([
      [0, 13],
      [45, 13],
      [45, null],
      [60, null],
    ]);
    const model = chartModel([at(1, 0, seed), at(50, 45, two)], 60, 400, 200, ['desired'], []);
    const xs = (model.band ?? '').match(/[\d.]+(?=,)/g)?.map(Number) ?? [];
    expect(Math.max(...xs)).toBeCloseTo(model.x(45), 0);
  });
});

describe('scaleMargins', () => {
  it.each([
    [16, MARGINS],
    [12, MARGINS],
    [20, { top: 10, right: 15, bottom: 28, left: 38 }],
    [32, { top: 16, right: 24, bottom: 44, left: 60 }],
  ])('grows the margins with a %d px root font, never shrinks them', (px, want) => {
    expect(scaleMargins(px)).toEqual(want);
  });

  it('keeps the x axis inside the chart at Large text', () => {
    const m = scaleMargins(20);
    const model = chartModel(series, 60, 400, 120, ['desired'], ['a'], m);
    expect(model.y(0)).toBe(120 - m.bottom);
    expect(Math.min(...model.xTicks.map((t) => t.x))).toBeGreaterThanOrEqual(m.left);
  });
});
