// The invariants and the update loop of kubernetes pkg/controller/statefulset/
// stateful_set_control_test.go (assertMonotonicInvariants, assertBurstInvariants,
// assertUpdateInvariants, checkClaimInvariants, updateComplete, updateStatefulSetControl).
import type { PersistentVolumeClaim, StatefulPod, StatefulSet } from '../../src/engine/api/statefulTypes.ts';
import { getPersistentVolumeClaimRetentionPolicy, hasOwnerRef } from '../../src/engine/controller/statefulset/claimOwnership.ts';
import {
  getOrdinal,
  getPersistentVolumeClaims,
  getPodRevision,
  getStartOrdinal,
  identityMatches,
  isRunningAndReady,
  podInOrdinalRange,
  storageMatches,
} from '../../src/engine/controller/statefulset/statefulSetUtils.ts';
import { nextInt } from '../../src/engine/lib/prng.ts';
import type { Invariants, World } from './statefulSetHarness.ts';

/** checkClaimInvariants: a retained claim exists; once its pod is Running and Ready, its owners follow the policy. */
export function checkClaimInvariants(set: StatefulSet, pod: StatefulPod, claim: PersistentVolumeClaim | undefined): string | null {
  const policy = getPersistentVolumeClaimRetentionPolicy(set);
  if (!claim) return policy.whenScaled === 'Retain' ? `claim for Pod ${pod.metadata.name} was not created` : null;
  if (!isRunningAndReady(pod)) return null;
  const setRef = hasOwnerRef(claim, set);
  const podRef = hasOwnerRef(claim, pod);
  const inRange = podInOrdinalRange(pod, set);
  const bad = `claim ${claim.metadata.name} has bad owner refs for ${policy.whenScaled}/${policy.whenDeleted}`;
  if (policy.whenScaled === 'Retain' && policy.whenDeleted === 'Retain') return setRef || podRef ? bad : null;
  if (policy.whenScaled === 'Retain' && policy.whenDeleted === 'Delete') return !setRef || podRef ? bad : null;
  if (policy.whenScaled === 'Delete' && policy.whenDeleted === 'Retain') return setRef || inRange === podRef ? bad : null;
  if (policy.whenScaled === 'Delete' && policy.whenDeleted === 'Delete') return inRange ? (podRef || !setRef ? bad : null) : !podRef || setRef ? bad : null;
  return null;
}

function storageAndIdentity(w: World, pod: StatefulPod, claimMustExist: boolean): string | null {
  if (!storageMatches(w.set, pod)) return `pods ${pod.metadata.name} does not match the storage specification of StatefulSet ${w.set.metadata.name}`;
  for (const c of getPersistentVolumeClaims(w.set, pod).values()) {
    const claim = w.claims.get(c.metadata.name);
    if (!claim && claimMustExist && getPersistentVolumeClaimRetentionPolicy(w.set).whenScaled === 'Retain') return `claim ${c.metadata.name} not found`;
    const err = checkClaimInvariants(w.set, pod, claim);
    if (err) return err;
  }
  if (!identityMatches(w.set, pod)) return `pods ${pod.metadata.name} does not match the identity specification of StatefulSet ${w.set.metadata.name}`;
  return null;
}

export const assertMonotonicInvariants: Invariants = (w) => {
  const pods = w.list();
  for (let idx = 0; idx < pods.length; idx++) {
    const pod = pods[idx] as StatefulPod;
    const prev = pods[idx - 1];
    if (prev && isRunningAndReady(pod) && !isRunningAndReady(prev)) {
      return `successor ${pod.metadata.name} is Running and Ready while ${prev.metadata.name} is not`;
    }
    if (getOrdinal(pod) !== idx + getStartOrdinal(w.set)) return `pods ${pod.metadata.name} deployed in the wrong order ${idx + getStartOrdinal(w.set)}`;
    const err = storageAndIdentity(w, pod, false);
    if (err) return err;
  }
  return null;
};

export const assertBurstInvariants: Invariants = (w) => {
  for (const pod of w.list()) {
    const err = storageAndIdentity(w, pod, true);
    if (err) return err;
  }
  return null;
};

export const assertUpdateInvariants: Invariants = (w) => {
  const pods = w.list();
  for (const pod of pods) {
    const err = storageAndIdentity(w, pod, true);
    if (err) return err;
  }
  const st = w.set.status;
  if (w.set.spec.updateStrategy?.type !== 'RollingUpdate' || !st) return null;
  for (let i = 0; i < (st.currentReplicas ?? 0) && i < pods.length; i++) {
    const got = getPodRevision(pods[i] as StatefulPod);
    if (got !== st.currentRevision) return `pod ${pods[i]?.metadata.name} want current revision ${st.currentRevision} got ${got}`;
  }
  for (let i = pods.length - 1, j = 0; j < (st.updatedReplicas ?? 0); i--, j++) {
    const got = pods[i] ? getPodRevision(pods[i] as StatefulPod) : '';
    if (got !== st.updateRevision) return `pod ${pods[i]?.metadata.name} want update revision ${st.updateRevision} got ${got}`;
  }
  return null;
};

/** updateComplete: all replicas Ready and, above the partition, at the right revision. */
export function updateComplete(w: World): boolean {
  const set = w.set;
  const pods = w.list();
  const replicas = set.spec.replicas ?? 1;
  if (pods.length !== replicas || (set.status?.readyReplicas ?? 0) !== replicas) return false;
  const strategy = set.spec.updateStrategy;
  if (strategy?.type === 'OnDelete') return true;
  const partition = strategy?.rollingUpdate?.partition;
  if (partition === undefined || partition <= 0) {
    if ((set.status?.currentReplicas ?? 0) < replicas) return false;
    return pods.every((p) => getPodRevision(p) === set.status?.currentRevision);
  }
  if (pods.length < partition) return false;
  return pods.slice(partition).every((p) => getPodRevision(p) === set.status?.updateRevision);
}

/** updateStatefulSetControl: one sync, then step a random pod forward and sync until updateComplete. */
export function runUpdate(w: World, invariants: Invariants, limit = 10_000): string | null {
  w.sync();
  for (let n = 0; !updateComplete(w); n++) {
    if (n > limit) return 'update did not converge';
    const fresh = w.list().find((p) => (p.status?.phase ?? '') === '');
    if (fresh) w.setPodPending(getOrdinal(fresh));
    const pods = w.list();
    if (pods.length > 0) {
      const pod = pods[nextInt(w.rng, pods.length)] as StatefulPod;
      const phase = pod.status?.phase;
      if (phase === 'Pending') w.setPodRunning(getOrdinal(pod));
      else if (phase === 'Running') w.setPodReady(getOrdinal(pod));
      else continue;
    }
    w.sync();
    const err = invariants(w);
    if (err) return err;
  }
  return invariants(w);
}
