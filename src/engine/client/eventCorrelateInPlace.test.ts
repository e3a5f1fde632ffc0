import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hexString, nextInt, seedPrng } from '../lib/prng.ts';
import {
  type CorrelatedEvent,
  cloneEventCorrelator,
  type EventCorrelatorState,
  eventCorrelate,
  eventObserve,
  getEventKey,
  maxLruCacheEntries,
  newEventCorrelator,
  spamFilter,
} from './eventCorrelator.ts';
import { eventAggregatorByReasonFunc, objectKey } from './eventKeys.ts';

/** The plain LRU's order of keys: a key used again moves to the end, the first drops past the limit. */
function touch(order: Map<string, true>, key: string): void {
  order.delete(key);
  order.set(key, true);
  if (order.size > maxLruCacheEntries) order.delete(order.keys().next().value as string);
}

/** Every cache's keys and values, least recently used first. */
function caches(c: EventCorrelatorState): unknown[] {
  return [[...c.aggregate], [...c.logs], [...c.spam]];
}

const other: CorrelatedEvent = {
  component: 'x',
  host: '',
  kind: 'Pod',
  namespace: 'default',
  name: 'other',
  uid: 'other',
  apiVersion: 'v1',
  type: 'Normal',
  reason: 'Other',
  message: 'other',
  fieldPath: '',
};

/**
 * One correlator fed a run of Events, as recordEvent feeds it (correlate, then the spam filter), and
 * the scheduler's, which only observes. With `interleave`, a write to a correlator of its own comes between
 * any two Events: every cache was then last written elsewhere, so every key set again is deleted
 * first (the plain LRU), never set in place.
 */
function run(seed: number, interleave: boolean): { answers: unknown[]; states: unknown[][]; orders: string[][] } {
  const rand = seedPrng(seed);
  const prng = seedPrng(seed + 1);
  let c = newEventCorrelator();
  const elsewhere = newEventCorrelator();
  const answers: unknown[] = [];
  const states: unknown[][] = [];
  let nowMs = 0;
  let uid = 'u0';
  // Each cache's key order as the plain LRU has it, kept beside the caches.
  const order = { aggregate: new Map<string, true>(), logs: new Map<string, true>(), spam: new Map<string, true>(), scheduler: new Map<string, true>() };
  const scheduler = newEventCorrelator();
  // 9,000 Events: a pod's Pulled, Created and Started in a row, a ReplicaSet's run of Events about
  // itself (the same aggregate key, then the combined one), repeats, and all three caches past 4,096.
  for (let i = 0; i < 9_000; i++) {
    nowMs += nextInt(rand, 10) === 0 ? 400_000 : nextInt(rand, 2_000);
    const pick = nextInt(rand, 3);
    if (pick === 0) uid = `u${nextInt(rand, 2_500)}`;
    else if (pick === 1) uid = nextInt(rand, 2) === 0 ? 'rs' : uid;
    const e: CorrelatedEvent = {
      component: 'kubelet',
      host: 'n1',
      kind: 'Pod',
      namespace: 'default',
      name: uid,
      uid,
      apiVersion: 'v1',
      type: 'Normal',
      reason: uid === 'rs' ? 'SuccessfulCreate' : (['Pulled', 'Created', 'Started', 'Killing'][nextInt(rand, 4)] as string),
      message: uid === 'rs' ? `Created pod: p${nextInt(rand, 30)}` : `m${nextInt(rand, 2)}`,
      fieldPath: 'spec.containers{web}',
    };
    const name = () => `${uid}.${hexString(prng, 4)}`;
    if (nextInt(rand, 10) === 0) {
      // The scheduler's recorder only observes, in a correlator of its own.
      answers.push({ ...eventObserve(scheduler, getEventKey(e), name, `T${nowMs}`) });
      touch(order.scheduler, getEventKey(e));
    } else {
      const aggregateKey = eventAggregatorByReasonFunc(e);
      const got = eventCorrelate(c, e, nowMs, prng, name, `T${nowMs}`);
      answers.push({ ...got, log: { ...got.log }, spam: spamFilter(c, e, nowMs) });
      touch(order.aggregate, aggregateKey);
      touch(order.logs, got.key);
      touch(order.spam, objectKey(e));
    }
    if (interleave) {
      eventCorrelate(elsewhere, other, nowMs, seedPrng(1), () => 'o', 'T');
      spamFilter(elsewhere, other, nowMs);
    }
    // A keyframe's copy carries on in place of the state it copied.
    if (i % 2_000 === 1_999) {
      states.push(caches(c));
      c = cloneEventCorrelator(c);
    }
  }
  states.push(caches(c), caches(scheduler));
  expect(c.logs.size).toBe(maxLruCacheEntries);
  const orders = [[...c.aggregate.keys()], [...c.logs.keys()], [...c.spam.keys()], [...scheduler.logs.keys()]];
  expect(orders).toEqual([[...order.aggregate.keys()], [...order.logs.keys()], [...order.spam.keys()], [...order.scheduler.keys()]]);
  return { answers, states, orders };
}

describe('eventCorrelate', () => {
  it('sets a key it wrote last in place, with the answers and cache order of the plain LRU', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        const inPlace = run(seed, false);
        const plain = run(seed, true);
        expect(inPlace.answers).toEqual(plain.answers);
        expect(inPlace.states).toEqual(plain.states);
      }),
      { numRuns: 4 },
    );
  });
});
