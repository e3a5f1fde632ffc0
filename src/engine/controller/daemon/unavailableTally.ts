// Not a port: the maxSurge 0 walk's plan read from the packed table's state counts (rollingUpdateTable.ts).
/**
 * The maxSurge == 0 walk (rollingUpdateUnavailable) visits every node in a shuffled order, but
 * with minReadySeconds 0 what it plans depends on that order only through which pods come first:
 * - numUnavailable, at the end, counts the slots in the states that add to it, whatever the order;
 * - remaining = min(max(maxUnavailable − numUnavailable, 0), candidates), and when that is above 0
 *   numUnavailable never reached maxUnavailable during the walk, so every available old pod was a
 *   candidate: remaining = min(maxUnavailable − numUnavailable, OldAvailable slots);
 * - the pods to delete are the unavailable old pods in visit order, then the first `remaining`
 *   candidates in visit order.
 * So a walk with no unavailable old pod and nothing remaining plans nothing, and needs no order
 * (299 of a 5,000-node rollout's 741 walks); the others read the order only until they found
 * their pods (at 500 unavailable, 10 free slots among 4,000 available old pods: ~13 visits).
 */
import { type RollingUpdateTable, SlotState, flagState } from './rollingUpdateTable.ts';

/** The walk's totals, from the table's state counts. */
export interface UnavailableTally {
  numUnavailable: number;
  /** Slots whose one pod is old and not Ready: deleted whatever the budget. */
  oldUnavailable: number;
  /** How many available old pods are deleted, the first in visit order. */
  remaining: number;
}

/** tallyUnavailable is the walk's totals with minReadySeconds 0, read from t.states. */
export function tallyUnavailable(t: RollingUpdateTable, maxUnavailable: number): UnavailableTally {
  const s = t.states;
  const numUnavailable =
    (s[SlotState.Excess] as number) +
    (s[SlotState.NoPods] as number) +
    (s[SlotState.BothPods] as number) +
    (s[SlotState.NewUnavailable] as number) +
    (s[SlotState.OldUnavailable] as number);
  const remaining = Math.min(Math.max(maxUnavailable - numUnavailable, 0), s[SlotState.OldAvailable] as number);
  return { numUnavailable, oldUnavailable: s[SlotState.OldUnavailable] as number, remaining };
}

/**
 * podsToDeleteInOrder visits the slots in `order` until it has seen every unavailable old pod and
 * the first `remaining` available ones, and lists them as the walk does: the unavailable first.
 */
export function podsToDeleteInOrder(t: RollingUpdateTable, order: Int32Array, tally: UnavailableTally): string[] {
  const unavailable: string[] = [];
  const candidates: string[] = [];
  const { oldUnavailable, remaining } = tally;
  for (let i = 0; i < order.length; i++) {
    if (unavailable.length === oldUnavailable && candidates.length === remaining) break;
    const slot = order[i] as number;
    const v = flagState(t.flags[slot] as number);
    if (v === SlotState.OldUnavailable) unavailable.push(t.oldPod[slot] as string);
    else if (v === SlotState.OldAvailable && candidates.length < remaining) candidates.push(t.oldPod[slot] as string);
  }
  for (const p of candidates) unavailable.push(p);
  return unavailable;
}
