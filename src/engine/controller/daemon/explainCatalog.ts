/**
 * The English sentences of every decision the DaemonSet helpers record (fn → key → template).
 * `{name}` is replaced by the decision's value of that name. The CLI renders these; the UI keeps
 * its own translations under the same fn/key. A test checks that every emitted decision has a
 * template here and that every placeholder gets a value.
 */
import type { Decision } from '../../api/decision.ts';

export const DAEMONSET_DECISION_KEYS = {
  podsShouldBeOnNode: {
    createMissing: '{node} should run a daemon pod and has none → create one',
    deleteShouldNotRun: '{node} no longer fits the DaemonSet (selector, affinity or an untolerated NoExecute taint) → delete {pod}',
    failedInBackoff: 'failed pod {pod} on {node} is still in back-off ({delayMs} ms) → requeue after {delayMs} ms, keep it for now',
    deleteFailed: 'pod {pod} on {node} failed → delete it (the next failure here waits {backoffMs} ms)',
    deleteSucceeded: 'pod {pod} on {node} succeeded (exited) → delete it so a fresh one can start',
    pruneExcess: '{running} running pods on {node} and surge is off → keep the oldest, {keep}, delete {pod}',
    surgeCreate: '{node} has no running pod left (its old pod is terminating, surge allowed) → create one now',
    surgeDeleteExtra: '{pod} on {node} is neither the oldest new-revision pod nor the oldest old one → delete it',
    surgeDeleteOldNotReady: 'old pod {oldPod} on {node} is not Ready → delete it, new pod {newPod} takes over',
    surgeDeleteOldNewAvailable:
      'new pod {newPod} on {node} is available (Ready for minReadySeconds {minReadySeconds}) → delete old pod {oldPod}',
    surgeKeepBoth: 'old pod {oldPod} on {node} is Ready and new pod {newPod} is not yet available → keep both',
  },
  manage: {
    deleteUnscheduledWithoutNode: '{pod} is unscheduled and its target node no longer exists → delete it',
    summary: 'manage: create {creates}, delete {deletes}',
    backoffRequeue: 'a failed pod is still in back-off → look at this DaemonSet again in {afterMs} ms',
  },
  syncNodes: {
    burstCapped:
      'at most 250 creations and 250 deletions per sync (burstReplicas): {wantCreate} wanted → {creates}, {wantDelete} wanted → {deletes}; the rest waits for the next sync',
    expectations: 'expect {add} pod creations and {del} deletions to be observed before the next create/delete pass',
    createPod: 'create {pod} for {node} (no nodeName: the scheduler binds it through its metadata.name node affinity)',
    createFailed: 'creating a pod for {node} failed: {error} → expect one creation less',
    slowStartStopped: '{failed} creations of this batch failed → skip the remaining {skipped} and expect them no longer',
    createBatches: 'slow-start batches {batches}: {created} pods created',
    deletePod: 'delete pod {pod}',
    deleteNotFound: 'pod {pod} is already gone → expect one deletion less',
    deleteFailed: 'deleting pod {pod} failed: {error} → expect one deletion less',
  },
  syncDaemonSet: {
    deleted: 'DaemonSet {key} is gone → forget its expectations',
    selectingAll: 'DaemonSet {daemonSet} has an empty selector: it would select every pod → Warning SelectingAll, no sync',
    beingDeleted: 'DaemonSet {daemonSet} is being deleted → no sync, not even its status',
    start: '{nodes} nodes, {pods} pods of this DaemonSet; current revision {revision} (hash {hash})',
    expectationsPending:
      'still waiting to observe {add} creations and {del} deletions → only update the status, and keep observedGeneration',
  },
  getDaemonPods: {
    adopted:
      '{pod} on {node} has no controller and its labels ({labels}) match the selector {selector} → adopted: its ownerReferences name this DaemonSet, and from this sync it is the daemon pod of {node} (ClaimPods)',
    released:
      '{pod} on {node} is controlled by this DaemonSet but its labels ({labels}) no longer match the selector {selector} → released: its ownerReference removed; it keeps running, and is no longer the daemon pod of {node} (ClaimPods)',
    failed: 'claiming pods failed: {error} → no pod is created or deleted, no status written; retried with back-off',
  },
  controlledHistories: {
    adopted:
      'ControllerRevision {revision} (#{number}) has no controller and its labels ({labels}) match the selector {selector} → adopted: its ownerReferences name this DaemonSet, and it is part of this DaemonSet\'s history from this sync (ClaimControllerRevisions)',
    released:
      'ControllerRevision {revision} (#{number}) is controlled by this DaemonSet but its labels ({labels}) no longer match the selector {selector} → released: its ownerReference removed; it is no longer part of this DaemonSet\'s history (ClaimControllerRevisions)',
  },
  updateDaemonSet: {
    onDelete: 'update strategy OnDelete → old pods stay until someone deletes them',
    strategyWaits:
      'this sync wrote pods the informer has not delivered yet ({add} creations, {del} deletions pending) → the {strategy} step waits for a later sync',
  },
  snapshot: {
    alreadyCreated: 'revision {revision} already exists with this template (the informer had not delivered it yet) → use it',
    hashCollision:
      'revision name {revision} is taken by a different template → raise status.collisionCount to {collisionCount} and retry with a new hash',
  },
  addNode: {
    enqueue: 'new node {node} should run a pod of {daemonSet} → sync {daemonSet}',
  },
  updateNode: {
    enqueue: 'node {node} changed what {daemonSet} wants there (shouldRun {shouldRun}, shouldContinueRunning {shouldContinueRunning}) → sync {daemonSet}',
  },
  updatedDesiredNodeCounts: {
    defaultUnavailable:
      'DaemonSet is not configured for surge or unavailability, defaulting to accepting unavailability (desired {desired}: maxUnavailable 0, maxSurge 0 → maxUnavailable 1)',
    counts: 'desired {desired} nodes → maxSurge {maxSurge}, maxUnavailable {maxUnavailable} (both round up)',
  },
  rollingUpdate: {
    excessPods: '{node} has more than one old or new pod → skip, manage prunes it; counts as unavailable (numUnavailable {numUnavailable})',
    noPods: '{node} has no pod yet → manage creates it; counts as unavailable (numUnavailable {numUnavailable})',
    bothPods: '{node} has an old and a new pod → manage settles it; counts as unavailable (numUnavailable {numUnavailable})',
    newPodUnavailable: 'new pod {pod} on {node} is not available yet → counts as unavailable (numUnavailable {numUnavailable})',
    newPodAvailable: 'new pod {pod} on {node} is available → nothing to do',
    oldPodUnavailable: 'old pod {pod} on {node} is not available → delete it, always allowed (numUnavailable {numUnavailable})',
    unavailableBudgetSpent: 'numUnavailable {numUnavailable} ≥ maxUnavailable {maxUnavailable} → old pod {pod} on {node} stays',
    deleteCandidate: 'numUnavailable {numUnavailable} < maxUnavailable {maxUnavailable} → old pod {pod} on {node} is a deletion candidate',
    unavailableSummary:
      'maxUnavailable {maxUnavailable} − numUnavailable {numUnavailable} → delete {remaining} of {candidates} candidates, plus {replacements} unavailable old pods',
    deleteOld: 'delete old pod {pod} on {node} (one of {remaining} allowed); manage recreates it next sync',
    candidateKept: 'old pod {pod} on {node} stays this sync (only {remaining} deletions allowed)',
    excessPodsSurge: '{node} has more than one old or new pod → skip, manage prunes it; counts as surge (numSurge {numSurge})',
    newPodOnly: '{node} runs only new pod {pod} → nothing to do',
    oldUnavailableShouldNotRun: 'old pod {pod} on {node} is not available and the node no longer fits → delete it',
    oldUnavailableReplace: 'old pod {pod} on {node} is not available → create a new pod there now (outside the surge budget)',
    shouldNotRunCandidate: 'old pod {pod} on {node} is available but the node no longer fits → delete once enough pods are available elsewhere',
    surgeBudgetSpent: 'maxSurge {maxSurge}, numSurge {numSurge} → no surge on {node} this sync (old pod {pod} stays alone)',
    surgeCandidate: 'maxSurge {maxSurge}, numSurge {numSurge} → {node} is a surge candidate (old pod {pod} available)',
    newPodWaiting: 'new pod {pod} on {node} is not available yet → wait, counts as surge (numSurge {numSurge})',
    newPodAvailableDeleteOld: 'new pod {newPod} on {node} is available → delete old pod {pod}',
    shouldNotRunSummary:
      'numAvailable {numAvailable} − desired {desired} → delete {deletable} of {candidates} old pods on nodes that no longer fit',
    deleteShouldNotRun: 'numAvailable {numAvailable} > desired {desired} → delete old pod {pod} on {node}, which no longer fits',
    keepShouldNotRun: 'numAvailable {numAvailable} − desired {desired} leaves no room → old pod {pod} on {node} stays for now',
    surgeSummary:
      'maxSurge {maxSurge} − numSurge {numSurge} → surge onto {remaining} of {candidates} candidates, plus {replacements} nodes with an unavailable old pod',
    surgeCreate: 'create a new pod on {node} next to its available old pod (one of {remaining} surge slots)',
    surgeNotThisSync: '{node} waits for a surge slot (only {remaining} this sync)',
  },
  constructHistory: {
    addHashLabel: 'revision {revision} has no controller-revision-hash label → label it with its name',
    createRevision: 'no revision matches the template → create {revision} as revision {number} (hash {hash})',
    raiseRevision: 'the template matches older revision {revision} → raise it from {from} to {to}',
    currentRevision: 'the template matches {revision} (revision {number})',
    deleteDuplicate: '{revision} duplicates current revision {keep} → relabel its pods and delete it',
  },
  cleanupHistory: {
    summary: '{old} old revisions, revisionHistoryLimit {limit} → remove {toKill}, oldest first',
    keepLive: 'revision {number} ({revision}) still has live pods → keep it',
    deleteRevision: 'delete revision {number} ({revision})',
  },
  updateDaemonSetStatus: {
    counts:
      'desired {desired}, current {current}, ready {ready}, up-to-date {updated}, available {available}, unavailable {unavailable}, misscheduled {misscheduled} (changed: {changed})',
    retry: 'writing the status failed ({error}) → retry once on the API server\'s copy',
    requeueMinReady: 'some Ready pods are not available yet (minReadySeconds) → look again in {afterMs} ms',
  },
} as const satisfies Record<string, Record<string, string>>;

/** renderDaemonSetDecision fills the decision's template with its values; null for an unknown fn/key. */
export function renderDaemonSetDecision(d: Decision): string | null {
  const byFn = (DAEMONSET_DECISION_KEYS as Record<string, Record<string, string>>)[d.fn];
  const template = byFn?.[d.key];
  if (template === undefined) return null;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(d.values, name) ? String(d.values[name]) : whole,
  );
}
