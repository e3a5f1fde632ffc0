// Port of kubernetes pkg/controller/daemon/daemon_controller.go (v1.36): the informer dispatch,
// syncDaemonSet, updateDaemonSet, manage, getDaemonPods; and rollingUpdate's call of syncNodes (update.go).
/**
 * The DaemonSet controller shell. syncDaemonSet reads only the informer cache, turns it into the
 * pure plans of manage.ts, update.ts, history.ts and status.ts, and carries them out through the
 * API server. Because the informer lags the API server, a sync in which manage created or
 * deleted pods leaves expectations pending, so the rolling update waits for a later sync.
 */
import { type Decision, type DecisionLog, decide } from '../../api/decision.ts';
import type { ControllerRevision, DaemonSet, KubeObject, Pod } from '../../api/types.ts';
import type { WatchRecord } from '../../apiserver/store.ts';
import { get, } from '../../client/cache.ts';
import { selectorIsEmpty, } from '../../lib/labels.ts';
import { enqueueAfter, note, recordEvent, type Tx } from '../../client/tx.ts';
import { deleteExpectations, satisfiedExpectations } from '../expectations.ts';
import { gc } from './backoff.ts';
import { deferLines } from './deferredLines.ts';
import { addNode, addPod, deletePod, onDaemonSet, onHistory, updateNode, updatePod } from './handlers.ts';
import { cleanupHistory, constructHistory } from './historyShell.ts';
import { managePlan, SelectingAllReason } from './manage.ts';
import { getNodesToDaemonPods } from './daemonPods.ts';
import { getDaemonPods } from './getDaemonPods.ts';
import { activeNodes, refreshFacts, rollingUpdateTable } from './memoFacts.ts';
import {
  claimedPods,
  type DaemonSetMemo,
  memoOnWatch,
  nodeListOf,
  syncMemo,
} from './nodeMemo.ts';
import { nodeUpdateReader, type RollingUpdateTable, shouldRunAt } from './rollingUpdateTable.ts';
import { updateDaemonSetStatus } from './statusShell.ts';
import { COMPONENT, syncNodes } from './syncNodes.ts';
import { rollingUpdatePlan } from './update.ts';

/**
 * daemonSetOnWatch routes one watch event to the DaemonSet controller's handlers, after the
 * node memo (nodeMemo.ts) has taken it in; key, when given, is objectKey(rec.object).
 */
export function daemonSetOnWatch(tx: Tx, rec: WatchRecord, old: KubeObject | undefined, key?: string): void {
  memoOnWatch(tx.st.dsMemo, tx.st.cache, rec, key);
  const obj = rec.object;
  switch (obj.kind) {
    case 'DaemonSet':
      onDaemonSet(tx, rec.type, obj, old);
      return;
    case 'ControllerRevision':
      onHistory(tx, rec.type, obj, old);
      return;
    case 'Pod':
      // Every pod handler resolves a DaemonSet in the cache (the pod's controller, or the ones
      // selecting an orphan) and does nothing without one: a cluster with no DaemonSet skips
      // them (90,000 pod deliveries in the 10,000-replica rollout).
      if (tx.st.cache.objects.DaemonSet.size === 0) return;
      if (rec.type === 'DELETED') deletePod(tx, obj);
      else if (rec.type === 'ADDED' || old?.kind !== 'Pod') addPod(tx, obj);
      else updatePod(tx, obj, old);
      return;
    case 'Node':
      // Upstream has no node-delete handler: the pod GC deletes the pods bound to a vanished
      // node (after its quarantine) and those deletions wake the DaemonSet.
      if (rec.type === 'DELETED') return;
      if (rec.type === 'ADDED' || old?.kind !== 'Node') addNode(tx, obj, tx.decisions);
      else updateNode(tx, obj, old, tx.decisions);
      return;
    default:
      return;
  }
}

/**
 * charge bills the worker for one pass of a sync: upstream lists the pods again for manage,
 * rollingUpdate, cleanupHistory and the status, and manage, rollingUpdate and the status each
 * ask NodeShouldRunDaemonPod of every node. At 1 µs per object (client/tx.ts) a sync over 5,000
 * nodes and pods keeps the worker busy about 40 ms, during which events only pile up on the key.
 */
function charge(tx: Tx, pods: number, nodes: number): void {
  tx.cost += pods + nodes;
}

/** What one sync did, for the tick summary. */
interface SyncSummary {
  created: number;
  deleted: number;
}

/**
 * manage carries out managePlan: record its events, keep the advanced back-off, requeue for a
 * failed pod still in back-off, and hand the creates and deletes to syncNodes.
 */
function manage(tx: Tx, ds: DaemonSet, key: string, memo: DaemonSetMemo, hash: string, sum: SyncSummary): string | null {
  const log: DecisionLog = tx.decisions;
  const active = { activeNodes: activeNodes(memo), offListNodes: memo.offList };
  const plan = managePlan(ds, nodeListOf(memo), memo.byNode, hash, tx.st.dsBackoff, tx.now, log, active);
  tx.st.dsBackoff = plan.backoff;
  for (const e of plan.events) recordEvent(tx, ds, e.type, e.reason, e.message, COMPONENT);
  if (plan.backoffRequeueMs !== null) {
    decide(log, 'manage', 'backoffRequeue', { afterMs: plan.backoffRequeueMs });
    enqueueAfter(tx, 'daemonset', key, plan.backoffRequeueMs);
  }
  const r = syncNodes(tx, ds, key, plan.podsToDelete, plan.nodesNeedingDaemonPods, hash);
  sum.created += r.created;
  sum.deleted += r.deleted;
  return r.error;
}

/*
 * The memo's two callbacks are made by these functions rather than written as arrows in the
 * object literal: the benchmarks run under tsx, whose keepNames gives an arrow written as a
 * property its name with an Object.defineProperty call each time it is made (two a sync, 114 ms
 * of a 5,000-node rollout's profile); a returned arrow has no name to keep.
 */

/** shouldRunReader answers shouldRunAt(table, slot) by slot. */
function shouldRunReader(table: RollingUpdateTable): (slot: number) => boolean | null {
  return (slot) => shouldRunAt(table, slot);
}

/** deferringTo hands a run of lines to deferLines on this tick's log. */
function deferringTo(tx: Tx): (expand: () => Decision[]) => void {
  return (expand) => deferLines(tx, expand);
}

/**
 * rollingUpdate plans the update over the nodes in an order drawn from the engine PRNG (upstream
 * walks a Go map) and hands the plan to syncNodes.
 */
function rollingUpdate(tx: Tx, ds: DaemonSet, key: string, memo: DaemonSetMemo, hash: string, sum: SyncSummary): string | null {
  const table = rollingUpdateTable(memo);
  const known = {
    desiredNumberScheduled: memo.counts.desired,
    sortedNodeNames: table.names,
    nodeUpdateAt: nodeUpdateReader(table),
    shouldRunAt: shouldRunReader(table),
    defer: deferringTo(tx),
    table,
  };
  const plan = rollingUpdatePlan(ds, nodeListOf(memo), memo.byNode, hash, tx.now, tx.st.prng, tx.decisions, known);
  if (plan.error !== undefined) return plan.error;
  const r = syncNodes(tx, ds, key, plan.podsToDelete, plan.nodesNeedingPods, hash);
  sum.created += r.created;
  sum.deleted += r.deleted;
  return r.error;
}

/**
 * updateDaemonSet runs manage; then, only if the expectations are satisfied after it (manage
 * wrote nothing the informer has yet to deliver), the update strategy — RollingUpdate's step, or
 * nothing for OnDelete; then cleanupHistory.
 */
function updateDaemonSet(
  tx: Tx,
  ds: DaemonSet,
  key: string,
  memo: DaemonSetMemo,
  hash: string,
  old: readonly ControllerRevision[],
  sum: SyncSummary,
): string | null {
  const log: DecisionLog = tx.decisions;
  const exp = tx.st.expectations.daemonset;
  const pods = memo.claimed.size;
  const nodes = nodeListOf(memo).length;
  charge(tx, pods, nodes);
  const manageErr = manage(tx, ds, key, memo, hash, sum);
  if (manageErr !== null) return manageErr;
  const strategy = ds.spec.updateStrategy?.type ?? 'RollingUpdate';
  if (satisfiedExpectations(exp, key, tx.now)) {
    if (strategy === 'OnDelete') decide(log, 'updateDaemonSet', 'onDelete', {});
    else if (strategy === 'RollingUpdate') {
      charge(tx, pods, nodes);
      const err = rollingUpdate(tx, ds, key, memo, hash, sum);
      if (err !== null) return err;
    }
  } else {
    const e = exp.get(key);
    decide(log, 'updateDaemonSet', 'strategyWaits', { strategy, add: e?.add ?? 0, del: e?.del ?? 0 });
  }
  // The pods matter to cleanupHistory only when there are more old revisions than it keeps.
  const err = cleanupHistory(tx, ds, old, (): Pod[] => {
    charge(tx, pods, 0);
    return Object.values(getNodesToDaemonPods(claimedPods(memo), true)).flat();
  });
  return err === null ? null : `failed to clean up revisions of DaemonSet: ${err}`;
}

/**
 * syncDaemonSet syncs one DaemonSet key (semantics §5.1): gone → forget its expectations; empty
 * selector → SelectingAll warning; being deleted → nothing; else constructHistory, then either
 * only the status (expectations pending) or updateDaemonSet and the status with observedGeneration.
 */
export function syncDaemonSet(tx: Tx, key: string): string | null {
  tx.actor = COMPONENT;
  const log: DecisionLog = tx.decisions;
  const exp = tx.st.expectations.daemonset;
  const ds = get(tx.st.cache, 'DaemonSet', key);
  if (!ds) {
    deleteExpectations(exp, key);
    tx.st.dsMemo.delete(key);
    decide(log, 'syncDaemonSet', 'deleted', { key });
    note(tx, 'daemonSetDeleted', { key });
    return null;
  }
  charge(tx, 0, tx.st.cache.objects.Node.size);
  if (selectorIsEmpty(ds.spec.selector)) {
    recordEvent(tx, ds, 'Warning', SelectingAllReason, 'This daemon set is selecting all pods. A non-empty selector is required.', COMPONENT);
    decide(log, 'syncDaemonSet', 'selectingAll', { daemonSet: ds.metadata.name });
    note(tx, 'daemonSetSelectsAll', { ds: ds.metadata.name });
    return null;
  }
  if (ds.metadata.deletionTimestamp) {
    decide(log, 'syncDaemonSet', 'beingDeleted', { daemonSet: ds.metadata.name });
    note(tx, 'daemonSetDeleting', { ds: ds.metadata.name });
    return null;
  }
  // Upstream garbage-collects the back-off table once a minute; expired entries behave as absent.
  tx.st.dsBackoff = gc(tx.st.dsBackoff, tx.now);
  // getDaemonPods and getNodesToDaemonPods, kept up to date by the watch handlers (nodeMemo.ts).
  const memo = syncMemo(tx.st.dsMemo, tx.st.cache, key, ds);
  const nodeList = nodeListOf(memo);
  const pods = memo.claimed.size;
  charge(tx, pods, 0);
  // getDaemonPods' adoptions and releases, once a sync: first asked by a duplicate revision's
  // dedup, else right after constructHistory, before manage or the status group the pods.
  let claimed: string | null | undefined;
  const claimOnce = (): string | null => {
    if (claimed === undefined) claimed = getDaemonPods(tx, ds, memo);
    return claimed;
  };
  const history = constructHistory(tx, ds, () => {
    claimOnce();
    return claimedPods(memo);
  });
  if (!history.ok) {
    note(tx, 'daemonSetNoRevisions', { ds: ds.metadata.name });
    return `failed to construct revisions of DaemonSet: ${history.error}`;
  }
  const claimErr = claimOnce();
  const { hash } = history;
  refreshFacts(memo, ds, hash);
  decide(log, 'syncDaemonSet', 'start', { nodes: nodeList.length, pods: memo.claimed.size, hash, revision: history.current.revision });
  if (claimErr !== null) {
    // manage's and the status' getNodesToDaemonPods both fail with it: nothing is synced.
    decide(log, 'getDaemonPods', 'failed', { error: claimErr });
    return `couldn't get node to daemon pod mapping for daemon set "${ds.metadata.name}": ${claimErr}`;
  }

  if (!satisfiedExpectations(exp, key, tx.now)) {
    charge(tx, pods, nodeList.length);
    const e = exp.get(key);
    decide(log, 'syncDaemonSet', 'expectationsPending', { add: e?.add ?? 0, del: e?.del ?? 0 });
    note(tx, 'daemonSetExpectations', { ds: ds.metadata.name, add: e?.add ?? 0, del: e?.del ?? 0 });
    return updateDaemonSetStatus(tx, ds, nodeList, memo.byNode, hash, false, memo);
  }
  const sum: SyncSummary = { created: 0, deleted: 0 };
  const err = updateDaemonSet(tx, ds, key, memo, hash, history.old, sum);
  charge(tx, pods, nodeList.length);
  const statusErr = updateDaemonSetStatus(tx, ds, nodeList, memo.byNode, hash, true, memo);
  const name = ds.metadata.name;
  if (sum.created && sum.deleted) note(tx, 'daemonSetCreatedDeleted', { ds: name, created: sum.created, deleted: sum.deleted });
  else if (sum.created) note(tx, 'daemonSetCreated', { ds: name, count: sum.created });
  else if (sum.deleted) note(tx, 'daemonSetDeletedPods', { ds: name, count: sum.deleted });
  else note(tx, 'daemonSetSynced', { ds: name });
  return err ?? statusErr;
}
