import { describe, expect, it } from 'vitest';
import type { SeriesPoint } from '../../worker/protocol.ts';
import { boundsOf } from './strategyBounds.ts';

const band = (replicas: number, surge: number, unavailable: number) => ({ replicas, surge, unavailable });

describe('boundsOf', () => {
  it.each<[string, SeriesPoint['strategy'] | null, { lower: number; upper: number } | null]>([
    [
      'is replicas − maxUnavailable … replicas + maxSurge of the one rolling workload',
      { 'Deployment/web': band(10, 3, 2) },
      { lower: 8, upper: 13 },
    ],
    ['follows a scale', { 'Deployment/web': band(15, 4, 3) }, { lower: 12, upper: 19 }],
    ['uses a DaemonSet’s desired node count', { 'DaemonSet/agent': band(4, 1, 0) }, { lower: 4, upper: 5 }],
    ['never goes below 0', { 'DaemonSet/agent': band(3, 0, 5) }, { lower: 0, upper: 3 }],
    ['has no band without a rolling workload', {}, null],
    [
      'has no band for two rolling workloads',
      { 'Deployment/web': band(10, 3, 2), 'DaemonSet/agent': band(4, 0, 1) },
      null,
    ],
    ['has no band before the first point', null, null],
  ])('%s', (_name, strategy, want) => {
    expect(boundsOf(strategy === null ? null : { strategy })).toEqual(want);
  });
});
