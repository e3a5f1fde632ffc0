/**
 * The typed, versioned messages between the main thread and the simulation worker.
 * Both sides import this file; the UI and the stores take every engine fact from these types and
 * never import src/engine themselves (DESIGN.md §1). Bump PROTOCOL_VERSION when a message changes shape.
 */

/** PROTOCOL_VERSION is the version of the message shapes below. */
export const PROTOCOL_VERSION = 1;

export * from './views.ts';

/**
 * PackedPods: the pods of a big cluster (> 1,000) as parallel typed arrays, for a canvas.
 * Pod i is `names[i]` on node `nodeNames[node[i]]` (-1: unscheduled), drawn as
 * POD_DISPLAY_PHASES[phase[i]], with revision `revision[i]` of workload `workloadNames[workload[i]]`.
 */
export interface PackedPods {
  count: number;
  node: Int32Array;
  phase: Uint8Array;
  revision: Int32Array;
  workload: Int32Array;
  names: string[];
  nodeNames: string[];
  workloadNames: string[];
}

/** Asks the worker who it is. */
export interface HelloRequest {
  type: 'hello';
}

/** Every message the main thread sends to the worker. */
export type WorkerRequest = HelloRequest;

/** The worker's answer to `hello`: the versions it was built with. */
export interface HelloResponse {
  type: 'hello';
  protocolVersion: number;
  /** The Kubernetes release the engine reproduces, e.g. `v1.36.3`. */
  kubernetesVersion: string;
  /** The version of the engine's recording format. */
  engineFormatVersion: number;
}

/** The worker could not handle a request. */
export interface ErrorResponse {
  type: 'error';
  message: string;
}

/** Every message the worker sends to the main thread. */
export type WorkerResponse = HelloResponse | ErrorResponse;

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** isWorkerRequest tells whether x has the exact shape of a request (no extra fields). */
export function isWorkerRequest(x: unknown): x is WorkerRequest {
  if (!isRecord(x)) return false;
  switch (x.type) {
    case 'hello':
      return Object.keys(x).length === 1;
    default:
      return false;
  }
}

/** isWorkerResponse tells whether x has the exact shape of a response (no extra fields). */
export function isWorkerResponse(x: unknown): x is WorkerResponse {
  if (!isRecord(x)) return false;
  const keys = Object.keys(x).sort().join(',');
  switch (x.type) {
    case 'hello':
      return (
        keys === 'engineFormatVersion,kubernetesVersion,protocolVersion,type' &&
        Number.isInteger(x.protocolVersion) &&
        typeof x.kubernetesVersion === 'string' &&
        Number.isInteger(x.engineFormatVersion)
      );
    case 'error':
      return keys === 'message,type' && typeof x.message === 'string';
    default:
      return false;
  }
}
