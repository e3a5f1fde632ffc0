// Ports of the error wrapping of kubectl apply (pkg/cmd/apply/apply.go applyOneObject, patcher.go
// Patch), cmdutil.AddSourceToErr and resource.Info's String, v1.32.4.
/**
 * How `kubectl apply -f -` prints what the API server refused. kubectl puts the request it was
 * making before the server's message (AddSourceToErr): `error when creating "STDIN": …` for a
 * create, and for a patch `error when applying patch:` with the patch it sent, the object's
 * mapping and `for: "STDIN": error when patching "STDIN": …`. An Invalid answer prints from its
 * causes (CheckErr), so no wrapping shows: `The Deployment "web" is invalid: …`.
 */
import type { Status } from '../apiserver/rest/status.ts';
import { goJson } from './printers/object.ts';
import { RESOURCES, type ResourceKind } from './resources.ts';
import { checkErrStatus } from './transforms/patchJson.ts';

/** The refusal kubectl prints: a Status, or the reason and message of one. */
export type Refusal = Pick<Status, 'reason' | 'message'> & Partial<Status>;

/** What an apply error names the object by: its kind and apiVersion as the manifest gives them, its name and namespace. */
export interface AppliedObject {
  kind: ResourceKind;
  apiVersion: string;
  name: string;
  /** The request's namespace: the manifest's or -n's; a cluster-scoped object has none. */
  namespace: string;
}

/**
 * infoString is resource.Info's String: the REST mapping (GroupVersionResource and
 * GroupVersionKind print the group, a slash and the version: `/v1` for the core group), then the
 * name and namespace (empty for a cluster-scoped kind).
 */
export function infoString(o: AppliedObject): string {
  const gv = o.apiVersion.includes('/') ? o.apiVersion : `/${o.apiVersion}`;
  const namespace = RESOURCES[o.kind].namespaced ? o.namespace : '';
  return `Resource: "${gv}, Resource=${RESOURCES[o.kind].plural}", GroupVersionKind: "${gv}, Kind=${o.kind}"\nName: "${o.name}", Namespace: "${namespace}"`;
}

/** withSource is AddSourceToErr over a Status: `error when <verb> "STDIN": ` before its message. */
function withSource(s: Refusal, verb: string): string {
  return checkErrStatus({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code: 0, ...s, message: `error when ${verb} "STDIN": ${s.message ?? ''}` });
}

/** creatingError is a refused create: `Error from server (AlreadyExists): error when creating "STDIN": …`. */
export function creatingError(s: Refusal): string {
  return withSource(s, 'creating');
}

/**
 * patchingError is a refused patch of an applied object: the Patcher's `patching` source, then
 * applyOneObject's `applying patch:\n<patch>\nto:\n<info>\nfor:` around it; `patch` is the patch
 * kubectl sent (Go's json.Marshal of it: keys sorted).
 */
export function patchingError(s: Refusal, patch: unknown, o: AppliedObject): string {
  const inner = { ...s, message: `error when patching "STDIN": ${s.message ?? ''}` };
  return withSource(inner, `applying patch:\n${goJson(patch)}\nto:\n${infoString(o)}\nfor:`);
}
