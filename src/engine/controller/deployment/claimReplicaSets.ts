// Port of kubernetes pkg/controller/deployment/deployment_controller.go getReplicaSetsForDeployment
// and of pkg/controller/controller_ref_manager.go ClaimReplicaSets, AdoptReplicaSet and
// ReleaseReplicaSet (v1.36): a Deployment adopts the orphan ReplicaSets of its namespace that its
// selector matches and releases those it controls that its selector no longer matches.
import { decide } from '../../api/decision.ts';
import { getControllerOf, newControllerRef } from '../../api/ownerRefs.ts';
import type { Deployment, ReplicaSet } from '../../api/types.ts';
import { objectKey } from '../../apiserver/store.ts';
import { list } from '../../client/cache.ts';
import { note, type Tx } from '../../client/tx.ts';
import { formatSelector, selectorMatches } from '../../lib/labels.ts';
import { aggregate, labelText, patchOwners, releaseAsStored } from '../claimWrites.ts';
import { adoptedMetadata, claimObject, recheckDeletionTimestamp } from '../controllerRefManager.ts';

/** What claimReplicaSets hands on: the ReplicaSets the Deployment now owns, and the aggregated error. */
export interface ClaimedReplicaSets {
  claimed: ReplicaSet[];
  error: string | null;
}

/**
 * getReplicaSetsForDeployment lists every cached ReplicaSet of the Deployment's namespace (those
 * it owns but no longer selects among them, to release) and claims them. canAdopt is a read of
 * the Deployment from the API server, not the cache, made before the first adoption only: a
 * Deployment deleted since the informer saw it (`kubectl delete deploy web --cascade=orphan`
 * just now) adopts nothing. Its error fails the sync, which is then requeued with back-off.
 */
export function getReplicaSetsForDeployment(tx: Tx, d: Deployment): ClaimedReplicaSets {
  const ns = d.metadata.namespace ?? 'default';
  const rsList = list(tx.st.cache, 'ReplicaSet').filter((rs) => (rs.metadata.namespace ?? 'default') === ns);
  return claimReplicaSets(tx, d, rsList);
}

/**
 * claimReplicaSets runs claimObject on each ReplicaSet against the Deployment's whole selector.
 * One it owns and still selects is claimed as it is; one it owns but no longer selects is released
 * (its ownerReference patched off; not while the Deployment is being deleted); an orphan it
 * selects, not being deleted, is adopted with the reference the Deployment gives the ReplicaSets
 * it creates (controller and blockOwnerDeletion true), once canAdopt agrees. An adopted
 * ReplicaSet joins the list as the informer holds it, as upstream's claimed list has it: its
 * pod-template-hash and revision stay as they were, and from here the Deployment compares its
 * template with its own, so it becomes the new ReplicaSet (same template) or an old one. A write
 * in this sync to the adopted ReplicaSet (its revision annotations) then carries the read's
 * resourceVersion and meets a Conflict: the sync is requeued, as upstream's is.
 * Worked example: `kubectl delete deploy web --cascade=orphan`, then `kubectl apply` of the same
 * Deployment: its ReplicaSet web-5d4f8 (app=web, pod-template-hash=5d4f8) is adopted and its
 * pods kept; no new ReplicaSet is created.
 */
export function claimReplicaSets(tx: Tx, d: Deployment, sets: readonly ReplicaSet[]): ClaimedReplicaSets {
  const uid = d.metadata.uid ?? '';
  const ns = d.metadata.namespace ?? 'default';
  const c = { uid, namespace: ns, deleting: d.metadata.deletionTimestamp !== undefined };
  const claimed: ReplicaSet[] = [];
  const errors: string[] = [];
  let cannot: string | null | undefined;
  for (const rs of sets) {
    const decision = claimObject(c, rs, selectorMatches(d.spec.selector, rs.metadata.labels));
    if (decision === 'claim') claimed.push(rs);
    else if (decision === 'release') {
      // The informer may not have delivered the last sync's release yet: the stored ReplicaSet
      // no longer names the Deployment, and upstream's patch gets a 422 (no such reference),
      // which ReleaseReplicaSet ignores. Nothing is written, nothing said twice.
      const res = releaseAsStored(tx, rs, uid);
      if (typeof res === 'string') errors.push(res);
      else if (res !== null) recordClaim(tx, d, rs, 'release');
    } else if (decision === 'adopt') {
      cannot ??= recheckDeletionTimestamp('Deployment', d, tx.st.store.objects.Deployment.get(objectKey(d)));
      const name = `${ns}/${rs.metadata.name}`;
      if (cannot !== null) {
        errors.push(`can't adopt ReplicaSet ${name} (${rs.metadata.uid ?? ''}): ${cannot}`);
        continue;
      }
      // The informer may not have delivered an adoption yet: the stored ReplicaSet already names
      // this Deployment, upstream's patch (merged by uid) changes nothing and succeeds, and the
      // ReplicaSet is claimed, without a second write or line. Another Deployment whose selector
      // matches it too may have adopted it instead: upstream's patch would then be refused (a
      // second controller reference) and the sync requeued; the next sync, its cache fresh,
      // ignores the ReplicaSet. Here it is left at once, as the ReplicaSet's claimPods leaves
      // such a pod.
      const stored = tx.st.store.objects.ReplicaSet.get(objectKey(rs));
      const now = stored !== undefined && stored.metadata.uid === rs.metadata.uid ? getControllerOf(stored) : undefined;
      if (now?.uid === uid) claimed.push(rs);
      if (now !== undefined) continue;
      const res = patchOwners(tx, rs, (m) => adoptedMetadata(m, newControllerRef(d, 'apps/v1', 'Deployment')));
      if (typeof res === 'string') errors.push(res);
      else if (res !== null) {
        claimed.push(rs);
        recordClaim(tx, d, rs, 'adopt');
      }
    }
  }
  return { claimed, error: errors.length ? aggregate(errors) : null };
}

/** recordClaim writes an adoption's or a release's Explain line (its labels against the selector) and tick note. */
function recordClaim(tx: Tx, d: Deployment, rs: ReplicaSet, key: 'adopt' | 'release'): void {
  decide(tx.decisions, 'getReplicaSetsForDeployment', key, { rs: rs.metadata.name, labels: labelText(rs), selector: formatSelector(d.spec.selector) });
  note(tx, key === 'adopt' ? 'replicaSetAdopted' : 'replicaSetReleased', { deployment: d.metadata.name, rs: rs.metadata.name });
}
