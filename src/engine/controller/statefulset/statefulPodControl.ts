// Port of kubernetes pkg/controller/statefulset/stateful_pod_control.go (v1.36): CreateStatefulPod,
// UpdateStatefulPod, DeleteStatefulPod, createPersistentVolumeClaims and their Events, carrying out
// the actions updateStatefulSetPlan returns through the API server.
import { decide } from '../../api/decision.ts';
import type { PersistentVolumeClaim, PersistentVolumeClaimObject, StatefulPod, StatefulSet } from '../../api/statefulTypes.ts';
import type { KubeObject } from '../../api/types.ts';
import { create, del, recordEvent, type Tx, update } from '../../client/tx.ts';
import { recordWrite } from './consistency.ts';
import { conflictingControllerMessage, updatePodClaimForRetentionPolicy } from './podClaims.ts';
import type { StatefulSetAction } from './processReplica.ts';

/** The event recorder's source component. */
export const COMPONENT = 'statefulset-controller';

/** What one sync wrote, for the tick summary. */
export interface PodControlSummary {
  created: number;
  deleted: number;
  updated: number;
  claims: number;
}

const nsOf = (set: StatefulSet) => set.metadata.namespace ?? 'default';

type Verb = 'create' | 'update' | 'delete';

/**
 * The Events' reasons, `Successful` or `Failed` and the verb titled, as literals: built per Event
 * (`Successful${title}`), each was a new 16-character string (a concatenation in V8) that the
 * correlator then hashed and joined into its keys, 2,000 times in the 1,000-replica update.
 */
export const REASONS: Readonly<Record<Verb, { ok: string; failed: string }>> = {
  create: { ok: 'SuccessfulCreate', failed: 'FailedCreate' },
  update: { ok: 'SuccessfulUpdate', failed: 'FailedUpdate' },
  delete: { ok: 'SuccessfulDelete', failed: 'FailedDelete' },
};

/** recordPodEvent: `create Pod web-0 in StatefulSet web successful`, or `… failed error: <err>` (Warning). */
function recordPodEvent(tx: Tx, set: StatefulSet, verb: Verb, pod: string, err: string | null): void {
  // One flat string (join): a template literal this long is a tree of concatenations in V8
  // (~130 bytes more), kept by the Event and each of its versions (3,000 in the 1,000-replica run).
  if (err === null) recordEvent(tx, set, 'Normal', REASONS[verb].ok, [verb, ' Pod ', pod, ' in StatefulSet ', set.metadata.name, ' successful'].join(''), COMPONENT);
  else recordEvent(tx, set, 'Warning', REASONS[verb].failed, `${verb} Pod ${pod} in StatefulSet ${set.metadata.name} failed error: ${err}`, COMPONENT);
}

/** recordClaimEvent: `create Claim www-web-0 Pod web-0 in StatefulSet web success` ("success", as upstream). */
function recordClaimEvent(tx: Tx, set: StatefulSet, verb: Verb, pod: string, claim: string, err: string | null): void {
  const title = verb.charAt(0).toUpperCase() + verb.slice(1);
  const setName = set.metadata.name;
  if (err === null) recordEvent(tx, set, 'Normal', `Successful${title}`, `${verb} Claim ${claim} Pod ${pod} in StatefulSet ${setName} success`, COMPONENT);
  else recordEvent(tx, set, 'Warning', `Failed${title}`, `${verb} Claim ${claim} for Pod ${pod} in StatefulSet ${setName} failed error: ${err}`, COMPONENT);
}

/** createPersistentVolumeClaims: each missing claim created, an AlreadyExists taken as done (the informer lagged). */
function createClaims(tx: Tx, set: StatefulSet, pod: string, claims: readonly PersistentVolumeClaim[], sum: PodControlSummary): string | null {
  for (const c of claims) {
    const obj: PersistentVolumeClaimObject = { ...c, apiVersion: 'v1', kind: 'PersistentVolumeClaim' };
    const res = create(tx, obj as KubeObject);
    if (!res.ok && res.error.reason === 'AlreadyExists') continue;
    const err = res.ok ? null : res.error.message;
    recordClaimEvent(tx, set, 'create', pod, c.metadata.name, err);
    if (err !== null) return `failed to create PVC ${c.metadata.name}: ${err}`;
    sum.claims++;
  }
  return null;
}

/** writeClaimOwners writes claims with the owner references the retention policy wants; a conflicting one gets a Warning. */
function writeClaimOwners(tx: Tx, set: StatefulSet, claims: readonly PersistentVolumeClaim[], conflicting: readonly string[]): string | null {
  for (const name of conflicting) recordEvent(tx, set, 'Warning', 'ConflictingController', conflictingControllerMessage(name), COMPONENT);
  for (const c of claims) {
    const res = update(tx, { ...c, apiVersion: 'v1', kind: 'PersistentVolumeClaim' } as KubeObject);
    if (!res.ok) return `could not update claim ${c.metadata.name} for delete policy ownerRefs: ${res.error.message}`;
  }
  return null;
}

/**
 * runActions carries out one sync's writes in order. Under OrderedReady the plan holds at most
 * one pod write; under Parallel a failed write stops the later batches of its phase and every
 * later phase, as slowStartBatch does. Returns the first error.
 */
export function runActions(tx: Tx, set: StatefulSet, key: string, actions: readonly StatefulSetAction[], sum: PodControlSummary): string | null {
  let failed: { phase: string; batch: number } | null = null;
  let firstError: string | null = null;
  for (const a of actions) {
    if (failed && (a.phase !== failed.phase || a.batch > failed.batch)) break;
    const err = runAction(tx, set, key, a, sum);
    if (err !== null) {
      firstError ??= err;
      failed ??= { phase: a.phase, batch: a.batch };
    }
  }
  return firstError;
}

function runAction(
  tx: Tx,
  set: StatefulSet,
  key: string,
  a: StatefulSetAction,
  sum: PodControlSummary,
): string | null {
  const c = tx.st.stsConsistency;
  switch (a.op) {
    case 'createPod': {
      const name = a.pod.metadata.name;
      const claimErr = createClaims(tx, set, name, a.claims, sum);
      if (claimErr !== null) {
        recordPodEvent(tx, set, 'create', name, claimErr);
        return claimErr;
      }
      const res = create(tx, a.pod as unknown as KubeObject);
      // CreateStatefulPod hands an AlreadyExists back without an Event: the sync fails and is
      // requeued with back-off. The pod of that name is one the set does not claim, e.g. a
      // user's web-2 labelled app=other: no watch event of it wakes the set (it selects no set,
      // and an orphan's deletion is ignored), so only the requeue creates web-2 once it is gone.
      if (!res.ok && res.error.reason === 'AlreadyExists') return res.error.message;
      if (!res.ok) {
        recordPodEvent(tx, set, 'create', name, res.error.message);
        return res.error.message;
      }
      recordWrite(c, key, res.object.metadata.resourceVersion);
      sum.created++;
      // With the pod's uid known, its claims get the owners the retention policy wants.
      // Claims are read from the API server here (not the informer), in the set's namespace only.
      const fix = updatePodClaimForRetentionPolicy(set, res.object as unknown as StatefulPod, (ns, claim) =>
        ns === nsOf(set) ? (tx.st.store.objects.PersistentVolumeClaim.get(`${ns}/${claim}`) as PersistentVolumeClaimObject | undefined) : undefined,
      );
      const ownerErr = writeClaimOwners(tx, set, fix.updates, fix.conflicting);
      recordPodEvent(tx, set, 'create', name, ownerErr);
      return ownerErr;
    }
    case 'deletePod': {
      const res = del(tx, 'Pod', `${nsOf(set)}/${a.pod}`);
      if (!res.ok && res.error.reason === 'NotFound') return null;
      recordPodEvent(tx, set, 'delete', a.pod, res.ok ? null : res.error.message);
      if (!res.ok) return res.error.message;
      recordWrite(c, key, tx.st.store.objects.Pod.get(`${nsOf(set)}/${a.pod}`)?.metadata.resourceVersion ?? String(tx.st.store.rv));
      sum.deleted++;
      return null;
    }
    case 'updatePod': {
      const name = a.pod.metadata.name;
      const claimErr = createClaims(tx, set, name, a.claims, sum);
      if (claimErr !== null) return claimErr;
      const res = update(tx, a.pod as unknown as KubeObject);
      recordPodEvent(tx, set, 'update', name, res.ok ? null : res.error.message);
      if (!res.ok) return res.error.message;
      recordWrite(c, key, res.object.metadata.resourceVersion);
      sum.updated++;
      return null;
    }
    case 'createClaims':
      return createClaims(tx, set, a.pod, a.claims, sum);
    case 'updateClaims':
      decide(tx.decisions, 'statefulPodControl', 'claimOwners', { pod: a.pod, claims: a.claims.length });
      return writeClaimOwners(tx, set, a.claims, a.conflicting);
  }
}
