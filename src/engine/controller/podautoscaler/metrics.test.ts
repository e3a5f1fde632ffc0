import { describe, expect, it } from 'vitest';
import { averageOver, loadWorkloadKey } from './metrics.ts';

describe('averageOver', () => {
  const steps = [
    { atMs: 0, cpu: 100 },
    { atMs: 40_000, cpu: 300 },
  ];
  it.each([
    ['inside one step', 10_000, 25_000, 100],
    ['across a step change', 30_000, 45_000, (10 * 100 + 5 * 300) / 15],
    ['after the last step', 50_000, 65_000, 300],
    ['before the first step', -10_000, 0, 0],
  ])('averages the load %s', (_what, from, to, want) => {
    expect(averageOver(steps, from, to)).toBeCloseTo(want, 9);
  });

  it('returns 0 for an empty window', () => {
    expect(averageOver(steps, 5000, 5000)).toBe(0);
  });
});

describe('loadWorkloadKey', () => {
  it.each([
    ['deployment/web', 'deployment/default/web'],
    ['deployment/shop/web', 'deployment/shop/web'],
  ])('keys %s as %s', (w, key) => {
    expect(loadWorkloadKey(w)).toBe(key);
  });
});
