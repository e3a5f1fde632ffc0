import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Pod } from '../api/types.ts';
import { toRFC3339 } from '../lib/time.ts';
import { activePodsWithRanksLess } from './podRanking.ts';
import { isPodActive } from './podUtil.ts';
import { activeRankedKeys, compareHeads, compareRankKeys, keyedLess, rankKey, sortRankKeys } from './podRankKey.ts';

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
        containerStatuses: [{ name: 'c', image: 'i', imageID: '', ready: r.ready, restartCount: r.restarts, state: {} }],
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

describe('compareRankKeys', () => {
  it('gives the sign the two activePodsWithRanksLess calls of a sort comparator give', () => {
    fc.assert(
      fc.property(podArb, podArb, (a, b) => {
        const ab = activePodsWithRanksLess(a.pod, b.pod, a.rank, b.rank, NOW);
        const ba = activePodsWithRanksLess(b.pod, a.pod, b.rank, a.rank, NOW);
        const want = ab ? -1 : ba ? 1 : 0;
        expect(compareRankKeys(rankKey(a.pod, a.rank, NOW), rankKey(b.pod, b.rank, NOW))).toBe(want);
      }),
      { numRuns: 5000 },
    );
  });

  it('ranks one pod object again with the rank and clock of the new call', () => {
    const { pod } = fc.sample(podArb, { seed: 7, numRuns: 1 })[0] as { pod: Pod };
    const first = rankKey(pod, 1, NOW);
    const second = rankKey(pod, 3, NOW);
    expect([first.rank, second.rank]).toEqual([1, 3]);
  });
});

/** podArb with deletion costs and ranks out to the ends of the head's ranges. */
const wideArb = fc
  .tuple(podArb, fc.constantFrom(undefined, '-2147483648', '-1', '0', '1', '2147483647'), fc.constantFrom(0, 1, 2, 1000, 131_070, 131_071))
  .map(([p, cost, rank]) => ({
    pod: cost === undefined ? p.pod : { ...p.pod, metadata: { ...p.pod.metadata, annotations: { 'controller.kubernetes.io/pod-deletion-cost': cost } } },
    rank,
  }));

describe('compareHeads', () => {
  it('answers every pair as compareRankKeys does, costs and ranks at the ends of their ranges included', () => {
    fc.assert(
      fc.property(wideArb, wideArb, (a, b) => {
        const ka = rankKey(a.pod, a.rank, NOW);
        const kb = rankKey(b.pod, b.rank, NOW);
        expect(compareHeads(ka, kb)).toBe(compareRankKeys(ka, kb));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('sortRankKeys', () => {
  it('orders the keys as a sort by compareRankKeys does, with a rank above the head range too', () => {
    fc.assert(
      fc.property(fc.array(wideArb, { maxLength: 40 }), fc.boolean(), (list, huge) => {
        const keys = list.map((p) => rankKey(p.pod, p.rank, NOW));
        if (huge && keys.length > 0) keys[0] = rankKey((list[0] as (typeof list)[number]).pod, 200_000, NOW);
        const want = [...keys].sort(compareRankKeys);
        expect(sortRankKeys([...keys])).toEqual(want);
        expect(sortRankKeys([...keys]).every((k, i) => k === want[i])).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

/** A pod of podArb, or one being deleted, or one that is done. */
const anyPodArb = fc.tuple(podArb, fc.constantFrom('active', 'deleting', 'Succeeded', 'Failed')).map(([p, state]) => {
  if (state === 'active') return p;
  if (state === 'deleting') return { ...p, pod: { ...p.pod, metadata: { ...p.pod.metadata, deletionTimestamp: toRFC3339(NOW - 1000) } } };
  return { ...p, pod: { ...p.pod, status: { ...p.pod.status, phase: state } } as Pod };
});

describe('activeRankedKeys', () => {
  it('lists the active pods only, each as rankKey keys it, with pods being deleted or done among them', () => {
    const counts = new Map([['', 1], ['node-b', 3]]);
    fc.assert(
      fc.property(fc.array(anyPodArb, { maxLength: 12 }), (list) => {
        const pods = new Map(list.map((p, i) => [`default/q${i}`, p.pod] as const));
        // Twice: the second call finds the keys the first one made.
        for (let round = 0; round < 2; round++) {
          const got = activeRankedKeys(pods, counts, NOW).map((k) => [k.pod, k.rank, k.readyBucket, k.createdBucket]);
          const want = list
            .filter((p) => isPodActive(p.pod))
            .map(({ pod }) => {
              const k = rankKey(pod, counts.get(pod.spec.nodeName ?? '') ?? 0, NOW);
              return [pod, k.rank, k.readyBucket, k.createdBucket];
            });
          expect(got).toEqual(want);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('lists what a fresh ranking lists after the pod list was written to between walks (moved, deleted, added, replaced pods)', () => {
    const counts = new Map([['', 2], ['node-a', 1], ['node-b', 5]]);
    const edit = fc.tuple(fc.constantFrom('move', 'delete', 'add', 'replace', 'none'), fc.nat(40), anyPodArb);
    fc.assert(
      fc.property(fc.array(anyPodArb, { maxLength: 30 }), fc.array(fc.array(edit, { maxLength: 8 }), { maxLength: 5 }), (list, rounds) => {
        const pods = new Map(list.map((p, i) => [`default/q${i}`, p.pod] as const));
        let next = list.length;
        for (const edits of [[], ...rounds]) {
          for (const [op, at, p] of edits) {
            const key = [...pods.keys()][at % Math.max(1, pods.size)];
            if (op === 'add' || key === undefined) pods.set(`default/q${next++}`, p.pod);
            else if (op === 'delete') pods.delete(key);
            else if (op === 'move' || op === 'replace') {
              const pod = pods.get(key) as Pod;
              pods.delete(key);
              pods.set(key, op === 'move' ? pod : p.pod);
            }
          }
          const got = activeRankedKeys(pods, counts, NOW).map((k) => [k.pod, k.rank, k.readyBucket, k.createdBucket]);
          const want = [...pods.values()]
            .filter((pod) => isPodActive(pod))
            .map((pod) => {
              const k = rankKey(pod, counts.get(pod.spec.nodeName ?? '') ?? 0, NOW);
              return [pod, k.rank, k.readyBucket, k.createdBucket];
            });
          expect(got).toEqual(want);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('gives each active pod the rank and buckets rankKey gives it, however the listed pods share seconds and nodes', () => {
    const counts = new Map([['', 4], ['node-a', 2]]);
    fc.assert(
      fc.property(fc.array(podArb, { maxLength: 12 }), (list) => {
        const pods = new Map(list.map((p, i) => [`default/p${i}`, p.pod] as const));
        const active = list.filter((p) => rankKey(p.pod, 0, NOW).active);
        const got = activeRankedKeys(pods, counts, NOW).map((k) => [k.pod, k.rank, k.readyBucket, k.createdBucket]);
        const want = active.map(({ pod }) => {
          const k = rankKey(pod, counts.get(pod.spec.nodeName ?? '') ?? 0, NOW);
          return [pod, k.rank, k.readyBucket, k.createdBucket];
        });
        expect(got).toEqual(want);
      }),
      { numRuns: 2000 },
    );
  });
});
