/**
 * A controller work queue (client-go workqueue): keys are deduplicated while they wait, a key
 * is never processed twice at once, AddRateLimited asks the queue's rate limiter how long a key
 * waits (rateLimiter.ts: the default controller limiter is per-item exponential back-off from
 * 5 ms to 1000 s, max'd with a 10 qps / burst 100 token bucket), and AddAfter is an event on
 * the engine's clock (see sim/tx.ts).
 */
import { type BucketState, DEFAULT_CONTROLLER_RATE_LIMITER, newBucket, type RateLimiterSpec, when } from './rateLimiter.ts';

export interface QueueState {
  /** Waiting keys in FIFO order; `head` is the index of the next one. */
  items: string[];
  head: number;
  /** Keys waiting in `items` (the queue's dirty set). */
  dirty: Set<string>;
  /** Consecutive failures per key (NumRequeues). */
  failures: Map<string, number>;
  /** The limiter the queue was built with (shared, never changed). */
  limiter: RateLimiterSpec;
  /** The default limiter's token bucket, one for the whole queue. */
  bucket: BucketState;
  /** Virtual ms until which the single worker is busy with its last sync. */
  busyUntil: number;
  /** Whether a worker wake-up event is already scheduled. */
  wakeScheduled: boolean;
  /** AddAfter: the earliest time each waiting key becomes ready (the delaying queue keeps one entry per key). */
  waitingAfter: Map<string, number>;
}

export function newQueueState(limiter: RateLimiterSpec = DEFAULT_CONTROLLER_RATE_LIMITER): QueueState {
  const bucket = newBucket(limiter.kind === 'default' ? limiter.burst : 0);
  return { items: [], head: 0, dirty: new Set(), failures: new Map(), limiter, bucket, busyUntil: 0, wakeScheduled: false, waitingAfter: new Map() };
}

/** add puts a key on the queue unless it is already waiting; returns whether it was added. */
export function add(q: QueueState, key: string): boolean {
  if (q.dirty.has(key)) return false;
  q.dirty.add(key);
  q.items.push(key);
  return true;
}

/** get takes the next key, or undefined when the queue is empty. */
export function get(q: QueueState): string | undefined {
  if (q.head >= q.items.length) return undefined;
  const key = q.items[q.head++] as string;
  q.dirty.delete(key);
  if (q.head > 1024 && q.head * 2 > q.items.length) {
    q.items = q.items.slice(q.head);
    q.head = 0;
  }
  return key;
}

export function len(q: QueueState): number {
  return q.items.length - q.head;
}

/** waiting lists the keys waiting, in order (for the Expectations panel). */
export function waiting(q: QueueState): string[] {
  return q.items.slice(q.head);
}

/**
 * rateLimitedDelay is the delay AddRateLimited gives `key` at `nowMs` (the rate limiter's When):
 * it counts the requeue and takes a token from the queue's bucket.
 */
export function rateLimitedDelay(q: QueueState, key: string, nowMs: number): number {
  return when(q.limiter, q, key, nowMs);
}

/** numRequeues is NumRequeues: the key's requeues since its last Forget (0 for a fixed-interval limiter). */
export function numRequeues(q: QueueState, key: string): number {
  return q.failures.get(key) ?? 0;
}

/** forget is Forget: the key's requeue count starts over (the bucket gives nothing back). */
export function forget(q: QueueState, key: string): void {
  q.failures.delete(key);
}

export function cloneQueue(q: QueueState): QueueState {
  return {
    items: q.items.slice(q.head),
    head: 0,
    dirty: new Set(q.dirty),
    failures: new Map(q.failures),
    limiter: q.limiter,
    bucket: { tokens: q.bucket.tokens, lastMs: q.bucket.lastMs },
    busyUntil: q.busyUntil,
    wakeScheduled: q.wakeScheduled,
    waitingAfter: new Map(q.waitingAfter),
  };
}
