import { describe, expect, it } from 'vitest';
import type { SeriesPoint } from '../../worker/protocol.ts';
import { activityEnd, bandTimes, chartModel, seriesKeys, total } from './chartModel.ts';

const series: SeriesPoint[] = [
  { tick: 0, time: 0, values: { a: { desired: 10, current: 10, ready: 10, available: 10 } } },
  {
    tick: 5,
    time: 30,
    values: {
      a: { desired: 8, current: 10, ready: 10, available: 10 },
      b: { desired: 3, current: 3, ready: 0, available: 0 },
    },
  },
];

describe('seriesKeys', () => {
  it('lists keys in order of first appearance', () => {
    expect(seriesKeys(series)).toEqual(['a', 'b']);
  });
});

describe('total', () => {
  it('sums a metric over the given keys only', () => {
    expect(total(series[1] as SeriesPoint, 'current', ['a', 'b'])).toBe(13);
    expect(total(series[1] as SeriesPoint, 'current', ['b'])).toBe(3);
  });
});

describe('chartModel', () => {
  const band = () => ({ lower: 8, upper: 13 });
  const model = chartModel(series, 60, 400, 200, ['desired', 'available'], ['a', 'b'], band);

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

  it('draws no band without bounds', () => {
    expect(chartModel(series, 60, 400, 200, ['desired'], ['a'], null).band).toBeNull();
  });
});

describe('activityEnd', () => {
  it('ends the chart a little after the last change, not at the end of a long recording', () => {
    expect(activityEnd(series, [], 630, 0)).toBe(35);
  });

  it('keeps the last action and the cursor on the chart', () => {
    expect(activityEnd(series, [100], 630, 0)).toBe(115);
    expect(activityEnd(series, [], 630, 300)).toBe(300);
    expect(activityEnd(series, [], 630, 1000)).toBe(630);
  });
});

describe('bandTimes', () => {
  it('samples both sides of each action so a quiet stretch keeps its own band', () => {
    expect(bandTimes(series, [45], 60)).toEqual([0, 30, 45 - 1e-6, 45, 60]);
  });

  it('leaves the band out where the bounds are unknown, however long the stretch', () => {
    const known = (t: number) => (t < 45 ? { lower: 8, upper: 13 } : null);
    const model = chartModel(series, 60, 400, 200, ['desired'], ['a'], known, [45]);
    const ends = (model.band ?? '').match(/[\d.]+(?=,)/g)?.map(Number) ?? [];
    expect(Math.max(...ends)).toBeCloseTo(model.x(45), 0);
  });
});
