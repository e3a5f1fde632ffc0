/**
 * createInThreadWorker: the WorkerHost on the calling thread behind the Worker interface, with
 * asynchronous delivery both ways like a real worker. For tests (Node has no module workers);
 * kept out of simClient.ts so the page's bundle does not carry the engine twice.
 */
import { defaultEnv, WorkerHost } from './host.ts';
import type { WorkerLike } from './simClient.ts';

/** createInThreadWorker runs a WorkerHost on this thread behind the Worker interface. */
export function createInThreadWorker(): WorkerLike {
  const listeners: ((event: Event) => void)[] = [];
  let alive = true;
  const host = new WorkerHost(
    defaultEnv((data) => {
      if (!alive) return;
      queueMicrotask(() => {
        for (const l of listeners) l(new MessageEvent('message', { data }));
      });
    }),
  );
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
