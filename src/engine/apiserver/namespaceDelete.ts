// Port of kubernetes pkg/registry/core/namespace/storage/storage.go (v1.36): a namespace's Delete.
/**
 * The first delete of a namespace removes nothing: it sets the deletionTimestamp and the phase
 * Terminating, and the namespace controller empties it. Until its spec.finalizers (`kubernetes`)
 * are gone, a delete is a Conflict; once they are, the delete removes it.
 */
import type { Namespace } from '../api/coreTypes.ts';
import type { KubeObject } from '../api/types.ts';
import { toRFC3339 } from '../lib/time.ts';
import { refuseImmortalDelete } from './admission/namespaceLifecycle.ts';
import { type ApiError, type ApiResult, newConflict } from './errors.ts';
import { setFinalizers } from './finalizers.ts';
import { emit, type StoreState, type WriteContext } from './storeCore.ts';

/** The Conflict a namespace being emptied answers to a delete (two spaces after the first sentence, as upstream). */
export const NAMESPACE_PURGE_MESSAGE =
  'The system is ensuring all content is removed from this namespace.  Upon completion, this namespace will automatically be purged by the system.';

export function deleteNamespace(
  st: StoreState,
  ctx: WriteContext,
  cur: Namespace,
  key: string,
  finalizers: string[] | undefined,
  remove: () => ApiResult<KubeObject>,
): ApiResult<KubeObject> {
  const refused = refuseImmortalDelete(cur.metadata.name);
  if (refused) return { ok: false, error: refused };
  if (cur.metadata.deletionTimestamp === undefined) {
    const metadata = { ...cur.metadata, resourceVersion: String(++st.rv), deletionTimestamp: toRFC3339(ctx.now) };
    if (finalizers !== undefined) setFinalizers(metadata, finalizers);
    const stored: Namespace = { ...cur, metadata, status: { ...cur.status, phase: 'Terminating' } };
    emit(st, ctx, 'MODIFIED', stored, key, cur);
    return { ok: true, object: stored };
  }
  if ((cur.spec?.finalizers ?? []).length > 0) return { ok: false, error: purgeConflict(cur.metadata.name) };
  return remove();
}

/** purgeConflict: the Conflict a delete of a namespace still being emptied gets. */
export function purgeConflict(name: string): ApiError {
  return { ...newConflict('Namespace', name), message: `Operation cannot be fulfilled on namespaces "${name}": ${NAMESPACE_PURGE_MESSAGE}` };
}
