// Port of kubernetes pkg/controller/replicaset/replica_set.go (v1.36): syncReplicaSet,
// manageReplicas, and the pod/ReplicaSet event handlers.
import { getControllerOf } from '../../api/ownerRefs.ts';
import { ReplicaSetBurstReplicas, SlowStartInitialBatchSize } from '../../api/constants.ts';
import { decide } from '../../api/decision.ts';
import type { KubeObject, OwnerReference, Pod, ReplicaSet } from '../../api/types.ts';
import { objectKey, type WatchRecord } from '../../apiserver/store.ts';
import { activePodsPerNode, get, list, ownedPodCount, ownedPods, ownerStats, podsOwnedBy } from '../../client/cache.ts';
import { selectorMatches } from '../../lib/labels.ts';
import { create, del, enqueue, enqueueAfter, note, recordEvent, type Tx } from '../../client/tx.ts';
import {
  creationObserved,
  deletionObserved,
  deleteExpectations,
  expectCreations,
  expectDeletions,
  satisfiedExpectations,
} from '../expectations.ts';
import { podsToDeleteFromKeys } from '../podRanking.ts';
import { filterActivePods, isPodReady } from '../podUtil.ts';
import { activeRankedKeys } from '../podRankKey.ts';
import { specReplicas } from '../sort.ts';
import { noteBudgetsNotConsulted } from './budgets.ts';
import { type Claimed, claimedPods, claimPods, NOTHING_CLAIMED } from './claimPods.ts';
import { updateReplicaSetStatus } from './replicaSetUtils.ts';

const COMPONENT = 'replicaset-controller';

let lastRS = { ns: '', name: '', key: '/' };

/**
 * replicaSetKey is `namespace/name`, the last one handed out again for the same parts: a
 * ReplicaSet's pods are delivered one after the other (90,000 pod events in a 10,000-replica
 * rollout), and one string is hashed once by the cache, queue and expectations lookups instead of
 * a new one per event.
 */
function replicaSetKey(ns: string, name: string): string {
  if (lastRS.ns !== ns || lastRS.name !== name) lastRS = { ns, name, key: `${ns}/${name}` };
  return lastRS.key;
}

/**
 * resolveControllerRef finds the ReplicaSet a pod's controllerRef names (uid must match), with
 * its key.
 */
function resolveControllerRef(tx: Tx, ns: string, ref: OwnerReference | undefined): { rs: ReplicaSet; key: string } | undefined {
  if (!ref || ref.kind !== 'ReplicaSet') return undefined;
  const key = replicaSetKey(ns, ref.name);
  const rs = get(tx.st.cache, 'ReplicaSet', key);
  return rs && rs.metadata.uid === ref.uid ? { rs, key } : undefined;
}

/**
 * replicaSetOnWatch is the informer's event handlers (addRS/updateRS/deleteRS, addPod/updatePod/
 * deletePod); key is objectKey(rec.object).
 */
export function replicaSetOnWatch(tx: Tx, rec: WatchRecord, old: KubeObject | undefined, key = objectKey(rec.object)): void {
  const obj = rec.object;
  if (obj.kind === 'ReplicaSet') {
    if (rec.type === 'DELETED') deleteExpectations(tx.st.expectations.replicaset, key);
    enqueue(tx, 'replicaset', key);
    return;
  }
  if (obj.kind !== 'Pod') return;
  const ns = obj.metadata.namespace ?? 'default';
  const podKey = key;
  if (rec.type === 'DELETED') {
    const owner = resolveControllerRef(tx, ns, getControllerOf(obj));
    if (!owner) return;
    deletionObserved(tx.st.expectations.replicaset, owner.key, podKey);
    enqueue(tx, 'replicaset', owner.key);
    return;
  }
  const oldPod = old?.kind === 'Pod' ? old : undefined;
  if (rec.type === 'ADDED' || !oldPod) {
    const owner = resolveControllerRef(tx, ns, getControllerOf(obj));
    if (owner) {
      const rsKey = owner.key;
      if (obj.metadata.deletionTimestamp) deletionObserved(tx.st.expectations.replicaset, rsKey, podKey);
      else creationObserved(tx.st.expectations.replicaset, rsKey);
      enqueue(tx, 'replicaset', rsKey);
      return;
    }
    // A pod another kind of controller owns (a DaemonSet's) is none of our business.
    if (getControllerOf(obj)) return;
    // An orphan: every matching ReplicaSet gets a chance to adopt it.
    enqueueMatching(tx, ns, obj);
    return;
  }
  if (obj.metadata.resourceVersion === oldPod.metadata.resourceVersion) return;
  const ref = getControllerOf(obj);
  const owner = resolveControllerRef(tx, ns, ref);
  if (obj.metadata.deletionTimestamp && !oldPod.metadata.deletionTimestamp && owner) {
    // A graceful delete already counts as the deletion the controller expected.
    deletionObserved(tx.st.expectations.replicaset, owner.key, podKey);
  }
  // A status write keeps the ownerReferences object: the old pod resolves to the same owner.
  const oldRef = getControllerOf(oldPod);
  if (oldRef !== ref) {
    const oldOwner = resolveControllerRef(tx, ns, oldRef);
    if (oldOwner && oldOwner.rs !== owner?.rs) enqueue(tx, 'replicaset', oldOwner.key);
  }
  if (!owner) {
    // An orphan (no controller at all: another kind's pod is none of our business) whose labels or
    // controller changed: every ReplicaSet that matches it may adopt it now.
    if (ref === undefined && (oldRef !== undefined || obj.metadata.labels !== oldPod.metadata.labels)) enqueueMatching(tx, ns, obj);
    return;
  }
  enqueue(tx, 'replicaset', owner.key);
  const minReady = owner.rs.spec.minReadySeconds ?? 0;
  if (minReady > 0 && !isPodReady(oldPod) && isPodReady(obj)) {
    // Check again once the pod has been ready for minReadySeconds (plus a second of slack).
    enqueueAfter(tx, 'replicaset', owner.key, minReady * 1000 + 1000);
  }
}

/** enqueueMatching queues every cached ReplicaSet of the namespace whose selector matches the pod (getPodReplicaSets). */
function enqueueMatching(tx: Tx, ns: string, pod: Pod): void {
  for (const r of list(tx.st.cache, 'ReplicaSet')) {
    if ((r.metadata.namespace ?? 'default') === ns && selectorMatches(r.spec.selector, pod.metadata.labels)) enqueue(tx, 'replicaset', objectKey(r));
  }
}

/** getPodFromTemplate builds a pod for the ReplicaSet (controller.GetPodFromTemplate). */
function getPodFromTemplate(rs: ReplicaSet): Pod {
  const t = rs.spec.template;
  const shared = podMetaParts(rs);
  const pod: Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: '',
      generateName: shared.generateName,
      namespace: rs.metadata.namespace ?? 'default',
      labels: shared.labels,
      ownerReferences: shared.ownerReferences,
    },
    spec: structuredCloneSpec(t.spec),
  };
  if (t.metadata?.annotations) pod.metadata.annotations = { ...t.metadata.annotations };
  return pod;
}

interface PodMetaParts {
  generateName: string;
  labels: Record<string, string>;
  ownerReferences: NonNullable<Pod['metadata']['ownerReferences']>;
}

/**
 * The generateName, labels and ownerReferences every pod of a ReplicaSet gets, one copy per
 * template object (a ReplicaSet's versions share their template, and each template belongs to
 * one ReplicaSet): API objects are never changed in place, so 10,000 pods, and each of their
 * versions, need not each hold their own (~120 bytes a pod in Node).
 */
const metaParts = new WeakMap<object, PodMetaParts>();

function podMetaParts(rs: ReplicaSet): PodMetaParts {
  const t = rs.spec.template;
  let parts = metaParts.get(t);
  const uid = rs.metadata.uid ?? '';
  const ref = parts?.ownerReferences[0];
  if (parts === undefined || ref?.name !== rs.metadata.name || ref.uid !== uid) {
    parts = {
      generateName: `${rs.metadata.name}-`,
      labels: { ...(t.metadata?.labels ?? {}) },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: rs.metadata.name, uid, controller: true, blockOwnerDeletion: true }],
    };
    metaParts.set(t, parts);
  }
  return parts;
}

/**
 * One deep copy of each template spec, shared by the ReplicaSet's pods: API objects are never
 * changed in place (a write stores a new object), so 10,000 pods need not each parse their own
 * copy, and the heap keeps one. The copy is the JSON round trip a fresh copy always was.
 */
const specCopies = new WeakMap<object, unknown>();

function structuredCloneSpec<T extends object>(v: T): T {
  let copy = specCopies.get(v) as T | undefined;
  if (copy === undefined) {
    copy = JSON.parse(JSON.stringify(v)) as T;
    specCopies.set(v, copy);
  }
  return copy;
}

/**
 * relatedOwners are the uids of every ReplicaSet owned by the same Deployment as rs (whose pods
 * are getIndirectlyRelatedPods), or rs alone when nothing owns it.
 */
function relatedOwners(tx: Tx, rs: ReplicaSet): string[] {
  const owner = getControllerOf(rs);
  if (!owner) return [rs.metadata.uid ?? ''];
  const out: string[] = [];
  for (const r of tx.st.cache.objects.ReplicaSet.values()) {
    if (getControllerOf(r)?.uid === owner.uid) out.push(r.metadata.uid ?? '');
  }
  return out;
}

/**
 * manageReplicas creates or deletes pods to bring the active count to spec.replicas, at most
 * burstReplicas (500) per sync, creating in slow-start batches of 1, 2, 4, … . It returns the
 * first create error (a batch that had one is the last), or null: syncReplicaSet sets the
 * ReplicaFailure condition from it and requeues the key with back-off.
 */
export function manageReplicas(tx: Tx, activeCount: number, rs: ReplicaSet, rsKey: string, claimed: Claimed = NOTHING_CLAIMED): string | null {
  const replicas = specReplicas(rs);
  let diff = activeCount - replicas;
  const exp = tx.st.expectations.replicaset;
  decide(tx.decisions, 'manageReplicas', 'diff', { active: activeCount, replicas, diff });
  if (diff < 0) {
    diff = -diff;
    const n = Math.min(diff, ReplicaSetBurstReplicas);
    if (n < diff) decide(tx.decisions, 'manageReplicas', 'burstCapped', { diff, burstReplicas: ReplicaSetBurstReplicas, n });
    expectCreations(exp, rsKey, n, tx.now);
    // slowStartBatch: 1, 2, 4, … pods per batch; every create of a batch is tried (upstream runs
    // them in parallel), and a batch with a failure is the last.
    const batches: number[] = [];
    let remaining = n;
    let failed = 0;
    let firstError: string | null = null;
    for (let size = Math.min(remaining, SlowStartInitialBatchSize); size > 0; size = Math.min(2 * size, remaining)) {
      batches.push(size);
      for (let i = 0; i < size; i++) {
        const res = create(tx, getPodFromTemplate(rs));
        if (res.ok) recordEvent(tx, rs, 'Normal', 'SuccessfulCreate', `Created pod: ${res.object.metadata.name}`, COMPONENT);
        else {
          // A failed create will never be observed: lower the expectation for it.
          failed++;
          firstError ??= res.error.message;
          creationObserved(exp, rsKey);
          recordEvent(tx, rs, 'Warning', 'FailedCreate', `Error creating: ${res.error.message}`, COMPONENT);
        }
      }
      remaining -= size;
      if (failed > 0) {
        // The remaining batches are skipped, and their creations no longer expected.
        for (let i = 0; i < remaining; i++) creationObserved(exp, rsKey);
        decide(tx.decisions, 'manageReplicas', 'createFailed', { failed, skipped: remaining, error: firstError ?? '' });
        break;
      }
    }
    decide(tx.decisions, 'manageReplicas', 'create', { count: n - failed - remaining, batches: batches.join(', ') });
    note(tx, 'podsCreated', { count: n - failed - remaining, rs: rs.metadata.name });
    return firstError;
  }
  if (diff > 0) {
    const n = Math.min(diff, ReplicaSetBurstReplicas);
    const owners = relatedOwners(tx, rs);
    let related = 0;
    for (const uid of owners) related += ownedPodCount(tx.st.cache, uid);
    // The active pods, as filterActivePods lists them, with their ranks: the related pods are
    // counted per node by the cache as the watch delivers them.
    const ranked = activeRankedKeys(claimedPods(ownedPods(tx.st.cache, rs.metadata.uid ?? ''), claimed), activePodsPerNode(tx.st.cache, owners), tx.now);
    tx.cost += ranked.length + related;
    const victims = podsToDeleteFromKeys(ranked, n);
    const keys = victims.map((p) => objectKey(p));
    expectDeletions(exp, rsKey, keys, tx.now);
    for (let i = 0; i < victims.length; i++) {
      const p = victims[i] as Pod;
      // The key built for the expectations, not a second one per pod (500 a sync).
      const key = keys[i] as string;
      const res = del(tx, 'Pod', key);
      if (res.ok) recordEvent(tx, rs, 'Normal', 'SuccessfulDelete', `Deleted pod: ${p.metadata.name}`, COMPONENT);
      else if (res.error.reason !== 'NotFound') deletionObserved(exp, rsKey, key);
    }
    decide(tx.decisions, 'manageReplicas', 'delete', { count: n, pods: victims.map((p) => p.metadata.name).join(', ') });
    if (tx.st.cache.objects.PodDisruptionBudget.size > 0) noteBudgetsNotConsulted(tx, rs, victims);
    note(tx, 'podsDeleted', { count: n, rs: rs.metadata.name });
  }
  return null;
}

/** What calculateStatus is handed when it reads no pods. */
const noPods = (): Pod[] => [];

/** syncReplicaSet syncs one ReplicaSet key; returns an error message to requeue with back-off. */
export function syncReplicaSet(tx: Tx, key: string): string | null {
  tx.actor = COMPONENT;
  const rs = get(tx.st.cache, 'ReplicaSet', key);
  const exp = tx.st.expectations.replicaset;
  if (!rs) {
    deleteExpectations(exp, key);
    note(tx, 'replicaSetDeleted', { key });
    return null;
  }
  const needsSync = satisfiedExpectations(exp, key, tx.now);
  // ClaimPods before anything is counted; its failure fails the sync (requeued with back-off).
  const claimed = claimPods(tx, rs);
  if (claimed.error !== null) return claimed.error;
  const uid = rs.metadata.uid ?? '';
  const stats = ownerStats(tx.st.cache, uid);
  // Listing and claiming the pods costs the worker time in a cluster: 1 µs per pod here.
  tx.cost += stats.active + stats.terminating;
  // calculateStatus lists the pods only to count availability with minReadySeconds: no closure otherwise.
  let listed: Pod[] | null = null;
  const activePods = (rs.spec.minReadySeconds ?? 0) > 0 ? (): Pod[] => (listed ??= filterActivePods(podsOwnedBy(tx.st.cache, uid))) : noPods;
  note(tx, 'replicaSetSynced', { rs: rs.metadata.name });
  let manageReplicasErr: string | null = null;
  if (needsSync && !rs.metadata.deletionTimestamp) {
    manageReplicasErr = manageReplicas(tx, stats.active + claimed.adopted.size - claimed.released.size, rs, key, claimed);
  } else if (!needsSync) {
    const e = exp.get(key);
    decide(tx.decisions, 'syncReplicaSet', 'expectationsPending', { add: e?.add ?? 0, del: e?.del ?? 0 });
  }
  const statusErr = updateReplicaSetStatus(tx, rs, ownerStats(tx.st.cache, uid), activePods, manageReplicasErr);
  // A failed status write requeues first; then the create error does, with back-off.
  return statusErr ?? manageReplicasErr;
}

export { satisfiedExpectations };
