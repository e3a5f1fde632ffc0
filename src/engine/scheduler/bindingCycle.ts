// Port of kubernetes pkg/scheduler/schedule_one.go's binding cycle (assume, bindingCycle, bind,
// handleBindingCycleError) (v1.36) for a pod whose PreBind waits for its volumes
// (plugins/volumebindingPreBind.ts), and for the bind that ends every successful cycle.
/**
 * Upstream the binding cycle runs in its own goroutine: the scheduling cycle assumes the pod on
 * its node (the cache counts it there) and pops the next pod at once. Here the binding cycle of a
 * pod with claims to provision is a `preBind` event once a second (PreBind's poll), and the pod
 * waits in the queue's `binding` map meanwhile: Pending, no nodeName, no Event; other pods are
 * scheduled around it, seeing its requests on the node it was assumed on. A pod with nothing to
 * provision is bound in the cycle's own tick, as before (PreBind has nothing to wait for).
 */
import { decide } from '../api/decision.ts';
import type { PersistentVolumeClaimObject } from '../api/statefulTypes.ts';
import type { KubeObject, Pod, PodCondition } from '../api/types.ts';
import { bindPod } from '../apiserver/binding.ts';
import { eventf } from '../client/eventSeries.ts';
import { note, schedule, type Tx, update, writeStatus } from '../client/tx.ts';
import { schedulerCache, schedulerCacheOnWrite } from './cache/cache.ts';
import { BindPollIntervalMs, BindTimeoutMs, checkBindings, withSelectedNode } from './plugins/volumebindingPreBind.ts';
import type { BindingPodInfo, QueuedPodInfo } from './queue/schedulingQueue.ts';

/**
 * syncAssumed makes the scheduler's cache count each pod of the `binding` map on its node (and no
 * other): the cache is rebuilt from the store after a seek, which has no assumed pods, so it is
 * brought back in line before each cycle reads it and before a bind writes the pod for real.
 */
export function syncAssumed(tx: Tx): void {
  const binding = tx.st.scheduler.binding;
  const c = schedulerCache(tx.st.store);
  if (binding.size === 0 && c.assumed.size === 0) return;
  for (const [key, p] of c.assumed) {
    const b = binding.get(key);
    if (b !== undefined && b.uid === p.metadata.uid && b.node === p.spec.nodeName) continue;
    schedulerCacheOnWrite(c, p, undefined, key);
    c.assumed.delete(key);
  }
  for (const [key, b] of binding) {
    if (c.assumed.has(key)) continue;
    const pod = tx.st.store.objects.Pod.get(key);
    if (pod?.kind !== 'Pod' || pod.metadata.uid !== b.uid || pod.spec.nodeName) continue;
    const assumed: Pod = { ...pod, spec: { ...pod.spec, nodeName: b.node } };
    schedulerCacheOnWrite(c, undefined, assumed, key);
    c.assumed.set(key, assumed);
  }
}

/**
 * bindAndRecord is the binding cycle's bind (the pods/binding subresource) and its Scheduled
 * Event, the last step of every successful scheduling.
 */
export function bindAndRecord(tx: Tx, key: string, pod: Pod, uid: string, host: string): void {
  const bound = bindPod(tx.st.store, tx, key, uid, host);
  if (!bound.ok) {
    note(tx, 'bindingFailed', { pod: pod.metadata.name, message: bound.error.message });
    return;
  }
  eventf(tx, pod, 'Normal', 'Scheduled', 'Binding', `Successfully assigned ${pod.metadata.namespace ?? 'default'}/${pod.metadata.name} to ${host}`);
  note(tx, 'bound', { pod: pod.metadata.name, node: host });
}

/**
 * preBindVolumes assumes the pod on `host` and runs bindAPIUpdate: each claim to provision gets
 * the selected-node annotation. Then the first poll is one interval away. A write that fails (the
 * claim changed since the informer saw it) fails the binding cycle at once.
 */
export function preBindVolumes(tx: Tx, key: string, pod: Pod, host: string, info: QueuedPodInfo, provisions: readonly PersistentVolumeClaimObject[]): void {
  const uid = pod.metadata.uid ?? '';
  const claims: { key: string; resourceVersion: string }[] = [];
  for (const claim of provisions) {
    const res = update(tx, withSelectedNode(claim, host) as unknown as KubeObject);
    if (!res.ok) {
      handleBindingCycleError(tx, key, pod, info, `running PreBind plugin "VolumeBinding": ${res.error.message}`);
      return;
    }
    claims.push({ key: `${claim.metadata.namespace ?? 'default'}/${claim.metadata.name}`, resourceVersion: res.object.metadata.resourceVersion ?? '' });
  }
  const entry: BindingPodInfo = { uid, node: host, since: tx.now, claims, info };
  tx.st.scheduler.binding.set(key, entry);
  syncAssumed(tx);
  schedule(tx, tx.now + BindPollIntervalMs, { type: 'preBind', podKey: key, uid });
  const names = provisions.map((c) => c.metadata.name).join(', ');
  decide(tx.decisions, 'preBind', 'waitForVolumes', { pod: pod.metadata.name, node: host, claims: names, interval: BindPollIntervalMs / 1000, timeout: BindTimeoutMs / 1000 });
  note(tx, 'waitingForVolumes', { pod: pod.metadata.name, node: host, claims: names });
}

/**
 * bindingCycle is one poll of the PreBind wait (the `preBind` event): all claims bound → the pod
 * is bound; not yet → the next poll in a second, unless the bind timeout has passed; an error →
 * the binding cycle fails.
 */
export function bindingCycle(tx: Tx, key: string, uid: string): void {
  const q = tx.st.scheduler;
  const entry = q.binding.get(key);
  const name = key.slice(key.indexOf('/') + 1);
  if (entry === undefined || entry.uid !== uid) {
    note(tx, 'nothingToSchedule', { pod: key });
    return;
  }
  const c = tx.st.cache.objects;
  const check = checkBindings({ pods: c.Pod, nodes: c.Node, claims: c.PersistentVolumeClaim, volumes: c.PersistentVolume }, key, entry.node, entry.claims);
  const waited = (tx.now - entry.since) / 1000;
  if (check.kind === 'wait' && tx.now - entry.since < BindTimeoutMs) {
    schedule(tx, tx.now + BindPollIntervalMs, { type: 'preBind', podKey: key, uid });
    decide(tx.decisions, 'preBind', 'stillWaiting', { pod: name, claim: check.claim, node: entry.node, waited });
    note(tx, 'waitingForVolumes', { pod: name, node: entry.node, claims: check.claim });
    return;
  }
  q.binding.delete(key);
  syncAssumed(tx);
  const pod = tx.st.store.objects.Pod.get(key) as Pod | undefined;
  if (check.kind === 'bound' && pod !== undefined && pod.metadata.uid === uid) {
    decide(tx.decisions, 'preBind', 'volumesBound', { pod: name, node: entry.node, claims: entry.claims.map((k) => k.key.slice(k.key.indexOf('/') + 1)).join(', '), waited });
    bindAndRecord(tx, key, pod, uid, entry.node);
    return;
  }
  const message = check.kind === 'error' ? check.message : 'context deadline exceeded';
  if (pod === undefined || pod.metadata.uid !== uid) {
    // A deleted pod's binding is cancelled: there is nothing to schedule again.
    decide(tx.decisions, 'preBind', 'podGone', { pod: name, message });
    note(tx, 'nothingToSchedule', { pod: key });
    return;
  }
  handleBindingCycleError(tx, key, pod, entry.info, `running PreBind plugin "VolumeBinding": binding volumes: ${message}`);
}

/**
 * handleBindingCycleError: the pod is forgotten by the cache and goes to backoffQ (an error, not
 * an unschedulable verdict: no cluster event is awaited), with PodScheduled=False
 * (SchedulerError) and a FailedScheduling Event that quotes the plugin's error.
 */
function handleBindingCycleError(tx: Tx, key: string, pod: Pod, info: QueuedPodInfo, message: string): void {
  const q = tx.st.scheduler;
  const uid = pod.metadata.uid ?? '';
  const failed: QueuedPodInfo = { uid, timestamp: tx.now, attempts: info.attempts, unschedulableCount: info.unschedulableCount, unschedulablePlugins: [] };
  q.backoff.set(key, failed);
  schedule(tx, tx.now, { type: 'schedule', podKey: key, uid });
  decide(tx.decisions, 'handleBindingCycleError', 'toBackoffQ', { pod: pod.metadata.name, message });
  recordSchedulingFailure(tx, pod, key, 'SchedulerError', message);
}

/**
 * recordSchedulingFailure is what handleSchedulingFailure writes and says for every failed cycle
 * (the binding cycle's error goes to it too): PodScheduled=False with `reason`, the pod Pending,
 * and a FailedScheduling Event quoting `message`.
 */
export function recordSchedulingFailure(tx: Tx, pod: Pod, key: string, reason: 'Unschedulable' | 'SchedulerError', message: string): void {
  const conditions = [podScheduledFalse(pod, tx.nowIso, reason, message), ...(pod.status?.conditions ?? []).filter((c) => c.type !== 'PodScheduled')];
  writeStatus(tx, { ...pod, status: { ...pod.status, phase: 'Pending', conditions } }, key);
  eventf(tx, pod, 'Warning', 'FailedScheduling', 'Scheduling', message);
  note(tx, 'unschedulable', { pod: pod.metadata.name, message });
}

/**
 * podScheduledFalse is the PodScheduled condition a failed cycle writes: `Unschedulable` when no
 * node fits, `SchedulerError` when a plugin failed; its transition time is kept while it stays False.
 */
function podScheduledFalse(pod: Pod, now: string, reason: 'Unschedulable' | 'SchedulerError', message: string): PodCondition {
  const old = pod.status?.conditions?.find((c) => c.type === 'PodScheduled');
  const lastTransitionTime = old?.status === 'False' && old.lastTransitionTime ? old.lastTransitionTime : now;
  return { type: 'PodScheduled', status: 'False', lastProbeTime: null, lastTransitionTime, reason, message };
}
