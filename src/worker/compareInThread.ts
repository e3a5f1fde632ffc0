/**
 * createInThreadCompare: the CompareHost on this thread behind the worker interface, delivering
 * asynchronously both ways like a worker (tests; Node has no module workers).
 */
import type { CompareWorkerLike } from './compareClient.ts';
import { CompareHost } from './compareHost.ts';

/** createInThreadCompare runs a CompareHost here. */
export function createInThreadCompare(): CompareWorkerLike {
  const listeners: ((event: Event) => void)[] = [];
  let alive = true;
  const host = new CompareHost({
    post: (data) => {
      if (!alive) return;
      queueMicrotask(() => {
        for (const l of listeners) l(new MessageEvent('message', { data }));
      });
    },
    now: () => performance.now(),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  });
  return {
    postMessage(message) {
      if (alive) setTimeout(() => host.handle(message), 0);
    },
    addEventListener(type, listener) {
      if (type === 'message') listeners.push(listener);
    },
    terminate() {
      alive = false;
      host.dispose();
    },
  };
}
