/**
 * The main thread's Promise API to the simulation worker. Each request gets an id and its
 * promise settles with the reply of that id; frames, scenario changes and faults go to the
 * listeners. Every message is checked against the protocol on arrival. inThread.ts runs the same
 * WorkerHost on the main thread behind the WorkerLike interface (tests).
 */
import {
  type FaultMessage,
  type FrameMessage,
  PROTOCOL_VERSION,
  type ReplyResult,
  type ScenarioMessage,
  type WorkerMessage,
  type WorkerRequest,
} from './protocol.ts';
import { isWorkerMessage } from './messageChecks.ts';

/** The part of Worker the client uses, so tests can hand in a fake. */
export interface WorkerLike {
  postMessage(message: WorkerRequest): void;
  addEventListener(type: 'message' | 'error' | 'messageerror', listener: (event: Event) => void): void;
  terminate(): void;
}

/** A request without its id (the client numbers them). */
export type RequestBody = WorkerRequest extends infer R
  ? R extends WorkerRequest
    ? Omit<R, 'id'>
    : never
  : never;

/** A pushed message: everything but replies. */
export type PushMessage = FrameMessage | ScenarioMessage | FaultMessage;

/** RequestError: the worker answered a request with an error (a refusal, in kubectl's or the API server's words). */
export class RequestError extends Error {}

/** SimClient talks to one simulation worker. */
export interface SimClient {
  /** hello asks the worker for its versions and presets; it rejects on a protocol mismatch. */
  hello(): Promise<Extract<ReplyResult, { kind: 'hello' }>>;
  /** request sends one request; the promise settles with its reply (RequestError on refusal). */
  request(body: RequestBody): Promise<ReplyResult>;
  /** listen receives frames, scenario changes and faults; returns the unsubscribe. */
  listen(listener: (message: PushMessage) => void): () => void;
  /** terminate stops the worker and rejects whatever is still pending. */
  terminate(): void;
}

interface Pending {
  resolve(result: ReplyResult): void;
  reject(error: Error): void;
}

/** startSimWorker starts the module worker that runs the engine. */
export function startSimWorker(): WorkerLike {
  return new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module', name: 'rollout-lab-sim' });
}

/** createSimClient wraps a worker (a new one by default) in the Promise API. */
export function createSimClient(worker: WorkerLike = startSimWorker()): SimClient {
  const pending = new Map<number, Pending>();
  const listeners = new Set<(message: PushMessage) => void>();
  let nextId = 1;
  let closedWith: Error | null = null;

  const push = (message: PushMessage) => {
    for (const l of listeners) l(message);
  };
  const failAll = (error: Error) => {
    closedWith = error;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };

  worker.addEventListener('message', (event) => {
    const data: unknown = 'data' in event ? event.data : undefined;
    if (!isWorkerMessage(data)) {
      push({ type: 'fault', message: 'the simulation worker sent a malformed message', tick: null });
      return;
    }
    if (data.type !== 'reply') {
      push(data);
      return;
    }
    const p = pending.get(data.id);
    if (!p) return;
    pending.delete(data.id);
    if (data.ok) p.resolve(data.result);
    else p.reject(new RequestError(data.error));
  });
  const onError = (event: Event) => {
    const message = 'message' in event && typeof event.message === 'string' ? event.message : '';
    const error = new Error(`the simulation worker failed${message ? `: ${message}` : ''}`);
    failAll(error);
    push({ type: 'fault', message: error.message, tick: null });
  };
  worker.addEventListener('error', onError);
  worker.addEventListener('messageerror', onError);

  const request = (body: RequestBody): Promise<ReplyResult> => {
    if (closedWith) return Promise.reject(closedWith);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...body, id } as WorkerRequest);
    });
  };

  return {
    async hello() {
      const r = await request({ type: 'hello' });
      if (r.kind !== 'hello') throw new Error(`the simulation worker answered hello with ${r.kind}`);
      if (r.protocolVersion !== PROTOCOL_VERSION) {
        throw new Error(
          `the simulation worker speaks protocol v${r.protocolVersion}, this page v${PROTOCOL_VERSION}`,
        );
      }
      return r;
    },
    request,
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    terminate() {
      worker.terminate();
      failAll(new Error('the simulation worker was stopped'));
    },
  };
}

/** isPush narrows a worker message to a pushed one (tests). */
export function isPush(m: WorkerMessage): m is PushMessage {
  return m.type !== 'reply';
}
