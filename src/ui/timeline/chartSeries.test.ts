import { describe, expect, it } from 'vitest';
import type { SeriesPoint } from '../../worker/protocol.ts';
import { activityEnd, seriesKeys } from './chartSeries.ts';

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

describe('seriesKeys', () => {
  it('lists keys in order of first appearance', () => {
    expect(seriesKeys(series)).toEqual(['a', 'b']);
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
