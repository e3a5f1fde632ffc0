import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Pod } from '../api/types.ts';
import { toRFC3339 } from '../lib/time.ts';
import { activePodsWithRanksLess } from './podRanking.ts';
import { keyedLess, rankKey } from './podRankKey.ts';

const NOW = 10 * 3600 * 1000;
const times = [undefined, '0001-01-01T00:00:00Z', ...[0, 1, 2, 5, 1800, 3600, 5 * 3600, 8 * 3600, NOW / 1000 - 2].map((s) => toRFC3339(s * 1000))];

const podArb = fc
  .record({
    node: fc.constantFrom('', 'node-a', 'node-b'),
    phase: fc.constantFrom('Pending', 'Running', 'Unknown', undefined),
    ready: fc.boolean(),
    readyAt: fc.constantFrom(...times),
    created: fc.constantFrom(...times),
    restarts: fc.integer({ min: 0, max: 2 }),
    cost: fc.constantFrom(undefined, '0', '5', '-3', 'junk'),
    uid: fc.constantFrom('a', 'b', 'c', ''),
    rank: fc.integer({ min: 0, max: 3 }),
  })
  .map((r) => {
    const pod: Pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', uid: r.uid, ...(r.created ? { creationTimestamp: r.created } : {}), ...(r.cost ? { annotations: { 'controller.kubernetes.io/pod-deletion-cost': r.cost } } : {}) },
      spec: { containers: [{ name: 'c', image: 'i' }], ...(r.node ? { nodeName: r.node } : {}) },
      status: {
        ...(r.phase ? { phase: r.phase as Pod['status'] extends infer S ? S extends { phase?: infer P } ? P : never : never } : {}),
        conditions: [{ type: 'Ready', status: r.ready ? 'True' : 'False', ...(r.readyAt ? { lastTransitionTime: r.readyAt } : {}) }],
        containerStatuses: [{ name: 'c', image: 'i', ready: r.ready, restartCount: r.restarts, state: {} }],
      },
    };
    return { pod, rank: r.rank };
  });

describe('keyedLess', () => {
  it('orders every pair exactly as activePodsWithRanksLess does', () => {
    fc.assert(
      fc.property(podArb, podArb, (a, b) => {
        const want = activePodsWithRanksLess(a.pod, b.pod, a.rank, b.rank, NOW);
        expect(keyedLess(rankKey(a.pod, a.rank, NOW), rankKey(b.pod, b.rank, NOW))).toBe(want);
      }),
      { numRuns: 5000 },
    );
  });
});
