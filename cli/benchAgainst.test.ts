import { describe, expect, it } from 'vitest';
import { compareRuns, parseRows } from '../scripts/bench-against.mjs';

const row = (name: string, n: number, ms: number, cpuMs?: number) => ({ name, n, ms, cpuMs });

describe('parseRows', () => {
  it('keeps the JSON rows with a name and ms and skips every other line', () => {
    const text = [
      '> rollout-lab@0.0.0 bench',
      JSON.stringify(row('deployment-rollout', 1000, 534, 928)),
      '{ not json',
      JSON.stringify({ name: 'probe-cost', n: 10000, timeRatio: 1.7 }),
      JSON.stringify(row('deployment-rollout', 10000, 1902, 2453)),
      '',
    ].join('\n');
    expect(parseRows(text).map((r) => [r.n, r.ms])).toEqual([
      [1000, 534],
      [10000, 1902],
    ]);
  });
});

describe('compareRuns', () => {
  it.each([
    {
      name: 'gives the median of the per-pair ratios, not the ratio of medians',
      pairs: [
        { base: [row('r', 1, 100, 200)], head: [row('r', 1, 90, 150)] },
        { base: [row('r', 1, 200, 200)], head: [row('r', 1, 100, 100)] },
        { base: [row('r', 1, 100, 100)], head: [row('r', 1, 120, 100)] },
      ],
      msRatio: 0.9,
      cpuRatio: 0.75,
    },
    {
      name: 'averages the middle two of an even count',
      pairs: [
        { base: [row('r', 1, 100, 100)], head: [row('r', 1, 80, 80)] },
        { base: [row('r', 1, 100, 100)], head: [row('r', 1, 100, 100)] },
      ],
      msRatio: 0.9,
      cpuRatio: 0.9,
    },
    {
      name: 'has no cpu ratio when a side has no cpuMs (a commit older than the field)',
      pairs: [{ base: [row('r', 1, 100)], head: [row('r', 1, 50, 60)] }],
      msRatio: 0.5,
      cpuRatio: null,
    },
  ])('$name', ({ pairs, msRatio, cpuRatio }) => {
    const [c] = compareRuns(pairs);
    expect(c?.msRatio).toBeCloseTo(msRatio, 10);
    if (cpuRatio === null) expect(c?.cpuRatio).toBeNull();
    else expect(c?.cpuRatio).toBeCloseTo(cpuRatio, 10);
  });

  it('matches rows by name and n, and leaves out pairs where a side lacks the row', () => {
    const pairs = [
      { base: [row('d', 1000, 500), row('d', 10000, 2000)], head: [row('d', 10000, 1800), row('d', 1000, 400)] },
      { base: [row('d', 1000, 600)], head: [row('d', 1000, 300), row('new', 5, 10)] },
    ];
    expect(compareRuns(pairs).map((c) => [c.row, c.baseMs, c.headMs, c.msRatio])).toEqual([
      ['d n=1000', [500, 600], [400, 300], 0.65],
      ['d n=10000', [2000], [1800], 0.9],
      ['new n=5', [], [], null],
    ]);
  });
});
