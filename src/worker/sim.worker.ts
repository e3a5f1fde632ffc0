/**
 * The simulation worker: only a message switch over the protocol. The work itself lives in the
 * engine, which runs the same in Node (the CLI, the tests) and here.
 */
import { ENGINE_FORMAT_VERSION, KUBERNETES_VERSION } from '../engine/version.ts';
import { isWorkerRequest, PROTOCOL_VERSION, type WorkerResponse } from './protocol.ts';

/** The part of DedicatedWorkerGlobalScope this file uses (the DOM and WebWorker libs do not mix). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: WorkerResponse): void;
}

const scope = globalThis as unknown as WorkerScope;

/** describeMessage names what arrived without serialising it (it may be large or cyclic). */
function describeMessage(x: unknown): string {
  if (typeof x === 'object' && x !== null && 'type' in x) return `type ${JSON.stringify(String(x.type))}`;
  return x === null ? 'null' : typeof x;
}

scope.onmessage = (event) => {
  const request = event.data;
  if (!isWorkerRequest(request)) {
    scope.postMessage({ type: 'error', message: `malformed request (${describeMessage(request)})` });
    return;
  }
  switch (request.type) {
    case 'hello':
      scope.postMessage({
        type: 'hello',
        protocolVersion: PROTOCOL_VERSION,
        kubernetesVersion: KUBERNETES_VERSION,
        engineFormatVersion: ENGINE_FORMAT_VERSION,
      });
      return;
  }
};
