// Port of kubernetes pkg/controller/daemon/daemon_controller.go updateDaemonSetStatus, storeDaemonSetStatus (the write) (v1.36).
/**
 * Writes the counters updateDaemonSetStatusPlan computed: nothing when they are unchanged, else
 * one UpdateStatus on the cached copy and, if that fails (typically a Conflict because the
 * controller's own last write has not reached the informer), one retry on the API server's copy.
 */
import { type DecisionLog, decide } from '../../api/decision.ts';
import type { DaemonSet, DaemonSetStatus, Node } from '../../api/types.ts';
import { objectKey } from '../../apiserver/store.ts';
import { enqueueAfter, type Tx, writeStatus } from '../../client/tx.ts';
import type { NodeToDaemonPods } from './daemonPods.ts';
import { type StatusMemo, updateDaemonSetStatusPlan } from './status.ts';

/** The counters storeDaemonSetStatus sets; everything else in the status is the stored one. */
function withCounters(base: DaemonSetStatus | undefined, s: DaemonSetStatus, observedGeneration: number | null): DaemonSetStatus {
  const out: DaemonSetStatus = {
    ...(base ?? {}),
    desiredNumberScheduled: s.desiredNumberScheduled,
    currentNumberScheduled: s.currentNumberScheduled,
    numberMisscheduled: s.numberMisscheduled,
    numberReady: s.numberReady,
    updatedNumberScheduled: s.updatedNumberScheduled ?? 0,
    numberAvailable: s.numberAvailable ?? 0,
    numberUnavailable: s.numberUnavailable ?? 0,
  };
  if (observedGeneration !== null) out.observedGeneration = observedGeneration;
  return out;
}

/**
 * updateDaemonSetStatus counts the nodes and pods, stores the status when it changed (observedGeneration
 * moves only with updateObservedGen) and requeues after minReadySeconds while some Ready pods
 * are not yet available. Returns an error message, or null.
 */
export function updateDaemonSetStatus(
  tx: Tx,
  ds: DaemonSet,
  nodeList: readonly Node[],
  nodeToDaemonPods: NodeToDaemonPods,
  hash: string,
  updateObservedGen: boolean,
  memo?: StatusMemo,
): string | null {
  const log: DecisionLog = tx.decisions;
  const key = objectKey(ds);
  const plan = updateDaemonSetStatusPlan(ds, nodeList, nodeToDaemonPods, hash, tx.now, updateObservedGen, log, memo);
  if (plan.changed) {
    const observedGeneration = updateObservedGen ? (ds.metadata.generation ?? 0) : null;
    let res = writeStatus(tx, { ...ds, status: plan.status });
    if (!res.ok) {
      decide(log, 'updateDaemonSetStatus', 'retry', { error: res.error.message });
      const fresh = tx.st.store.objects.DaemonSet.get(key) as DaemonSet | undefined;
      if (!fresh) return `error storing status for daemon set "${key}": daemonsets.apps "${ds.metadata.name}" not found`;
      res = writeStatus(tx, { ...fresh, status: withCounters(fresh.status, plan.status, observedGeneration) });
    }
    if (!res.ok) return `error storing status for daemon set "${key}": ${res.error.message}`;
  }
  if (plan.requeueAfterMs !== null) {
    decide(log, 'updateDaemonSetStatus', 'requeueMinReady', { afterMs: plan.requeueAfterMs });
    enqueueAfter(tx, 'daemonset', key, plan.requeueAfterMs);
  }
  return null;
}
