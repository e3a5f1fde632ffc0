/**
 * API errors as the API server reports them (k8s.io/apimachinery/pkg/api/errors), with the
 * messages kubectl shows: `Error from server (NotFound): deployments.apps "web" not found`.
 */
import type { Kind } from '../api/types.ts';

export type ApiErrorReason = 'NotFound' | 'AlreadyExists' | 'Conflict' | 'Invalid' | 'BadRequest';

export interface ApiError {
  reason: ApiErrorReason;
  message: string;
}

/** resourceName is the plural resource with its group, as errors print it. */
export function resourceName(kind: Kind): string {
  switch (kind) {
    case 'Deployment':
      return 'deployments.apps';
    case 'ReplicaSet':
      return 'replicasets.apps';
    case 'DaemonSet':
      return 'daemonsets.apps';
    case 'ControllerRevision':
      return 'controllerrevisions.apps';
    case 'Pod':
      return 'pods';
    case 'Node':
      return 'nodes';
    case 'Event':
      return 'events';
    case 'Namespace':
      return 'namespaces';
  }
}

export function newNotFound(kind: Kind, name: string): ApiError {
  return { reason: 'NotFound', message: `${resourceName(kind)} "${name}" not found` };
}

export function newAlreadyExists(kind: Kind, name: string): ApiError {
  return { reason: 'AlreadyExists', message: `${resourceName(kind)} "${name}" already exists` };
}

export function newConflict(kind: Kind, name: string): ApiError {
  return {
    reason: 'Conflict',
    message: `Operation cannot be fulfilled on ${resourceName(kind)} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
  };
}

export function newInvalid(message: string): ApiError {
  return { reason: 'Invalid', message };
}

/** formatApiError renders an error as kubectl prints it. */
export function formatApiError(err: ApiError): string {
  if (err.reason === 'Invalid') return err.message;
  return `Error from server (${err.reason}): ${err.message}`;
}

export type ApiResult<T> = { ok: true; object: T } | { ok: false; error: ApiError };
