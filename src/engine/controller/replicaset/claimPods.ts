// Port of kubernetes pkg/controller/replicaset/replica_set.go claimPods (ClaimPods through the
// controller ref manager, controller_ref_manager.go; v1.36): a ReplicaSet adopts the active
// orphans of its namespace that its selector matches, and releases the active pods it controls
// that its selector no longer matches (a label taken off a pod to debug it).
import { decide } from '../../api/decision.ts';
import { getControllerOf, newControllerRef } from '../../api/ownerRefs.ts';
import type { Pod, ReplicaSet } from '../../api/types.ts';
import { objectKey } from '../../apiserver/store.ts';
import { orphanPods, ownedPods, ownerStats } from '../../client/cache.ts';
import { note, type Tx } from '../../client/tx.ts';
import { aggregate, labelText, patchOwners } from '../claimWrites.ts';
import { labelsImplySelector, selectorMatches } from '../../lib/labels.ts';
import { adoptedMetadata, claimObject, recheckDeletionTimestamp, releasedMetadata } from '../controllerRefManager.ts';
import { isPodActive } from '../podUtil.ts';

/** What claimPods did: the pods it adopted (as stored, by cache key), the keys it released, the aggregated error. */
export interface Claimed {
  adopted: ReadonlyMap<string, Pod>;
  released: ReadonlySet<string>;
  error: string | null;
}

export const NOTHING_CLAIMED: Claimed = Object.freeze({ adopted: new Map<string, Pod>(), released: new Set<string>(), error: null });

/**
 * claimedPods is the ReplicaSet's active pods as ClaimPods hands them on: the cached ones it
 * controls, less those just released, with those just adopted (not in the informer yet).
 */
export function claimedPods(owned: ReadonlyMap<string, Pod>, c: Claimed): ReadonlyMap<string, Pod> {
  if (c === NOTHING_CLAIMED) return owned;
  const out = new Map(owned);
  for (const k of c.released) out.delete(k);
  for (const [k, p] of c.adopted) out.set(k, p);
  return out;
}

/**
 * claimPods releases and adopts, and returns what it did (its error fails the sync, which is then
 * requeued with back-off). Upstream claims over the list of the ReplicaSet's pods and its
 * namespace's orphans at every sync, matching each against the whole selector; here the
 * informer's counts say when there can be anything to claim, and the orphans are an index of
 * their own. The counts only know whether a pod still carries every template label, which says
 * it matches the selector when the template's labels imply the selector (labelsImplySelector:
 * matchLabels, and In / NotIn / Exists terms on template keys). Then a pod that stopped matching
 * is no longer fully labeled, and a sync of a 10,000-pod ReplicaSet walks its pods only when one
 * lost a label. A selector with a term on a key the template lacks (`!tier`, `tier notin
 * (canary)`) is not implied: `kubectl label pod web-x tier=canary` keeps every template label yet
 * fails the term, so each sync walks its pods as upstream does. The pods it adopts count in this
 * sync (claimedPods), as upstream's claimed list has them.
 */
export function claimPods(tx: Tx, rs: ReplicaSet): Claimed {
  const uid = rs.metadata.uid ?? '';
  const ns = rs.metadata.namespace ?? 'default';
  const stats = ownerStats(tx.st.cache, uid);
  const orphans = orphanPods(tx.st.cache, ns);
  const mayRelease = stats.fullyLabeled < stats.active || !labelsImplySelector(rs.spec.selector, rs.spec.template.metadata?.labels);
  if (orphans.size === 0 && !mayRelease) return NOTHING_CLAIMED;
  const c = { uid, namespace: ns, deleting: rs.metadata.deletionTimestamp !== undefined };
  const errors: string[] = [];
  const adopted = new Map<string, Pod>();
  const released = new Set<string>();
  if (mayRelease) {
    for (const [key, pod] of ownedPods(tx.st.cache, uid)) {
      if (!isPodActive(pod) || selectorMatches(rs.spec.selector, pod.metadata.labels)) continue;
      if (claimObject(c, pod, false) !== 'release') continue;
      const res = patchOwners(tx, pod, (m) => releasedMetadata(m, uid));
      if (typeof res === 'string') errors.push(`failed to release Pod ${ns}/${pod.metadata.name} (${pod.metadata.uid ?? ''}): ${res}`);
      else if (res !== null) {
        released.add(key);
        decide(tx.decisions, 'claimPods', 'released', { pod: pod.metadata.name, labels: labelText(pod) });
        note(tx, 'podReleased', { pod: pod.metadata.name, rs: rs.metadata.name });
      }
    }
  }
  let cannot: string | null | undefined;
  for (const [key, pod] of orphans) {
    if (!isPodActive(pod)) continue;
    if (claimObject(c, pod, selectorMatches(rs.spec.selector, pod.metadata.labels)) !== 'adopt') continue;
    cannot ??= recheckDeletionTimestamp('ReplicaSet', rs, tx.st.store.objects.ReplicaSet.get(objectKey(rs)));
    if (cannot !== null) {
      errors.push(`can't adopt Pod ${ns}/${pod.metadata.name} (${pod.metadata.uid ?? ''}): ${cannot}`);
      continue;
    }
    // Another ReplicaSet whose selector matches it too may have adopted it since the informer saw
    // it: upstream's patch would then be refused (a second controller reference) and the sync
    // requeued; the next sync, its cache fresh, ignores the pod. Here it is left at once.
    const stored = tx.st.store.objects.Pod.get(key);
    if (stored !== undefined && getControllerOf(stored) !== undefined) continue;
    const res = patchOwners(tx, pod, (m) => adoptedMetadata(m, newControllerRef(rs, 'apps/v1', 'ReplicaSet')));
    if (typeof res === 'string') errors.push(res);
    else if (res !== null) {
      adopted.set(key, res);
      decide(tx.decisions, 'claimPods', 'adopted', { pod: pod.metadata.name, labels: labelText(pod) });
      note(tx, 'podAdopted', { pod: pod.metadata.name, rs: rs.metadata.name });
    }
  }
  if (adopted.size === 0 && released.size === 0 && errors.length === 0) return NOTHING_CLAIMED;
  return { adopted, released, error: errors.length ? aggregate(errors) : null };
}
