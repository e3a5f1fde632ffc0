// Port of kubernetes pkg/controller/statefulset/stateful_set.go adoptOrphanRevisions and
// getPodsForStatefulSet (ClaimPods through the controller ref manager), and of
// stateful_set_control.go AdoptOrphanRevisions / history.AdoptControllerRevision (v1.36).
import { type DecisionLog, decide } from '../../api/decision.ts';
import { getControllerOf } from '../../api/ownerRefs.ts';
import type { StatefulPod, StatefulSet } from '../../api/statefulTypes.ts';
import type { ControllerRevision } from '../../api/types.ts';
import { objectKey } from '../../apiserver/store.ts';
import { aggregate, labelText, patchOwners } from '../claimWrites.ts';
import { note, type Tx } from '../../client/tx.ts';
import { adoptedMetadata, claimObject, recheckDeletionTimestamp, releasedMetadata } from '../controllerRefManager.ts';
import type { Members } from './replicaSlots.ts';
import { newControllerRef } from './statefulSetUtils.ts';

/** canAdopt: the set read again from the API server is the same one, not being deleted (RecheckDeletionTimestamp). */
function canAdopt(tx: Tx, set: StatefulSet): string | null {
  return recheckDeletionTimestamp('StatefulSet', set, tx.st.store.objects.StatefulSet.get(objectKey(set)));
}

/**
 * adoptOrphanRevisions: the listed revisions without a controller (orphans the selector matches)
 * get the set as their controller, once canAdopt agrees. The first failure fails the sync.
 */
export function adoptOrphanRevisions(tx: Tx, set: StatefulSet, listed: readonly ControllerRevision[], log: DecisionLog): string | null {
  // Every sync asks; an orphan revision is rare: no list (and no closure) is made without one.
  let orphans: ControllerRevision[] | undefined;
  for (const r of listed) {
    if (getControllerOf(r) !== undefined) continue;
    if (orphans === undefined) orphans = [];
    orphans.push(r);
  }
  if (orphans === undefined) return null;
  const cannot = canAdopt(tx, set);
  if (cannot !== null) return `can't adopt ControllerRevisions: ${cannot}`;
  const ref = newControllerRef(set);
  for (const r of orphans) {
    const res = patchOwners(tx, r, (m) => adoptedMetadata(m, ref));
    if (typeof res === 'string') return res;
    decide(log, 'adoptOrphanRevisions', 'adopt', { revision: r.metadata.name, number: r.revision });
    note(tx, 'statefulSetRevisionAdopted', { sts: set.metadata.name, revision: r.metadata.name });
  }
  return null;
}

/** What claimPods returns: the pods it adopted (read only) and the aggregated error. */
export interface Claimed {
  adopted: readonly StatefulPod[];
  error: string | null;
}

const NOTHING_CLAIMED: Claimed = Object.freeze({ adopted: Object.freeze([]), error: null });

/**
 * claimPods is ClaimPods' writes for the pods the memo did not simply keep: each pod the set
 * controls that its selector or name no longer matches is released (unless the set is being
 * deleted; a terminating pod too, as upstream lists every pod of the namespace before claiming),
 * and each matching orphan of its namespace, not terminating, is adopted once canAdopt agrees.
 * Returns the adopted pods (claimed for this sync) and the aggregated error.
 */
export function claimPods(tx: Tx, set: StatefulSet, owned: Pick<Members, 'unmatched' | 'orphans'>, log: DecisionLog): Claimed {
  // Nothing to release or adopt (a rolling update's every sync): no write, no decision.
  if (owned.unmatched.length === 0 && owned.orphans.length === 0) return NOTHING_CLAIMED;
  const adopted: StatefulPod[] = [];
  const errors: string[] = [];
  const c = { uid: set.metadata.uid ?? '', namespace: set.metadata.namespace ?? 'default', deleting: set.metadata.deletionTimestamp !== undefined };
  const ns = c.namespace;
  for (const pod of owned.unmatched) {
    if (claimObject(c, pod, false) !== 'release') continue;
    const res = patchOwners(tx, pod, (m) => releasedMetadata(m, c.uid));
    if (typeof res === 'string') errors.push(`failed to release Pod ${ns}/${pod.metadata.name} (${pod.metadata.uid ?? ''}): ${res}`);
    else decide(log, 'getPodsForStatefulSet', 'release', { pod: pod.metadata.name, labels: labelText(pod) });
  }
  let cannot: string | null | undefined;
  for (const pod of owned.orphans) {
    if (claimObject(c, pod, true) !== 'adopt') continue;
    cannot ??= canAdopt(tx, set);
    if (cannot !== null) {
      errors.push(`can't adopt Pod ${ns}/${pod.metadata.name} (${pod.metadata.uid ?? ''}): ${cannot}`);
      continue;
    }
    const res = patchOwners(tx, pod, (m) => adoptedMetadata(m, newControllerRef(set)));
    if (typeof res === 'string') errors.push(res);
    else if (res !== null) {
      adopted.push(res);
      decide(log, 'getPodsForStatefulSet', 'adopt', { pod: pod.metadata.name, labels: labelText(pod) });
    }
  }
  return { adopted, error: errors.length ? aggregate(errors) : null };
}
