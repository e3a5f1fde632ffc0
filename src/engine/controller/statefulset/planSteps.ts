// Not a port: the steps of updateStatefulSetPlan (statefulSetControl.ts) as module functions over
// plain data, not closures made on each sync (issue 23): under tsx, the bench's runner, each named
// closure costs a defineProperty of its name, ~8 a sync of the 1,000-replica update.
import type { StatefulPod, StatefulSet, StatefulSetStatus } from '../../api/statefulTypes.ts';
import type { ClaimLookup } from './podClaims.ts';
import { type PodFacts, quietReplica } from './podFacts.ts';
import { PASS, processCondemned, processReplica, slowStartBatchSizes, type StatefulSetAction, type StepContext, type StepResult } from './processReplica.ts';
import type { ReplicaSlots } from './replicaSlots.ts';
import type { PlaceholderBuilder } from './versionedPod.ts';
import { statusOfTally, statusToWrite, updateStatusOfSlots } from './statefulSetStatus.ts';

/** The plan updateStatefulSetPlan returns (its type is statefulSetControl.ts's UpdateStatefulSetPlan). */
export interface PlanResult {
  actions: StatefulSetAction[];
  status: StatefulSetStatus;
  statusWrite: StatefulSetStatus | null;
  error: string | null;
}

export const noClaims: ClaimLookup = () => undefined;

/** done: the plan with the status it writes (completed if the rollout is done; null when consistent). */
export const done = (actions: StatefulSetAction[], set: StatefulSet, status: StatefulSetStatus, error: string | null): PlanResult => ({
  actions,
  status,
  statusWrite: statusToWrite(set, status),
  error,
});

/** What the status recount reads: the kept tally at minReadySeconds 0, else every replica's facts. */
export interface Recount {
  view: ReplicaSlots;
  timeless: boolean;
  mrs: number;
  cur: string;
  upd: string;
  nowMs: number;
  condemned: readonly StatefulPod[];
}

export function recount(status: StatefulSetStatus, c: Recount): StatefulSetStatus {
  return c.timeless
    ? statusOfTally(status, c.view.tally, c.cur, c.upd)
    : updateStatusOfSlots(status, c.mrs, c.cur, c.upd, c.nowMs, c.view.facts, c.condemned);
}

/** The replicas loop: from `from` on; `quiet` when the set has no volumeClaimTemplates. */
export interface ReplicaLoop {
  replicas: readonly (StatefulPod | undefined)[];
  facts: readonly (PodFacts | undefined)[];
  from: number;
  quiet: boolean;
}

/** passes: replica i is one processReplica would pass without a decision or a write. */
export function passes(ctx: StepContext, loop: ReplicaLoop, i: number): boolean {
  const f = loop.facts[i];
  return f !== undefined && loop.quiet && quietReplica(f, ctx.set, ctx.monotonic, ctx.set.spec.minReadySeconds ?? 0, ctx.nowMs);
}

export function stepReplica(ctx: StepContext, loop: ReplicaLoop, k: number): StepResult {
  return passes(ctx, loop, loop.from + k) ? PASS : processReplica(ctx, loop.replicas, loop.from + k);
}

export function stepCondemned(ctx: StepContext, c: { condemned: readonly StatefulPod[]; firstUnavailable: StatefulPod | null }, i: number): StepResult {
  return processCondemned(ctx, c.condemned, i, c.firstUnavailable);
}

/**
 * runForLoud is runForAll(ctx, replicas.length − from, stepReplica, loop) when `loud` holds, per
 * slot, 1 exactly where passes() is false (loudAt0 under OrderedReady at minReadySeconds 0,
 * loudBurst under Parallel): the quiet replicas, which step to PASS with no decision or write,
 * are jumped over by indexOf instead of visited. Under Parallel the loop stepped all 100
 * replicas of the 100-replica run on each of its 712 syncs: 71,200 steps for the 200 that act
 * (counted). Under OrderedReady it already starts at the first loud replica and stops at the
 * first that waits, so it steps as before (6,000 in the 1,000-replica update). Batches are
 * numbered as slowStartBatch numbers them, and an error still stops the batches after its own.
 */
export function runForLoud(ctx: StepContext, loop: ReplicaLoop, loud: Uint8Array): StepResult {
  const { replicas, from } = loop;
  if (ctx.monotonic) {
    ctx.batch = 0;
    for (let i = from < replicas.length ? loud.indexOf(1, from) : -1; i >= 0; i = loud.indexOf(1, i + 1)) {
      const r = processReplica(ctx, replicas, i);
      if (r.exit || r.error) return r.exit && r.error === null ? EXIT : { exit: true, error: r.error };
    }
    return PASS;
  }
  const sizes = slowStartBatchSizes(replicas.length - from);
  let i = from;
  for (let b = 0; b < sizes.length; b++) {
    ctx.batch = b;
    const end = i + (sizes[b] as number);
    let next = loud.indexOf(1, i);
    // Nothing loud is left: the later batches would step quiet replicas only.
    if (next < 0) {
      ctx.batch = sizes.length - 1;
      return PASS;
    }
    const errors: string[] = [];
    for (; next >= 0 && next < end; next = loud.indexOf(1, next + 1)) {
      const r = processReplica(ctx, replicas, next);
      if (r.error) errors.push(r.error);
    }
    if (errors.length) return { exit: true, error: errors.length === 1 ? (errors[0] as string) : `[${errors.join(', ')}]` };
    i = end;
  }
  return PASS;
}

const EXIT: StepResult = Object.freeze({ exit: true, error: null });

/**
 * withPlaceholders is the replicas with placeholders built for the missing slots: the first
 * only under OrderedReady (monotonic), all of them under Parallel. An empty slot is loud (`loud`
 * is the slots' loudAt0 under OrderedReady, loudBurst under Parallel), so only the loud slots are
 * visited, found by indexOf, and the scan stops once the first is built (OrderedReady) or once
 * all `missing` are (the layout's `filled` counts the slots holding a pod). Scanning from 0 to
 * the end, the 1,000 syncs of the 1,000-replica update that find the replaced pod gone visited
 * all 1,000 slots each: 1,000,000 visits, now 1,000 (issue 23). Under Parallel the same scan of
 * every slot was a loop hot enough to be optimised (~23 M instructions of TurboFan in the
 * 100-replica Parallel run): the quiet slots are jumped over natively now.
 */
export function withPlaceholders(
  slots: readonly (StatefulPod | undefined)[],
  loud: Uint8Array,
  missing: number,
  monotonic: boolean,
  build: PlaceholderBuilder,
): (StatefulPod | undefined)[] {
  const replicas = slots.slice();
  let built = 0;
  for (let i = missing > 0 ? loud.indexOf(1) : -1; i >= 0; i = loud.indexOf(1, i + 1)) {
    if (replicas[i] !== undefined) continue;
    replicas[i] = build.at(i);
    if (monotonic || ++built === missing) break;
  }
  return replicas;
}
