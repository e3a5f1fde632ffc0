/**
 * Server-side apply for the served API (`PATCH` with `application/apply-patch+yaml`, DESIGN.md
 * §18): the applied configuration is merged into the live object by field ownership
 * (src/engine/apimachinery/managedfields), refused with kube-apiserver's 409 when it changes
 * fields another manager owns (unless `force=true`), and turned into the plain write it amounts
 * to — a POST of the new object when it does not exist yet, else a PUT of the merged object at
 * the live resourceVersion — which the engine runs and a recording replays as it is. Also the
 * managedFields a client writes itself (validated, then taken).
 */
import { isDeepStrictEqual } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { KUBE_YAML } from '../src/engine/lib/kubeYaml.ts';
import type { KubeObject } from '../src/engine/api/types.ts';
import { required } from '../src/engine/apimachinery/fieldErrors.ts';
import { apply, conflictCauses, conflictMessage, decodeManagedFields, type Managed, validateManagedFields, type Writer } from '../src/engine/apimachinery/managedfields/manager.ts';
import { toFieldSet } from '../src/engine/apimachinery/managedfields/fieldpath.ts';
import { schemaOf } from '../src/engine/apimachinery/managedfields/schema.ts';
import type { RequestInfo } from '../src/engine/apiserver/rest/requestInfo.ts';
import { findResource, groupVersionOf, type ResourceInfo } from '../src/engine/apiserver/rest/resources.ts';
import { newApplyConflict, newBadRequest, newInvalid, newMethodNotSupported, newNotFoundPath, type Status } from '../src/engine/apiserver/rest/status.ts';
import type { ApiRequest, Prepared } from '../src/engine/apiserver/rest/write.ts';
import type { StoreState } from '../src/engine/apiserver/store.ts';
import { toRFC3339 } from '../src/engine/lib/time.ts';
import { mainView } from './managedFields.ts';

export const APPLY_PATCH = 'application/apply-patch+yaml';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What an accepted apply becomes: the write to run, the writer's entries once it has run, and where. */
export interface PreparedApply {
  request: ApiRequest;
  entries: Managed[];
  resource: ResourceInfo;
  key: string;
  writer: Writer;
}

/** decodeApplyBody reads an apply patch: YAML (JSON is YAML) holding one object. */
export function decodeApplyBody(raw: string): { body: Json } | { status: Status } {
  let v: unknown;
  try {
    v = parseYaml(raw, KUBE_YAML);
  } catch (e) {
    return { status: newBadRequest(`error decoding YAML: ${e instanceof Error ? e.message : String(e)}`) };
  }
  if (!isObject(v)) {
    const got = Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v;
    return { status: newBadRequest(`error unmarshaling JSON: while decoding JSON: json: cannot unmarshal ${got} into Go value of type map[string]interface {}`) };
  }
  return { body: v };
}

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/** lastAppliedFields: the fields of the object's last-applied-configuration annotation (none when absent or unreadable). */
function lastAppliedFields(obj: KubeObject, kind: string): Set<string> {
  const text = obj.metadata.annotations?.[LAST_APPLIED];
  if (!text) return new Set();
  try {
    const v: unknown = JSON.parse(text);
    return isObject(v) ? toFieldSet(v, schemaOf(kind)) : new Set();
  } catch {
    return new Set();
  }
}

function withQuery(path: string, query: URLSearchParams): string {
  const q = query.toString();
  return q ? `${path}?${q}` : path;
}

/**
 * prepareApply decides an apply against the store and the object's managers: the write it
 * amounts to, or the Status kube-apiserver answers (400, 404, 405, 409, 422).
 */
export function prepareApply(
  store: StoreState,
  now: number,
  pathname: string,
  info: RequestInfo,
  query: URLSearchParams,
  body: unknown,
  managedOf: (obj: KubeObject, key: string) => Managed[] | undefined,
): PreparedApply | { status: Status } {
  const r = findResource(info.group, info.version, info.resource);
  if (!r || info.name === '') return { status: newNotFoundPath() };
  if (info.subresource !== '') return { status: newMethodNotSupported(r, `apply ${info.subresource}`) };
  // The field sets are tracked in the stored version's schema only: a converted version's apply is refused, not merged wrongly.
  if (r.storageVersion !== undefined) return { status: newMethodNotSupported(r, 'apply') };
  const manager = query.get('fieldManager') ?? '';
  if (manager === '') return { status: newInvalid('PatchOptions', 'meta.k8s.io', '', [required('fieldManager', 'is required for apply patch')]) };
  if (!isObject(body)) return { status: newBadRequest('the body of the request was in an unknown format') };
  if (typeof body.kind !== 'string' || body.kind === '') return { status: newBadRequest(`Object 'Kind' is missing in '${JSON.stringify(body)}'`) };
  const meta = isObject(body.metadata) ? body.metadata : {};
  if (meta.managedFields !== undefined && meta.managedFields !== null) return { status: newBadRequest('metadata.managedFields must be nil') };
  // The status is the status subresource's: the main resource's apply leaves it out (resetFields).
  const { status: _status, ...config } = body;
  config.metadata = { ...meta, name: meta.name ?? info.name };
  const key = r.namespaced ? `${info.namespace}/${info.name}` : info.name;
  const cur = store.objects[r.kind].get(key);
  const writer: Writer = { manager, operation: 'Apply', apiVersion: groupVersionOf(r), subresource: '' };
  const force = query.get('force') === 'true';
  const entries = cur ? (managedOf(cur, key) ?? []) : [];
  let result = apply(entries, mainView(cur), config, schemaOf(r.kind), writer, force, toRFC3339(now));
  if ('conflicts' in result && manager === 'kubectl' && cur) {
    // lastAppliedManager: kubectl's first server-side apply after client-side ones takes the
    // fields its last-applied-configuration annotation names, so switching raises no conflict
    // over them; conflicts over anything else still stand.
    const allowed = lastAppliedFields(cur, r.kind);
    const rest = result.conflicts.filter((c) => !allowed.has(c.path));
    result = rest.length === 0 ? apply(entries, mainView(cur), config, schemaOf(r.kind), writer, true, toRFC3339(now)) : { conflicts: rest };
  }
  if ('conflicts' in result) return { status: newApplyConflict(conflictCauses(result.conflicts), conflictMessage(result.conflicts)) };
  // The recorded write keeps the manager and drops apply's own parameters.
  const q = new URLSearchParams(query);
  q.delete('force');
  const base = pathname.replace(/\/$/, '');
  if (!cur) {
    const collection = base.slice(0, base.lastIndexOf('/'));
    return { request: { method: 'POST', path: withQuery(collection, q), contentType: 'application/json', body: result.object }, entries: result.entries, resource: r, key, writer };
  }
  return { request: { method: 'PUT', path: withQuery(base, q), contentType: 'application/json', body: result.object }, entries: result.entries, resource: r, key, writer };
}

/**
 * clientManagedFields: the metadata.managedFields a create or update carries when they are not
 * the ones served (a client setting them, kubectl's client-side-apply upgrade): validated (422
 * for a wrong shape, in ObjectMeta validation's words) and decoded. null when there are none.
 */
export function clientManagedFields(
  p: Extract<Prepared, { ok: true }>,
  cur: KubeObject | undefined,
  served: (o: KubeObject) => KubeObject,
): { entries: Managed[]; onlyManagedFields: boolean } | { status: Status } | null {
  const plan = p.plan;
  if ((plan.op !== 'create' && plan.op !== 'update') || (plan.op === 'update' && plan.scale)) return null;
  const sent = (plan.object.metadata as { managedFields?: unknown }).managedFields;
  if (sent === undefined) return null;
  const kept = cur ? (served(cur).metadata as { managedFields?: unknown }).managedFields : undefined;
  if (isDeepStrictEqual(sent, kept)) return null;
  if (!Array.isArray(sent)) return { status: newBadRequest('json: cannot unmarshal into Go struct field ObjectMeta.metadata.managedFields of type []v1.ManagedFieldsEntry') };
  const errs = validateManagedFields(sent);
  const r = plan.resource;
  if (errs.length) return { status: newInvalid(r.kind, r.group, plan.object.metadata.name ?? '', errs) };
  const entries = decodeManagedFields(sent);
  if ('error' in entries) return { status: newBadRequest(entries.error) };
  const strip = (o: KubeObject) => ({ ...o, metadata: { ...o.metadata, managedFields: undefined, resourceVersion: undefined } });
  return { entries, onlyManagedFields: cur !== undefined && isDeepStrictEqual(JSON.parse(JSON.stringify(strip(cur))), JSON.parse(JSON.stringify(strip(plan.object)))) };
}

/** withoutManagedFields is a request as recorded: the engine's objects keep no managedFields. */
export function withoutManagedFields(req: ApiRequest): ApiRequest {
  const body = req.body as { metadata?: Record<string, unknown> } | undefined;
  if (!body?.metadata || !('managedFields' in body.metadata) || req.method === 'PATCH') return req;
  const { managedFields: _m, ...metadata } = body.metadata;
  return { ...req, body: { ...body, metadata } };
}
