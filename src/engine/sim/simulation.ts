/**
 * The event loop: one tick = one processed event (DESIGN.md §2). The informer delivers watch
 * events after `watchDelaySeconds`; controller workers take one key per tick; the scheduler,
 * kubelet, garbage collector and user actions each act in ticks of their own.
 */
import { DeploymentMaxRetries } from '../api/constants.ts';
import { bootstrapControlPlane } from '../controller/kubernetesservice/bootstrap.ts';
import { updateKubernetesService } from '../controller/kubernetesservice/controller.ts';
import { gcProcessOwner } from '../controller/gcFinalizers.ts';
import { syncPVCProtection } from '../controller/volume/pvcProtection.ts';
import { syncNamespace } from '../controller/namespace/namespaceController.ts';
import { createObject, type WatchRecord } from '../apiserver/store.ts';
import { applyWatch } from '../client/cache.ts';
import { forget, get as queueGet, len, numRequeues } from '../client/workqueue.ts';
import type { SimConfig } from '../config.ts';
import { gcDelete } from '../controller/garbageCollector.ts';
import { syncReplicaSet } from '../controller/replicaset/replicaSet.ts';
import { syncDeployment } from '../controller/deployment/deploymentController.ts';
import { syncDaemonSet } from '../controller/daemon/daemonController.ts';
import { syncDisruption } from '../controller/disruption/disruptionController.ts';
import { syncHorizontalPodAutoscaler } from '../controller/podautoscaler/horizontal.ts';
import { EndpointSliceMaxRetries, syncEndpointSlices } from '../controller/endpointslice/controller.ts';
import { EndpointsMaxRetries, syncEndpoints } from '../controller/endpoint/controller.ts';
import { syncResourceQuota } from '../controller/resourcequota/resourceQuotaController.ts';
import { syncStatefulSet } from '../controller/statefulset/statefulSetController.ts';
import { syncBinder } from '../controller/volume/binder.ts';
import { stepDrain } from '../kubectl/drainProcess.ts';
import { kubeProxyStart, kubeProxySync } from '../proxy/kubeProxy.ts';
import { firstTrafficSecond, scheduleTraffic, trafficTick } from '../traffic/traffic.ts';
import { kubeletStep } from '../kubelet/kubelet.ts';
import { kubeletProbe } from '../kubelet/probes.ts';
import { doNoScheduleTaintingPass, gcOrphaned, nodeObject, UnreachableTaintKey } from '../kubelet/nodes.ts';
import { nodeInternalIP } from '../kubelet/nodeStatus.ts';
import { recordNodeSchedulableEvent } from '../kubelet/nodeSync.ts';
import { isStaleFlush, scheduleOne, schedulerFlush } from '../scheduler/scheduler.ts';
import { toRFC3339 } from '../lib/time.ts';
import { runAction, runInitObject } from './actions.ts';
import { deliver, scheduleDeliveries } from './deliver.ts';
import { revokeExpiredLeases, scheduleLeaseExpiries } from './eventTTL.ts';
import { heapPeek, heapPop, less, type QueuedEvent } from '../client/eventQueue.ts';
import type { ControllerName } from '../client/events.ts';
import { type EngineState, newEngineState } from './state.ts';
import type { TickRecord } from '../client/tick.ts';
import { newStallWatch, type StallWatch, watchTick } from './stall.ts';
import { del, enqueue, enqueueRateLimited, newTx, note, recordEvent, schedule, type Tx } from '../client/tx.ts';

const SYNC: Record<ControllerName, (tx: Tx, key: string) => string | null> = {
  deployment: syncDeployment,
  replicaset: syncReplicaSet,
  daemonset: syncDaemonSet,
  resourcequota: syncResourceQuota,
  disruption: syncDisruption,
  horizontalpodautoscaler: syncHorizontalPodAutoscaler,
  endpointslice: syncEndpointSlices,
  endpoint: syncEndpoints,
  statefulset: syncStatefulSet,
  'persistentvolume-binder': syncBinder,
  'pvc-protection': syncPVCProtection,
  namespace: syncNamespace,
};

/** maxRetries of the queues that drop a key after that many failed syncs in a row (handleErr). */
const MAX_RETRIES: Partial<Record<ControllerName, number>> = {
  deployment: DeploymentMaxRetries,
  endpointslice: EndpointSliceMaxRetries,
  endpoint: EndpointsMaxRetries,
};

/**
 * The informers' resync period. kube-controller-manager draws each informer's period from
 * [--min-resync-period, 2 × that) = [12 h, 24 h); the simulator uses 12 h for all, so that no
 * PRNG draw is spent on it. A resync re-delivers every cached object; the Deployment, ReplicaSet
 * and DaemonSet handlers enqueue their object even when nothing changed, which is what finally
 * wakes a controller whose requeue was merged into an earlier one by the delaying queue.
 */
export const RESYNC_PERIOD_MS = 12 * 60 * 60 * 1000;

/** createEngine builds the state at t = 0: the system namespaces and the nodes exist; workloads and actions are queued. */
export function createEngine(config: SimConfig): EngineState {
  const st = newEngineState(config);
  const wctx = { now: 0, prng: st.prng, writes: [] as WatchRecord[] };
  bootstrapControlPlane(st.store, wctx.writes);
  for (const [i, n] of config.nodes.entries()) createObject(st.store, wctx, nodeObject(n, toRFC3339(0), nodeInternalIP(i)));
  for (const w of wctx.writes) applyWatch(st.cache, w);
  kubeProxyStart(st);
  const tx = newTx(st, 'user');
  for (let index = 0; index < config.objects.length; index++) schedule(tx, 0, { type: 'init', index });
  for (const [index, a] of config.actions.entries()) schedule(tx, Math.round(a.at * 1000), { type: 'action', index });
  st.actionsScheduled = config.actions.length;
  schedule(tx, RESYNC_PERIOD_MS, { type: 'resync' });
  // A node that registers cordoned: its kubelet's first status update sees it (nodeSync.ts).
  for (const n of config.nodes) if (n.unschedulable) schedule(tx, 0, { type: 'kubeletNodeStatus', node: n.name });
  if (config.traffic?.length) scheduleTraffic(tx, firstTrafficSecond(config.traffic));
  return st;
}

function work(tx: Tx, controller: ControllerName): void {
  const q = tx.st.queues[controller];
  q.wakeScheduled = false;
  const key = queueGet(q);
  if (key === undefined) return;
  tx.key = key;
  const err = SYNC[controller](tx, key);
  if (err === null) forget(q, key);
  else if (numRequeues(q, key) >= (MAX_RETRIES[controller] ?? Number.POSITIVE_INFINITY)) {
    forget(q, key);
    if (controller === 'deployment') note(tx, 'droppingDeployment', { key, error: err });
    else note(tx, 'droppingKey', { key, controller, error: err });
  } else {
    // handleErr / processNextWorkItem: AddRateLimited (the Deployment's up to maxRetries).
    const delay = enqueueRateLimited(tx, controller, key);
    note(tx, 'errorSyncing', { key, error: err, delay });
  }
  q.busyUntil = tx.now + Math.floor(tx.cost / 1000);
  if (len(q) > 0 && !q.wakeScheduled) {
    q.wakeScheduled = true;
    schedule(tx, q.busyUntil, { type: 'work', controller });
  }
}

/**
 * dropSuperseded discards the AddAfter events at the head of the queue that a sooner AddAfter of
 * the same key replaced, and the probe events a later plan of the pod's prober replaced: they are
 * not events of the cluster, so they get no tick, and nextEventTime must not report their time
 * (runUntil would then run the event behind them).
 */
function dropSuperseded(st: EngineState): void {
  for (
    let qe = heapPeek(st.events);
    qe && (qe.ev.type === 'enqueue' || qe.ev.type === 'probe' || qe.ev.type === 'schedulerFlush' || qe.ev.type === 'proxySync');
    qe = heapPeek(st.events)
  ) {
    // Only the next event of all is dropped, as when deliveries shared the heap.
    const d = st.deliveries[st.deliveriesHead];
    if (d !== undefined && less(d, qe)) return;
    const ev = qe.ev;
    if (ev.type === 'enqueue') {
      if (st.queues[ev.controller].waitingAfter.get(ev.key) === ev.at) return;
    } else if (ev.type === 'probe') {
      const ps = st.probes.get(ev.podKey);
      if (ps !== undefined && ps.gen === ev.gen && ps.uid === ev.uid) return;
    } else if (ev.type === 'proxySync') {
      // A Run() that moved the sync sooner leaves this one behind: no event of the cluster.
      if (st.proxy.syncAt === qe.time) return;
    } else if (!isStaleFlush({ st }, ev.podKey, ev.since)) {
      // A 5-minute flush for a pod that has since left unschedulablePods (or failed again) is no event.
      return;
    }
    heapPop(st.events);
  }
}

/** peekNext is the next event: the sooner of the heap's top and the oldest delivery. */
function peekNext(st: EngineState): QueuedEvent | undefined {
  const h = heapPeek(st.events);
  const d = st.deliveries[st.deliveriesHead];
  if (d === undefined) return h;
  return h === undefined || less(d, h) ? d : h;
}

/** How many taken deliveries a drained queue keeps before it is emptied (popNext): 64 is one allocation in 64 drains. */
const DRAINED_KEPT = 64;

/** popNext takes the next event off the heap or the deliveries queue. */
function popNext(st: EngineState): QueuedEvent | undefined {
  const h = heapPeek(st.events);
  const d = st.deliveries[st.deliveriesHead];
  if (d === undefined || (h !== undefined && !less(d, h))) return heapPop(st.events);
  const head = st.deliveriesHead + 1;
  if (head === st.deliveries.length && head >= DRAINED_KEPT) {
    // Drained: empty again. Not at every drain (most deliveries drain it): `length = 0` is a
    // runtime call that also drops the backing store, which the next push allocates again,
    // ~100 ns a drain (0.8 % of the 1,000-replica update's profile, 10,000 deliveries). The taken
    // entries before the head are due no later than now, so scheduleDelivery, which compares a
    // new one with the last entry, still appends it.
    st.deliveries.length = 0;
    st.deliveriesHead = 0;
  } else if (head > 1024 && head * 2 > st.deliveries.length) {
    st.deliveries = st.deliveries.slice(head);
    st.deliveriesHead = 0;
  } else st.deliveriesHead = head;
  return d;
}

/** step processes the next event; it returns the tick's record, or null when nothing is pending. */
export function step(st: EngineState): TickRecord | null {
  dropSuperseded(st);
  return stepDropped(st);
}

/**
 * stepDropped is step on a heap whose superseded head is already dropped (every step leaves it
 * so): runUntil peeks and steps without dropping again, one drop a tick instead of three.
 */
function stepDropped(st: EngineState): TickRecord | null {
  const qe = popNext(st);
  if (!qe) return null;
  st.now = qe.time;
  st.tick++;
  const tx = newTx(st, 'engine');
  const ev = qe.ev;
  switch (ev.type) {
    case 'deliver':
      deliver(tx, ev.rec, ev.key);
      break;
    case 'work':
      work(tx, ev.controller);
      break;
    case 'enqueue':
      tx.actor = `${ev.controller}-controller`;
      tx.key = ev.key;
      st.queues[ev.controller].waitingAfter.delete(ev.key);
      enqueue(tx, ev.controller, ev.key);
      note(tx, 'requeue', { key: ev.key });
      break;
    case 'schedule':
      tx.actor = 'default-scheduler';
      tx.key = ev.podKey;
      scheduleOne(tx, ev.podKey, ev.uid);
      break;
    case 'schedulerFlush':
      tx.actor = 'default-scheduler';
      tx.key = ev.podKey;
      schedulerFlush(tx, ev.podKey, ev.since);
      break;
    case 'kubelet':
      tx.key = ev.podKey;
      kubeletStep(tx, ev.podKey, ev.uid, ev.step);
      break;
    case 'probe':
      tx.actor = 'kubelet';
      tx.key = ev.podKey;
      kubeletProbe(tx, ev.podKey, ev.uid);
      break;
    case 'gc':
      tx.key = ev.key;
      gcDelete(tx, ev.kind, ev.key, ev.ownerUid, ev.foreground === true);
      break;
    case 'gcOwner':
      gcProcessOwner(tx, ev.kind, ev.key, ev.uid);
      break;
    case 'evict': {
      tx.actor = 'node-lifecycle-controller';
      tx.key = ev.podKey;
      const pod = st.store.objects.Pod.get(ev.podKey);
      const nodeName = pod?.kind === 'Pod' ? pod.spec.nodeName : undefined;
      const node = nodeName ? st.store.objects.Node.get(nodeName) : undefined;
      // The taint-eviction controller cancels the eviction once the NoExecute taint is gone.
      const tainted = node?.kind === 'Node' && (node.spec.taints ?? []).some((t) => t.key === UnreachableTaintKey && t.effect === 'NoExecute');
      if (pod && pod.metadata.uid === ev.uid && !pod.metadata.deletionTimestamp && tainted) {
        // The taint-eviction controller's emitPodDeletionEvent, then its delete.
        recordEvent(tx, pod, 'Normal', 'TaintManagerEviction', `Marking for deletion Pod ${ev.podKey}`, 'taint-eviction-controller', 'clock');
        del(tx, 'Pod', ev.podKey);
        note(tx, 'evicted', { pod: pod.metadata.name });
      } else note(tx, 'nothingToEvict', { pod: ev.podKey });
      break;
    }
    case 'kubeletNodeStatus':
      tx.actor = 'kubelet';
      tx.key = ev.node;
      recordNodeSchedulableEvent(tx, ev.node);
      break;
    case 'nodeTaints':
      tx.actor = 'node-lifecycle-controller';
      tx.key = ev.node;
      doNoScheduleTaintingPass(tx, ev.node);
      break;
    case 'resync': {
      tx.actor = 'informer';
      let n = 0;
      for (const [controller, kind] of [
        ['deployment', 'Deployment'],
        ['replicaset', 'ReplicaSet'],
        ['daemonset', 'DaemonSet'],
        ['statefulset', 'StatefulSet'],
      ] as const) {
        for (const key of st.cache.objects[kind].keys()) {
          enqueue(tx, controller, key);
          n++;
        }
      }
      note(tx, 'resync', { count: n });
      schedule(tx, tx.now + RESYNC_PERIOD_MS, { type: 'resync' });
      break;
    }
    case 'podgc': {
      tx.actor = 'pod-garbage-collector';
      tx.key = ev.node;
      gcOrphaned(tx, ev.node);
      break;
    }
    case 'action':
      tx.actor = 'user';
      runAction(tx, ev.index);
      break;
    case 'init':
      tx.actor = 'user';
      runInitObject(tx, ev.index);
      break;
    case 'drain':
      tx.actor = 'user';
      stepDrain(tx, ev.id);
      break;
    case 'proxySync':
      kubeProxySync(tx);
      break;
    case 'kubernetesService':
      updateKubernetesService(tx);
      break;
    case 'traffic':
      tx.key = `second ${ev.second}`;
      trafficTick(tx, ev.second);
      break;
    case 'eventLeaseExpiry':
      revokeExpiredLeases(tx, ev.id);
      break;
  }
  scheduleDeliveries(tx);
  // The oldest Event lease's expiry (3,660 s after its grant) is queued here, as the store knows no queue.
  const leases = st.store.leases;
  if (leases.queued === 0 && leases.leases.size !== 0) scheduleLeaseExpiries(tx);
  // Keep the heap canonical after every tick, however the caller drives the loop (a seek replay
  // and a fresh run must hold the same events).
  dropSuperseded(st);
  // Two literals rather than `rec.key = …` after the fact: each record then holds its fields in
  // the object itself, with no second property store (a record is kept for every tick).
  const { tick, now } = st;
  const { actor, summary, notes, writes, decisions, key } = tx;
  return key === undefined
    ? { tick, time: now, actor, summary, notes, writes, decisions }
    : { tick, time: now, actor, summary, notes, writes, decisions, key };
}

/** nextEventTime is the virtual time of the next pending event, or null. */
export function nextEventTime(st: EngineState): number | null {
  dropSuperseded(st);
  return peekNext(st)?.time ?? null;
}

/** lastActionTime is the time of the last scheduled action in ms (0 when there are none). */
export function lastActionTime(config: SimConfig): number {
  return config.actions.reduce((m, a) => Math.max(m, Math.round(a.at * 1000)), 0);
}

/**
 * runUntil steps until no event is pending or the next one is after `untilMs`, calling
 * `onTick` for each record, or until virtual time stood still (`stall.stall` then says where
 * and why: see stall.ts). Returns the number of ticks run.
 */
export function runUntil(st: EngineState, untilMs: number, onTick?: (t: TickRecord) => void, stall: StallWatch = newStallWatch()): number {
  let n = 0;
  dropSuperseded(st);
  for (;;) {
    const next = peekNext(st);
    if (next === undefined || next.time > untilMs) break;
    const rec = stepDropped(st);
    if (!rec) break;
    n++;
    if (onTick) {
      onTick(rec);
      // The caller may have queued or cancelled something: the head is dropped again.
      dropSuperseded(st);
    }
    if (watchTick(stall, rec) !== null) break;
  }
  return n;
}

export { newEngineState };
