/** createInThreadSweep: a sweep pool worker (SweepHost) on this thread, answering asynchronously (tests). */
import type { PoolRequest, PoolWorkerLike } from './pool.ts';
import { SweepHost } from './sweepHost.ts';

/** createInThreadSweep runs a SweepHost here behind the worker interface. */
export function createInThreadSweep(): PoolWorkerLike {
  const listeners: ((event: Event) => void)[] = [];
  let alive = true;
  const host = new SweepHost((reply) => {
    if (!alive) return;
    for (const l of listeners) l(new MessageEvent('message', { data: reply }));
  });
  return {
    postMessage(message: PoolRequest) {
      if (alive) setTimeout(() => alive && host.handle(message), 0);
    },
    addEventListener(type, listener) {
      if (type === 'message') listeners.push(listener);
    },
    terminate() {
      alive = false;
    },
  };
}
