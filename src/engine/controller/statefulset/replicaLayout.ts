// Not a port: updateStatefulSet's first step, the members laid out by ordinal with the counts and
// flags the plan reads (issue 23); replicaSlots.ts keeps one between syncs.
import type { StatefulPod, StatefulSet } from '../../api/statefulTypes.ts';
import { FirstOne } from './firstOne.ts';
import { type PodFacts, podFacts, quietReplica } from './podFacts.ts';
import { getEndOrdinal, getStartOrdinal } from './statefulSetUtils.ts';

/** The set's pods laid out for updateStatefulSet. The plan reads it and never changes it. */
export interface ReplicaSlots {
  /** By ordinal − start: the member pod, or undefined where none is. */
  readonly pods: readonly (StatefulPod | undefined)[];
  /** podFacts of each slot's pod. */
  readonly facts: readonly (PodFacts | undefined)[];
  /** Members with a valid ordinal outside [start, end], unsorted. */
  readonly condemned: readonly StatefulPod[];
  /** How many slots hold a pod. */
  readonly filled: number;
  /** Slots whose pod is unavailable at minReadySeconds 0: not Ready, or terminating. */
  readonly unavailable0: number;
  /**
   * Per slot, 1 where it is empty or its pod unavailable at minReadySeconds 0: indexOf(1) is the
   * first unavailable replica, found natively instead of in a loop over 1,000 pods.
   */
  readonly unavailableAt0: Uint8Array;
  /** unavailableAt0.indexOf(1), kept (firstOne.ts). */
  readonly firstUnavailableAt0: number;
  /** Per slot, 1 where it is empty or its pod is not quietReplica under OrderedReady at minReadySeconds 0. */
  readonly loudAt0: Uint8Array;
  /** loudAt0.indexOf(1), kept (firstOne.ts). */
  readonly firstLoudAt0: number;
  /**
   * Per slot, 1 where it is empty or its pod is not quietReplica under Parallel (which reads no
   * time: any minReadySeconds). The replicas loop visits only these slots (quietSteps.ts).
   */
  readonly loudBurst: Uint8Array;
  /** Counts over the slots' and the condemned pods (computeReplicaStatus at minReadySeconds 0). */
  readonly tally: Tally;
  /** Where the rolling update's scan from the top stops at minReadySeconds 0. */
  readonly unsettled: UnsettledFlags;
}

/** unsettledAt0: an empty slot, or a pod not at `updateRevision`, or unavailable at minReadySeconds 0. */
const unsettledAt0 = (f: PodFacts | undefined, updateRevision: string) => f === undefined || f.revision !== updateRevision || unavailableAt0(f);

/**
 * Per slot, 1 where the rolling update would stop at minReadySeconds 0 (unsettledAt0) for the
 * update revision last asked: last(upd) is the first slot it stops at, scanning from the highest
 * ordinal down. Every sync of the 1,000-replica update scanned the updated Ready pods above the
 * one being replaced, ~500 on average (issue 23); the flags are set again only for slots whose
 * pod changed (set), and all of them once per update revision.
 */
export class UnsettledFlags {
  private upd: string | null;
  private readonly flags: Uint8Array;
  /** `facts` is the slots' facts array, read again as set() is told of each change. */
  constructor(private readonly facts: readonly (PodFacts | undefined)[]) {
    this.flags = new Uint8Array(facts.length);
    // Written twice here, so the field is mutable from the first instance on: written only by
    // last() when the update revision changes (`set image`), the const field it was until then
    // threw away the optimised code that had read it, members() with its inlined layout steps
    // (--trace-deopt, 300-replica StatefulSet run).
    this.upd = '';
    this.upd = null;
  }

  /** set: slot i now holds a pod with facts `f` (or none). */
  set(i: number, f: PodFacts | undefined): void {
    if (this.upd !== null) this.flags[i] = unsettledAt0(f, this.upd) ? 1 : 0;
  }

  /** last: the highest slot that is unsettled for `updateRevision`, or −1. */
  last(updateRevision: string): number {
    if (this.upd !== updateRevision) {
      this.upd = updateRevision;
      for (let i = 0; i < this.flags.length; i++) this.flags[i] = unsettledAt0(this.facts[i], updateRevision) ? 1 : 0;
    }
    return this.flags.lastIndexOf(1);
  }
}

/** What computeReplicaStatus counts, kept as pods come and go. */
export interface Tally {
  created: number;
  runningAndReady: number;
  /** Created pods not terminating, by revision label. */
  byRevision: Map<string, number>;
}

/** count adds (sign 1) or takes back (−1) a pod's part of the tally. */
export function count(t: Tally, f: PodFacts, sign: 1 | -1): void {
  if (f.created) t.created += sign;
  if (f.runningAndReady) t.runningAndReady += sign;
  if (f.created && !f.terminating) {
    const n = (t.byRevision.get(f.revision) ?? 0) + sign;
    if (n === 0) t.byRevision.delete(f.revision);
    else t.byRevision.set(f.revision, n);
  }
}

export const unavailableAt0 = (f: PodFacts) => !f.readyTrue || f.terminating;

export type SetName = { metadata: { name: string; namespace?: string } };

/** Per-slot flags (ReplicaSlots' unavailableAt0, loudAt0, loudBurst). */
export interface SlotFlags {
  unavail: FirstOne;
  loud: FirstOne;
  loudBurst: Uint8Array;
}

/** n slots' flags, all 0 (`fill` 0) or all 1. */
export const newSlotFlags = (n: number, fill: 0 | 1): SlotFlags => ({
  unavail: new FirstOne(n, fill),
  loud: new FirstOne(n, fill),
  loudBurst: new Uint8Array(n).fill(fill),
});

/** setFlags writes slot i's flags for its pod's facts, or for an empty slot. */
export function setFlags(set: SetName, flags: SlotFlags, i: number, f: PodFacts | undefined): void {
  flags.unavail.set(i, f === undefined || unavailableAt0(f) ? 1 : 0);
  // quietReplica(f, set, false, 0, 0), and quietReplica(f, set, true, 0, 0) as the same test and
  // the OrderedReady one (available at minReadySeconds 0 is readyTrue): the identity asked once.
  const burst = f !== undefined && quietReplica(f, set, false, 0, 0);
  flags.loud.set(i, burst && !f.terminating && f.runningAndReady && f.readyTrue ? 0 : 1);
  flags.loudBurst[i] = burst ? 0 : 1;
}

export const newTally = (): Tally => ({ created: 0, runningAndReady: 0, byRevision: new Map() });

/** slotsOf lays a member list out: a later pod with the same ordinal takes the slot (upstream's loop). */
export function slotsOf(set: StatefulSet, members: readonly StatefulPod[]): ReplicaSlots {
  const n = set.spec.replicas ?? 1;
  const start = getStartOrdinal(set);
  const end = getEndOrdinal(set);
  const pods: (StatefulPod | undefined)[] = new Array(n).fill(undefined);
  const facts: (PodFacts | undefined)[] = new Array(n).fill(undefined);
  const condemned: StatefulPod[] = [];
  for (const pod of members) {
    const f = podFacts(pod);
    if (f.ordinal >= start && f.ordinal <= end) {
      pods[f.ordinal - start] = pod;
      facts[f.ordinal - start] = f;
    } else if (f.ordinal >= 0) condemned.push(pod);
  }
  const tally = newTally();
  let filled = 0;
  let unavailable0 = 0;
  const flags = newSlotFlags(n, 0);
  for (let i = 0; i < n; i++) {
    const f = facts[i];
    setFlags(set, flags, i, f);
    if (f === undefined) continue;
    filled++;
    if (unavailableAt0(f)) unavailable0++;
    count(tally, f, 1);
  }
  for (const pod of condemned) count(tally, podFacts(pod), 1);
  const { unavail, loud, loudBurst } = flags;
  return {
    pods,
    facts,
    condemned,
    filled,
    unavailable0,
    unavailableAt0: unavail.flags,
    firstUnavailableAt0: unavail.first(),
    loudAt0: loud.flags,
    firstLoudAt0: loud.first(),
    loudBurst,
    tally,
    unsettled: new UnsettledFlags(facts),
  };
}

