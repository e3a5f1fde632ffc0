/**
 * The simulation worker: only a message switch. WorkerHost (host.ts) does the work, here and
 * in-thread in the tests; the engine runs the same in Node (the CLI) and here.
 */
import { defaultEnv, WorkerHost } from './host.ts';
import type { WorkerMessage } from './protocol.ts';

/** The part of DedicatedWorkerGlobalScope this file uses (the DOM and WebWorker libs do not mix). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: WorkerMessage, transfer: Transferable[]): void;
}

const scope = globalThis as unknown as WorkerScope;
const host = new WorkerHost(defaultEnv((message, transfer) => scope.postMessage(message, transfer)));

scope.onmessage = (event) => host.handle(event.data);
