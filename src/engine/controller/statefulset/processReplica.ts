// Port of kubernetes pkg/controller/statefulset/stateful_set_control.go processReplica,
// processCondemned, runForAll and slowStartBatch (v1.36) as plan steps: each call appends the
// writes the real function would make, in order, and returns what the real one returns.
import { type DecisionLog, decide } from '../../api/decision.ts';
import type { PersistentVolumeClaim, StatefulPod, StatefulSet } from '../../api/statefulTypes.ts';
import { type ClaimLookup, claimsMatchRetentionPolicy, claimsToCreate, podClaimIsStale, updatePodClaimForRetentionPolicy } from './podClaims.ts';
import {
  getOrdinal,
  getPodName,
  getPodRevision,
  identityMatches,
  isCreated,
  isFailed,
  isPending,
  isRunningAndAvailable,
  isRunningAndReady,
  isSucceeded,
  isTerminating,
  readyCondition,
  storageMatches,
  updateIdentity,
  updateStorage,
} from './statefulSetUtils.ts';
import type { PlaceholderBuilder } from './versionedPod.ts';

/** The loop that made a write: replicas, the condemned pods' claims, condemned pods, or the rolling update. */
export type Phase = 'replicas' | 'claims' | 'condemned' | 'update';

/** One write of the plan. `batch` is slowStartBatch's batch (0 in OrderedReady, which goes one by one). */
export type StatefulSetAction =
  | { op: 'createPod'; phase: Phase; batch: number; pod: StatefulPod; claims: PersistentVolumeClaim[] }
  | { op: 'deletePod'; phase: Phase; batch: number; pod: string; why: 'failed' | 'succeeded' | 'condemned' | 'update' }
  | { op: 'updatePod'; phase: Phase; batch: number; pod: StatefulPod; claims: PersistentVolumeClaim[] }
  | { op: 'createClaims'; phase: Phase; batch: number; pod: string; claims: PersistentVolumeClaim[] }
  | { op: 'updateClaims'; phase: Phase; batch: number; pod: string; claims: PersistentVolumeClaim[]; conflicting: string[] };

/** What processReplica and processCondemned see of the sync. */
export interface StepContext {
  set: StatefulSet;
  /** getStartOrdinal(set): replicas[i] is ordinal start + i. */
  start: number;
  /** How many replicas are missing (placeholders and stubs): none, and nextMissing has nothing to find. */
  missing: number;
  /** The set at the current and at the update revision (applyRevision), made when first asked. */
  sets: { current(): StatefulSet; update(): StatefulSet };
  monotonic: boolean;
  /**
   * Under OrderedReady, the pod for a missing slot (newVersionedStatefulSetPod), built when the
   * loop reaches it: it reaches at most one, the first missing, and creating it ends the sync. The
   * slots are then the layout's own array, not a copy with the placeholder in it (1,000 copies of
   * 1,000 slots in the 1,000-replica update, ~8 % of its timed part's allocation). Null: every
   * missing slot that matters already holds its placeholder (Parallel), or none is missing.
   */
  placeholder: PlaceholderBuilder | null;
  nowMs: number;
  claims: ClaimLookup;
  actions: StatefulSetAction[];
  log: DecisionLog | undefined;
  phase: Phase;
  batch: number;
}

/** A step's result: exit the loop (monotonic), and the error a write would return. */
export interface StepResult {
  exit: boolean;
  error: string | null;
}

/** The result of a replica that needs nothing: the loop goes on. */
export const PASS: StepResult = Object.freeze({ exit: false, error: null });

/** The result of a step that ends the loop without an error (a wait, or an OrderedReady write). */
const EXIT: StepResult = Object.freeze({ exit: true, error: null });

/**
 * A step's result: the two without an error are shared (frozen, never written), not made on each
 * call: the 1,000-replica update's 7,001 syncs each end in a processReplica that waits or writes.
 */
const go = (exit: boolean, error: string | null = null): StepResult => (error !== null ? { exit, error } : exit ? EXIT : PASS);

/** placeholderStub is a missing ordinal's stand-in that is never created: its name only. */
export function placeholderStub(set: StatefulSet, ordinal: number): StatefulPod {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: getPodName(set, ordinal) }, spec: { containers: [] } };
}

/**
 * The replicas by ordinal − start; undefined is a missing ordinal whose placeholder was not
 * built: not created, named by its ordinal (under OrderedReady, ctx.placeholder builds the one
 * the loop reaches).
 */
export type Replicas = readonly (StatefulPod | undefined)[];

/** The name of the first pod after index i not created yet: the one OrderedReady holds back. */
function nextMissing(ctx: StepContext, replicas: Replicas, i: number): string {
  if (ctx.missing === 0) return '';
  for (let j = i + 1; j < replicas.length; j++) {
    const p = replicas[j];
    if (p === undefined) return getPodName(ctx.set, ctx.start + j);
    if (!isCreated(p)) return p.metadata.name;
  }
  return '';
}

/**
 * processReplica handles replica i: a Failed or Succeeded pod is deleted (recreated on a later
 * sync, once gone); a missing pod is created (its claims first) unless a stale claim blocks it,
 * and under OrderedReady that ends the sync; a Pending pod gets its missing claims; under
 * OrderedReady a terminating, not Running+Ready, or not yet available pod ends the sync; a pod
 * whose identity, storage or claim owners drifted is updated.
 */
export function processReplica(ctx: StepContext, replicas: Replicas, i: number): StepResult {
  const fn = 'processReplica';
  const { set, monotonic, log } = ctx;
  const pod = replicas[i] ?? (ctx.placeholder === null ? placeholderStub(set, ctx.start + i) : ctx.placeholder.at(i));
  const name = pod.metadata.name;
  if (isFailed(pod) || isSucceeded(pod)) {
    const phase = pod.status?.phase ?? '';
    if (!isTerminating(pod)) {
      ctx.actions.push({ op: 'deletePod', phase: ctx.phase, batch: ctx.batch, pod: name, why: isFailed(pod) ? 'failed' : 'succeeded' });
      decide(log, fn, 'deleteTerminal', { pod: name, podPhase: phase });
    } else {
      decide(log, fn, 'waitTerminalGone', { pod: name, podPhase: phase });
    }
    return go(true);
  }
  if (!isCreated(pod)) {
    if (podClaimIsStale(set, pod, ctx.claims)) {
      decide(log, fn, 'staleClaim', { pod: name });
      return go(true);
    }
    const { create, error } = claimsToCreate(set, pod, ctx.claims);
    if (error) {
      decide(log, fn, 'claimBeingDeleted', { pod: name, error });
      return go(true, error);
    }
    ctx.actions.push({ op: 'createPod', phase: ctx.phase, batch: ctx.batch, pod, claims: create });
    decide(log, fn, 'create', { pod: name, ordinal: getOrdinal(pod), revision: getPodRevision(pod), claims: create.length, monotonic });
    if (monotonic) return go(true);
  }
  if (isPending(pod)) {
    const { create, error } = claimsToCreate(set, pod, ctx.claims);
    if (error) return go(true, error);
    if (create.length) {
      ctx.actions.push({ op: 'createClaims', phase: ctx.phase, batch: ctx.batch, pod: name, claims: create });
      decide(log, fn, 'createMissingClaims', { pod: name, claims: create.length });
    }
    const fix = updatePodClaimForRetentionPolicy(set, pod, ctx.claims);
    if (fix.updates.length || fix.conflicting.length) {
      ctx.actions.push({ op: 'updateClaims', phase: ctx.phase, batch: ctx.batch, pod: name, claims: fix.updates, conflicting: fix.conflicting });
    }
  }
  if (isTerminating(pod) && monotonic) {
    decide(log, fn, 'waitTerminating', { pod: name });
    return go(true);
  }
  if (!isRunningAndReady(pod) && monotonic) {
    // A loop, not find() with a closure: this line was ~0.25 % of the 1,000-replica update's
    // profile (the ~1,000 syncs that wait on a starting pod; issue 23).
    const ready = readyCondition(pod)?.status ?? 'Unknown';
    const blocked = nextMissing(ctx, replicas, i);
    const podPhase = pod.status?.phase ?? '';
    if (blocked) decide(log, fn, 'notCreatedUntilReady', { pod: blocked, waitingFor: name, podPhase, ready });
    else decide(log, fn, 'waitRunningAndReady', { pod: name, podPhase, ready });
    return go(true);
  }
  const mrs = set.spec.minReadySeconds ?? 0;
  if (!isRunningAndAvailable(pod, mrs, ctx.nowMs) && monotonic) {
    const blocked = nextMissing(ctx, replicas, i);
    if (blocked) decide(log, fn, 'notCreatedUntilAvailable', { pod: blocked, waitingFor: name, minReadySeconds: mrs });
    else decide(log, fn, 'waitAvailable', { pod: name, minReadySeconds: mrs });
    return go(true);
  }
  // An unreadable claim counts as matching upstream; a missing one is picked up later.
  const retention = claimsMatchRetentionPolicy(ctx.sets.update(), pod, ctx.claims);
  const identity = identityMatches(set, pod);
  const storage = storageMatches(set, pod);
  if (identity && storage && retention) return go(false);
  return updateStatefulPod(ctx, pod, { identity, storage });
}

/**
 * UpdateStatefulPod's decision (with updateSet): restore identity and storage, create missing
 * claims, fix claim owners; the pod is written only if identity or storage or owners changed.
 */
function updateStatefulPod(ctx: StepContext, pod: StatefulPod, matches: { identity: boolean; storage: boolean }): StepResult {
  const set = ctx.sets.update();
  let next = pod;
  let consistent = true;
  if (!matches.identity) {
    next = updateIdentity(set, next);
    consistent = false;
  }
  if (!matches.storage) {
    next = updateStorage(set, next);
    consistent = false;
  }
  const { create, error } = claimsToCreate(set, next, ctx.claims);
  if (error) return go(true, error);
  if (!claimsMatchRetentionPolicy(set, next, ctx.claims)) {
    const fix = updatePodClaimForRetentionPolicy(set, next, ctx.claims);
    ctx.actions.push({ op: 'updateClaims', phase: ctx.phase, batch: ctx.batch, pod: next.metadata.name, claims: fix.updates, conflicting: fix.conflicting });
    consistent = false;
  }
  if (consistent) return go(false);
  ctx.actions.push({ op: 'updatePod', phase: ctx.phase, batch: ctx.batch, pod: next, claims: create });
  decide(ctx.log, 'processReplica', 'updatePod', { pod: next.metadata.name, identity: matches.identity, storage: matches.storage });
  return go(false);
}

/**
 * processCondemned handles the condemned pod i (sorted highest ordinal first): a terminating
 * one is waited for under OrderedReady and skipped under Parallel; under OrderedReady a pod that
 * is not Running+Ready (then not available) is waited for unless it is the first unavailable
 * pod of the set; otherwise it is deleted, which under OrderedReady ends the sync.
 */
export function processCondemned(ctx: StepContext, condemned: readonly StatefulPod[], i: number, firstUnavailable: StatefulPod | null): StepResult {
  const fn = 'processCondemned';
  const pod = condemned[i] as StatefulPod;
  const name = pod.metadata.name;
  const first = firstUnavailable?.metadata.name ?? '';
  if (isTerminating(pod)) {
    decide(ctx.log, fn, ctx.monotonic ? 'waitTerminating' : 'skipTerminating', { pod: name });
    return go(ctx.monotonic);
  }
  if (!isRunningAndReady(pod) && ctx.monotonic && pod !== firstUnavailable) {
    decide(ctx.log, fn, 'waitRunningAndReady', { pod: name, firstUnavailable: first });
    return go(true);
  }
  const mrs = ctx.set.spec.minReadySeconds ?? 0;
  if (!isRunningAndAvailable(pod, mrs, ctx.nowMs) && ctx.monotonic && pod !== firstUnavailable) {
    decide(ctx.log, fn, 'waitAvailable', { pod: name, firstUnavailable: first, minReadySeconds: mrs });
    return go(true);
  }
  ctx.actions.push({ op: 'deletePod', phase: ctx.phase, batch: ctx.batch, pod: name, why: 'condemned' });
  decide(ctx.log, fn, 'delete', { pod: name, ordinal: getOrdinal(pod) });
  return go(true);
}

/** The batch sizes of slowStartBatch(1, n): 1, 2, 4, … capped at 500 (MaxBatchSize). 10 → 1,2,4,3. */
export function slowStartBatchSizes(remaining: number, initial = 1, max = 500): number[] {
  const sizes: number[] = [];
  let left = remaining;
  for (let size = Math.min(left, initial); size > 0; size = Math.min(Math.min(2 * size, left), max)) {
    sizes.push(size);
    left -= size;
  }
  return sizes;
}

/**
 * runForAll: in order, stopping at the first step that exits or errs (monotonic); or by
 * slowStartBatch, where every step of a batch runs and an error stops the batches after it.
 * Returns whether the caller must stop, and the error. `step` is called as step(ctx, arg, i): a
 * module function and its data rather than a closure made on each sync (under tsx, the bench's
 * runner, every named closure costs a defineProperty of its name).
 */
export function runForAll<A>(ctx: StepContext, n: number, step: (ctx: StepContext, arg: A, i: number) => StepResult, arg: A): StepResult {
  if (ctx.monotonic) {
    ctx.batch = 0;
    for (let i = 0; i < n; i++) {
      const r = step(ctx, arg, i);
      if (r.exit || r.error) return go(true, r.error);
    }
    return PASS;
  }
  let i = 0;
  let batch = 0;
  for (const size of slowStartBatchSizes(n)) {
    ctx.batch = batch++;
    const errors: string[] = [];
    for (let k = 0; k < size; k++, i++) {
      const r = step(ctx, arg, i);
      if (r.error) errors.push(r.error);
    }
    if (errors.length) return go(true, errors.length === 1 ? (errors[0] as string) : `[${errors.join(', ')}]`);
  }
  return PASS;
}
