// Port of kubernetes pkg/controller/daemon/update.go rollingUpdate: its maxSurge == 0 and maxSurge > 0 branches (v1.36).
/**
 * The two walks of the rolling update over the nodes in shuffled order (rollingUpdatePlan in
 * update.ts chooses one): with maxSurge 0 delete old pods within maxUnavailable and let manage
 * recreate them; with surge create the new pod first and delete the old one once it is available.
 */
import { type Decision, type DecisionLog, decide } from '../../api/decision.ts';
import type { DaemonSet } from '../../api/types.ts';
import type { DesiredNodeCounts, NodeUpdate, RollingUpdatePlan, WalkOrder } from './updateTypes.ts';
import { buildTable, captureTable, type RollingUpdateTable, SlotState, slotState, tableAt } from './rollingUpdateTable.ts';
import { podsToDeleteInOrder, tallyUnavailable } from './unavailableTally.ts';
import { isReadinessAvailable } from './util/daemonsetUtil.ts';

/** What both walks read. */
export interface StepArgs {
  ds: DaemonSet;
  counts: DesiredNodeCounts;
  /** The sorted node names; `order` lists their positions (slots) in shuffled order. */
  names: readonly string[];
  order: WalkOrder;
  /** nodeUpdate (findUpdatedPodsOnNode) of a node, by slot. */
  podsOn: (slot: number) => NodeUpdate;
  nowMs: number;
  log: DecisionLog | undefined;
  /** The memo's packed nodeUpdate by slot (same answers as podsOn), when it keeps one. */
  table?: RollingUpdateTable;
  /** When set, the walk's long run of lines goes here unexpanded instead of into `log` (deferLines). */
  defer?: (expand: () => Decision[]) => void;
}

/**
 * What the maxSurge == 0 walk made of each node it visited, in walk order: the node's SlotState,
 * except that an available old pod becomes UnavailableBudgetSpent or DeleteCandidate. The
 * decision lines are made from these only when read (deferLines): the numUnavailable a line
 * shows is the count of the codes that add to it up to that visit, replayed.
 */
const Visit = {
  ...SlotState,
  UnavailableBudgetSpent: 7,
  DeleteCandidate: 8,
} as const;

/** The visit codes that count the node as unavailable. */
const adds = (v: number): boolean => v <= Visit.NewUnavailable || v === Visit.OldUnavailable;

/** One maxSurge == 0 walk, packed: its visits, the pod each visit named, and the budget it ended with. */
interface UnavailableWalk {
  names: readonly string[];
  order: Int32Array;
  codes: Uint8Array;
  /** By visit: the new pod's name for a new-pod visit, else the old pod's. */
  pods: readonly string[];
  maxUnavailable: number;
  numUnavailable: number;
  remaining: number;
  candidates: number;
  replacements: number;
}

/** unavailableLines makes the decision lines of a walk, as it would have logged them visit by visit. */
function unavailableLines(w: UnavailableWalk): Decision[] {
  const fn = 'rollingUpdate';
  const { maxUnavailable, remaining } = w;
  const log: Decision[] = [];
  let numUnavailable = 0;
  for (let i = 0; i < w.codes.length; i++) {
    const slot = w.order[i] as number;
    const node = w.names[slot] as string;
    const v = w.codes[i] as number;
    const pod = w.pods[i] as string;
    if (adds(v)) numUnavailable++;
    if (v === Visit.Excess) decide(log, fn, 'excessPods', { node, numUnavailable });
    else if (v === Visit.NoPods) decide(log, fn, 'noPods', { node, numUnavailable });
    else if (v === Visit.BothPods) decide(log, fn, 'bothPods', { node, numUnavailable });
    else if (v === Visit.NewUnavailable) decide(log, fn, 'newPodUnavailable', { node, pod, numUnavailable });
    else if (v === Visit.NewAvailable) decide(log, fn, 'newPodAvailable', { node, pod });
    else if (v === Visit.OldUnavailable) decide(log, fn, 'oldPodUnavailable', { node, pod, numUnavailable });
    else if (v === Visit.UnavailableBudgetSpent) decide(log, fn, 'unavailableBudgetSpent', { node, pod, maxUnavailable, numUnavailable });
    else decide(log, fn, 'deleteCandidate', { node, pod, maxUnavailable, numUnavailable });
  }
  const { candidates, replacements } = w;
  decide(log, fn, 'unavailableSummary', { maxUnavailable, numUnavailable: w.numUnavailable, remaining, candidates, replacements });
  let c = 0;
  for (let i = 0; i < w.codes.length; i++) {
    if (w.codes[i] !== Visit.DeleteCandidate) continue;
    const slot = w.order[i] as number;
    decide(log, fn, c < remaining ? 'deleteOld' : 'candidateKept', { node: w.names[slot] as string, pod: w.pods[i] as string, remaining });
    c++;
  }
  return log;
}

/** tableOf packs the nodes' nodeUpdate by slot when no memo keeps the table. */
function tableOf(names: readonly string[], podsOn: (slot: number) => NodeUpdate): RollingUpdateTable {
  return buildTable(names, (_name, slot) => ({ inList: true, shouldRun: true, update: podsOn(slot) }));
}

/** What one maxSurge == 0 walk reads besides the table and the order. */
interface WalkInputs {
  names: readonly string[];
  maxUnavailable: number;
  minReadySeconds: number;
  nowMs: number;
}

/** codedWalk is the maxSurge == 0 walk with a code and a pod name per visit: what its lines are made from. */
function codedWalk(t: RollingUpdateTable, order: Int32Array, w: WalkInputs): UnavailableWalk {
  const { maxUnavailable, minReadySeconds, nowMs } = w;
  const n = order.length;
  const codes = new Uint8Array(n);
  const pods = new Array<string>(n);
  let numUnavailable = 0;
  let candidates = 0;
  let replacements = 0;
  for (let i = 0; i < n; i++) {
    const slot = order[i] as number;
    let v: number = slotState(t, slot, minReadySeconds, nowMs);
    if (v === Visit.OldUnavailable) replacements++;
    else if (v === Visit.OldAvailable) {
      if (numUnavailable >= maxUnavailable) v = Visit.UnavailableBudgetSpent;
      else {
        candidates++;
        v = Visit.DeleteCandidate;
      }
    }
    if (adds(v)) numUnavailable++;
    codes[i] = v;
    pods[i] = (v === Visit.NewUnavailable || v === Visit.NewAvailable ? t.newPod[slot] : t.oldPod[slot]) as string;
  }
  const remaining = Math.min(Math.max(maxUnavailable - numUnavailable, 0), candidates);
  return { names: w.names, order, codes, pods, maxUnavailable, numUnavailable, remaining, candidates, replacements };
}

/**
 * rollingUpdateUnavailable is the maxSurge == 0 branch: delete, and let manage recreate. It
 * writes one line per node (upstream's V(5) logs), then the summary and one line per candidate;
 * with `defer` they are handed over unmade (deferLines), to be made from the table as this walk
 * saw it (captureTable) and the order made again. The plan itself needs no per-visit record:
 * the pods to delete are the unavailable old pods in visit order, then the first `remaining`
 * candidates. Without minReadySeconds the table's state counts give the totals, so a walk that
 * deletes nothing draws no order (the PRNG steps past its draws) and the others stop visiting once
 * they found their pods (unavailableTally.ts); with it, only the candidates that can still be
 * among them are kept.
 */
export function rollingUpdateUnavailable(args: StepArgs): RollingUpdatePlan {
  const { ds, counts, names, nowMs, log, defer } = args;
  const t = args.table ?? tableOf(names, args.podsOn);
  const { maxUnavailable } = counts;
  const minReadySeconds = ds.spec.minReadySeconds ?? 0;
  const inputs: WalkInputs = { names, maxUnavailable, minReadySeconds, nowMs };
  if (log !== undefined && defer === undefined) {
    // Lines now: the coded walk gives the plan too.
    const w = codedWalk(t, args.order.draw(), inputs);
    for (const d of unavailableLines(w)) log.push(d);
    return { podsToDelete: planOf(t, w), nodesNeedingPods: [] };
  }
  const podsToDelete = minReadySeconds === 0 ? plannedByTally(t, args.order, maxUnavailable) : walkedPlan(t, args.order.draw(), inputs);
  if (log !== undefined && defer !== undefined) {
    const seen = captureTable(t);
    const order = args.order;
    defer(() => unavailableLines(codedWalk(tableAt(seen), order.again(), inputs)));
  }
  return { podsToDelete, nodesNeedingPods: [] };
}

/** plannedByTally is the walk's plan from the table's state counts (unavailableTally.ts): no order drawn when it plans nothing. */
function plannedByTally(t: RollingUpdateTable, order: WalkOrder, maxUnavailable: number): string[] {
  const tally = tallyUnavailable(t, maxUnavailable);
  if (tally.oldUnavailable === 0 && tally.remaining === 0) {
    order.skip();
    return [];
  }
  return podsToDeleteInOrder(t, order.draw(), tally);
}

/** walkedPlan is the walk's plan visiting every node, for minReadySeconds, where a slot's state depends on the time. */
function walkedPlan(t: RollingUpdateTable, order: Int32Array, inputs: WalkInputs): string[] {
  const { maxUnavailable, minReadySeconds, nowMs } = inputs;
  const n = order.length;
  let numUnavailable = 0;
  const podsToDelete: string[] = [];
  const candidateSlots: number[] = [];
  for (let i = 0; i < n; i++) {
    const slot = order[i] as number;
    const v = slotState(t, slot, minReadySeconds, nowMs);
    if (v === Visit.OldUnavailable) podsToDelete.push(t.oldPod[slot] as string);
    else if (v === Visit.OldAvailable) {
      // remaining is at most maxUnavailable less the final numUnavailable, so at most
      // maxUnavailable − numUnavailable-so-far candidates can still be needed: with 499 of 500
      // unavailable, one is kept, not the thousands of available old pods visited after it.
      if (candidateSlots.length < maxUnavailable - numUnavailable) candidateSlots.push(slot);
      continue;
    }
    if (adds(v)) numUnavailable++;
  }
  const remaining = Math.min(Math.max(maxUnavailable - numUnavailable, 0), candidateSlots.length);
  for (let c = 0; c < remaining; c++) podsToDelete.push(t.oldPod[candidateSlots[c] as number] as string);
  return podsToDelete;
}

/** planOf is a coded walk's pods to delete: the unavailable old pods, then the first `remaining` candidates, in visit order. */
function planOf(t: RollingUpdateTable, w: UnavailableWalk): string[] {
  const out: string[] = [];
  for (let i = 0; i < w.codes.length; i++) if (w.codes[i] === Visit.OldUnavailable) out.push(t.oldPod[w.order[i] as number] as string);
  for (let i = 0, c = 0; i < w.codes.length && c < w.remaining; i++) {
    if (w.codes[i] !== Visit.DeleteCandidate) continue;
    out.push(t.oldPod[w.order[i] as number] as string);
    c++;
  }
  return out;
}

/** rollingUpdateSurge is the maxSurge > 0 branch: create first, delete the old pod once the new one is available. */
export function rollingUpdateSurge(args: StepArgs, shouldRunOn: (slot: number) => boolean | string): RollingUpdatePlan {
  const { ds, counts, names, podsOn, nowMs, log } = args;
  const order = args.order.draw();
  const fn = 'rollingUpdate';
  const { maxSurge, desiredNumberScheduled } = counts;
  const minReadySeconds = ds.spec.minReadySeconds ?? 0;
  const oldPodsToDelete: string[] = [];
  const shouldNotRunPodsToDelete: { node: string; pod: string }[] = [];
  const candidateNewNodes: string[] = [];
  const allowedNewNodes: string[] = [];
  let numSurge = 0;
  let numAvailable = 0;

  for (const slot of order) {
    const node = names[slot] as string;
    const { newPod, oldPod, ok } = podsOn(slot);
    if (!ok) {
      numSurge++;
      decide(log, fn, 'excessPodsSurge', { node, numSurge });
      continue;
    }
    // Availability is counted on every node, including the ones being sunset.
    const counted = oldPod ?? newPod;
    if (counted !== null && isReadinessAvailable(counted, minReadySeconds, nowMs)) numAvailable++;

    if (oldPod === null) {
      if (newPod !== null) decide(log, fn, 'newPodOnly', { node, pod: newPod.name });
      continue;
    }
    const pod = oldPod.name;
    if (newPod === null) {
      const shouldRun = shouldRunOn(slot);
      if (typeof shouldRun === 'string') return { podsToDelete: [], nodesNeedingPods: [], error: shouldRun };
      if (!isReadinessAvailable(oldPod, minReadySeconds, nowMs)) {
        if (!shouldRun) {
          decide(log, fn, 'oldUnavailableShouldNotRun', { node, pod });
          oldPodsToDelete.push(pod);
          continue;
        }
        decide(log, fn, 'oldUnavailableReplace', { node, pod });
        allowedNewNodes.push(node);
      } else if (!shouldRun) {
        decide(log, fn, 'shouldNotRunCandidate', { node, pod });
        shouldNotRunPodsToDelete.push({ node, pod });
      } else if (numSurge >= maxSurge) {
        decide(log, fn, 'surgeBudgetSpent', { node, pod, maxSurge, numSurge });
      } else {
        decide(log, fn, 'surgeCandidate', { node, pod, maxSurge, numSurge });
        candidateNewNodes.push(node);
      }
      continue;
    }
    if (!isReadinessAvailable(newPod, minReadySeconds, nowMs)) {
      numSurge++;
      decide(log, fn, 'newPodWaiting', { node, pod: newPod.name, numSurge });
      continue;
    }
    decide(log, fn, 'newPodAvailableDeleteOld', { node, pod, newPod: newPod.name });
    oldPodsToDelete.push(pod);
  }

  // With surge the owner expects full availability: when the scheduling constraints move the
  // pods from node A to node B, A's pod goes only once B's pod adds to the available count.
  const deletable = Math.min(numAvailable - desiredNumberScheduled, shouldNotRunPodsToDelete.length);
  decide(log, fn, 'shouldNotRunSummary', {
    numAvailable,
    desired: desiredNumberScheduled,
    deletable: Math.max(deletable, 0),
    candidates: shouldNotRunPodsToDelete.length,
  });
  for (const [i, c] of shouldNotRunPodsToDelete.entries()) {
    const values = { node: c.node, pod: c.pod, numAvailable, desired: desiredNumberScheduled };
    decide(log, fn, i < deletable ? 'deleteShouldNotRun' : 'keepShouldNotRun', values);
    if (i < deletable) oldPodsToDelete.push(c.pod);
  }

  const remaining = Math.min(Math.max(maxSurge - numSurge, 0), candidateNewNodes.length);
  const candidates = candidateNewNodes.length;
  decide(log, fn, 'surgeSummary', { maxSurge, numSurge, remaining, candidates, replacements: allowedNewNodes.length });
  for (const [i, node] of candidateNewNodes.entries()) {
    decide(log, fn, i < remaining ? 'surgeCreate' : 'surgeNotThisSync', { node, remaining });
  }
  const nodesNeedingPods = [...allowedNewNodes, ...candidateNewNodes.slice(0, remaining)];
  return { podsToDelete: oldPodsToDelete, nodesNeedingPods };
}
