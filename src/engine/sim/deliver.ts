/**
 * The shared informer's side of a tick: each write goes to the informer after the watch delay
 * (scheduleDeliveries), and a delivery folds the object into the cache and calls every
 * component's event handlers (deliver).
 */
import { volumeSyncOnWatch } from '../controller/volume/volumeSync.ts';
import type { Pod } from '../api/types.ts';
import { objectKey, type WatchRecord } from '../apiserver/store.ts';
import { applyWatch } from '../client/cache.ts';
import { SUMMARY_KEYS } from '../client/summaryCatalog.ts';
import { notePacked, schedule, scheduleDelivery, type Tx } from '../client/tx.ts';
import { gcOnWatch } from '../controller/garbageCollector.ts';
import { pvcProtectionOnWatch } from '../controller/volume/pvcProtection.ts';
import { namespaceOnWatch } from '../controller/namespace/namespaceController.ts';
import { publisherOnWatch } from '../controller/certificates/rootcacertpublisher/publisher.ts';
import { replicaSetOnWatch } from '../controller/replicaset/replicaSet.ts';
import { deploymentOnWatch } from '../controller/deployment/deploymentController.ts';
import { daemonSetOnWatch } from '../controller/daemon/daemonController.ts';
import { disruptionOnWatch } from '../controller/disruption/disruptionController.ts';
import { hpaOnWatch } from '../controller/podautoscaler/horizontal.ts';
import { endpointSliceOnWatch } from '../controller/endpointslice/controller.ts';
import { endpointsOnWatch } from '../controller/endpoint/controller.ts';
import { kubernetesServiceOnWrite } from '../controller/kubernetesservice/controller.ts';
import { resourceQuotaOnWatch } from '../controller/resourcequota/resourceQuotaController.ts';
import { statefulSetOnWatch } from '../controller/statefulset/statefulSetController.ts';
import { binderOnWatch } from '../controller/volume/binder.ts';
import { claimSyncOnWatch } from '../controller/volume/claimSync.ts';
import { kubeProxyOnWatch } from '../proxy/kubeProxy.ts';
import { kubeletOnPodWatched } from '../kubelet/kubelet.ts';
import { needsUnschedulableTaintSwap } from '../kubelet/nodes.ts';
import { scheduleNodeStatusUpdate } from '../kubelet/nodeSync.ts';
import { schedulerOnWatch } from '../scheduler/scheduler.ts';

/** scheduleDeliveries hands each write of a tick to the shared informer after the watch delay. */
export function scheduleDeliveries(tx: Tx): void {
  const writes = tx.writes;
  if (writes.length === 0) return;
  const delay = Math.round(tx.st.config.watchDelaySeconds * 1000);
  const keys = tx.keys;
  for (let i = 0; i < writes.length; i++) {
    const rec = writes[i] as WatchRecord;
    const kind = rec.object.kind;
    if (kind === 'Event') continue; // no controller watches Events
    const key = keys?.[i] ?? objectKey(rec.object);
    // The API server's own loop reads etcd, not a watch: it sees the write at its next run.
    if (kind === 'Service' || kind === 'Endpoints' || kind === 'EndpointSlice') kubernetesServiceOnWrite(tx, rec.object, key);
    scheduleDelivery(tx, tx.now + delay, { type: 'deliver', rec, key });
  }
}

/** The watch note's index in the summary catalogue. */
const WATCH = SUMMARY_KEYS.indexOf('watch');

/**
 * noteWatch is `note(tx, 'watch', { type, kind, name, rv })` packed straight, in the catalogue's
 * order of the values ('watch {type} {kind} {name} (rv {rv})'), without the values object note()
 * reads them from: 90,000 deliveries in a 10,000-replica rollout. deliver.test.ts checks the two agree.
 */
export function noteWatch(tx: Tx, type: string, kind: string, name: string, rv: string): void {
  notePacked(tx, [WATCH, type, kind, name, rv]);
}

/** deliver is one watch event reaching the shared informer and every handler. */
export function deliver(tx: Tx, rec: WatchRecord, key: string): void {
  tx.actor = 'informer';
  const o = rec.object;
  // One key string for the cache and every handler, the store's own (tx.keys): a Map hashes a
  // string once, so the scheduler's and the kubelet's later lookups of this pod reuse the hash.
  const old = applyWatch(tx.st.cache, rec, key);
  tx.key = key;
  noteWatch(tx, rec.type, o.kind, o.metadata.name, o.metadata.resourceVersion ?? '');
  deploymentOnWatch(tx, rec, old);
  replicaSetOnWatch(tx, rec, old, key);
  daemonSetOnWatch(tx, rec, old, key);
  gcOnWatch(tx, rec, old);
  schedulerOnWatch(tx, rec, old, key);
  // The policy controllers: each returns at once while its kind has no objects.
  resourceQuotaOnWatch(tx, rec, old);
  disruptionOnWatch(tx, rec);
  hpaOnWatch(tx, rec);
  endpointSliceOnWatch(tx, rec, old);
  endpointsOnWatch(tx, rec, old);
  // kube-proxy's own informers see slices and Services after the same watch delay.
  kubeProxyOnWatch(tx, rec);
  // The StatefulSet controller and the volume binder: each returns at once while its kinds have no objects.
  statefulSetOnWatch(tx, rec, old, key);
  binderOnWatch(tx, rec);
  claimSyncOnWatch(tx, rec);
  volumeSyncOnWatch(tx, rec);
  pvcProtectionOnWatch(tx, rec, old);
  namespaceOnWatch(tx, rec);
  publisherOnWatch(tx, rec);
  if (o.kind === 'Pod') {
    if (rec.type !== 'DELETED') kubeletOnPodWatched(tx, o, old?.kind === 'Pod' ? (old as Pod) : undefined, key);
    // A pod removed without the kubelet (force deleted, PodGC) leaves its probe workers behind.
    else if (tx.st.probes.get(key)?.uid === o.metadata.uid) tx.st.probes.delete(key);
  } else if (o.kind === 'Node') {
    // PodGC force-deletes pods bound to a node that no longer exists, after a 40 s quarantine.
    if (rec.type === 'DELETED') schedule(tx, tx.now + 40_000, { type: 'podgc', node: o.metadata.name });
    else {
      // The node lifecycle controller keeps the unschedulable taint in step with spec.unschedulable,
      // and the kubelet's next status update sees a cordon or an uncordon.
      if (needsUnschedulableTaintSwap(o)) schedule(tx, tx.now, { type: 'nodeTaints', node: o.metadata.name });
      if (old?.kind === 'Node' && (old.spec.unschedulable === true) !== (o.spec.unschedulable === true)) scheduleNodeStatusUpdate(tx, o);
    }
  }
}
