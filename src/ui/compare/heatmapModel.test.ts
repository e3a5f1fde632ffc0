import { describe, expect, it } from 'vitest';
import { readSetup, type SweepCell, sweepCells } from '../../state/sweepGrid.ts';
import type { SweepLine } from '../../timeline/sweep.ts';
import { formatValue, heatmapModel } from './heatmapModel.ts';

const r = readSetup(
  { xField: 'maxSurge', xValues: '0,1', yField: 'maxUnavailable', yValues: '0,1', seeds: 1 },
  1,
);
if (!r.ok) throw new Error(r.message);
const setup = r.setup;

const fig = (durationSeconds: number | null, minAvailable: number): SweepLine => ({
  variant: {},
  workload: 'deployment/default/web',
  revision: '2',
  startSeconds: 30,
  endSeconds: durationSeconds === null ? null : 30 + durationSeconds,
  durationSeconds,
  complete: durationSeconds !== null,
  progressDeadlineExceeded: false,
  replicas: 10,
  minAvailable,
  maxPods: 11,
  maxPodsWithTerminating: 12,
});

// (0,0) refused, (0,1) 40 s / 9, (1,0) 10 s / 10, (1,1) stalled / 9
const cells: SweepCell[] = sweepCells(setup, [
  { variant: {}, error: 'both 0' },
  fig(40, 9),
  fig(10, 10),
  fig(null, 9),
]);

describe('heatmapModel', () => {
  it('marks refused and unfinished cells and colours the rest, brighter for better', () => {
    const d = heatmapModel(setup, cells, 'duration', 200, 150);
    expect(d.cells.map((c) => [c.kind, c.text])).toEqual([
      ['invalid', '×'],
      ['value', '40'],
      ['value', '10'],
      ['incomplete', '—'],
    ]);
    // viridis: the short duration is the bright (yellow) end, the long one the dark (purple) end.
    expect(d.cells[2]?.fill).toBe('#fde725');
    expect(d.cells[1]?.fill).toBe('#440154');
    expect([d.cells[1]?.ink, d.cells[2]?.ink]).toEqual(['#fff', '#000']);
    const a = heatmapModel(setup, cells, 'minAvailable', 200, 150);
    expect(a.cells.map((c) => c.kind)).toEqual(['invalid', 'value', 'value', 'value']);
    expect(a.cells[2]?.fill).toBe('#fde725');
    expect(a.domain).toEqual([9, 10]);
  });

  it('puts the first y value at the bottom and the first x value at the left', () => {
    const d = heatmapModel(setup, cells, 'duration', 200, 150);
    const [c00, c01, c10] = d.cells;
    expect(c01?.y).toBeLessThan(c00?.y ?? 0);
    expect(c10?.x).toBeGreaterThan(c00?.x ?? 0);
    expect(d.xTicks.map((t) => t.label)).toEqual(['0', '1']);
  });
});

describe('formatValue', () => {
  it('writes seconds to one decimal, pods as counted and errors in percent', () => {
    expect(formatValue('duration', 10.649)).toBe('10.6');
    expect(formatValue('minAvailable', 8.5)).toBe('8.5');
    expect(formatValue('errors', 0.012)).toBe('1.2%');
  });
});

describe('heatmapModel by errors', () => {
  const withRate = (errorRate: number | null): SweepLine =>
    errorRate === null
      ? fig(10, 9)
      : ({
          ...fig(10, 9),
          traffic: {
            service: 'default/web',
            requests: 1000,
            ok: 1000 * (1 - errorRate),
            refused: 1000 * errorRate,
            reset: 0,
            timeout: 0,
            http503: 0,
            errorRate,
            longestErrorBurstSeconds: 1,
          },
        } as unknown as SweepLine);

  it('colours fewer errors brighter and marks a cell no traffic reached', () => {
    const errs = sweepCells(setup, [
      { variant: {}, error: 'both 0' },
      withRate(0.04),
      withRate(0),
      withRate(null),
    ]);
    const d = heatmapModel(setup, errs, 'errors', 200, 150);
    expect(d.cells.map((c) => [c.kind, c.text])).toEqual([
      ['invalid', '×'],
      ['value', '4%'],
      ['value', '0%'],
      ['incomplete', '—'],
    ]);
    expect(d.cells[2]?.fill).toBe('#fde725');
    expect(d.cells[1]?.fill).toBe('#440154');
  });

  it('colours an all-clean sweep bright', () => {
    const errs = sweepCells(setup, [withRate(0), withRate(0), withRate(0), withRate(0)]);
    expect(heatmapModel(setup, errs, 'errors', 200, 150).cells.every((c) => c.fill === '#fde725')).toBe(true);
  });
});
