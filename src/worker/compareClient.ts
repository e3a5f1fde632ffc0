/**
 * The page's Promise API to the compare worker: each request settles with its reply; frames and
 * faults go to the listeners. Every message is checked on arrival (compareProtocol.ts).
 */
import {
  type CompareFault,
  type CompareFrame,
  type CompareRequest,
  isCompareMessage,
} from './compareProtocol.ts';

/** The part of Worker the client uses (tests hand in an in-thread one). */
export interface CompareWorkerLike {
  postMessage(message: CompareRequest): void;
  addEventListener(type: 'message' | 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

/** A request without its id. */
export type CompareRequestBody = CompareRequest extends infer R
  ? R extends CompareRequest
    ? Omit<R, 'id'>
    : never
  : never;

export interface CompareClient {
  request(body: CompareRequestBody): Promise<void>;
  listen(listener: (m: CompareFrame | CompareFault) => void): () => void;
  terminate(): void;
}

/** startCompareWorker starts the module worker that runs the variants. */
export function startCompareWorker(): CompareWorkerLike {
  return new Worker(new URL('./compare.worker.ts', import.meta.url), {
    type: 'module',
    name: 'rollout-lab-compare',
  });
}

/** createCompareClient wraps a compare worker in the Promise API. */
export function createCompareClient(worker: CompareWorkerLike = startCompareWorker()): CompareClient {
  const pending = new Map<number, { resolve(): void; reject(e: Error): void }>();
  const listeners = new Set<(m: CompareFrame | CompareFault) => void>();
  let nextId = 1;
  let closed: Error | null = null;
  worker.addEventListener('message', (event) => {
    const data: unknown = 'data' in event ? event.data : undefined;
    if (!isCompareMessage(data)) return;
    if (data.type !== 'reply') {
      for (const l of listeners) l(data);
      return;
    }
    const p = pending.get(data.id);
    if (!p) return;
    pending.delete(data.id);
    if (data.ok) p.resolve();
    else p.reject(new Error(data.error));
  });
  worker.addEventListener('error', (event) => {
    const message = 'message' in event && typeof event.message === 'string' ? event.message : '';
    closed = new Error(`the compare worker failed${message ? `: ${message}` : ''}`);
    for (const p of pending.values()) p.reject(closed);
    pending.clear();
    for (const l of listeners) l({ type: 'fault', message: closed.message });
  });
  return {
    request(body) {
      if (closed) return Promise.reject(closed);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ ...body, id } as CompareRequest);
      });
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    terminate() {
      worker.terminate();
      closed = new Error('the compare worker was stopped');
      for (const p of pending.values()) p.reject(closed);
      pending.clear();
    },
  };
}
