// Port of kubernetes pkg/controller/namespace/deletion/namespaced_resources_deleter.go (v1.36):
// deleteAllContent, its estimate, and the conditions the namespace reports while it is emptied.
import type { NamespaceCondition } from '../../api/coreTypes.ts';
import type { Kind, KubeObject } from '../../api/types.ts';
import { RESOURCES } from '../../apiserver/rest/resources.ts';
import { objectKey } from '../../apiserver/store.ts';
import { del, type Tx } from '../../client/tx.ts';
import { parseRFC3339 } from '../../lib/time.ts';

/** A remaining object with finalizers is given this long (finalizerEstimateSeconds). */
export const finalizerEstimateSeconds = 15;

/** What one pass of deleteAllContent found after its deletes. */
export interface ContentLeft {
  /** Seconds before what is left should be gone (0: nothing to wait for). */
  estimate: number;
  /** `pods. has 2 resource instances`, by resource in discovery order. */
  remaining: string[];
  /** `kubernetes.io/pvc-protection in 1 resource instances`, by finalizer. */
  finalizers: string[];
  /** Objects deleted by this pass. */
  deleted: number;
  /** Objects left without a finalizer once their estimate ran out (an error upstream: retried). */
  unexpected: string[];
}

/**
 * The namespaced kinds, in discovery order (upstream walks a Go map: any order). The legacy and
 * events.k8s.io Events are one kind here.
 */
const NAMESPACED_KINDS: readonly { kind: Kind; resource: string; group: string }[] = (() => {
  const seen = new Set<Kind>();
  const out: { kind: Kind; resource: string; group: string }[] = [];
  for (const r of RESOURCES) {
    if (!r.namespaced || !r.verbs.includes('delete') || seen.has(r.kind)) continue;
    seen.add(r.kind);
    out.push({ kind: r.kind, resource: r.resource, group: r.group });
  }
  return out;
})();

function objectsIn(tx: Tx, kind: Kind, namespace: string): KubeObject[] {
  const out: KubeObject[] = [];
  for (const o of tx.st.store.objects[kind].values()) if ((o.metadata.namespace ?? 'default') === namespace) out.push(o);
  return out;
}

/**
 * estimateGracefulTerminationForPods: the longest grace period of the pods not yet Succeeded or
 * Failed, 0 once that long has passed since the namespace's deletion.
 */
function estimateGracefulTermination(tx: Tx, kind: Kind, namespace: string, deletedAtMs: number): number {
  if (kind !== 'Pod') return 0;
  let estimate = 0;
  for (const p of objectsIn(tx, 'Pod', namespace)) {
    if (p.kind !== 'Pod' || p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed') continue;
    estimate = Math.max(estimate, p.spec.terminationGracePeriodSeconds ?? 30);
  }
  return tx.now - deletedAtMs >= estimate * 1000 ? 0 : estimate;
}

/**
 * deleteAllContent deletes everything in the namespace, kind by kind (DeleteCollection with
 * background propagation: the namespace controller leaves no orphans), then lists what is left:
 * pods still terminating, objects held by finalizers.
 */
export function deleteAllContent(tx: Tx, namespace: string, deletionTimestamp: string): ContentLeft {
  const deletedAt = parseRFC3339(deletionTimestamp);
  const left: ContentLeft = { estimate: 0, remaining: [], finalizers: [], deleted: 0, unexpected: [] };
  const byFinalizer = new Map<string, number>();
  for (const { kind, resource, group } of NAMESPACED_KINDS) {
    let estimate = estimateGracefulTermination(tx, kind, namespace, deletedAt);
    for (const o of objectsIn(tx, kind, namespace)) {
      if (o.metadata.deletionTimestamp !== undefined) continue;
      if (del(tx, kind, objectKey(o), { propagationPolicy: 'Background' }).ok) left.deleted++;
    }
    const remaining = objectsIn(tx, kind, namespace);
    if (remaining.length === 0) continue;
    left.remaining.push(`${resource}.${group} has ${remaining.length} resource instances`);
    let held = false;
    for (const o of remaining) {
      for (const f of o.metadata.finalizers ?? []) {
        held = true;
        byFinalizer.set(f, (byFinalizer.get(f) ?? 0) + 1);
      }
    }
    if (estimate === 0 && held) estimate = finalizerEstimateSeconds;
    else if (estimate === 0) left.unexpected.push(`${resource}.${group}`);
    left.estimate = Math.max(left.estimate, estimate);
  }
  for (const [f, n] of [...byFinalizer].sort((a, b) => (a[0] < b[0] ? -1 : 1))) left.finalizers.push(`${f} in ${n} resource instances`);
  return left;
}

/** The five conditions, in the controller's order, as they read after this pass. */
export function namespaceConditions(left: ContentLeft, old: readonly NamespaceCondition[], now: string): NamespaceCondition[] {
  const want: Omit<NamespaceCondition, 'lastTransitionTime'>[] = [
    { type: 'NamespaceDeletionDiscoveryFailure', status: 'False', reason: 'ResourcesDiscovered', message: 'All resources successfully discovered' },
    { type: 'NamespaceDeletionGroupVersionParsingFailure', status: 'False', reason: 'ParsedGroupVersions', message: 'All legacy kube types successfully parsed' },
    { type: 'NamespaceDeletionContentFailure', status: 'False', reason: 'ContentDeleted', message: 'All content successfully deleted, may be waiting on finalization' },
    left.remaining.length > 0
      ? { type: 'NamespaceContentRemaining', status: 'True', reason: 'SomeResourcesRemain', message: `Some resources are remaining: ${left.remaining.join(', ')}` }
      : { type: 'NamespaceContentRemaining', status: 'False', reason: 'ContentRemoved', message: 'All content successfully removed' },
    left.finalizers.length > 0
      ? { type: 'NamespaceFinalizersRemaining', status: 'True', reason: 'SomeFinalizersRemain', message: `Some content in the namespace has finalizers remaining: ${left.finalizers.join(', ')}` }
      : { type: 'NamespaceFinalizersRemaining', status: 'False', reason: 'ContentHasNoFinalizers', message: 'All content-preserving finalizers finished' },
  ];
  // A condition keeps its lastTransitionTime while its status stays.
  return want.map((c) => {
    const prev = old.find((o) => o.type === c.type);
    return { type: c.type, status: c.status, lastTransitionTime: prev && prev.status === c.status ? prev.lastTransitionTime : now, reason: c.reason, message: c.message };
  });
}
