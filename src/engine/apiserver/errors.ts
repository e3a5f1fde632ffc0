/**
 * API errors as the API server reports them (k8s.io/apimachinery/pkg/api/errors), with the
 * messages kubectl shows: `Error from server (NotFound): deployments.apps "web" not found`.
 */
import type { Kind } from '../api/types.ts';
import { aggregateMessage, type FieldError, fieldErrorString, invalidMessage, kubectlInvalidMessage } from '../apimachinery/fieldErrors.ts';

export type ApiErrorReason =
  | 'NotFound'
  | 'AlreadyExists'
  | 'Conflict'
  | 'Invalid'
  | 'BadRequest'
  // Admission (ResourceQuota) and the eviction subresource (PodDisruptionBudget).
  | 'Forbidden'
  | 'TooManyRequests'
  | 'InternalError';

/** metav1.StatusCause: one detail of an error (the eviction's `DisruptionBudget` cause). */
export interface StatusCause {
  type: string;
  message: string;
  field?: string;
}

export interface ApiError {
  reason: ApiErrorReason;
  message: string;
  /** The HTTP code when it is not the reason's usual one. */
  code?: number;
  causes?: StatusCause[];
  /** An Invalid error's object and field errors, when it has them: kubectl prints them, the Status carries them. */
  invalid?: { kind: string; name: string; errs: readonly FieldError[] };
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
    case 'ResourceQuota':
      return 'resourcequotas';
    case 'LimitRange':
      return 'limitranges';
    case 'PodDisruptionBudget':
      return 'poddisruptionbudgets.policy';
    case 'HorizontalPodAutoscaler':
      return 'horizontalpodautoscalers.autoscaling';
    case 'Service':
      return 'services';
    case 'ConfigMap':
      return 'configmaps';
    case 'Secret':
      return 'secrets';
    case 'EndpointSlice':
      return 'endpointslices.discovery.k8s.io';
    case 'Endpoints':
      return 'endpoints';
    case 'StatefulSet':
      return 'statefulsets.apps';
    case 'PersistentVolumeClaim':
      return 'persistentvolumeclaims';
    case 'PersistentVolume':
      return 'persistentvolumes';
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

/**
 * newForbidden is errors.NewForbidden: `pods "web-5d4f9-abcde" is forbidden: exceeded quota: …`
 * (an admission plugin's refusal; resource is the plural with its group, as the message prints it).
 */
export function newForbidden(resource: string, name: string, reason: string): ApiError {
  return { reason: 'Forbidden', message: `${resource} "${name}" is forbidden: ${reason}` };
}

/** newTooManyRequests is errors.NewTooManyRequests (429): the message alone, causes in details. */
export function newTooManyRequests(message: string, causes: StatusCause[] = []): ApiError {
  return { reason: 'TooManyRequests', message, causes };
}

export function newInvalid(message: string): ApiError {
  return { reason: 'Invalid', message };
}

/**
 * newInvalidFor is an Invalid error about an object with its field errors kept: kubectl's one-line
 * message (invalidMessage), which the console prints as kubectl's CheckErr does (formatApiError),
 * and the causes the served API answers with (rest/status.ts statusOf).
 */
export function newInvalidFor(kind: string, name: string, errs: readonly FieldError[]): ApiError {
  return { reason: 'Invalid', message: invalidMessage(kind, name, errs), invalid: { kind, name, errs } };
}

/**
 * newInvalidObject is errors.NewInvalid for a core object: the Go message (`Pod "web-x" is
 * invalid: spec.containers[0]…`, what a controller's Event quotes) with the field errors kept.
 */
export function newInvalidObject(kind: string, name: string, errs: readonly FieldError[]): ApiError {
  return { reason: 'Invalid', message: `${kind} "${name}" is invalid: ${aggregateMessage(errs.map(fieldErrorString))}`, invalid: { kind, name, errs } };
}

/** formatApiError renders an error as kubectl prints it. */
export function formatApiError(err: ApiError): string {
  if (err.reason === 'Invalid') return err.invalid ? kubectlInvalidMessage(err.invalid.kind, err.invalid.name, err.invalid.errs) : err.message;
  return `Error from server (${err.reason}): ${err.message}`;
}

export type ApiResult<T> = { ok: true; object: T } | { ok: false; error: ApiError };
