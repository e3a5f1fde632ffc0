// Port of kubernetes pkg/controller/namespace/namespace_controller.go and the Delete of
// deletion/namespaced_resources_deleter.go (v1.36).
/**
 * A namespace deleted is Terminating until this controller has emptied it: each pass deletes what
 * is in it, reports what is left in the namespace's conditions, and comes back when it should be
 * gone (half the estimate plus a second). Empty, the namespace loses its `kubernetes` finalizer
 * and the API server removes it.
 */
import { decide } from '../../api/decision.ts';
import type { Namespace } from '../../api/coreTypes.ts';
import type { WatchRecord } from '../../apiserver/store.ts';
import { del, enqueueAfter, note, type Tx, update, writeStatusOf } from '../../client/tx.ts';
import { deleteAllContent, namespaceConditions } from './deleter.ts';

const QUEUE = 'namespace';
/** The finalizer token of this controller in spec.finalizers. */
export const FinalizerKubernetes = 'kubernetes';

/**
 * namespaceDeletionGracePeriod: a namespace event is processed 5 s after it, so that the admission
 * plugins' caches see the namespace Terminating and its pods learn they are deleted.
 */
const namespaceDeletionGracePeriodMs = 5_000;

/** namespaceOnWatch queues a namespace being deleted (enqueueNamespace), 5 s on. */
export function namespaceOnWatch(tx: Tx, rec: WatchRecord): void {
  const o = rec.object;
  if (o.kind !== 'Namespace' || rec.type === 'DELETED' || o.metadata.deletionTimestamp === undefined) return;
  enqueueAfter(tx, QUEUE, o.metadata.name, namespaceDeletionGracePeriodMs);
}

const finalized = (ns: Namespace): boolean => (ns.spec?.finalizers ?? []).length === 0;

/** syncNamespace is syncNamespaceFromKey and the deleter's Delete, reading the namespace live. */
export function syncNamespace(tx: Tx, key: string): string | null {
  tx.actor = 'namespace-controller';
  const ns = tx.st.store.objects.Namespace.get(key) as Namespace | undefined;
  if (ns === undefined || ns.metadata.deletionTimestamp === undefined) {
    note(tx, 'namespaceGone', { namespace: key });
    return null;
  }
  if (finalized(ns)) return deleteNamespace(tx, ns);
  const left = deleteAllContent(tx, key, ns.metadata.deletionTimestamp);
  const status = { ...ns.status, phase: 'Terminating' as const, conditions: namespaceConditions(left, ns.status?.conditions ?? [], tx.nowIso) };
  const written = writeStatusOf(tx, ns, status, key);
  const values = { namespace: key, deleted: left.deleted, remaining: left.remaining.join(', ') || '—', finalizers: left.finalizers.join(', ') || '—' };
  if (left.unexpected.length > 0) {
    // Left without a finalizer after the estimate: upstream's error, retried with the rate limiter.
    decide(tx.decisions, 'deleteAllContent', 'unexpected', { ...values, resources: left.unexpected.join(', ') });
    note(tx, 'namespaceContentRemains', { namespace: key, count: left.remaining.length });
    return `unexpected items still remain in namespace: ${key} for gvr: ${left.unexpected.join(', ')}`;
  }
  if (left.estimate > 0) {
    // ResourcesRemainingError: back after half the estimate and a second (30 s of pod grace → 16 s).
    const afterSeconds = Math.floor(left.estimate / 2) + 1;
    enqueueAfter(tx, QUEUE, key, afterSeconds * 1000);
    decide(tx.decisions, 'deleteAllContent', 'remaining', { ...values, estimate: left.estimate, after: afterSeconds });
    note(tx, 'namespaceContentRemains', { namespace: key, count: left.remaining.length });
    return null;
  }
  decide(tx.decisions, 'deleteAllContent', 'empty', values);
  // Finalize: the `kubernetes` token off spec.finalizers (the finalize subresource), then delete.
  const cur = (written.ok ? written.object : ns) as Namespace;
  const spec = { ...cur.spec, finalizers: (cur.spec?.finalizers ?? []).filter((f) => f !== FinalizerKubernetes) };
  const fin = update(tx, { ...cur, spec });
  if (!fin.ok) return fin.error.message;
  return deleteNamespace(tx, fin.object as Namespace);
}

function deleteNamespace(tx: Tx, ns: Namespace): string | null {
  const res = del(tx, 'Namespace', ns.metadata.name);
  if (!res.ok && res.error.reason !== 'NotFound') return res.error.message;
  decide(tx.decisions, 'finalizeNamespace', 'deleted', { namespace: ns.metadata.name });
  note(tx, 'namespaceDeleted', { namespace: ns.metadata.name });
  return null;
}
