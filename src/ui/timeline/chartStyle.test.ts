import { describe, expect, it } from 'vitest';
import type { SeriesPoint } from '../../worker/protocol.ts';
import { REVISION_STYLES, revisionStyle } from '../common/revisionStyle.ts';
import { seriesColor, seriesRevisions } from './chartStyle.ts';

const counters = (desired: number, revision?: number) => ({
  desired,
  current: desired,
  ready: desired,
  available: desired,
  ...(revision === undefined ? {} : { revision }),
});

/** A Seed-like run: the old ReplicaSet alone first, then both, then a rollback that renumbers the old one. */
const series: SeriesPoint[] = [
  { tick: 5, time: 0.1, values: { old: counters(10, 1) }, strategy: {} },
  { tick: 300, time: 30, values: { old: counters(8, 1), new: counters(5, 2) }, strategy: {} },
  {
    tick: 600,
    time: 45,
    values: { old: counters(10, 3), new: counters(0, 2), agent: counters(3) },
    strategy: {},
  },
];

describe('revisionStyle', () => {
  it('gives each of four consecutive revisions its own colour and shape, the same at every call', () => {
    const looks = [1, 2, 3, 4].map((r) => JSON.stringify(revisionStyle(r)));
    expect(new Set(looks).size).toBe(4);
    expect(revisionStyle(5)).toEqual(revisionStyle(1));
    expect(revisionStyle(2)).toEqual(REVISION_STYLES[1]);
  });

  it('draws an unknown revision grey', () => {
    expect(revisionStyle(0)).toEqual({ color: '#7c8795', shape: 'hatched' });
  });
});

describe('seriesColor', () => {
  it('colours the two ReplicaSets apart from the first tick on, by their revision at the end of the run', () => {
    const revisions = seriesRevisions(series);
    expect(Object.fromEntries(revisions)).toEqual({ old: 3, new: 2 });
    expect(seriesColor('old', revisions)).toBe(revisionStyle(3).color);
    expect(seriesColor('new', revisions)).toBe(revisionStyle(2).color);
    expect(seriesColor('old', revisions)).not.toBe(seriesColor('new', revisions));
  });

  it('does not change when only part of the run is known to the cursor', () => {
    // The colour is a function of the whole series, not of the cursor: a prefix keeps old's revision 1.
    const early = seriesRevisions(series.slice(0, 2));
    expect(seriesColor('old', early)).toBe(revisionStyle(1).color);
    expect(seriesColor('new', early)).toBe(revisionStyle(2).color);
  });

  it('draws a DaemonSet series in the bluish green of the cycle', () => {
    expect(seriesColor('agent', seriesRevisions(series))).toBe('#009e73');
  });
});
