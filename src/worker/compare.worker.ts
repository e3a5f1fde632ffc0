/**
 * The compare worker: only a message switch; CompareHost (compareHost.ts) does the work, here and
 * in-thread in the tests.
 */
import { CompareHost } from './compareHost.ts';
import type { CompareMessage } from './compareProtocol.ts';

/** The part of DedicatedWorkerGlobalScope this file uses. */
interface WorkerScope {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: CompareMessage, transfer: Transferable[]): void;
}

const scope = globalThis as unknown as WorkerScope;
const host = new CompareHost({
  post: (message, transfer) => scope.postMessage(message, transfer),
  now: () => performance.now(),
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
});

scope.onmessage = (event) => host.handle(event.data);
