// Port of kubernetes pkg/controller/controller_ref_manager.go (v1.36): ClaimObject's decision,
// the ownerReference edits its adopt and release patches make, and RecheckDeletionTimestamp, as
// pure functions; the controllers write them (the ReplicaSet's and the StatefulSet's ClaimPods,
// the Deployment's ClaimReplicaSets, AdoptControllerRevision).
import { getControllerOf } from '../api/ownerRefs.ts';
import type { KubeObject, OwnerReference } from '../api/types.ts';

/** What ClaimObject does with one object: keep it, leave it, adopt it, or release it. */
export type ClaimDecision = 'claim' | 'ignore' | 'adopt' | 'release';

/** The controller claiming: its uid and namespace, and whether it is being deleted. */
export interface ClaimingController {
  uid: string;
  namespace: string;
  deleting: boolean;
}

/**
 * claimObject: an object another controller owns is ignored; one this controller owns is kept
 * while it matches, else released unless the controller is being deleted; an orphan that
 * matches, in the controller's namespace, neither being deleted, is adopted. `matches` is the
 * selector and the controller's own filter (the StatefulSet's isMemberOf).
 * The object's own deletionTimestamp is asked on the adoption path only: adopting something on
 * its way out would give it an owner for nothing, but a release only takes this controller's
 * reference off, so it is made even while the object terminates. Worked example: `kubectl
 * delete pod web-1`, then `kubectl label pod web-1 app=moved --overwrite` within its grace
 * period: StatefulSet web releases it, and its syncs fail on creating web-1 (AlreadyExists)
 * until the old web-1 is gone. A ReplicaSet never meets this case: it claims active pods only.
 */
export function claimObject(c: ClaimingController, obj: Pick<KubeObject, 'metadata'>, matches: boolean): ClaimDecision {
  const ref = getControllerOf(obj);
  if (ref) {
    if (ref.uid !== c.uid) return 'ignore';
    if (matches) return 'claim';
    return c.deleting ? 'ignore' : 'release';
  }
  if (c.deleting || !matches) return 'ignore';
  if (obj.metadata.deletionTimestamp !== undefined) return 'ignore';
  if (c.namespace !== (obj.metadata.namespace ?? 'default')) return 'ignore';
  return 'adopt';
}

/**
 * adoptedMetadata is the adopt patch's result: the controller reference merged into
 * ownerReferences by uid (a strategic merge: an entry with that uid is replaced, else appended).
 */
export function adoptedMetadata<M extends KubeObject['metadata']>(meta: M, controllerRef: OwnerReference): M {
  const refs = meta.ownerReferences ?? [];
  const at = refs.findIndex((r) => r.uid === controllerRef.uid);
  const ownerReferences = at >= 0 ? refs.map((r, i) => (i === at ? controllerRef : r)) : [...refs, controllerRef];
  return { ...meta, ownerReferences };
}

/** releasedMetadata is the release patch's result: the controller's reference deleted (`$patch: delete` by uid). */
export function releasedMetadata<M extends KubeObject['metadata']>(meta: M, controllerUid: string): M {
  const refs = (meta.ownerReferences ?? []).filter((r) => r.uid !== controllerUid);
  // The field keeps its place among the metadata's keys, or goes when no reference is left.
  const out: KubeObject['metadata'] = { ...meta, ownerReferences: refs };
  if (refs.length === 0) delete out.ownerReferences;
  return out as M;
}

/**
 * recheckDeletionTimestamp is canAdopt: the controller read again from the API server must be the
 * same object (its uid) and not being deleted; else the message adoption fails with, e.g.
 * `original StatefulSet default/web is gone: got uid u2, wanted u1`.
 */
export function recheckDeletionTimestamp(
  kind: string,
  claimed: Pick<KubeObject, 'metadata'>,
  fresh: Pick<KubeObject, 'metadata'> | undefined,
): string | null {
  const ns = claimed.metadata.namespace ?? 'default';
  const name = claimed.metadata.name;
  if (!fresh) return `can't recheck DeletionTimestamp: ${kind.toLowerCase()}s.apps "${name}" not found`;
  if (fresh.metadata.uid !== claimed.metadata.uid) {
    return `can't recheck DeletionTimestamp: original ${kind} ${ns}/${name} is gone: got uid ${fresh.metadata.uid ?? ''}, wanted ${claimed.metadata.uid ?? ''}`;
  }
  if (fresh.metadata.deletionTimestamp !== undefined) return `${ns}/${name} has just been deleted at ${fresh.metadata.deletionTimestamp}`;
  return null;
}
