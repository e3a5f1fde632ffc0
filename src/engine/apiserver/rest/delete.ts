// Port of kubernetes staging/src/k8s.io/apiserver/pkg/endpoints/handlers/delete.go and
// apimachinery's ValidateDeleteOptions (v1.36): a DELETE's options, from its body or its query.
import { type FieldError, invalid, notSupported } from '../../apimachinery/fieldErrors.ts';
import { DELETION_PROPAGATIONS, type DeletionPropagation } from '../finalizers.ts';
import type { ApiView, Prepared, WritePlan } from './write.ts';
import type { RequestInfo } from './requestInfo.ts';
import type { ResourceInfo } from './resources.ts';
import { newConflict, newInvalid, newMethodNotSupported, newNotFound, statusOf } from './status.ts';
import { refuseImmortalDelete } from '../admission/namespaceLifecycle.ts';
import { purgeConflict } from '../namespaceDelete.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The DeleteOptions a request carries, as the handler decodes them. */
export interface ParsedDeleteOptions {
  gracePeriodSeconds?: number;
  uid?: string;
  resourceVersion?: string;
  propagationPolicy?: DeletionPropagation;
  /** ValidateDeleteOptions' errors (a 422 on DeleteOptions.meta.k8s.io). */
  errors: FieldError[];
}

/**
 * deleteOptions reads the body's DeleteOptions, or, without a body, the query's
 * (`?propagationPolicy=Orphan&gracePeriodSeconds=0`, as a client without a body sends them).
 * The legacy orphanDependents maps to its policy: true orphans, false deletes the dependents in
 * the background.
 */
export function deleteOptions(body: unknown, query: URLSearchParams): ParsedDeleteOptions {
  const src: Json = isObject(body) ? body : queryOptions(query);
  const out: ParsedDeleteOptions = { errors: [] };
  if (typeof src.gracePeriodSeconds === 'number') out.gracePeriodSeconds = src.gracePeriodSeconds;
  const pre = src.preconditions;
  if (isObject(pre)) {
    if (typeof pre.uid === 'string') out.uid = pre.uid;
    if (typeof pre.resourceVersion === 'string') out.resourceVersion = pre.resourceVersion;
  }
  const policy = src.propagationPolicy;
  const orphan = src.orphanDependents;
  if (policy !== undefined && policy !== null && orphan !== undefined && orphan !== null) {
    out.errors.push(invalid('propagationPolicy', policy, 'orphanDependents and deletionPropagation cannot be both set'));
  } else if (policy !== undefined && policy !== null) {
    if (DELETION_PROPAGATIONS.includes(policy as DeletionPropagation)) out.propagationPolicy = policy as DeletionPropagation;
    else out.errors.push(notSupported('propagationPolicy', policy, [...DELETION_PROPAGATIONS, 'nil']));
  } else if (typeof orphan === 'boolean') out.propagationPolicy = orphan ? 'Orphan' : 'Background';
  return out;
}

function queryOptions(query: URLSearchParams): Json {
  const out: Json = {};
  const grace = query.get('gracePeriodSeconds');
  if (grace !== null && /^-?\d+$/.test(grace)) out.gracePeriodSeconds = Number(grace);
  const policy = query.get('propagationPolicy');
  if (policy !== null) out.propagationPolicy = policy;
  const orphan = query.get('orphanDependents');
  if (orphan === 'true' || orphan === 'false') out.orphanDependents = orphan === 'true';
  return out;
}

/** prepareDelete: a DELETE (or an eviction's deleteOptions) checked against the stored object. */
export function prepareDelete(st: ApiView, r: ResourceInfo, info: RequestInfo, body: unknown, query: URLSearchParams, evict: boolean): Prepared {
  const key = r.namespaced ? `${info.namespace}/${info.name}` : info.name;
  const cur = st.store.objects[r.kind].get(key);
  if (!cur) return { ok: false, status: newNotFound(r, info.name) };
  if (r.kind === 'Event' || r.kind === 'ControllerRevision' || r.kind === 'EndpointSlice' || r.kind === 'Endpoints') {
    // Deletable upstream; here no controller would notice, so the write is refused plainly.
    return { ok: false, status: newMethodNotSupported(r, 'delete') };
  }
  if (cur.kind === 'Namespace') {
    // NamespaceLifecycle's immortal namespaces, and the registry's Conflict while one is emptied.
    const immortal = refuseImmortalDelete(cur.metadata.name);
    if (immortal) return { ok: false, status: { ...statusOf(403, immortal), details: { name: info.name, kind: r.resource } } };
    if (cur.metadata.deletionTimestamp !== undefined && (cur.spec?.finalizers ?? []).length > 0) {
      return { ok: false, status: { ...statusOf(409, purgeConflict(info.name)), details: { name: info.name, kind: r.resource } } };
    }
  }
  const opts = deleteOptions(evict && isObject(body) ? body.deleteOptions : body, evict ? new URLSearchParams() : query);
  if (opts.errors.length) return { ok: false, status: newInvalid('DeleteOptions', 'meta.k8s.io', '', opts.errors) };
  if (opts.uid !== undefined && opts.uid !== cur.metadata.uid) return { ok: false, status: newConflict(r, info.name) };
  if (opts.resourceVersion !== undefined && opts.resourceVersion !== cur.metadata.resourceVersion) {
    return { ok: false, status: newConflict(r, info.name) };
  }
  const plan: Extract<WritePlan, { op: 'delete' | 'evict' }> = { op: evict ? 'evict' : 'delete', resource: r, key, name: info.name };
  if (opts.gracePeriodSeconds !== undefined) plan.gracePeriodSeconds = opts.gracePeriodSeconds;
  if (!evict && opts.propagationPolicy !== undefined) (plan as Extract<WritePlan, { op: 'delete' }>).propagationPolicy = opts.propagationPolicy;
  return { ok: true, plan, info, warnings: [] };
}
