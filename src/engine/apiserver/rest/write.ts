/**
 * Writes through the REST API, as kube-apiserver's handlers and registry strategies do them
 * (staging/src/k8s.io/apiserver/pkg/endpoints/handlers/{create,update,patch,delete}.go, the
 * generic registry store, pkg/registry/apps and core): decode the body, default, validate, check
 * the resourceVersion, store, answer with the stored object or a Status.
 *
 * Two steps, so that only accepted writes become ticks: prepareRequest reads the store and either
 * refuses (a Status: nothing is written, as an API server that rejects a request writes nothing to
 * etcd) or returns a plan; executePlan (client/request.ts) carries the plan out inside a tick's
 * transaction. The served API and a
 * replay of a recorded session (a `request:` action) run the same two steps on the same state, so
 * they write the same objects.
 */
import type { Deployment, KubeObject, ReplicaSet } from '../../api/types.ts';
import type { StatefulSet } from '../../api/statefulTypes.ts';
import { strategicMergePatch } from '../../apimachinery/patch.ts';
import type { StoreState } from '../store.ts';
import { invalid, required } from '../../apimachinery/fieldErrors.ts';
import { applyJSPatch, decodePatchedScale, patchInvalid } from './jsonPatcher.ts';
import { goSprintV, pruned } from '../decoding/fromUnstructured.ts';
import { decodedGoType } from '../decoding/manifestShape.ts';
import { CREATABLE, prepareObject } from './kinds.ts';
import { prepareUpdated, updateRefused } from './update.ts';
import { heldNodePorts, requestedNodePortErrors } from '../createPolicy.ts';
import { prepareDelete } from './delete.ts';
import { prepareEviction } from './evict.ts';
import type { DeletionPropagation } from '../finalizers.ts';
import { newRequestInfo, type RequestInfo } from './requestInfo.ts';
import { findResource, groupVersionOf, type ResourceInfo } from './resources.ts';
import { fromServedVersion, storageResource, toServedVersion } from './versions.ts';
import {
  newAlreadyExists,
  newBadRequest,
  newConflict,
  newInvalid,
  newMethodNotSupported,
  newNoProcessToStream,
  STREAMING_POD_SUBRESOURCES,
  newNotFound,
  newNotFoundPath,
  newUnsupportedMediaType,
  type Status,
} from './status.ts';

/** What a request reads: the store and the virtual clock (the engine state is one). */
export interface ApiView {
  store: StoreState;
  now: number;
}

/** One HTTP request that writes, as a client sent it: what a `request:` action records. */
export interface ApiRequest {
  method: string;
  /** The path with its query string: `/apis/apps/v1/namespaces/default/deployments/web?fieldManager=kubectl-set`. */
  path: string;
  /** The body's media type; patches need it. */
  contentType?: string;
  /** The decoded JSON body, when there is one. */
  body?: unknown;
}

/** What a prepared write will do. */
export type WritePlan =
  | { op: 'create'; resource: ResourceInfo; object: KubeObject }
  | { op: 'update'; resource: ResourceInfo; object: KubeObject; scale: boolean }
  | { op: 'delete'; resource: ResourceInfo; key: string; name: string; gracePeriodSeconds?: number; propagationPolicy?: DeletionPropagation }
  | { op: 'evict'; resource: ResourceInfo; key: string; name: string; gracePeriodSeconds?: number };

export type Prepared = { ok: true; plan: WritePlan; info: RequestInfo; warnings: string[] } | { ok: false; status: Status };

/**
 * The decoding step of the API server that the engine leaves to its caller (the served API
 * decodes manifests with the scenario's Go-type table): warnings for unknown fields under
 * `fieldValidation=Warn`, or the decoder's error (a 400).
 */
/**
 * How a patched object came to be: a strategic merge patch's (`smp`, the patch) is converted from
 * a map, a JSON or merge patch's decoded from its JSON text (`json`); either way a value that does
 * not decode is a 422 on the field `patch` (jsonPatcher.ts, applyPatchToObject).
 */
export type Patched = { smp: unknown } | { json: string };

/**
 * DecodeHook decodes a body (create, update) or a patched object: warnings, a 400's message, or
 * the decoder's or converter's error for a patched object, which the handler answers as a 422 on
 * the field `patch` with the patch (a strategic merge patch) or the patched JSON as its value.
 */
export type DecodeHook = (
  kind: string,
  obj: Record<string, unknown>,
  fieldValidation: RequestInfo['fieldValidation'],
  patched?: Patched,
) => { warnings: string[] } | { error: string } | { patchInvalid: string };

export interface PrepareOptions {
  decode?: DecodeHook;
  /**
   * The object as the server serves it, which a patch applies to: the served API adds the
   * metadata.managedFields it keeps beside the engine (a JSON patch of them, as kubectl's
   * client-side-apply upgrade sends, finds them there). Absent, the stored object.
   */
  served?: (obj: KubeObject) => KubeObject;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** splitPath separates `/a/b?x=1` into the path and its query. */
export function splitPath(path: string): { pathname: string; query: URLSearchParams } {
  const q = path.indexOf('?');
  return q < 0 ? { pathname: path, query: new URLSearchParams() } : { pathname: path.slice(0, q), query: new URLSearchParams(path.slice(q + 1)) };
}

function keyFor(r: ResourceInfo, namespace: string, name: string): string {
  return r.namespaced ? `${namespace}/${name}` : name;
}

/** checkKind: the body is an object of the resource's kind and group/version (the decoder's checks). */
function checkKind(r: ResourceInfo, body: unknown): Status | null {
  if (!isObject(body)) return newBadRequest('the body of the request was in an unknown format');
  const gv = groupVersionOf(r);
  if (body.apiVersion !== undefined && body.apiVersion !== gv) {
    return newBadRequest(`the API version in the data (${String(body.apiVersion)}) does not match the expected API version (${gv})`);
  }
  if (body.kind !== undefined && body.kind !== r.kind) {
    return newBadRequest(`${String(body.kind)} in version "${r.version}" cannot be handled as a ${r.kind}: the kind in the data does not match`);
  }
  if (body.metadata !== undefined && !isObject(body.metadata)) return newBadRequest('metadata must be an object');
  return null;
}

/** withIdentity is the body with its kind, apiVersion and the request's namespace filled in. */
function withIdentity(r: ResourceInfo, info: RequestInfo, body: Json): KubeObject | Status {
  const meta = (isObject(body.metadata) ? { ...body.metadata } : {}) as Json;
  if (r.namespaced) {
    if (meta.namespace !== undefined && meta.namespace !== '' && meta.namespace !== info.namespace) {
      return newBadRequest('the namespace of the provided object does not match the namespace sent on the request');
    }
    meta.namespace = info.namespace;
  } else delete meta.namespace;
  return { ...body, apiVersion: groupVersionOf(r), kind: r.kind, metadata: meta } as unknown as KubeObject;
}

/** dropNulls drops `null` members of mappings, as Go's decoder leaves such fields unset. */
export function dropNulls(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(dropNulls);
  if (!isObject(v)) return v;
  const out: Json = {};
  for (const [k, x] of Object.entries(v)) if (x !== null) out[k] = dropNulls(x);
  return out;
}

/**
 * decodeBody: the body as the decoder leaves it (nulls dropped), with the decode hook's warnings,
 * or its 400. The hook only refuses or warns, so a replay without it stores the same object.
 */
function decodeBody(r: ResourceInfo, body: Json, info: RequestInfo, opts: PrepareOptions, patched?: Patched): { body: Json; warnings: string[] } | Status {
  // The typed object keeps no unknown field: a Warn or Ignore decode drops them (a Strict one was
  // refused by the hook), here so that a replay without the hook stores the same object.
  const typed = decodedGoType(r.kind);
  const kept = typed ? pruned(typed, body) : body;
  const decoded = dropNulls(kept) as Json;
  if (!opts.decode) return { body: decoded, warnings: [] };
  const d = opts.decode(r.kind, body, info.fieldValidation, patched);
  // GroupKind{} and no name: the message reads ` "" is invalid: patch: Invalid value: "map[…]": …`.
  if ('patchInvalid' in d && patched) return patchInvalid('smp' in patched ? goSprintV(patched.smp) : patched.json, d.patchInvalid);
  if ('patchInvalid' in d) return newBadRequest(d.patchInvalid);
  return 'error' in d ? newBadRequest(d.error) : { body: decoded, warnings: d.warnings };
}

function prepareCreate(st: ApiView, served: ResourceInfo, info: RequestInfo, raw: unknown, opts: PrepareOptions): Prepared {
  const bad = checkKind(served, raw);
  if (bad) return { ok: false, status: bad };
  const decoded = decodeBody(served, raw as Json, info, opts);
  if ('code' in decoded) return { ok: false, status: decoded };
  // From here on the object is in the version it is stored in (versions.ts).
  const r = storageResource(served);
  const body = fromServedVersion(served, decoded.body);
  if (!CREATABLE.has(r.kind)) return { ok: false, status: newMethodNotSupported(r, 'create') };
  const obj = withIdentity(r, info, body as Json);
  if ('code' in obj) return { ok: false, status: obj };
  // A client's status is the server's to write: PrepareForCreate drops it.
  const { status: _status, ...fresh } = obj as Deployment;
  const name = fresh.metadata.name ?? '';
  if (!name && !fresh.metadata.generateName) {
    return { ok: false, status: newInvalid(r.kind, r.group, '', [required('metadata.name', 'name or generateName is required')]) };
  }
  const p = prepareObject(fresh as unknown as KubeObject);
  if ('badRequest' in p) return { ok: false, status: newBadRequest(p.badRequest) };
  if ('invalid' in p) return { ok: false, status: newInvalid(r.kind, r.group, name, p.invalid) };
  const created = p.object;
  if (name && st.store.objects[r.kind].has(keyFor(r, info.namespace, name))) return { ok: false, status: newAlreadyExists(r, name) };
  // The registry's node port allocation refuses a port asked for out of the range or held (a 422).
  if (created.kind === 'Service') {
    const errs = requestedNodePortErrors(created, heldNodePorts(st.store.objects.Service.values()));
    if (errs.length > 0) return { ok: false, status: newInvalid(r.kind, r.group, name, errs) };
  }
  return { ok: true, plan: { op: 'create', resource: r, object: created }, info, warnings: decoded.warnings };
}

/** scaleOf is the autoscaling/v1 Scale of a Deployment, ReplicaSet or StatefulSet, as the scale subresource answers. */
export function scaleOf(obj: Deployment | ReplicaSet | StatefulSet): Json {
  const { name, namespace, uid, resourceVersion, creationTimestamp } = obj.metadata;
  const selector = Object.entries(obj.spec.selector.matchLabels ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
  return {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: { name, namespace, uid, resourceVersion, creationTimestamp },
    spec: { replicas: obj.spec.replicas ?? 1 },
    status: { replicas: obj.status?.replicas ?? 0, selector },
  };
}

/** applyPatch applies a body of the request's patch type to a JSON document: the patched value, and how it came to be. */
function applyPatch(doc: unknown, contentType: string, patch: unknown, info: RequestInfo): { value: unknown; patched: Patched } | { status: Status } {
  const type = contentType.split(';')[0]?.trim() ?? '';
  if (type === 'application/strategic-merge-patch+json') {
    if (!isObject(patch)) return { status: newBadRequest('json: cannot unmarshal into Go value of type map[string]interface {}') };
    return { value: strategicMergePatch(doc, patch), patched: { smp: patch } };
  }
  if (type === 'application/merge-patch+json' || type === 'application/json-patch+json') {
    const r = applyJSPatch(doc as Json, type, patch, info.fieldValidation);
    return 'status' in r ? r : { value: r.value, patched: { json: r.text } };
  }
  return { status: newUnsupportedMediaType(type) };
}

function prepareUpdate(st: ApiView, served: ResourceInfo, info: RequestInfo, req: ApiRequest, opts: PrepareOptions): Prepared {
  const r = storageResource(served);
  const key = keyFor(r, info.namespace, info.name);
  const cur = st.store.objects[r.kind].get(key);
  if (!cur) return { ok: false, status: newNotFound(r, info.name) };
  const scale = info.subresource === 'scale';
  if (info.subresource !== '' && !scale) return { ok: false, status: newMethodNotSupported(r, `${info.verb} ${info.subresource}`) };
  if (scale && cur.kind !== 'Deployment' && cur.kind !== 'ReplicaSet' && cur.kind !== 'StatefulSet') return { ok: false, status: newNotFoundPath() };
  const refused = updateRefused(r, info.verb);
  if (refused) return { ok: false, status: refused };
  let next: unknown;
  let patched: Patched | undefined;
  // A patch applies to the object in the request's version, as the client read it.
  const base: unknown = scale ? scaleOf(cur as Deployment) : toServedVersion(served, opts.served?.(cur) ?? cur);
  if (info.verb === 'patch') {
    const p = applyPatch(structuredClone(base), req.contentType ?? '', req.body, info);
    if ('status' in p) return { ok: false, status: p.status };
    next = p.value;
    patched = p.patched;
  } else next = req.body;
  if (scale) {
    const d = patched && 'json' in patched && isObject(next) ? decodePatchedScale(next, patched.json, info.fieldValidation) : { warnings: [] };
    return 'status' in d ? { ok: false, status: d.status } : prepareScale(r, info, cur as Deployment | ReplicaSet | StatefulSet, next, d.warnings);
  }
  const bad = checkKind(served, next);
  if (bad) return { ok: false, status: bad };
  const decoded = decodeBody(served, next as Json, info, opts, patched);
  if ('code' in decoded) return { ok: false, status: decoded };
  const body = fromServedVersion(served, decoded.body);
  const bodyName = isObject(body.metadata) ? body.metadata.name : undefined;
  if (bodyName !== info.name) {
    return { ok: false, status: newBadRequest(`the name of the object (${String(bodyName ?? '')}) does not match the name on the URL (${info.name})`) };
  }
  const obj = withIdentity(r, info, body);
  if ('code' in obj) return { ok: false, status: obj };
  const rv = obj.metadata.resourceVersion;
  if (rv !== undefined && rv !== '' && rv !== cur.metadata.resourceVersion) return { ok: false, status: newConflict(r, info.name) };
  // Defaulted, validated, its node ports checked, admitted (update.ts, which the page's kubectl runs too).
  const p = prepareUpdated(st.store.objects.Service.values(), r, obj, cur);
  if ('status' in p) return { ok: false, status: p.status };
  return { ok: true, plan: { op: 'update', resource: r, object: p.object, scale: false }, info, warnings: decoded.warnings };
}

function prepareScale(r: ResourceInfo, info: RequestInfo, cur: Deployment | ReplicaSet | StatefulSet, next: unknown, warnings: string[]): Prepared {
  if (!isObject(next)) return { ok: false, status: newBadRequest('the body of the request was in an unknown format') };
  const spec = isObject(next.spec) ? next.spec : {};
  const replicas = spec.replicas ?? 0;
  const meta = isObject(next.metadata) ? next.metadata : {};
  if (typeof replicas !== 'number' || !Number.isInteger(replicas) || replicas < 0) {
    const errs = [invalid('spec.replicas', replicas, 'must be greater than or equal to 0')];
    return { ok: false, status: newInvalid('Scale', 'autoscaling', info.name, errs) };
  }
  const rv = meta.resourceVersion;
  if (typeof rv === 'string' && rv !== '' && rv !== cur.metadata.resourceVersion) return { ok: false, status: newConflict(r, info.name) };
  const obj = { ...cur, spec: { ...cur.spec, replicas } } as KubeObject;
  return { ok: true, plan: { op: 'update', resource: r, object: obj, scale: true }, info, warnings };
}

/**
 * prepareRequest decides a write without making it: a plan, or the Status the API server
 * answers with (404, 409, 422, 400, 405, 415). It reads the store and writes nothing.
 */
export function prepareRequest(st: ApiView, req: ApiRequest, opts: PrepareOptions = {}): Prepared {
  const { pathname, query } = splitPath(req.path);
  const info = newRequestInfo(req.method, pathname, query);
  if (!info.isResourceRequest) return { ok: false, status: newNotFoundPath() };
  const r = findResource(info.group, info.version, info.resource);
  if (!r || (r.namespaced && info.namespace === '' && info.verb !== 'list' && info.verb !== 'watch')) {
    return { ok: false, status: newNotFoundPath() };
  }
  switch (info.verb) {
    case 'create':
      if (info.subresource === 'eviction' && r.kind === 'Pod') {
        const name = isObject(req.body) && isObject(req.body.metadata) ? req.body.metadata.name : undefined;
        if (name !== info.name) return { ok: false, status: newBadRequest(`name in URL does not match name in Eviction object`) };
        const evict = prepareDelete(st, r, info, req.body, query, true);
        return evict.ok ? prepareEviction(st, evict, info) : evict;
      }
      if (r.kind === 'Pod' && info.name !== '' && STREAMING_POD_SUBRESOURCES.has(info.subresource)) {
        return { ok: false, status: st.store.objects.Pod.get(`${info.namespace}/${info.name}`) ? newNoProcessToStream(info.subresource, info.name) : newNotFound(r, info.name) };
      }
      if (info.name !== '' || info.subresource !== '') return { ok: false, status: newMethodNotSupported(r, 'create') };
      return prepareCreate(st, r, info, req.body, opts);
    case 'update':
    case 'patch':
      return prepareUpdate(st, r, info, req, opts);
    case 'delete':
      return prepareDelete(st, r, info, req.body, query, false);
    default:
      return { ok: false, status: newMethodNotSupported(r, info.verb) };
  }
}

/** The answer of an executed write: the HTTP code and the stored object (or a Status). */
export interface RestResult {
  code: number;
  body: unknown;
}
