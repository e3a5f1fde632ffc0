import { describe, expect, it } from 'vitest';
import { trafficFixture } from './fixtures.ts';
import { errorsOf, secondAt, serviceSeries, trafficRevisions, trafficServices } from './trafficSeries.ts';

const all = trafficFixture();
const web = serviceSeries(all, 'default/web');

describe('trafficServices', () => {
  it('lists each Service once, in order of first appearance', () => {
    expect(trafficServices(all)).toEqual(['default/web', 'default/api']);
    expect(trafficServices([])).toEqual([]);
  });
});

describe('serviceSeries', () => {
  it('keeps one Service’s seconds in order', () => {
    expect(web).toHaveLength(60);
    expect(web.map((s) => s.second)).toEqual([...Array(60).keys()]);
    expect(serviceSeries(all, 'default/api')[0]?.second).toBe(20);
  });
});

describe('trafficRevisions', () => {
  it.each([
    ['the whole rollout', web, ['1', '2']],
    ['before it', web.slice(0, 30), ['1']],
    ['numerically, 10 after 9', [{ ...web[0], byRevision: { '10': 1, '9': 1, '2': 0 } }], ['9', '10']],
  ] as const)('lists the revisions that served requests in %s, oldest first', (_name, series, want) => {
    expect(trafficRevisions(series as never)).toEqual(want);
  });
});

describe('errorsOf', () => {
  it('adds every outcome but ok', () => {
    expect(errorsOf({ refused: 5, reset: 1, timeout: 2, http503: 3 })).toBe(11);
  });
});

describe('secondAt', () => {
  it.each([
    [31.6, 31],
    [31, 31],
    [0, 0],
    [59.99, 59],
  ])('finds the second that t = %d s falls in', (time, second) => {
    expect(secondAt(web, time)?.second).toBe(second);
  });

  it.each([
    ['before the first line', serviceSeries(all, 'default/api'), 12],
    ['after the last', web, 60.5],
    ['in a gap', web.filter((s) => s.second !== 31), 31.2],
    ['in no series at all', [], 3],
  ] as const)('is null %s', (_name, series, time) => {
    expect(secondAt(series, time)).toBeNull();
  });
});
