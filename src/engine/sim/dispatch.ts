/**
 * What each queued event does (DESIGN.md §2): the component it belongs to runs it in a tick of its
 * own. A watch delivery goes to the informer's handlers, a `work` event to a controller worker
 * (one key per tick, its error through the queue's rate limiter), and the scheduler, the
 * kubelet, the garbage collector, the node lifecycle controller and the user's actions each to
 * theirs. simulation.ts owns the queues and the loop; this file only dispatches.
 */
import { syncPVProtection, syncVolume } from '../controller/volume/volumeSync.ts';
import { DeploymentMaxRetries } from '../api/constants.ts';
import { updateKubernetesService } from '../controller/kubernetesservice/controller.ts';
import { gcProcessOwner } from '../controller/gcFinalizers.ts';
import { syncPVCProtection } from '../controller/volume/pvcProtection.ts';
import { syncNamespace } from '../controller/namespace/namespaceController.ts';
import { syncNamespace as syncRootCACertNamespace } from '../controller/certificates/rootcacertpublisher/publisher.ts';
import { forget, get as queueGet, len, numRequeues } from '../client/workqueue.ts';
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
import { syncClaim } from '../controller/volume/claimSync.ts';
import { stepDrain } from '../kubectl/drainProcess.ts';
import { kubeProxySync } from '../proxy/kubeProxy.ts';
import { trafficTick } from '../traffic/traffic.ts';
import { kubeletStep } from '../kubelet/kubelet.ts';
import { kubeletProbe } from '../kubelet/probes.ts';
import { doNoScheduleTaintingPass, UnreachableTaintKey } from '../kubelet/nodes.ts';
import { gcOrphaned } from '../controller/podgc/podGC.ts';
import { recordNodeSchedulableEvent } from '../kubelet/nodeSync.ts';
import { taintEvictPod } from '../controller/tainteviction/taintEviction.ts';
import { scheduleOne, schedulerFlush } from '../scheduler/scheduler.ts';
import { bindingCycle } from '../scheduler/bindingCycle.ts';
import { runAction, runInitObject } from './actions.ts';
import { deliver } from './deliver.ts';
import { revokeExpiredLeases } from './eventTTL.ts';
import { eventSeriesPass } from '../client/eventSeries.ts';
import type { ControllerName, SimEvent } from '../client/events.ts';
import { enqueue, enqueueRateLimited, note, schedule, type Tx } from '../client/tx.ts';

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
  'persistentvolume-claims': syncClaim,
  'pvc-protection': syncPVCProtection,
  'persistentvolume-volumes': syncVolume,
  'pv-protection': syncPVProtection,
  namespace: syncNamespace,
  'root-ca-cert-publisher': syncRootCACertNamespace,
};

/**
 * queueActor is the controller a queue belongs to, as its syncs name themselves: `deployment` →
 * deployment-controller; the PV controller's claim queue is the persistentvolume-binder
 * controller's (kube-controller-manager runs both of its queues under that name).
 */
function queueActor(controller: ControllerName): string {
  return controller === 'persistentvolume-claims' || controller === 'persistentvolume-volumes' ? 'persistentvolume-binder-controller' : `${controller}-controller`;
}

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
 * dispatch runs one queued event as its component does: a watch delivery, a controller worker's
 * sync, the scheduler, a kubelet step, an action; the tick's writes and notes go to `tx`.
 */
export function dispatch(tx: Tx, ev: SimEvent): void {
  const st = tx.st;
  switch (ev.type) {
    case 'deliver':
      deliver(tx, ev.rec, ev.key);
      break;
    case 'work':
      work(tx, ev.controller);
      break;
    case 'enqueue':
      tx.actor = queueActor(ev.controller);
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
    case 'preBind':
      tx.actor = 'default-scheduler';
      tx.key = ev.podKey;
      bindingCycle(tx, ev.podKey, ev.uid);
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
      kubeletProbe(tx, ev.podKey, ev.uid, ev);
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
      if (pod?.kind === 'Pod' && pod.metadata.uid === ev.uid && !pod.metadata.deletionTimestamp && tainted) {
        taintEvictPod(tx, pod, ev.podKey);
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
    case 'eventSeries':
      tx.actor = 'default-scheduler';
      eventSeriesPass(tx);
      break;
  }
}
