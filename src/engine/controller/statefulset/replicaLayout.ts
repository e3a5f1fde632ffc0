// Not a port: updateStatefulSet's first step, the members laid out by ordinal with the counts and
// flags the plan reads (issue 23); replicaSlots.ts keeps one between syncs.
import type { StatefulPod, StatefulSet } from '../../api/statefulTypes.ts';
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
  /** Per slot, 1 where it is empty or its pod is not quietReplica under OrderedReady at minReadySeconds 0. */
  readonly loudAt0: Uint8Array;
  /** Counts over the slots' and the condemned pods (computeReplicaStatus at minReadySeconds 0). */
  readonly tally: Tally;
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

/** setFlags writes slot i's two flags for its pod's facts, or for an empty slot. */
export function setFlags(set: SetName, unavail: Uint8Array, loud: Uint8Array, i: number, f: PodFacts | undefined): void {
  unavail[i] = f === undefined || unavailableAt0(f) ? 1 : 0;
  loud[i] = f === undefined || !quietReplica(f, set, true, 0, 0) ? 1 : 0;
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
  const unavail = new Uint8Array(n);
  const loud = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const f = facts[i];
    setFlags(set, unavail, loud, i, f);
    if (f === undefined) continue;
    filled++;
    if (unavailableAt0(f)) unavailable0++;
    count(tally, f, 1);
  }
  for (const pod of condemned) count(tally, podFacts(pod), 1);
  return { pods, facts, condemned, filled, unavailable0, unavailableAt0: unavail, loudAt0: loud, tally };
}

