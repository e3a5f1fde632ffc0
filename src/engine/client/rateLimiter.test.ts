import { describe, expect, it } from 'vitest';
import { bucketWhen, DEFAULT_CONTROLLER_RATE_LIMITER, itemExponentialBackoff, type LimiterState, newBucket, when } from './rateLimiter.ts';
import { cloneQueue, newQueueState, numRequeues, rateLimitedDelay } from './workqueue.ts';

describe('itemExponentialBackoff', () => {
  it.each([
    [0, 5],
    [1, 10],
    [9, 2560],
    [17, 655_360],
    [18, 1_000_000],
    [2000, 1_000_000],
  ])('waits 5 ms · 2^n, capped at 1000 s, after %i requeues', (n, ms) => {
    expect(itemExponentialBackoff(n, 5, 1_000_000)).toBe(ms);
  });
});

describe('bucketWhen', () => {
  it('lets the burst through, then one token every 100 ms at 10 qps', () => {
    const b = newBucket(100);
    const delays = Array.from({ length: 103 }, () => bucketWhen(b, 0, 10, 100));
    expect(delays.slice(0, 100).every((d) => d === 0)).toBe(true);
    expect(delays.slice(100)).toEqual([100, 200, 300]);
  });

  it('refills at 10 tokens a second, never past the burst', () => {
    const b = newBucket(100);
    for (let i = 0; i < 100; i++) bucketWhen(b, 0, 10, 100);
    expect(bucketWhen(b, 1000, 10, 100)).toBe(0); // 10 back, one taken
    expect(b.tokens).toBeCloseTo(9);
    bucketWhen(b, 3_600_000, 10, 100);
    expect(b.tokens).toBe(99);
  });
});

describe('when', () => {
  it('takes the larger of the two delays and counts the call in both limiters', () => {
    const s: LimiterState = { failures: new Map(), bucket: newBucket(100) };
    for (let i = 0; i < 100; i++) when(DEFAULT_CONTROLLER_RATE_LIMITER, s, `k${i}`, 0);
    // k0's second requeue: per-item 10 ms, but the bucket is empty: 100 ms.
    expect(when(DEFAULT_CONTROLLER_RATE_LIMITER, s, 'k0', 0)).toBe(100);
    expect(s.failures.get('k0')).toBe(2);
  });

  it('gives every key the interval and counts nothing with a fixed-interval limiter (the HPA queue)', () => {
    const s: LimiterState = { failures: new Map(), bucket: newBucket(0) };
    const spec = { kind: 'fixedInterval', intervalMs: 15_000 } as const;
    expect([when(spec, s, 'a', 0), when(spec, s, 'a', 0)]).toEqual([15_000, 15_000]);
    expect(s.failures.size).toBe(0);
  });
});

describe('rateLimitedDelay', () => {
  it('keeps the bucket per queue, and a copy of the queue keeps its own', () => {
    const q = newQueueState();
    for (let i = 0; i < 100; i++) rateLimitedDelay(q, `k${i}`, 0);
    const copy = cloneQueue(q);
    expect(rateLimitedDelay(q, 'x', 0)).toBe(100);
    expect(rateLimitedDelay(copy, 'x', 0)).toBe(100);
    expect(numRequeues(copy, 'x')).toBe(1);
    expect(copy.bucket).not.toBe(q.bucket);
  });
});
