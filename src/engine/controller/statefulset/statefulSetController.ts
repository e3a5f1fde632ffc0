// Port of kubernetes pkg/controller/statefulset/stateful_set.go (v1.36): the informer handlers
// (addPod, updatePod, deletePod, enqueueStatefulSet), sync, getPodsForStatefulSet and
// syncStatefulSet, with stateful_set_control.go UpdateStatefulSet / performUpdate around the plans.
import { type DecisionLog, decide } from '../../api/decision.ts';
import { getControllerOf } from '../../api/ownerRefs.ts';
import type { PersistentVolumeClaimObject, StatefulPod, StatefulSet } from '../../api/statefulTypes.ts';
import type { ControllerRevision, KubeObject, OwnerReference, Pod } from '../../api/types.ts';
import { objectKey, type WatchRecord } from '../../apiserver/store.ts';
import { get, ownedPods } from '../../client/cache.ts';
import { create, del, enqueue, enqueueAfter, note, type Tx, update, writeStatusOf } from '../../client/tx.ts';
import { selectorMatches } from '../../lib/labels.ts';
import { observeDelivery, recordWrite, stale } from './consistency.ts';
import { listControllerRevisions } from '../history/controllerHistory.ts';
import { getStatefulSetRevisions, truncateHistoryPlan } from './revisionPlan.ts';
import { updateStatefulSetPlan } from './statefulSetControl.ts';
import { COMPONENT, type PodControlSummary, runActions } from './statefulPodControl.ts';
import { podFacts } from './podFacts.ts';
import { adoptOrphanRevisions, claimPods } from './claimPods.ts';
import { members, memoOnWatch } from './replicaSlots.ts';
import { nextAvailableAfterMs } from './availability.ts';

const QUEUE = 'statefulset';
const keyOf = (o: { metadata: { namespace?: string; name: string } }) => `${o.metadata.namespace ?? 'default'}/${o.metadata.name}`;

/** The last ControllerRef resolved, its namespace and the set key they name (refKey). */
let lastRef: { ref: OwnerReference | undefined; ns: string; key: string } = { ref: undefined, ns: '', key: '' };

/**
 * refKey is the cache key of the set `ref` names in namespace `ns`. The pods of one set share one
 * ownerReferences list (versionedPod.ts setParts) and keep it through their status writes, so the
 * 10,000 pod events of the 1,000-replica update name one reference: the key string is built and
 * hashed once, not once per event (a fresh `default/web` is a new string whose hash each Map and
 * Set lookup computes again).
 */
function refKey(ref: OwnerReference, ns: string): string {
  if (lastRef.ref !== ref || lastRef.ns !== ns) lastRef = { ref, ns, key: `${ns}/${ref.name}` };
  return lastRef.key;
}

/** The set a pod's ControllerRef names, if it is a StatefulSet the informer holds with that uid. */
function resolveControllerRef(tx: Tx, pod: Pod, ref: OwnerReference | undefined): StatefulSet | undefined {
  if (ref?.kind !== 'StatefulSet') return undefined;
  const set = get(tx.st.cache, 'StatefulSet', refKey(ref, pod.metadata.namespace ?? 'default'));
  return set && set.metadata.uid === ref.uid ? set : undefined;
}

/** Orphan pods wake every set of their namespace that selects them (getPodStatefulSets), so it can adopt them. */
function enqueueSelecting(tx: Tx, pod: Pod): void {
  const ns = pod.metadata.namespace ?? 'default';
  for (const set of tx.st.cache.objects.StatefulSet.values()) {
    if (set.kind !== 'StatefulSet' || (set.metadata.namespace ?? 'default') !== ns) continue;
    if (selectorMatches(set.spec.selector, pod.metadata.labels)) enqueue(tx, QUEUE, keyOf(set));
  }
}

/**
 * onPod is addPod / updatePod / deletePod: a pod wakes its set (an orphan every set selecting
 * it); an update with an unchanged resourceVersion is a resync and wakes nothing; a pod that
 * just turned Ready wakes its set again after minReadySeconds + 1 s, when it becomes available.
 */
function onPod(tx: Tx, type: WatchRecord['type'], pod: Pod, old: KubeObject | undefined): void {
  if (type === 'MODIFIED' && old?.kind === 'Pod' && old.metadata.resourceVersion === pod.metadata.resourceVersion) return;
  const ref = getControllerOf(pod);
  if (!ref) {
    if (type !== 'DELETED') enqueueSelecting(tx, pod);
    return;
  }
  const set = resolveControllerRef(tx, pod, ref);
  if (!set) return;
  // The cache key it was found under (namespace/name): keyOf(set), already built.
  const key = refKey(ref, pod.metadata.namespace ?? 'default');
  enqueue(tx, QUEUE, key);
  const mrs = set.spec.minReadySeconds ?? 0;
  if (type === 'MODIFIED' && mrs > 0 && old?.kind === 'Pod' && !isReady(old) && isReady(pod)) {
    enqueueAfter(tx, QUEUE, key, (mrs + 1) * 1000);
  }
}

const isReady = (p: Pod) => p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') === true;

/**
 * statefulSetOnWatch routes one watch event to the StatefulSet controller's handlers. Runs
 * without StatefulSets pay one map-size check per event.
 */
export function statefulSetOnWatch(tx: Tx, rec: WatchRecord, old: KubeObject | undefined, key: string = objectKey(rec.object)): void {
  const obj = rec.object;
  memoOnWatch(tx.st.cache, rec, key);
  observeDelivery(tx.st.stsConsistency, rec);
  if (obj.kind === 'StatefulSet') {
    enqueue(tx, QUEUE, key);
    return;
  }
  if (tx.st.cache.objects.StatefulSet.size === 0) return;
  if (obj.kind === 'Pod') onPod(tx, rec.type, obj, old);
}

/**
 * listRevisions is ListRevisions: the revisions the set's selector matches that it controls or
 * nobody does. A StatefulSet never releases a revision: one relabelled out of its selector only
 * drops out of the list (listControllerRevisions).
 */
function listRevisions(tx: Tx, set: StatefulSet): ControllerRevision[] {
  return listControllerRevisions(tx.st.cache.objects.ControllerRevision.values(), set, set.spec.selector);
}

/** writeRevision carries out getStatefulSetRevisions' write: create a revision, or renumber an older one. */
function writeRevision(tx: Tx, set: StatefulSet, w: ReturnType<typeof getStatefulSetRevisions>['write']): string | null {
  if (w.kind === 'none') return null;
  if (w.kind === 'create') {
    const res = create(tx, { ...w.revision, metadata: { ...w.revision.metadata, namespace: set.metadata.namespace ?? 'default' } });
    return res.ok || res.error.reason === 'AlreadyExists' ? null : res.error.message;
  }
  const stored = tx.st.store.objects.ControllerRevision.get(objectKey(w.revision));
  if (stored?.kind !== 'ControllerRevision') return `controllerrevisions.apps "${w.revision.metadata.name}" not found`;
  const res = update(tx, { ...stored, revision: w.to });
  return res.ok ? null : res.error.message;
}

/**
 * syncStatefulSet syncs one key: gone → nothing; its own last write not yet delivered → wait
 * for that delivery (read your writes); being deleted → status only; else revisions, the plan's
 * writes, the status, truncateHistory, and a requeue when the next pod becomes available.
 */
export function syncStatefulSet(tx: Tx, key: string): string | null {
  tx.actor = COMPONENT;
  const log: DecisionLog = tx.decisions;
  const set = get(tx.st.cache, 'StatefulSet', key);
  if (!set) {
    tx.st.stsConsistency.written.delete(key);
    decide(log, 'syncStatefulSet', 'deleted', { key });
    note(tx, 'statefulSetDeleted', { key });
    return null;
  }
  const waitingFor = stale(tx.st.stsConsistency, key);
  if (waitingFor > 0) {
    decide(log, 'syncStatefulSet', 'staleCache', { key, resourceVersion: waitingFor, seen: tx.st.stsConsistency.seen });
    note(tx, 'statefulSetStale', { sts: set.metadata.name, rv: waitingFor });
    return null;
  }
  const listed = listRevisions(tx, set);
  const adoptErr = adoptOrphanRevisions(tx, set, listed, log);
  if (adoptErr !== null) return adoptErr;
  // The pods it controls that match it (selector, isMemberOf), laid out by ordinal
  // (replicaSlots.ts); ClaimPods releases the others and adopts matching orphans.
  const owned = members(tx.st.cache, set);
  const claimed = claimPods(tx, set, owned, log);
  if (claimed.error !== null) return claimed.error;
  // An adopted pod is claimed in this sync, before the informer brings it back: laid out with the
  // others. (The informer cache does not change during a sync: its writes come back as deliveries.)
  const layout = claimed.adopted.length > 0 ? null : owned.slots;
  const all = layout === null ? [...cachedMembers(tx, set), ...claimed.adopted] : null;
  tx.cost += owned.count + claimed.adopted.length;
  const ns = set.metadata.namespace ?? 'default';
  const revs = getStatefulSetRevisions(set, listed, (name) => revisionNamed(tx, ns, name), log);
  const revErr = writeRevision(tx, set, revs.write);
  if (revErr !== null) return revErr;
  const plan = updateStatefulSetPlan(
    {
      set,
      pods: all ?? (set.metadata.deletionTimestamp !== undefined ? owned.list() : []),
      slots: layout ?? undefined,
      currentRevision: revs.current,
      updateRevision: revs.update,
      collisionCount: revs.collisionCount,
      nowMs: tx.now,
      // Claims are looked up only for a set with volumeClaimTemplates.
      claims: (set.spec.volumeClaimTemplates?.length ?? 0) === 0 ? undefined : (cns, name) => (cns === ns ? claimNamed(tx, ns, name) : undefined),
    },
    log,
  );
  const sum: PodControlSummary = { created: 0, deleted: 0, updated: 0, claims: 0 };
  const err = plan.error ?? runActions(tx, set, key, plan.actions, sum);
  let statusErr: string | null = null;
  if (plan.statusWrite) {
    const res = writeStatusOf(tx, set, plan.statusWrite, key);
    if (res.ok) recordWrite(tx.st.stsConsistency, key, res.object.metadata.resourceVersion);
    else statusErr = res.error.message;
  }
  for (const name of truncateHistoryPlan(set, all ?? owned, listed, revs.current, revs.update, log).deletes) {
    del(tx, 'ControllerRevision', `${ns}/${name}`);
  }
  const after = (set.spec.minReadySeconds ?? 0) > 0 ? nextAvailableAfterMs(set, all ?? owned.list(), tx.now) : null;
  if (after !== null) {
    decide(log, 'syncStatefulSet', 'requeueAvailable', { afterMs: after, minReadySeconds: set.spec.minReadySeconds ?? 0 });
    enqueueAfter(tx, QUEUE, key, after);
  }
  summarize(tx, set.metadata.name, sum);
  return err ?? statusErr;
}

function revisionNamed(tx: Tx, ns: string, name: string): ControllerRevision | undefined {
  const r = tx.st.store.objects.ControllerRevision.get(`${ns}/${name}`);
  return r?.kind === 'ControllerRevision' ? r : undefined;
}

function claimNamed(tx: Tx, ns: string, name: string): PersistentVolumeClaimObject | undefined {
  return get(tx.st.cache, 'PersistentVolumeClaim', `${ns}/${name}`) as PersistentVolumeClaimObject | undefined;
}

/** cachedMembers: the pods the set controls, in the informer's order, that match it (selector and isMemberOf). */
function cachedMembers(tx: Tx, set: StatefulSet): StatefulPod[] {
  const out: StatefulPod[] = [];
  for (const p of ownedPods(tx.st.cache, set.metadata.uid ?? '').values()) {
    if (podFacts(p as StatefulPod).parent === set.metadata.name && selectorMatches(set.spec.selector, p.metadata.labels)) out.push(p as StatefulPod);
  }
  return out;
}

function summarize(tx: Tx, sts: string, sum: PodControlSummary): void {
  if (sum.created || sum.deleted || sum.updated) {
    note(tx, 'statefulSetWrote', { sts, created: sum.created, deleted: sum.deleted, updated: sum.updated, claims: sum.claims });
  } else note(tx, 'statefulSetSynced', { sts });
}
