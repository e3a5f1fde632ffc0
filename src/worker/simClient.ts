/**
 * The main thread's Promise API to the simulation worker. It starts the module worker, checks every
 * answer against the protocol and settles the oldest pending request with it (the worker answers
 * requests one by one, in order).
 */
import {
  type HelloResponse,
  isWorkerResponse,
  PROTOCOL_VERSION,
  type WorkerRequest,
  type WorkerResponse,
} from './protocol.ts';

/** The part of Worker the client uses, so tests can hand in a fake. */
export interface WorkerLike {
  postMessage(message: WorkerRequest): void;
  addEventListener(type: 'message' | 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

/** SimClient talks to one simulation worker. */
export interface SimClient {
  /** hello asks the worker for its versions; it rejects on an error answer or a protocol mismatch. */
  hello(): Promise<HelloResponse>;
  /** terminate stops the worker and rejects whatever is still pending. */
  terminate(): void;
}

interface Pending {
  resolve(response: WorkerResponse): void;
  reject(error: Error): void;
}

/** startSimWorker starts the module worker that runs the engine. */
export function startSimWorker(): WorkerLike {
  return new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module', name: 'rollout-lab-sim' });
}

/** createSimClient wraps a worker (a new one by default) in the Promise API. */
export function createSimClient(worker: WorkerLike = startSimWorker()): SimClient {
  const pending: Pending[] = [];
  let closedWith: Error | null = null;

  const failAll = (error: Error) => {
    closedWith = error;
    for (const p of pending.splice(0)) p.reject(error);
  };

  worker.addEventListener('message', (event) => {
    const data: unknown = 'data' in event ? event.data : undefined;
    const p = pending.shift();
    if (!p) return;
    if (!isWorkerResponse(data)) p.reject(new Error('the simulation worker sent a malformed message'));
    else p.resolve(data);
  });
  worker.addEventListener('error', (event) => {
    const message = 'message' in event && typeof event.message === 'string' ? event.message : '';
    const detail = message ? `: ${message}` : '';
    failAll(new Error(`the simulation worker failed${detail}`));
  });

  const request = (message: WorkerRequest): Promise<WorkerResponse> => {
    if (closedWith) return Promise.reject(closedWith);
    return new Promise((resolve, reject) => {
      pending.push({ resolve, reject });
      worker.postMessage(message);
    });
  };

  return {
    async hello() {
      const response = await request({ type: 'hello' });
      if (response.type === 'error') throw new Error(response.message);
      if (response.protocolVersion !== PROTOCOL_VERSION) {
        throw new Error(
          `the simulation worker speaks protocol v${response.protocolVersion}, this page v${PROTOCOL_VERSION}`,
        );
      }
      return response;
    },
    terminate() {
      worker.terminate();
      failAll(new Error('the simulation worker was stopped'));
    },
  };
}
