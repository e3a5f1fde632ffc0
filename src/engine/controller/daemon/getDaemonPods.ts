// Port of kubernetes pkg/controller/daemon/daemon_controller.go getDaemonPods (v1.36): the claim
// of a DaemonSet's pods through the controller ref manager (ClaimPods, AdoptPod, ReleasePod and
// RecheckDeletionTimestamp, controller_ref_manager.go). A DaemonSet adopts the orphans of its
// namespace that its selector matches and releases the pods it controls that it no longer matches.
import { decide } from '../../api/decision.ts';
import { getControllerOf } from '../../api/ownerRefs.ts';
import type { DaemonSet, Pod } from '../../api/types.ts';
import { objectKey } from '../../apiserver/store.ts';
import { orphanPods } from '../../client/cache.ts';
import { note, type Tx } from '../../client/tx.ts';
import { formatSelector, selectorMatches } from '../../lib/labels.ts';
import { aggregate, labelText, patchOwners, releaseAsStored } from '../claimWrites.ts';
import { adoptedMetadata, claimObject, type ClaimingController, recheckDeletionTimestamp } from '../controllerRefManager.ts';
import { groupedUnder } from './daemonPods.ts';
import { newControllerRef } from './history.ts';
import type { DaemonSetMemo } from './nodeMemo.ts';
import { getTargetNodeName } from './util/daemonsetUtil.ts';

/**
 * getDaemonPods claims the DaemonSet's pods into its memo (whose `claimed` and `byNode` are then
 * the claimed list and getNodesToDaemonPods' map) and returns the aggregated error, or null.
 *
 * Upstream lists every pod of the namespace at each call and runs ClaimObject on each. Here the
 * memo already holds the pods the DaemonSet controls and matches (claimed: nothing to do), and
 * those it controls but no longer matches (unmatched: to release); the orphans of the namespace
 * are the cache's own index. A sync of the 5,000-node rollout, with neither, does no more than
 * look at two sizes.
 *
 * What the claim means for a node: an adopted pod is that node's daemon pod from this sync on,
 * so the node gets no second one; if the node should not run one, or already has one, manage
 * deletes the extra by its usual rules (podsShouldBeOnNode). A released pod is no longer the
 * node's daemon pod (the memo dropped it when its labels stopped matching), so manage creates a
 * new one there. Worked example: `kubectl label pod agent-x7k2p app-` on node-2 → agent-x7k2p is
 * released (it keeps running, an orphan) and a new agent pod is created for node-2.
 *
 * Upstream calls getDaemonPods once per getNodesToDaemonPods, up to four times a sync, against
 * the same cache; here it runs once a sync, before the first of them, and a repeat would only
 * repeat the same patches (no changes) and lines.
 */
export function getDaemonPods(tx: Tx, ds: DaemonSet, memo: DaemonSetMemo): string | null {
  const orphans = orphanPods(tx.st.cache, memo.namespace);
  if (orphans.size === 0 && memo.unmatched.size === 0) return null;
  const c: ClaimingController = { uid: memo.uid, namespace: memo.namespace, deleting: ds.metadata.deletionTimestamp !== undefined };
  const errors: string[] = [];
  for (const pod of memo.unmatched.values()) {
    const err = releasePod(tx, ds, c, pod);
    if (err !== null) errors.push(err);
  }
  let cannot: string | null | undefined;
  for (const [key, pod] of orphans) {
    if (claimObject(c, pod, selectorMatches(ds.spec.selector, pod.metadata.labels)) !== 'adopt') continue;
    // canAdopt: one read of the DaemonSet from the API server, before the first adoption only.
    cannot ??= recheckDeletionTimestamp('DaemonSet', ds, tx.st.store.objects.DaemonSet.get(objectKey(ds)));
    if (cannot !== null) {
      errors.push(`can't adopt Pod ${c.namespace}/${pod.metadata.name} (${pod.metadata.uid ?? ''}): ${cannot}`);
      continue;
    }
    const err = adoptPod(tx, ds, memo, key, pod);
    if (err !== null) errors.push(err);
  }
  return errors.length ? aggregate(errors) : null;
}

/**
 * releasePod takes the DaemonSet's reference off a pod it no longer matches, unless the
 * DaemonSet is being deleted. The informer may not have delivered an earlier sync's release yet:
 * the stored pod no longer names the DaemonSet and upstream's patch is refused as invalid, which
 * ReleasePod ignores; nothing is written or said twice.
 */
function releasePod(tx: Tx, ds: DaemonSet, c: ClaimingController, pod: Pod): string | null {
  if (claimObject(c, pod, selectorMatches(ds.spec.selector, pod.metadata.labels)) !== 'release') return null;
  const res = releaseAsStored(tx, pod, c.uid);
  if (typeof res === 'string') return res;
  if (res !== null) recordClaim(tx, ds, pod, false);
  return null;
}

/**
 * adoptPod writes the DaemonSet's controller reference into an orphan and files the orphan in the
 * memo. The informer may not have delivered an earlier sync's adoption yet: the stored pod
 * already names this DaemonSet, upstream's patch (merged by uid) changes nothing and the pod is
 * claimed, without a second write or line. Another controller whose selector matches it too may
 * have adopted it instead: upstream's patch is then refused (a second controller reference) and
 * the sync requeued, whose fresh cache ignores the pod; here it is left at once, as the
 * ReplicaSet's claimPods leaves it.
 */
function adoptPod(tx: Tx, ds: DaemonSet, memo: DaemonSetMemo, key: string, pod: Pod): string | null {
  const stored = tx.st.store.objects.Pod.get(key);
  const now = stored !== undefined && stored.metadata.uid === pod.metadata.uid ? getControllerOf(stored) : undefined;
  if (now?.uid === memo.uid) memoAdopt(memo, key, pod);
  if (now !== undefined) return null;
  const res = patchOwners(tx, pod, (m) => adoptedMetadata(m, newControllerRef(ds)));
  if (typeof res === 'string') return res;
  if (res === null) return null;
  memoAdopt(memo, key, pod);
  recordClaim(tx, ds, pod, true);
  return null;
}

/**
 * memoAdopt files a pod adopted in this sync as the informer holds it (still an orphan there), as
 * upstream's claimed list has it: claimed from now on, last of its node's pods, its node's facts
 * recomputed. The adoption's own watch event later replaces it with the version naming the DaemonSet.
 */
function memoAdopt(m: DaemonSetMemo, key: string, pod: Pod): void {
  if (m.claimed.has(key)) return;
  m.claimed.set(key, pod);
  const to = groupedUnder(pod, false);
  if (to === null) return;
  m.byNode[to] = [...(m.byNode[to] ?? []), pod];
  m.dirty.add(to);
}

/** recordClaim writes an adoption's or a release's Explain line (its labels against the selector) and tick note. */
function recordClaim(tx: Tx, ds: DaemonSet, pod: Pod, adopted: boolean): void {
  const log = tx.decisions;
  const values = { pod: pod.metadata.name, node: getTargetNodeName(pod) ?? '<none>', labels: labelText(pod), selector: formatSelector(ds.spec.selector) };
  decide(log, 'getDaemonPods', adopted ? 'adopted' : 'released', values);
  note(tx, adopted ? 'daemonPodAdopted' : 'daemonPodReleased', { ds: ds.metadata.name, pod: pod.metadata.name });
}
