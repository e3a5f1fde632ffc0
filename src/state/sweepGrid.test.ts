import { describe, expect, it } from 'vitest';
import type { SweepLine } from '../timeline/sweep.ts';
import { percentValues, readSetup, spread, type SweepSetup, sweepCells, sweepTasks } from './sweepGrid.ts';

const form = {
  xField: 'maxSurge',
  xValues: '0, 50%',
  yField: 'maxUnavailable',
  yValues: '0,1',
  seeds: 1,
} as const;

function setup(seeds = 1): SweepSetup {
  const r = readSetup({ ...form, seeds }, 7);
  if (!r.ok) throw new Error(r.message);
  return r.setup;
}

const line = (variant: object, durationSeconds: number | null, minAvailable: number): SweepLine => ({
  variant,
  workload: 'deployment/default/web',
  revision: '2',
  startSeconds: 30,
  endSeconds: durationSeconds === null ? null : 30 + durationSeconds,
  durationSeconds,
  complete: durationSeconds !== null,
  progressDeadlineExceeded: durationSeconds === null,
  replicas: 10,
  minAvailable,
  maxPods: 13,
  maxPodsWithTerminating: 14,
});

describe('percentValues', () => {
  it('fills 0% … 100% by the step', () => {
    expect(percentValues(25)).toBe('0%, 25%, 50%, 75%, 100%');
    expect(percentValues(10).split(', ')).toHaveLength(11);
  });
});

describe('readSetup', () => {
  it.each([
    [{ xValues: '0, abc' }, 'maxSurge: "abc" is not an integer or a percentage such as 25%'],
    [{ yField: 'maxSurge' }, 'maxSurge is given twice'],
    [
      { xValues: percentValues(5), yValues: `${percentValues(5)}, 101%` },
      '21 × 22 = 462 variants; a sweep runs at most 441 (21 × 21)',
    ],
    [{ seeds: 0 }, 'seeds: must be a whole number from 1 to 10'],
    [{ seeds: 3, yField: 'seed', yValues: '1,2' }, 'seeds: a sweep over seed runs one seed per cell'],
  ] as const)('refuses %j with one message', (patch, message) => {
    expect(readSetup({ ...form, ...patch }, 1)).toEqual({ ok: false, message });
  });

  it('reads a 21 × 21 grid', () => {
    const r = readSetup({ ...form, xValues: percentValues(5), yValues: percentValues(5) }, 1);
    expect(r.ok && sweepTasks(r.setup).length).toBe(441);
  });
});

describe('sweepTasks', () => {
  it("lists cells x-major and each cell's seeds from the scenario's seed", () => {
    expect(sweepTasks(setup()).map((t) => t.variant)).toEqual([
      { maxSurge: 0, maxUnavailable: 0 },
      { maxSurge: 0, maxUnavailable: 1 },
      { maxSurge: '50%', maxUnavailable: 0 },
      { maxSurge: '50%', maxUnavailable: 1 },
    ]);
    expect(
      sweepTasks(setup(2))
        .slice(0, 2)
        .map((t) => t.variant),
    ).toEqual([
      { maxSurge: 0, maxUnavailable: 0, seed: 7 },
      { maxSurge: 0, maxUnavailable: 0, seed: 8 },
    ]);
  });
});

describe('spread', () => {
  it.each([
    [[3], { min: 3, median: 3, max: 3 }],
    [[5, 1, 3], { min: 1, median: 3, max: 5 }],
    [[4, 1, 2, 10], { min: 1, median: 3, max: 10 }],
    [[], null],
  ])('of %j is %j', (values, expected) => {
    expect(spread(values)).toEqual(expected);
  });
});

describe('sweepCells', () => {
  it("folds each cell's seeds into min / median / max, keeps refusals and counts stalled seeds", () => {
    const s = setup(3);
    const refused = { variant: {}, error: 'The Deployment "web" is invalid: …' };
    const lines: (SweepLine | null)[] = [
      refused,
      refused,
      refused,
      line({}, 10, 8),
      line({}, 14, 9),
      line({}, 12, 7),
      line({}, null, 10),
      line({}, 20, 10),
      null,
    ];
    const [a, b, c, d] = sweepCells(s, lines);
    expect(a).toMatchObject({ error: 'The Deployment "web" is invalid: …', done: 3 });
    expect(b).toMatchObject({
      error: null,
      duration: { min: 10, median: 12, max: 14 },
      minAvailable: { min: 7, median: 8, max: 9 },
      incomplete: 0,
    });
    expect(c).toMatchObject({
      done: 2,
      duration: { min: 20, median: 20, max: 20 },
      incomplete: 1,
      deadlineExceeded: 1,
    });
    expect(d).toMatchObject({ done: 0, duration: null, minAvailable: null });
  });
});
