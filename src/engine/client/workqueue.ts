/**
 * A controller work queue (client-go workqueue): keys are deduplicated while they wait, a key
 * is never processed twice at once, failures requeue with per-item exponential back-off
 * (5 ms doubling to 1000 s, the ItemExponentialFailureRateLimiter of the default controller
 * rate limiter), and AddAfter is an event on the engine's clock (see sim/simulation.ts).
 */

export interface QueueState {
  /** Waiting keys in FIFO order; `head` is the index of the next one. */
  items: string[];
  head: number;
  /** Keys waiting in `items` (the queue's dirty set). */
  dirty: Set<string>;
  /** Consecutive failures per key (NumRequeues). */
  failures: Map<string, number>;
  /** Virtual ms until which the single worker is busy with its last sync. */
  busyUntil: number;
  /** Whether a worker wake-up event is already scheduled. */
  wakeScheduled: boolean;
  /** AddAfter: the earliest time each waiting key becomes ready (the delaying queue keeps one entry per key). */
  waitingAfter: Map<string, number>;
}

export function newQueueState(): QueueState {
  return { items: [], head: 0, dirty: new Set(), failures: new Map(), busyUntil: 0, wakeScheduled: false, waitingAfter: new Map() };
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

const BASE_DELAY_MS = 5;
const MAX_DELAY_MS = 1000 * 1000;

/** rateLimitedDelay returns the back-off for the key's next retry and counts the failure. */
export function rateLimitedDelay(q: QueueState, key: string): number {
  const n = q.failures.get(key) ?? 0;
  q.failures.set(key, n + 1);
  // 5 ms · 2^n: the 1st retry waits 5 ms, the 10th 2.56 s, capped at 1000 s.
  return Math.min(BASE_DELAY_MS * 2 ** n, MAX_DELAY_MS);
}

export function numRequeues(q: QueueState, key: string): number {
  return q.failures.get(key) ?? 0;
}

/** forget clears a key's failure count after a successful sync. */
export function forget(q: QueueState, key: string): void {
  q.failures.delete(key);
}

export function cloneQueue(q: QueueState): QueueState {
  return {
    items: q.items.slice(q.head),
    head: 0,
    dirty: new Set(q.dirty),
    failures: new Map(q.failures),
    busyUntil: q.busyUntil,
    wakeScheduled: q.wakeScheduled,
    waitingAfter: new Map(q.waitingAfter),
  };
}
