/**
 * The API server's error answers as `Status` objects (apimachinery pkg/api/errors, v1.36), the
 * shape real clients read: kubectl prints `Error from server (NotFound): deployments.apps "nope"
 * not found` from `reason` and `message`, and builds `The Deployment "web" is invalid: …` from
 * `details.kind`, `details.name` and `details.causes` of a 422.
 */
import { type FieldError, FieldErrorType, aggregateMessage, errorBody, fieldErrorString } from '../../apimachinery/fieldErrors.ts';
import type { ApiError } from '../errors.ts';
import { qualifiedResource, type ResourceInfo } from './resources.ts';

export interface StatusCause {
  reason: string;
  message: string;
  /** Left out when the cause is not about a field (metav1.StatusCause's omitempty). */
  field?: string;
}

export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  uid?: string;
  causes?: StatusCause[];
  retryAfterSeconds?: number;
}

export interface Status {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Success' | 'Failure';
  message?: string;
  reason?: string;
  details?: StatusDetails;
  code: number;
}

function failure(code: number, reason: string, message: string, details?: StatusDetails): Status {
  const s: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code };
  if (details) s.details = details;
  return s;
}

/** statusSuccess is the Status a delete answers with when the object is gone at once. */
export function statusSuccess(r: ResourceInfo, name: string, uid?: string): Status {
  const details: StatusDetails = { name, group: r.group, kind: r.resource };
  if (uid) details.uid = uid;
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details, code: 200 };
}

/** newNotFound: 404, `deployments.apps "nope" not found`. */
export function newNotFound(r: ResourceInfo, name: string): Status {
  return failure(404, 'NotFound', `${qualifiedResource(r)} "${name}" not found`, { name, group: r.group, kind: r.resource });
}

/** newAlreadyExists: 409, `deployments.apps "web" already exists`. */
export function newAlreadyExists(r: ResourceInfo, name: string): Status {
  return failure(409, 'AlreadyExists', `${qualifiedResource(r)} "${name}" already exists`, { name, group: r.group, kind: r.resource });
}

/** newConflict: 409, the optimistic-concurrency failure. */
export function newConflict(r: ResourceInfo, name: string): Status {
  return failure(
    409,
    'Conflict',
    `Operation cannot be fulfilled on ${qualifiedResource(r)} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
    { name, group: r.group, kind: r.resource },
  );
}

/** The StatusCause reason of each field error type (metav1.CauseType). */
const CAUSE_REASON: Record<FieldErrorType, string> = {
  [FieldErrorType.NotFound]: 'FieldValueNotFound',
  [FieldErrorType.Required]: 'FieldValueRequired',
  [FieldErrorType.Duplicate]: 'FieldValueDuplicate',
  [FieldErrorType.Invalid]: 'FieldValueInvalid',
  [FieldErrorType.NotSupported]: 'FieldValueNotSupported',
  [FieldErrorType.Forbidden]: 'FieldValueForbidden',
  [FieldErrorType.TooLong]: 'FieldValueTooLong',
  [FieldErrorType.Internal]: 'InternalError',
};

/**
 * newInvalid: 422 for a kind (`Deployment`) and its group, one cause per field error; the
 * message is NewInvalid's `Deployment.apps "web" is invalid: …`.
 */
export function newInvalid(kind: string, group: string, name: string, errs: readonly FieldError[]): Status {
  const qualified = group === '' ? kind : `${kind}.${group}`;
  const causes = errs.map((e) => ({ reason: CAUSE_REASON[e.type], message: errorBody(e), field: e.field }));
  const message = `${qualified} "${name}" is invalid: ${aggregateMessage(errs.map(fieldErrorString))}`;
  return failure(422, 'Invalid', message, { name, group, kind, causes });
}

/** newApplyConflict: 409 for a server-side apply whose fields other managers own (NewApplyConflict: causes, no name or kind). */
export function newApplyConflict(causes: StatusCause[], message: string): Status {
  return failure(409, 'Conflict', message, { causes });
}

/** newBadRequest: 400 with the decoder's or the handler's words. */
export function newBadRequest(message: string): Status {
  return failure(400, 'BadRequest', message);
}

/**
 * The pod subresources that stream to a container's processes (exec over SPDY or WebSocket,
 * attach, port-forward): the simulated containers run none, so the API server answers 400 with
 * this rather than a 405 that reads as if pods could not be created.
 */
export const STREAMING_POD_SUBRESOURCES: ReadonlySet<string> = new Set(['exec', 'attach', 'portforward']);

/** newNoProcessToStream: 400 for `kubectl exec|attach|port-forward` on a simulated pod. */
export function newNoProcessToStream(subresource: string, pod: string): Status {
  const what = subresource === 'portforward' ? 'no port to forward to' : subresource === 'attach' ? 'no process to attach to' : 'nowhere to run the command';
  return newBadRequest(`Rollout Lab simulates the containers of pod "${pod}" without running them: there is ${what} (pods/${subresource})`);
}

/** newMethodNotSupported: 405, `create is not supported on resources of kind "events"`-like. */
export function newMethodNotSupported(r: ResourceInfo, action: string): Status {
  return failure(405, 'MethodNotAllowed', `${action} is not supported on resources of kind "${qualifiedResource(r)}"`, {
    group: r.group,
    kind: r.resource,
  });
}

/** newNotFoundPath: 404 for a URL that names no resource the server serves. */
export function newNotFoundPath(): Status {
  return failure(404, 'NotFound', 'the server could not find the requested resource', {});
}

/** newResourceExpired: 410 for a watch from a resourceVersion older than the kept history. */
export function newResourceExpired(message: string): Status {
  return failure(410, 'Expired', message);
}

/** newTooManyRequests: 429, how an eviction that would violate a disruption budget is refused. */
export function newTooManyRequests(message: string, causes?: StatusCause[]): Status {
  return failure(429, 'TooManyRequests', message, causes ? { causes } : undefined);
}

/** newRequestEntityTooLarge: 413 for a body over the server's limit (3 MiB, as kube-apiserver). */
export function newRequestEntityTooLarge(limitBytes: number): Status {
  return failure(413, 'RequestEntityTooLarge', `Request entity too large: limit is ${limitBytes}`);
}

/** newRequestEntityTooLargeError: 413 with the handler's words (NewRequestEntityTooLargeError), a JSON patch of too many operations. */
export function newRequestEntityTooLargeError(message: string): Status {
  return failure(413, 'RequestEntityTooLarge', `Request entity too large: ${message}`);
}

/**
 * newGenericServerResponse is NewGenericServerResponse with no verb, resource or name and not an
 * unexpected response: the code's own message and reason (a 422 reads `the server rejected our
 * request due to an error in our request`, reason Invalid) and empty details — the server's
 * message is not kept, so a failed JSON patch test reaches kubectl as `The request is invalid:
 * the server rejected our request due to an error in our request`.
 */
export function newGenericServerResponse(code: 422, _serverMessage: string): Status {
  return failure(code, 'Invalid', 'the server rejected our request due to an error in our request', {});
}

/** The patch content types a PATCH takes, in kube-apiserver's order. */
export const PATCH_MEDIA_TYPES: readonly string[] = ['application/json-patch+json', 'application/merge-patch+json', 'application/apply-patch+yaml', 'application/strategic-merge-patch+json'];

/**
 * newUnsupportedMediaType: 415 for a body in a content type the server does not take, listing
 * those it does (a PATCH: PATCH_MEDIA_TYPES; a create or update: JSON, the one serializer here —
 * `kubectl create deployment` sends protobuf).
 */
export function newUnsupportedMediaType(contentType: string, accepted: readonly string[] = PATCH_MEDIA_TYPES): Status {
  return failure(415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`, {
    kind: contentType,
  });
}

/** statusOf is an engine API error (a quota's 403, an eviction's 429 with its cause) as the Status the API server answers with. */
export function statusOf(code: number, err: ApiError): Status {
  // An Invalid error with its field errors: kube-apiserver's 422 with the object and its causes.
  if (err.invalid) return newInvalid(err.invalid.kind, '', err.invalid.name, err.invalid.errs);
  const causes = err.causes?.map((c) => ({ reason: c.type, message: c.message, ...(c.field ? { field: c.field } : {}) }));
  return failure(code, err.reason, err.message, causes?.length ? { causes } : undefined);
}
