// Port of kubernetes pkg/controller/deployment/deployment_controller.go (v1.36): the informer
// event handlers and syncDeployment's dispatch (delete → paused → rollback → scale → rollout).
import { getControllerOf } from '../../api/ownerRefs.ts';
import { DeprecatedRollbackTo } from '../../api/constants.ts';
import { decide } from '../../api/decision.ts';
import type { Deployment, KubeObject, OwnerReference, Pod, ReplicaSet } from '../../api/types.ts';
import { objectKey, type WatchRecord } from '../../apiserver/store.ts';
import { get, list, ownedPods } from '../../client/cache.ts';
import { selectorIsEmpty, selectorMatches } from '../../lib/labels.ts';
import { enqueue, note, recordEvent, type Tx, writeStatus } from '../../client/tx.ts';
import { getReplicaSetsForDeployment } from './claimReplicaSets.ts';
import { rolloutRecreate } from './recreate.ts';
import { podCount } from './util/plans/recreate.ts';
import { rollback } from './rollback.ts';
import { rolloutRolling } from './rolling.ts';
import { checkPausedConditions, isScalingEvent, sync, syncStatusOnly } from './sync.ts';

export const COMPONENT = 'deployment-controller';

function deploymentForRef(tx: Tx, ns: string, ref: OwnerReference | undefined): Deployment | undefined {
  if (!ref || ref.kind !== 'Deployment') return undefined;
  const d = get(tx.st.cache, 'Deployment', `${ns}/${ref.name}`);
  return d && d.metadata.uid === ref.uid ? d : undefined;
}

/** getDeploymentsForReplicaSet lists the Deployments whose selector matches an orphan RS. */
function getDeploymentsForReplicaSet(tx: Tx, rs: ReplicaSet): Deployment[] {
  const ns = rs.metadata.namespace ?? 'default';
  return list(tx.st.cache, 'Deployment').filter(
    (d) => (d.metadata.namespace ?? 'default') === ns && !selectorIsEmpty(d.spec.selector) && selectorMatches(d.spec.selector, rs.metadata.labels),
  );
}

/**
 * getPodMapForDeployment groups the cached pods of the Deployment's namespace that its selector
 * matches by the ReplicaSet of rsList that controls them, failed and succeeded ones included (a
 * Recreate rollout counts them itself). A pod whose controller is a ReplicaSet outside rsList is
 * in no group: e.g. web-old, relabelled app=moved and released by the Deployment, keeps its
 * pods running under it, and Recreate does not wait for them. The pods come from the owner
 * index of each listed ReplicaSet rather than a walk of the namespace: the same pods, since a
 * pod is listed only under its controller's uid.
 */
export function getPodMapForDeployment(tx: Tx, d: Deployment, rsList: readonly ReplicaSet[]): Map<string, Pod[]> {
  const ns = d.metadata.namespace ?? 'default';
  const podMap = new Map<string, Pod[]>();
  for (const rs of rsList) {
    const uid = rs.metadata.uid ?? '';
    const pods: Pod[] = [];
    for (const pod of ownedPods(tx.st.cache, uid).values()) {
      if ((pod.metadata.namespace ?? 'default') === ns && selectorMatches(d.spec.selector, pod.metadata.labels)) pods.push(pod);
    }
    podMap.set(uid, pods);
  }
  return podMap;
}

/**
 * listReplicaSets is util.ListReplicaSets as the pod-deletion handler calls it, through the
 * client: the ReplicaSets the API server holds in the Deployment's namespace that its selector
 * matches and that it controls.
 */
function listReplicaSets(tx: Tx, d: Deployment): ReplicaSet[] {
  const ns = d.metadata.namespace ?? 'default';
  const out: ReplicaSet[] = [];
  for (const rs of tx.st.store.objects.ReplicaSet.values()) {
    if (rs.kind !== 'ReplicaSet' || (rs.metadata.namespace ?? 'default') !== ns || getControllerOf(rs)?.uid !== d.metadata.uid) continue;
    if (selectorMatches(d.spec.selector, rs.metadata.labels)) out.push(rs);
  }
  return out;
}

/** deploymentOnWatch is the controller's informer handlers (addDeployment, updateReplicaSet, deletePod, ...). */
export function deploymentOnWatch(tx: Tx, rec: WatchRecord, old: KubeObject | undefined): void {
  const obj = rec.object;
  const ns = obj.metadata.namespace ?? 'default';
  if (obj.kind === 'Deployment') {
    enqueue(tx, 'deployment', objectKey(obj));
    return;
  }
  if (obj.kind === 'ReplicaSet') {
    const d = deploymentForRef(tx, ns, getControllerOf(obj));
    if (old && old.kind === 'ReplicaSet' && rec.type === 'MODIFIED') {
      if (old.metadata.resourceVersion === obj.metadata.resourceVersion) return;
      const oldD = deploymentForRef(tx, ns, getControllerOf(old));
      if (oldD && oldD !== d) enqueue(tx, 'deployment', objectKey(oldD));
    }
    if (d) {
      enqueue(tx, 'deployment', objectKey(d));
      return;
    }
    if (rec.type === 'DELETED' || getControllerOf(obj)) return;
    for (const cand of getDeploymentsForReplicaSet(tx, obj)) enqueue(tx, 'deployment', objectKey(cand));
    return;
  }
  if (obj.kind === 'Pod' && rec.type === 'DELETED') {
    // Only Recreate waits for pods to disappear; wake it once the last one is gone.
    const rsRef = getControllerOf(obj);
    if (!rsRef || rsRef.kind !== 'ReplicaSet') return;
    const rs = get(tx.st.cache, 'ReplicaSet', `${ns}/${rsRef.name}`);
    const d = rs ? deploymentForRef(tx, ns, getControllerOf(rs)) : undefined;
    if (d && d.spec.strategy?.type === 'Recreate' && podCount(getPodMapForDeployment(tx, d, listReplicaSets(tx, d))) === 0) {
      enqueue(tx, 'deployment', objectKey(d));
    }
  }
}

/** syncDeployment syncs one Deployment key; returns an error message to requeue with back-off. */
export function syncDeployment(tx: Tx, key: string): string | null {
  tx.actor = COMPONENT;
  const d = get(tx.st.cache, 'Deployment', key);
  if (!d) {
    note(tx, 'deploymentDeleted', { key });
    return null;
  }
  note(tx, 'deploymentSynced', { deployment: d.metadata.name });
  if (selectorIsEmpty(d.spec.selector)) {
    recordEvent(tx, d, 'Warning', 'SelectingAll', 'This deployment is selecting all pods. A non-empty selector is required.', COMPONENT);
    if ((d.status?.observedGeneration ?? 0) < (d.metadata.generation ?? 1)) {
      writeStatus(tx, { ...d, status: { ...d.status, observedGeneration: d.metadata.generation ?? 1 } });
    }
    return null;
  }
  const { claimed: rsList, error } = getReplicaSetsForDeployment(tx, d);
  if (error !== null) return error;
  tx.cost += rsList.length;
  if (d.metadata.deletionTimestamp) {
    decide(tx.decisions, 'syncDeployment', 'deleting', {});
    return syncStatusOnly(tx, d, rsList);
  }
  const err = checkPausedConditions(tx, d);
  if (err) return err;
  if (d.spec.paused) {
    decide(tx.decisions, 'syncDeployment', 'paused', {});
    return sync(tx, d, rsList);
  }
  if (d.metadata.annotations?.[DeprecatedRollbackTo] !== undefined) {
    decide(tx.decisions, 'syncDeployment', 'rollback', { toRevision: d.metadata.annotations[DeprecatedRollbackTo] ?? '' });
    return rollback(tx, d, rsList);
  }
  if (isScalingEvent(tx, d, rsList)) return sync(tx, d, rsList);
  if (d.spec.strategy?.type === 'Recreate') {
    decide(tx.decisions, 'syncDeployment', 'strategy', { type: 'Recreate' });
    return rolloutRecreate(tx, d, rsList, getPodMapForDeployment(tx, d, rsList));
  }
  decide(tx.decisions, 'syncDeployment', 'strategy', { type: 'RollingUpdate' });
  return rolloutRolling(tx, d, rsList);
}
