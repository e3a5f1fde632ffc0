import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hexString, nextInt, seedPrng } from '../lib/prng.ts';
import {
  type CorrelatedEvent,
  type EventCorrelatorState,
  eventAggregate,
  eventCorrelate,
  eventObserve,
  maxLruCacheEntries,
  newEventCorrelator,
} from './eventCorrelator.ts';

/** The fields each cache reads, in its order (least recently used first). */
function caches(c: EventCorrelatorState): unknown[] {
  return [
    [...c.aggregate].map(([k, r]) => [k, r.localKeys, r.lastMs]),
    [...c.logs].map(([k, l]) => [k, l.count, l.firstTimestamp, l.key]),
  ];
}

describe('eventCorrelate', () => {
  it('decides, names and evicts as eventAggregate then eventObserve, one record in both caches', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        const rand = seedPrng(seed);
        const mine = newEventCorrelator();
        const ref = newEventCorrelator();
        const prngMine = seedPrng(seed + 1);
        const prngRef = seedPrng(seed + 1);
        let nowMs = 0;
        // 12,000 Events over 1,500 objects: both caches pass 4,096 keys and evict; a few hot
        // objects see 2 to 14 distinct messages (arrays, the tenth aggregated), time jumps past 600 s.
        for (let i = 0; i < 12_000; i++) {
          nowMs += nextInt(rand, 8) === 0 ? 700_000 : nextInt(rand, 3_000);
          const hot = nextInt(rand, 4) === 0;
          const uid = hot ? `h${nextInt(rand, 5)}` : `u${nextInt(rand, 1_500)}`;
          const e: CorrelatedEvent = {
            component: 'kubelet',
            host: 'n1',
            kind: 'Pod',
            namespace: 'default',
            name: uid,
            uid: nextInt(rand, 20) === 0 ? '' : uid,
            apiVersion: 'v1',
            type: nextInt(rand, 5) === 0 ? 'Warning' : 'Normal',
            reason: ['Pulling', 'Pulled', 'Created', 'Started'][nextInt(rand, 4)] as string,
            message: `m${nextInt(rand, hot ? 14 : 2)}`,
            fieldPath: nextInt(rand, 2) === 0 ? 'spec.containers{web}' : '',
          };
          const nowIso = `T${nowMs}`;
          const got = eventCorrelate(mine, e, nowMs, prngMine, () => `${uid}.${hexString(prngMine, 4)}`, nowIso);
          const agg = eventAggregate(ref, e, nowMs, prngRef);
          const log = eventObserve(ref, agg.key, () => `${uid}.${hexString(prngRef, 4)}`, nowIso);
          expect({ ...got, log: { count: got.log.count, firstTimestamp: got.log.firstTimestamp, key: got.log.key } }).toEqual({ ...agg, log });
          if (i % 3_000 === 2_999) expect(caches(mine)).toEqual(caches(ref));
        }
        expect(caches(mine)).toEqual(caches(ref));
        expect(prngMine).toEqual(prngRef);
        expect(mine.aggregate.size).toBe(maxLruCacheEntries);
        expect(mine.logs.size).toBe(maxLruCacheEntries);
        // Most Events are one message of their object, type and reason: one record serves both caches.
        const records = new Set<unknown>(mine.aggregate.values());
        expect([...mine.logs.values()].filter((l) => records.has(l)).length).toBeGreaterThan(2_000);
      }),
      { numRuns: 8 },
    );
  });
});
