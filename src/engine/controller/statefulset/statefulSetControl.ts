// Port of kubernetes pkg/controller/statefulset/stateful_set_control.go updateStatefulSet and
// updateStatefulSetAfterInvariantEstablished (v1.36) as a pure plan: for one sync, what is
// created, deleted and updated, in order, the status it computes and the status it writes.
import { type DecisionLog, decide } from '../../api/decision.ts';
import type { StatefulPod, StatefulSet, StatefulSetStatus } from '../../api/statefulTypes.ts';
import type { ControllerRevision } from '../../api/types.ts';
import type { ClaimLookup } from './podClaims.ts';
import { placeholderStub, runForAll, type StatefulSetAction, type StepContext } from './processReplica.ts';
import { RevisionSets } from './revisions.ts';
import { type ReplicaSlots, slotsOf } from './replicaSlots.ts';
import { podFacts, unavailable as podUnavailable } from './podFacts.ts';
import { updateStatus } from './statefulSetStatus.ts';
import { done, noClaims, passes, type Recount, recount, type ReplicaLoop, runForLoud, stepCondemned, stepReplica, withPlaceholders } from './planSteps.ts';
import {
  allowsBurst,
  descendingOrdinal,
  getOrdinal,
  getPodRevision,
  getStartOrdinal,
  getStatefulSetMaxUnavailable,
  isTerminating,
  isUnavailable,
} from './statefulSetUtils.ts';
import { PlaceholderPods } from './versionedPod.ts';
import { updateClaimsForCondemned } from './updateClaims.ts';


export interface UpdateStatefulSetInput {
  /** The set as defaulted and stored. */
  set: StatefulSet;
  /** The pods the set owns (claimed, not necessarily in ordinal order). */
  pods: readonly StatefulPod[];
  /** The pods laid out by ordinal, when the caller keeps them (replicaSlots.ts); else laid out from `pods`. */
  slots?: ReplicaSlots;
  currentRevision: ControllerRevision;
  updateRevision: ControllerRevision;
  collisionCount: number;
  nowMs: number;
  /** The claims the informer holds; none by default. */
  claims?: ClaimLookup;
  /** MaxUnavailableStatefulSet: off by default in v1.36 (rollingUpdate.maxUnavailable is dropped). */
  maxUnavailableStatefulSet?: boolean;
}

export interface UpdateStatefulSetPlan {
  /** The writes, in the order the controller makes them. */
  actions: StatefulSetAction[];
  /** The status updateStatefulSet returns (currentReplicas already lowered by a rolling-update delete). */
  status: StatefulSetStatus;
  /** What updateStatefulSetStatus writes: completed if the rollout is done; null when consistent. */
  statusWrite: StatefulSetStatus | null;
  /** The error the sync returns, if a write is refused in advance (a claim being deleted). */
  error: string | null;
}

/**
 * updateStatefulSetPlan runs one sync's updateStatefulSet: status counts; replicas indexed by
 * ordinal − start with placeholders for the missing ones (at the current or update revision,
 * see newVersionedStatefulSetPod); condemned pods highest ordinal first; then processReplica
 * over the replicas, the condemned pods' claim owners, processCondemned — under OrderedReady
 * each loop stops at its first wait or write — and last, unless OnDelete, the rolling update:
 * from the highest ordinal down to the partition, delete the first pod not at the update
 * revision (one per sync) or stop at the first unavailable one.
 */
export function updateStatefulSetPlan(input: UpdateStatefulSetInput, log?: DecisionLog): UpdateStatefulSetPlan {
  const fn = 'updateStatefulSet';
  const { set, pods, currentRevision, updateRevision, nowMs } = input;
  const cur = currentRevision.metadata.name;
  const upd = updateRevision.metadata.name;
  const sets = new RevisionSets(set, currentRevision, updateRevision);
  const mrs = set.spec.minReadySeconds ?? 0;
  let status: StatefulSetStatus = {
    observedGeneration: set.metadata.generation ?? 0,
    replicas: 0,
    currentRevision: cur,
    updateRevision: upd,
    collisionCount: input.collisionCount,
  };
  const replicaCount = set.spec.replicas ?? 1;
  const start = getStartOrdinal(set);
  // The replicas by ordinal − start (podInOrdinalRange) with each one's predicates (podFacts.ts),
  // and the condemned pods.
  const view = input.slots ?? slotsOf(set, pods);
  const { pods: slots, facts, condemned: unsorted } = view;
  // Under OrderedReady a sync creates at most the first missing pod and never reaches the
  // rolling update while one is missing, so the later missing ordinals need only their name: they
  // stay undefined (a not-created stub, unavailable, named by its ordinal where asked). Building
  // all 999 placeholders of a 1,000-replica create on every sync was most of its cost.
  const monotonicSet = !allowsBurst(set);
  const missing = replicaCount - view.filled;
  // With every ordinal present (a rolling update) the slots are the replicas as they are; under
  // OrderedReady the one placeholder the loop can reach is built when it does (ctx.placeholder).
  const build = missing === 0 ? null : new PlaceholderPods(sets, cur, upd, start);
  const replicas = build === null || monotonicSet ? slots : withPlaceholders(slots, view.loudBurst, missing, false, build);
  // Nothing condemned (every sync of a rolling update): the layout's empty list, not copied to sort.
  const condemned = unsorted.length === 0 ? unsorted : descendingOrdinal(unsorted);

  let firstUnavailable: StatefulPod | null = null;
  let unavailable = 0;
  // A placeholder (not created: no Ready condition) is unavailable. At minReadySeconds 0 the
  // count is kept with the slots and only the first unavailable one is looked for.
  const timeless = mrs === 0;
  if (timeless) {
    unavailable = missing + view.unavailable0;
    const i = unavailable > 0 ? view.firstUnavailableAt0 : -1;
    if (i >= 0) firstUnavailable = replicas[i] ?? placeholderStub(set, start + i);
  }
  for (let i = 0; i < replicas.length && !timeless; i++) {
    const f = facts[i];
    if (f === undefined || podUnavailable(f, mrs, nowMs)) {
      if (!timeless) unavailable++;
      firstUnavailable ??= replicas[i] ?? placeholderStub(set, start + i);
    }
  }
  for (let i = condemned.length - 1; i >= 0; i--) {
    const p = condemned[i] as StatefulPod;
    if (isUnavailable(p, mrs, nowMs)) {
      unavailable++;
      firstUnavailable ??= p;
    }
  }
  decide(log, fn, 'partition', {
    replicas: replicaCount,
    start,
    missing,
    condemned: condemned.length,
    unavailable,
    firstUnavailable: firstUnavailable?.metadata.name ?? '',
  });

  const actions: StatefulSetAction[] = [];
  if (set.metadata.deletionTimestamp !== undefined) {
    decide(log, fn, 'setDeleting', {});
    // Upstream counts the claimed pods first; every other return counts replicas and condemned
    // again (recounted) before the status is read, so this count is taken on this path only
    // (issue 23: it was a second pass over 1,000 pods on every sync).
    status = updateStatus(status, mrs, cur, upd, nowMs, pods);
    return done(actions, set, status, null);
  }
  const monotonic = !allowsBurst(set);
  const ctx: StepContext = {
    set,
    start,
    missing,
    sets,
    monotonic,
    placeholder: monotonic ? build : null,
    nowMs,
    claims: input.claims ?? noClaims,
    actions,
    log,
    phase: 'replicas',
    batch: 0,
  };
  const counts: Recount = { view, timeless, mrs, cur, upd, nowMs, condemned };
  // A replica processReplica would pass without a decision or a write is not visited: in a
  // 1,000-replica OrderedReady update, every Ready pod below the one being replaced.
  const loop: ReplicaLoop = { replicas, facts, from: 0, quiet: (set.spec.volumeClaimTemplates?.length ?? 0) === 0 };

  // Under OrderedReady the quiet replicas before the first one that acts are skipped in one loop.
  if (monotonic && timeless && loop.quiet) {
    loop.from = view.firstLoudAt0;
    if (loop.from < 0) loop.from = replicas.length;
  } else while (monotonic && loop.from < replicas.length && passes(ctx, loop, loop.from)) loop.from++;
  // Without claim templates a quiet replica is known from its slot's flag (at minReadySeconds 0
  // under OrderedReady; any under Parallel): only the others are visited.
  let r =
    loop.quiet && (!monotonic || timeless)
      ? runForLoud(ctx, loop, monotonic ? view.loudAt0 : view.loudBurst)
      : runForAll(ctx, replicas.length - loop.from, stepReplica, loop);
  if (r.exit || r.error) return done(actions, set, recount(status, counts), r.error);
  ctx.phase = 'claims';
  r = runForAll(ctx, condemned.length, updateClaimsForCondemned, condemned);
  if (r.exit || r.error) return done(actions, set, recount(status, counts), r.error);
  ctx.phase = 'condemned';
  r = runForAll(ctx, condemned.length, stepCondemned, { condemned, firstUnavailable });
  if (r.exit || r.error) return done(actions, set, recount(status, counts), r.error);
  status = recount(status, counts);

  if (set.spec.updateStrategy?.type === 'OnDelete') {
    decide(log, fn, 'onDelete', { updatedReplicas: status.updatedReplicas ?? 0, replicas: replicaCount });
    return done(actions, set, status, null);
  }
  const rollingUpdate = set.spec.updateStrategy?.rollingUpdate;
  const updateMin = rollingUpdate ? (rollingUpdate.partition ?? 0) : 0;
  if (input.maxUnavailableStatefulSet) {
    const all = replicas.map((p, i) => p ?? placeholderStub(set, start + i));
    const r2 = updateStatefulSetAfterInvariantEstablished(set, all, upd, status, nowMs, log);
    actions.push(...r2.actions);
    return done(actions, set, r2.status, null);
  }
  // At minReadySeconds 0 the scan starts at the first slot it would not pass (view.unsettled):
  // every slot above it is at the update revision and available, which the loop passes.
  const top = timeless ? Math.min(replicas.length - 1, view.unsettled.last(upd)) : replicas.length - 1;
  for (let target = top; target >= updateMin; target--) {
    const pod = replicas[target] ?? placeholderStub(set, start + target);
    const f = facts[target] ?? podFacts(pod);
    if (f.revision === upd && !podUnavailable(f, mrs, nowMs)) continue;
    const name = pod.metadata.name;
    if (getPodRevision(pod) !== upd && !isTerminating(pod)) {
      actions.push({ op: 'deletePod', phase: 'update', batch: 0, pod: name, why: 'update' });
      status = { ...status, currentReplicas: (status.currentReplicas ?? 0) - 1 };
      decide(log, fn, 'deleteForUpdate', { pod: name, ordinal: getOrdinal(pod), revision: getPodRevision(pod), updateRevision: upd, partition: updateMin });
      return done(actions, set, status, null);
    }
    if (isUnavailable(pod, mrs, nowMs)) {
      decide(log, fn, 'waitForUpdate', { pod: name, minReadySeconds: mrs, terminating: isTerminating(pod) });
      return done(actions, set, status, null);
    }
  }
  decide(log, fn, 'rolloutSettled', { partition: updateMin, updatedReplicas: status.updatedReplicas ?? 0, replicas: replicaCount });
  return done(actions, set, status, null);
}

/**
 * updateStatefulSetAfterInvariantEstablished, the v1.36 single pass (MaxUnavailableStatefulSet on;
 * 1.37's two-phase Parallel pass is not ported): count unavailable replicas at every ordinal;
 * at or above maxUnavailable delete nothing; else delete up to maxUnavailable − unavailable pods
 * not at the update revision, from the highest ordinal down to the partition.
 */
export function updateStatefulSetAfterInvariantEstablished(
  set: StatefulSet,
  replicas: readonly StatefulPod[],
  upd: string,
  status: StatefulSetStatus,
  nowMs: number,
  log?: DecisionLog,
): { status: StatefulSetStatus; actions: StatefulSetAction[] } {
  const actions: StatefulSetAction[] = [];
  const fn = 'updateStatefulSetAfterInvariantEstablished';
  const ru = set.spec.updateStrategy?.rollingUpdate;
  const updateMin = ru ? (ru.partition ?? 0) : 0;
  const maxUnavailable = ru ? getStatefulSetMaxUnavailable(ru.maxUnavailable, set.spec.replicas ?? 1) : 1;
  const mrs = set.spec.minReadySeconds ?? 0;
  const unavailable = replicas.filter((p) => isUnavailable(p, mrs, nowMs)).length;
  decide(log, fn, 'budget', { maxUnavailable, unavailable, podsToDelete: Math.max(0, maxUnavailable - unavailable) });
  if (unavailable >= maxUnavailable) return { status, actions };
  let out = status;
  let deleted = 0;
  for (let target = replicas.length - 1; target >= updateMin && deleted < maxUnavailable - unavailable; target--) {
    const pod = replicas[target] as StatefulPod;
    if (getPodRevision(pod) !== upd && !isTerminating(pod)) {
      actions.push({ op: 'deletePod', phase: 'update', batch: 0, pod: pod.metadata.name, why: 'update' });
      out = { ...out, currentReplicas: (out.currentReplicas ?? 0) - 1 };
      deleted++;
    }
  }
  return { status: out, actions };
}
