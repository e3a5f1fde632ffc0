// Port of kubernetes staging/src/k8s.io/apiserver/pkg/registry/generic/registry/store.go (v1.36):
// Store.Delete (graceful deletion, finalizers) and the removal that ends it.
import type { Kind, KubeObject } from '../api/types.ts';
import { parseRFC3339, toRFC3339 } from '../lib/time.ts';
import { type ApiResult, newConflict, newNotFound } from './errors.ts';
import { type DeletionPropagation, deletionFinalizersForGarbageCollection, hasFinalizers, setFinalizers } from './finalizers.ts';
import { deletingMeta, withMetadata, withResourceVersion } from './layout.ts';
import { deleteNamespace } from './namespaceDelete.ts';
import { emit, type StoreState, type WriteContext } from './storeCore.ts';

/** What a delete is asked with (DeleteOptions): the grace period, a uid precondition, the propagation policy. */
export interface DeleteOptions {
  gracePeriodSeconds?: number;
  uid?: string;
  propagationPolicy?: DeletionPropagation;
}

/**
 * deleteObject deletes as the API server does. A pod bound to a node is deleted gracefully
 * (deletionTimestamp = now + grace; the kubelet removes it later). An object with finalizers,
 * its own or the ones the propagation policy adds (`orphan`, `foregroundDeletion`), gets a
 * deletionTimestamp and stays until they are all taken off. Anything else is removed at once, and
 * the garbage collector deletes its dependents in the background.
 */
export function deleteObject(st: StoreState, ctx: WriteContext, kind: Kind, key: string, opts: DeleteOptions = {}): ApiResult<KubeObject> {
  const cur = st.objects[kind].get(key);
  if (!cur) return { ok: false, error: newNotFound(kind, key.split('/').pop() ?? key) };
  if (opts.uid && cur.metadata.uid !== opts.uid) return { ok: false, error: newConflict(kind, cur.metadata.name) };
  const finalizers = deletionFinalizersForGarbageCollection(cur.metadata.finalizers, opts.propagationPolicy);
  if (cur.kind === 'Namespace') return deleteNamespace(st, ctx, cur, key, finalizers, () => removeObject(st, ctx, kind, key));
  const meta = cur.metadata;
  if (meta.deletionTimestamp !== undefined) {
    const grace = meta.deletionGracePeriodSeconds ?? 0;
    if (grace > 0) {
      // A graceful deletion pending (a pod terminating): only a shorter grace period changes it,
      // the deletionTimestamp moved by the difference (BeforeDelete). 0 removes it now
      // (`kubectl delete pod --force --grace-period=0` on a pod stuck Terminating). The
      // finalizers stay as they are: DeleteOptions cannot change them while the grace runs.
      const asked = opts.gracePeriodSeconds;
      if (asked === undefined || Math.max(asked, 0) >= grace) return { ok: true, object: cur };
      if (asked <= 0 && !hasFinalizers(meta)) return removeObject(st, ctx, kind, key);
      const at = toRFC3339(parseRFC3339(meta.deletionTimestamp) + (Math.max(asked, 0) - grace) * 1000);
      return markDeleting(st, ctx, key, cur, at, Math.max(asked, 0), undefined);
    }
    // Being deleted already: a second delete changes at most the finalizers its policy asks for
    // (`--cascade=foreground` after `--cascade=orphan` waits for the dependents instead).
    if (finalizers === undefined) return { ok: true, object: cur };
    return markDeleting(st, ctx, key, cur, meta.deletionTimestamp, grace, finalizers);
  }
  if (cur.kind === 'Pod') {
    const phase = cur.status?.phase;
    const terminal = phase === 'Failed' || phase === 'Succeeded';
    if (cur.spec.nodeName && !terminal) {
      const grace = opts.gracePeriodSeconds ?? cur.spec.terminationGracePeriodSeconds ?? 30;
      if (grace > 0) return markDeleting(st, ctx, key, cur, toRFC3339(ctx.now + grace * 1000), grace, finalizers);
    }
  }
  if (finalizers !== undefined ? finalizers.length > 0 : hasFinalizers(meta)) {
    return markDeleting(st, ctx, key, cur, toRFC3339(ctx.now), 0, finalizers);
  }
  return removeObject(st, ctx, kind, key);
}

/**
 * markDeleting stores the object with its deletionTimestamp and grace period (and the finalizers
 * the policy left, when it changed them): MODIFIED, not DELETED.
 */
function markDeleting(
  st: StoreState,
  ctx: WriteContext,
  key: string,
  cur: KubeObject,
  deletionTimestamp: string,
  grace: number,
  finalizers: string[] | undefined,
): ApiResult<KubeObject> {
  const meta = deletingMeta(cur.metadata, String(++st.rv), deletionTimestamp, grace);
  // The first deletionTimestamp bumps the generation of an object that has one (markAsDeleting,
  // BeforeDelete): its controller should take no new action from then on.
  if (cur.metadata.deletionTimestamp === undefined && (cur.metadata.generation ?? 0) > 0) meta.generation = (cur.metadata.generation ?? 0) + 1;
  if (finalizers !== undefined) setFinalizers(meta, finalizers);
  const stored: KubeObject = withMetadata(cur, meta);
  emit(st, ctx, 'MODIFIED', stored, key, cur);
  return { ok: true, object: stored };
}

/**
 * removeObject takes an object out of the store for good (the last step of a graceful delete: the
 * kubelet's delete with grace period 0). An object still held by a finalizer stays, its grace
 * period now 0, until an update takes the last one off (store.ts updateObject).
 */
export function removeObject(st: StoreState, ctx: WriteContext, kind: Kind, key: string): ApiResult<KubeObject> {
  const cur = st.objects[kind].get(key);
  if (!cur) return { ok: false, error: newNotFound(kind, key.split('/').pop() ?? key) };
  const meta = cur.metadata;
  if (hasFinalizers(meta)) {
    if (meta.deletionTimestamp !== undefined && meta.deletionGracePeriodSeconds === 0) return { ok: true, object: cur };
    return markDeleting(st, ctx, key, cur, meta.deletionTimestamp ?? toRFC3339(ctx.now), 0, undefined);
  }
  const gone: KubeObject = withMetadata(cur, withResourceVersion(meta, String(++st.rv)));
  emit(st, ctx, 'DELETED', gone, key, cur);
  return { ok: true, object: gone };
}
