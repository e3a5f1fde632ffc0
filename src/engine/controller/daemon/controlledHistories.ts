// Port of kubernetes pkg/controller/daemon/update.go controlledHistories (v1.36): the claim of a
// DaemonSet's ControllerRevisions through the controller ref manager (ClaimControllerRevisions,
// AdoptControllerRevision, ReleaseControllerRevision and RecheckDeletionTimestamp,
// controller_ref_manager.go). Shape and guards follow getDaemonPods.ts, the claim of its pods.
import { decide } from '../../api/decision.ts';
import { getControllerOf } from '../../api/ownerRefs.ts';
import type { ControllerRevision, DaemonSet } from '../../api/types.ts';
import { objectKey } from '../../apiserver/store.ts';
import { note, type Tx } from '../../client/tx.ts';
import { formatSelector, selectorMatches } from '../../lib/labels.ts';
import { aggregate, labelText, patchOwners, releaseAsStored } from '../claimWrites.ts';
import { adoptedMetadata, claimObject, type ClaimingController, recheckDeletionTimestamp } from '../controllerRefManager.ts';
import { newControllerRef } from './history.ts';

/**
 * controlledHistories returns the cached ControllerRevisions of the DaemonSet's namespace it
 * claims, in the cache's order, or the aggregated claim error. Like upstream it looks at every
 * revision of the namespace, not only those its selector matches: an orphan the selector matches
 * is adopted (once canAdopt's read of the stored DaemonSet agrees) and claimed as the informer
 * holds it; one it controls that no longer matches is released and left out.
 *
 * Worked example: `kubectl delete ds agent --cascade=orphan` leaves agent-5d8f… (revision 1) and
 * agent-7c9b… (revision 2) without owner; `kubectl apply` of the same DaemonSet makes a new uid,
 * whose first sync adopts both, finds agent-7c9b… equal to its template (the current revision,
 * number 2 kept) and keeps agent-5d8f… as old history: `kubectl rollout history ds/agent` lists 1
 * and 2, and no pod is rolled.
 *
 * Fast path: revisions have no owner index, and this walk is the one the plain listing made
 * before; an orphan or a non-matching revision of its own is noted in passing, and only a sync
 * that meets one goes on to claim.
 */
export function controlledHistories(tx: Tx, ds: DaemonSet): ControllerRevision[] | string {
  const uid = ds.metadata.uid ?? '';
  const ns = ds.metadata.namespace ?? 'default';
  const claimed: ControllerRevision[] = [];
  let odd = false;
  for (const r of tx.st.cache.objects.ControllerRevision.values()) {
    if (r.kind !== 'ControllerRevision' || (r.metadata.namespace ?? 'default') !== ns) continue;
    const ref = getControllerOf(r);
    if (ref === undefined) odd = true;
    else if (ref.uid === uid) {
      if (selectorMatches(ds.spec.selector, r.metadata.labels)) claimed.push(r);
      else odd = true;
    }
  }
  return odd ? claimControllerRevisions(tx, ds, ns) : claimed;
}

/**
 * claimControllerRevisions is ClaimControllerRevisions over the namespace's cached revisions:
 * each is kept, left, adopted or released as claimObject decides. A failed adoption or release
 * is collected and the others still run; any failure fails the caller (constructHistory).
 */
function claimControllerRevisions(tx: Tx, ds: DaemonSet, ns: string): ControllerRevision[] | string {
  const c: ClaimingController = { uid: ds.metadata.uid ?? '', namespace: ns, deleting: ds.metadata.deletionTimestamp !== undefined };
  const claimed: ControllerRevision[] = [];
  const errors: string[] = [];
  let cannot: string | null | undefined;
  for (const r of tx.st.cache.objects.ControllerRevision.values()) {
    if (r.kind !== 'ControllerRevision' || (r.metadata.namespace ?? 'default') !== ns) continue;
    const decision = claimObject(c, r, selectorMatches(ds.spec.selector, r.metadata.labels));
    if (decision === 'claim') claimed.push(r);
    else if (decision === 'release') {
      const err = releaseControllerRevision(tx, ds, c, r);
      if (err !== null) errors.push(err);
    } else if (decision === 'adopt') {
      // canAdopt: one read of the DaemonSet from the API server, before the first adoption only.
      cannot ??= recheckDeletionTimestamp('DaemonSet', ds, tx.st.store.objects.DaemonSet.get(objectKey(ds)));
      if (cannot !== null) {
        errors.push(`can't adopt ControllerRevision ${ns}/${r.metadata.name} (${r.metadata.uid ?? ''}): ${cannot}`);
        continue;
      }
      const res = adoptControllerRevision(tx, ds, c, r);
      if (typeof res === 'string') errors.push(res);
      else if (res) claimed.push(r);
    }
  }
  return errors.length ? aggregate(errors) : claimed;
}

/**
 * releaseControllerRevision takes the DaemonSet's reference off a revision it no longer matches.
 * A cache behind an earlier sync's release (the stored revision names it no more: upstream's
 * patch is Invalid, which it ignores) or a revision gone makes no write and no line.
 */
function releaseControllerRevision(tx: Tx, ds: DaemonSet, c: ClaimingController, r: ControllerRevision): string | null {
  const res = releaseAsStored(tx, r, c.uid);
  if (typeof res === 'string') return res;
  if (res !== null) recordClaim(tx, ds, r, false);
  return null;
}

/**
 * adoptControllerRevision writes the DaemonSet's controller reference into an orphan revision;
 * true when the revision is claimed. A cache behind an earlier sync's adoption (the stored
 * revision already names this DaemonSet) claims it without a second write or line; one another
 * DaemonSet adopted meanwhile is left, as getDaemonPods leaves such a pod.
 */
function adoptControllerRevision(tx: Tx, ds: DaemonSet, c: ClaimingController, r: ControllerRevision): boolean | string {
  const stored = tx.st.store.objects.ControllerRevision.get(objectKey(r));
  const now = stored !== undefined && stored.metadata.uid === r.metadata.uid ? getControllerOf(stored) : undefined;
  if (now !== undefined) return now.uid === c.uid;
  const res = patchOwners(tx, r, (m) => adoptedMetadata(m, newControllerRef(ds)));
  if (typeof res === 'string') return res;
  if (res === null) return false;
  recordClaim(tx, ds, r, true);
  return true;
}

/** recordClaim writes an adoption's or a release's Explain line (its labels against the selector) and tick note. */
function recordClaim(tx: Tx, ds: DaemonSet, r: ControllerRevision, adopted: boolean): void {
  const values = { revision: r.metadata.name, number: r.revision, labels: labelText(r), selector: formatSelector(ds.spec.selector) };
  const log = tx.decisions;
  decide(log, 'controlledHistories', adopted ? 'adopted' : 'released', values);
  note(tx, adopted ? 'daemonRevisionAdopted' : 'daemonRevisionReleased', { ds: ds.metadata.name, revision: r.metadata.name });
}
