// Port of kubernetes pkg/scheduler (scheduler.go, schedule_one.go's scheduleOne and
// handleSchedulingFailure, eventhandlers.go) (v1.36): the scheduler's ticks in the simulation.
// Its informer sees pods and nodes after the watch delay like every controller; each pop from the
// queue is one tick that runs one scheduling cycle (scheduleOne.ts) and binds the pod (or, when its
// claims' volumes must be made first, starts its binding cycle: bindingCycle.ts) or records
// FailedScheduling, and cluster events move waiting pods back through their queueing hints.
import { decide } from '../api/decision.ts';
import type { KubeObject, Node, Pod, ReplicaSet } from '../api/types.ts';
import type { WatchRecord } from '../apiserver/store.ts';
import { isTerminal, schedulerCache } from './cache/cache.ts';
import { heldVolumeName } from '../lib/storageHelpers.ts';
import { note, schedule, type Tx } from '../client/tx.ts';
import { EXPLAIN_NODE_LINES, schedulePod, type SchedulerInput } from './scheduleOne.ts';
import { bindAndRecord, preBindVolumes, recordSchedulingFailure, syncAssumed } from './bindingCycle.ts';
import { claimsToProvision } from './plugins/volumebindingPreBind.ts';
import { type ClusterEvent, eventLabel, queueingHint } from './queue/queueingHints.ts';
import { backoffExpiry, calculateBackoffDuration, forget, leftoverFlushAt, type QueuedPodInfo } from './queue/schedulingQueue.ts';

/** The scheduler's name in events and pod.spec.schedulerName. */
export const COMPONENT = 'default-scheduler';

/** schedulerInput is what a cycle reads: the cache of the store's nodes and pods, and the informers' ReplicaSets. */
function schedulerInput(tx: Tx): SchedulerInput {
  return {
    cache: schedulerCache(tx.st.store),
    storeNodes: tx.st.store.objects.Node,
    replicaSetSelector: selectorLookup(tx.st.cache.objects.ReplicaSet),
    claims: tx.st.cache.objects.PersistentVolumeClaim,
    volumes: tx.st.cache.objects.PersistentVolume,
  };
}

type SelectorLookup = SchedulerInput['replicaSetSelector'];

/**
 * Each informer ReplicaSet map's selector lookup, made once rather than a closure for every cycle
 * (each of a rollout's 10,000 pods). Not engine state: it reads the map it was made for.
 */
const selectorLookups = new WeakMap<ReadonlyMap<string, KubeObject>, SelectorLookup>();

function selectorLookup(rs: ReadonlyMap<string, KubeObject>): SelectorLookup {
  let f = selectorLookups.get(rs);
  if (f === undefined) {
    f = (ns, name) => (rs.get(replicaSetKey(ns, name)) as ReplicaSet | undefined)?.spec.selector;
    selectorLookups.set(rs, f);
  }
  return f;
}

let lastReplicaSet = { ns: '', name: '', key: '/' };

/** replicaSetKey is `namespace/name`, the last one handed out again (a ReplicaSet's pods are scheduled one after the other). */
function replicaSetKey(ns: string, name: string): string {
  if (lastReplicaSet.ns !== ns || lastReplicaSet.name !== name) lastReplicaSet = { ns, name, key: `${ns}/${name}` };
  return lastReplicaSet.key;
}

function secs(ms: number): number {
  return Math.round(ms) / 1000;
}

/** schedulerOnPodAdded puts a new pod that needs a node into activeQ; key is objectKey(pod). */
export function schedulerOnPodAdded(tx: Tx, pod: Pod, key: string): void {
  if (pod.spec.nodeName || pod.metadata.deletionTimestamp || !pod.metadata.uid) return;
  if ((pod.spec.schedulerName ?? COMPONENT) !== COMPONENT) return;
  const q = tx.st.scheduler;
  if (q.active.has(key) || q.backoff.has(key) || q.unschedulable.has(key)) return;
  q.active.set(key, { uid: pod.metadata.uid, timestamp: tx.now, attempts: 0, unschedulableCount: 0, unschedulablePlugins: [] });
  schedule(tx, tx.now, { type: 'schedule', podKey: key, uid: pod.metadata.uid });
}

/**
 * moveToActiveOrBackoff brings a waiting pod back (requeuePodWithQueueingStrategy): to backoffQ
 * while its back-off runs, else activeQ. With SchedulerPopFromBackoffQ (on since v1.33) an idle
 * scheduler pops backoffQ as soon as activeQ is empty, and this one is idle between ticks: the pod
 * is tried again at once either way, after the pods already in activeQ.
 */
function moveToActiveOrBackoff(tx: Tx, key: string, info: QueuedPodInfo, event: string, plugin: string): void {
  const q = tx.st.scheduler;
  q.unschedulable.delete(key);
  const left = backoffExpiry(info) - tx.now;
  const name = key.slice(key.indexOf('/') + 1);
  if (left > 0) {
    q.backoff.set(key, info);
    decide(tx.decisions, 'movePodsToActiveOrBackoffQueue', 'toBackoffQ', { pod: name, event, plugin, backoffLeft: secs(left) });
  } else {
    q.active.set(key, info);
    decide(tx.decisions, 'movePodsToActiveOrBackoffQueue', 'toActiveQ', { pod: name, event, plugin });
  }
  schedule(tx, tx.now, { type: 'schedule', podKey: key, uid: info.uid });
}

/** schedulerOnEvent runs the waiting pods' queueing hints for one cluster event. */
function schedulerOnEvent(tx: Tx, ev: ClusterEvent): void {
  const q = tx.st.scheduler;
  if (q.unschedulable.size === 0) return;
  const label = eventLabel(ev);
  for (const [key, info] of [...q.unschedulable]) {
    const pod = tx.st.store.objects.Pod.get(key) as Pod | undefined;
    if (pod === undefined || pod.metadata.uid !== info.uid) {
      q.unschedulable.delete(key);
      continue;
    }
    // No rejecting plugin recorded (no nodes at all): any event may help.
    const plugin = info.unschedulablePlugins.length === 0 ? '–' : info.unschedulablePlugins.find((p) => queueingHint(p, ev, pod));
    if (plugin !== undefined) moveToActiveOrBackoff(tx, key, info, label, plugin);
  }
}

/**
 * schedulerOnWatch is the scheduler's informer handlers (eventhandlers.go): a new unscheduled pod
 * goes to activeQ; a bound pod's arrival, a label change or a deletion, and every node change,
 * are cluster events for the pods waiting in unschedulablePods.
 */
export function schedulerOnWatch(tx: Tx, rec: WatchRecord, old: KubeObject | undefined, key: string): void {
  const o = rec.object;
  if (o.kind === 'Pod') {
    const prev = old?.kind === 'Pod' ? old : undefined;
    if (rec.type === 'DELETED') {
      forget(tx.st.scheduler, key);
      // A pod deleted after it finished left the scheduler's informer then (below): no second delete.
      if (prev === undefined || !isTerminal(prev)) schedulerOnEvent(tx, { kind: 'PodDelete', pod: o });
      return;
    }
    if (!o.spec.nodeName) {
      if (rec.type === 'ADDED') schedulerOnPodAdded(tx, o, key);
      return;
    }
    // A pod that finished leaves the scheduler's informer (its field selector drops terminal pods): a delete.
    if (isTerminal(o)) {
      if (prev !== undefined && !isTerminal(prev)) schedulerOnEvent(tx, { kind: 'PodDelete', pod: o });
      return;
    }
    if (prev === undefined || !prev.spec.nodeName) schedulerOnEvent(tx, { kind: 'AssignedPodAdd', pod: o });
    else if (prev.metadata.labels !== o.metadata.labels) schedulerOnEvent(tx, { kind: 'AssignedPodUpdate', old: prev, pod: o });
    return;
  }
  if (o.kind === 'PersistentVolumeClaim') {
    if (rec.type === 'DELETED') return;
    // The PersistentVolume informer's Add of a provisioned volume: it is not stored but read from
    // the claim it was made for (lib/storageHelpers.ts heldVolumeName), so it appears with the write
    // that binds that claim, and it does not change afterwards (no Update). A stored volume's own
    // writes are its events (below).
    const volume = heldVolumeName(o);
    if (volume !== undefined && !tx.st.cache.objects.PersistentVolume.has(volume) && (old?.kind !== 'PersistentVolumeClaim' || heldVolumeName(old) !== volume)) {
      schedulerOnEvent(tx, { kind: 'PersistentVolumeAdd', name: volume });
    }
    // VolumeBinding's claim events (a pod waiting on its claim comes back when the claim changes).
    schedulerOnEvent(tx, { kind: rec.type === 'ADDED' ? 'PersistentVolumeClaimAdd' : 'PersistentVolumeClaimUpdate', namespace: o.metadata.namespace ?? 'default', name: o.metadata.name });
    return;
  }
  if (o.kind === 'PersistentVolume') {
    // A stored (statically made) volume's Add and Update, which VolumeBinding registers without a hint.
    if (rec.type !== 'DELETED') schedulerOnEvent(tx, { kind: rec.type === 'ADDED' ? 'PersistentVolumeAdd' : 'PersistentVolumeUpdate', name: o.metadata.name });
    return;
  }
  if (o.kind !== 'Node') return;
  const prevNode = old?.kind === 'Node' ? old : undefined;
  if (rec.type === 'DELETED') schedulerOnEvent(tx, { kind: 'NodeDelete', node: o });
  else if (prevNode === undefined) schedulerOnEvent(tx, { kind: 'NodeAdd', node: o });
  else if (prevNode.spec !== o.spec || prevNode.metadata.labels !== o.metadata.labels || prevNode.status?.allocatable !== o.status?.allocatable) {
    schedulerOnEvent(tx, { kind: 'NodeUpdate', old: prevNode, node: o as Node });
  }
}

/** schedulerFlush is flushUnschedulablePodsLeftover for one pod: 5 minutes without a helpful event. */
export function schedulerFlush(tx: Tx, key: string, since: number): void {
  const info = tx.st.scheduler.unschedulable.get(key);
  if (info === undefined || info.timestamp !== since) return;
  moveToActiveOrBackoff(tx, key, info, 'UnschedulableTimeout', 'podMaxInUnschedulablePodsDuration 5m');
}

/** isStaleFlush: the pod left unschedulablePods (or failed again) since this flush was planned: the event is dropped. */
export function isStaleFlush(tx: { st: { scheduler: { unschedulable: Map<string, QueuedPodInfo> } } }, key: string, since: number): boolean {
  return tx.st.scheduler.unschedulable.get(key)?.timestamp !== since;
}

/**
 * scheduleOne pops the pod (the `schedule` event) and runs one cycle. On success the pod is bound,
 * or assumed while PreBind waits for its claims' volumes;
 * on failure it goes to unschedulablePods with the plugins that rejected it, gets the
 * PodScheduled=False condition and a FailedScheduling event with kube-scheduler's message.
 */
export function scheduleOne(tx: Tx, key: string, uid: string): void {
  const q = tx.st.scheduler;
  const pod = tx.st.store.objects.Pod.get(key) as Pod | undefined;
  const info = q.active.get(key) ?? q.backoff.get(key);
  if (!pod || pod.metadata.uid !== uid || pod.spec.nodeName || pod.metadata.deletionTimestamp || info === undefined || info.uid !== uid) {
    if (info?.uid === uid) forget(q, key);
    note(tx, 'nothingToSchedule', { pod: key });
    return;
  }
  if (q.backoff.has(key)) {
    const left = backoffExpiry(info) - tx.now;
    if (left > 0) decide(tx.decisions, 'activeQueue', 'popFromBackoffQ', { pod: pod.metadata.name, backoffLeft: secs(left) });
  }
  forget(q, key);
  syncAssumed(tx);
  const input = schedulerInput(tx);
  const detail = tx.st.store.objects.Node.size <= EXPLAIN_NODE_LINES;
  const cycle = schedulePod(input, pod, q.nextStartNodeIndex, tx.st.prng, tx.decisions, detail);
  q.nextStartNodeIndex = cycle.nextStartNodeIndex;
  const attempts = info.attempts + 1;
  if (cycle.host === null) {
    const failed: QueuedPodInfo = { uid, timestamp: tx.now, attempts, unschedulableCount: info.unschedulableCount + 1, unschedulablePlugins: cycle.unschedulablePlugins };
    q.unschedulable.set(key, failed);
    const flushAt = leftoverFlushAt(tx.now);
    schedule(tx, flushAt, { type: 'schedulerFlush', podKey: key, uid, since: tx.now });
    decide(tx.decisions, 'handleSchedulingFailure', 'unschedulablePods', {
      pod: pod.metadata.name,
      plugins: cycle.unschedulablePlugins.join(', ') || '–',
      backoff: secs(calculateBackoffDuration(failed)),
      attempts,
      flushAt: secs(flushAt),
    });
    recordSchedulingFailure(tx, pod, key, 'Unschedulable', cycle.message);
    return;
  }
  // VolumeBinding's PreBind: claims that wait for this pod get their volumes made on its node first.
  const provisions = input.claims === undefined || input.claims.size === 0 ? [] : claimsToProvision(pod, input.claims);
  if (provisions.length > 0) {
    preBindVolumes(tx, key, pod, cycle.host, { ...info, attempts }, provisions);
    return;
  }
  bindAndRecord(tx, key, pod, uid, cycle.host);
}
