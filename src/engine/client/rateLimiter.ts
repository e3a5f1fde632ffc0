/**
 * client-go's workqueue rate limiters (util/workqueue/default_rate_limiters.go) on the engine's
 * virtual clock, and the token bucket they use (golang.org/x/time/rate's Limiter). A controller
 * asks `when` a failed or requeued key may come back; the delay goes to the queue's AddAfter.
 *
 * DefaultControllerRateLimiter, which the deployment, replicaset, daemonset, disruption and
 * resourcequota queues use, is the max of two limiters, each asked every time:
 *  - ItemExponentialFailureRateLimiter: 5 ms · 2^n for a key's n-th requeue since its last Forget,
 *    capped at 1000 s (so 5, 10, 20 ms …; the 19th waits 1,310.72 s → 1000 s);
 *  - BucketRateLimiter: one token bucket for the whole queue, 10 qps with a burst of 100: the
 *    first 100 requeues at one instant wait nothing from it, the 101st 100 ms, the 102nd 200 ms.
 * The HPA's queue uses a FixedItemIntervalRateLimiter: every AddRateLimited waits the resync
 * period (15 s), and it counts no requeues.
 */

/** golang.org/x/time/rate's Limiter state: tokens available at `lastMs` (may be negative: reserved ahead). */
export interface BucketState {
  tokens: number;
  lastMs: number;
}

/** Which of client-go's limiters a queue was built with. */
export type RateLimiterSpec =
  | { kind: 'default'; baseMs: number; maxMs: number; qps: number; burst: number }
  | { kind: 'fixedInterval'; intervalMs: number };

/** workqueue.DefaultControllerRateLimiter(): 5 ms → 1000 s per item, 10 qps / burst 100 overall. */
export const DEFAULT_CONTROLLER_RATE_LIMITER: RateLimiterSpec = { kind: 'default', baseMs: 5, maxMs: 1_000_000, qps: 10, burst: 100 };

/**
 * A new bucket is full: rate.NewLimiter starts with no `last`, so its first advance fills it to
 * burst (the virtual clock starts at 0, so `lastMs: 0` with a full bucket is the same thing).
 */
export function newBucket(burst: number): BucketState {
  return { tokens: burst, lastMs: 0 };
}

/**
 * itemExponentialBackoff is ItemExponentialFailureRateLimiter's delay for a key that has already
 * been requeued `failures` times: base · 2^failures, capped at max (and at max when the product
 * overflows). 1 ms base, 5 failures → 32 ms.
 */
export function itemExponentialBackoff(failures: number, baseMs: number, maxMs: number): number {
  const backoff = baseMs * 2 ** failures;
  return backoff > maxMs || !Number.isFinite(backoff) ? maxMs : backoff;
}

/** advance is Limiter.advance: the tokens the bucket holds at `nowMs`, refilled at qps up to burst. */
function advance(b: BucketState, nowMs: number, qps: number, burst: number): number {
  // A clock that went back counts from there (x/time/rate's "jump backwards"): no refill.
  const last = nowMs < b.lastMs ? nowMs : b.lastMs;
  const tokens = b.tokens + ((nowMs - last) / 1000) * qps;
  return tokens > burst ? burst : tokens;
}

/**
 * reserveN is Limiter.reserveN: takes n tokens at `nowMs` and returns when the caller may act
 * (ms), or null when it may not (n over the burst, or the wait over `maxWaitMs`), in which case
 * the bucket is unchanged. 10 qps, burst 2, at t0: 2 tokens → act at t0; 2 more → t0 + 200 ms.
 */
export function reserveN(b: BucketState, nowMs: number, n: number, qps: number, burst: number, maxWaitMs = Number.POSITIVE_INFINITY): number | null {
  const tokens = advance(b, nowMs, qps, burst) - n;
  // durationFromTokens: the missing tokens at qps; 1 token at 10 qps is 100 ms.
  const waitMs = tokens < 0 ? (-tokens / qps) * 1000 : 0;
  if (n > burst || waitMs > maxWaitMs) return null;
  b.tokens = tokens;
  b.lastMs = nowMs;
  return nowMs + waitMs;
}

/** allowN is Limiter.AllowN: whether n tokens are there now (taking them if so). */
export function allowN(b: BucketState, nowMs: number, n: number, qps: number, burst: number): boolean {
  return reserveN(b, nowMs, n, qps, burst, 0) !== null;
}

/** bucketWhen is BucketRateLimiter.When: reserve one token now and wait until it is due. */
export function bucketWhen(b: BucketState, nowMs: number, qps: number, burst: number): number {
  const act = reserveN(b, nowMs, 1, qps, burst);
  return act === null ? 0 : act - nowMs;
}

/** What a queue's limiter keeps between calls: failures per key and the bucket. */
export interface LimiterState {
  failures: Map<string, number>;
  bucket: BucketState;
}

/**
 * when is RateLimiter.When for the queue's limiter: the delay (ms) before `key` comes back. The
 * MaxOf limiter asks both of its limiters, so both count the call: the key's failures go up and
 * the bucket loses a token even when the other delay is the larger one.
 */
export function when(spec: RateLimiterSpec, s: LimiterState, key: string, nowMs: number): number {
  if (spec.kind === 'fixedInterval') return spec.intervalMs;
  const n = s.failures.get(key) ?? 0;
  s.failures.set(key, n + 1);
  const exp = itemExponentialBackoff(n, spec.baseMs, spec.maxMs);
  const bucket = bucketWhen(s.bucket, nowMs, spec.qps, spec.burst);
  return exp > bucket ? exp : bucket;
}
