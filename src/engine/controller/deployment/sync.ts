// Port of kubernetes pkg/controller/deployment/sync.go (v1.36): syncStatusOnly, sync (scaling
// events and paused deployments), getAllReplicaSetsAndSyncRevision, getNewReplicaSet, scale,
// scaleReplicaSet, cleanupDeployment, syncDeploymentStatus, isScalingEvent.
import {
  DefaultDeploymentUniqueLabelKey,
  DeprecatedRollbackTo,
  DesiredReplicasAnnotation,
  MaxReplicasAnnotation,
  Reason,
  RevisionAnnotation,
} from '../../api/constants.ts';
import { decide } from '../../api/decision.ts';
import type { Deployment, ReplicaSet } from '../../api/types.ts';
import { jsonEqual } from '../../apiserver/store.ts';
import { computeHash } from '../../lib/hash.ts';
import { create, del, note, recordEvent, type Tx, update, writeStatus } from '../../client/tx.ts';
import { replicaSetsByCreationTimestamp, specReplicas } from '../sort.ts';
import {
  getDeploymentCondition,
  hasProgressDeadline,
  newDeploymentCondition,
  removeDeploymentCondition,
  setDeploymentCondition,
} from './util/conditions.ts';
import {
  findNewReplicaSet,
  findOldReplicaSets,
  maxRevision,
  maxSurge,
  setNewReplicaSetAnnotations,
  setReplicasAnnotations,
} from './util/deploymentUtil.ts';
import { newRSNewReplicasPlan } from './util/plans/fenceposts.ts';
import { calculateStatus, cleanupDeploymentPlan, isScalingEventPlan, scalePlan } from './util/plans/sync.ts';

const COMPONENT = 'deployment-controller';

export interface RSSets {
  newRS: ReplicaSet | null;
  oldRSs: ReplicaSet[];
}

/** syncStatusOnly only updates the status of a Deployment that is being deleted. */
export function syncStatusOnly(tx: Tx, d: Deployment, rsList: ReplicaSet[]): string | null {
  const r = getAllReplicaSetsAndSyncRevision(tx, d, rsList, false);
  if (typeof r === 'string') return r;
  return syncDeploymentStatus(tx, [...r.oldRSs, ...(r.newRS ? [r.newRS] : [])], r.newRS, d);
}

/** sync handles a scaling event or a paused Deployment: proportional scaling, cleanup, status. */
export function sync(tx: Tx, d: Deployment, rsList: ReplicaSet[]): string | null {
  const r = getAllReplicaSetsAndSyncRevision(tx, d, rsList, false);
  if (typeof r === 'string') return r;
  const scaled = scale(tx, d, r.newRS, r.oldRSs);
  if (typeof scaled === 'string') return scaled;
  if (d.spec.paused && d.metadata.annotations?.[DeprecatedRollbackTo] === undefined) {
    cleanupDeployment(tx, scaled.oldRSs, d);
  }
  const allRSs = [...scaled.oldRSs, ...(scaled.newRS ? [scaled.newRS] : [])];
  return syncDeploymentStatus(tx, allRSs, scaled.newRS, d);
}

/**
 * checkPausedConditions adds Progressing=Unknown DeploymentPaused / DeploymentResumed when a
 * progress deadline is set, never overwriting ProgressDeadlineExceeded.
 */
export function checkPausedConditions(tx: Tx, d: Deployment): string | null {
  if (!hasProgressDeadline(d)) return null;
  const cond = getDeploymentCondition(d.status, 'Progressing');
  if (cond?.reason === Reason.TimedOut) return null;
  const pausedCondExists = cond?.reason === Reason.Paused;
  let status = d.status ?? {};
  let changed = false;
  if (d.spec.paused && !pausedCondExists) {
    status = setDeploymentCondition(status, newDeploymentCondition('Progressing', 'Unknown', Reason.Paused, 'Deployment is paused', tx.nowIso));
    changed = true;
  } else if (!d.spec.paused && pausedCondExists) {
    status = setDeploymentCondition(status, newDeploymentCondition('Progressing', 'Unknown', Reason.Resumed, 'Deployment is resumed', tx.nowIso));
    changed = true;
  }
  if (!changed) return null;
  decide(tx.decisions, 'checkPausedConditions', d.spec.paused ? 'paused' : 'resumed', {});
  const res = writeStatus(tx, { ...d, status });
  return res.ok ? null : res.error.message;
}

/**
 * getAllReplicaSetsAndSyncRevision finds the new RS (creating it only when asked, in a
 * rollout) and the old ones, and syncs the revision annotations.
 */
export function getAllReplicaSetsAndSyncRevision(tx: Tx, d: Deployment, rsList: ReplicaSet[], createIfNotExisted: boolean): RSSets | string {
  const oldRSs = findOldReplicaSets(d, rsList).all;
  const newRS = getNewReplicaSet(tx, d, rsList, oldRSs, createIfNotExisted);
  if (typeof newRS === 'string') return newRS;
  return { newRS, oldRSs };
}

/**
 * getNewReplicaSet returns the RS whose template matches the Deployment's (raising its revision
 * and annotations when needed), or creates it at NewRSNewReplicas when createIfNotExisted.
 * Worked example: 10 replicas, 25% surge → created at min(13 − 10, 10) = 3.
 */
function getNewReplicaSet(tx: Tx, d: Deployment, rsList: ReplicaSet[], oldRSs: ReplicaSet[], createIfNotExisted: boolean): ReplicaSet | null | string {
  const existing = findNewReplicaSet(d, rsList);
  const maxOldRevision = maxRevision(oldRSs);
  const newRevision = String(maxOldRevision + 1);
  if (existing) {
    const annotated = setNewReplicaSetAnnotations(d, existing, newRevision, true);
    const minReadyNeedsUpdate = (existing.spec.minReadySeconds ?? 0) !== (d.spec.minReadySeconds ?? 0);
    if (annotated.changed || minReadyNeedsUpdate) {
      const rsCopy: ReplicaSet = { ...annotated.rs, spec: { ...annotated.rs.spec, minReadySeconds: d.spec.minReadySeconds ?? 0 } };
      decide(tx.decisions, 'getNewReplicaSet', 'updateRevision', { rs: existing.metadata.name, revision: rsCopy.metadata.annotations?.[RevisionAnnotation] ?? '' });
      const res = update(tx, rsCopy);
      return res.ok ? res.object : res.error.message;
    }
    // The Deployment's revision follows its new RS. Like upstream, the annotation and any new
    // Progressing condition go out in one UpdateStatus, with the resourceVersion of the cached
    // Deployment (a later write in the same sync then conflicts and the key is requeued).
    const revision = existing.metadata.annotations?.[RevisionAnnotation] ?? '';
    let needsUpdate = false;
    let dd = d;
    if ((d.metadata.annotations?.[RevisionAnnotation] ?? '') !== revision) {
      dd = withRevision(d, revision);
      needsUpdate = true;
    }
    if (hasProgressDeadline(d) && !getDeploymentCondition(d.status, 'Progressing')) {
      const msg = `Found new replica set "${existing.metadata.name}"`;
      dd = { ...dd, status: setDeploymentCondition(dd.status ?? {}, newDeploymentCondition('Progressing', 'True', Reason.FoundNewReplicaSet, msg, tx.nowIso)) };
      needsUpdate = true;
    }
    if (needsUpdate) {
      const res = writeStatus(tx, dd);
      if (!res.ok) return res.error.message;
    }
    return existing;
  }
  if (!createIfNotExisted) return null;

  // The new RS: the template with pod-template-hash, named <deployment>-<hash>.
  const template = d.spec.template;
  const hash = computeHash(template, d.status?.collisionCount);
  const labels = { ...(template.metadata?.labels ?? {}), [DefaultDeploymentUniqueLabelKey]: hash };
  const selector = { ...d.spec.selector, matchLabels: { ...(d.spec.selector.matchLabels ?? {}), [DefaultDeploymentUniqueLabelKey]: hash } };
  const name = `${d.metadata.name}-${hash}`;
  let newRS: ReplicaSet = {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name,
      namespace: d.metadata.namespace ?? 'default',
      labels,
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: d.metadata.name, uid: d.metadata.uid ?? '', controller: true, blockOwnerDeletion: true }],
    },
    spec: {
      replicas: 0,
      minReadySeconds: d.spec.minReadySeconds ?? 0,
      selector,
      template: { ...template, metadata: { ...template.metadata, labels } },
    },
  };
  const allRSs = [...oldRSs, newRS];
  const replicas = newRSNewReplicasPlan(d, allRSs, newRS, tx.decisions);
  newRS = { ...newRS, spec: { ...newRS.spec, replicas } };
  newRS = setNewReplicaSetAnnotations(d, newRS, newRevision, false).rs;
  decide(tx.decisions, 'getNewReplicaSet', 'create', { rs: name, replicas, revision: newRevision, hash });
  const created = create(tx, newRS);
  if (!created.ok) {
    if (created.error.reason === 'AlreadyExists') {
      const cur = tx.st.store.objects.ReplicaSet.get(`${d.metadata.namespace ?? 'default'}/${name}`) as ReplicaSet | undefined;
      const controlled = cur?.metadata.ownerReferences?.some((r) => r.controller && r.uid === d.metadata.uid);
      if (cur && controlled && findNewReplicaSet(d, [cur])) return cur;
      // A hash collision: bump collisionCount so the next sync computes another name.
      const collisionCount = (d.status?.collisionCount ?? 0) + 1;
      writeStatus(tx, { ...d, status: { ...d.status, collisionCount } });
      decide(tx.decisions, 'getNewReplicaSet', 'collision', { rs: name, collisionCount });
      return created.error.message;
    }
    if (hasProgressDeadline(d)) {
      const msg = `Failed to create new replica set "${name}": ${created.error.message}`;
      const status = setDeploymentCondition(d.status ?? {}, newDeploymentCondition('Progressing', 'False', Reason.FailedRSCreate, msg, tx.nowIso));
      writeStatus(tx, { ...d, status });
      recordEvent(tx, d, 'Warning', Reason.FailedRSCreate, msg, COMPONENT);
    }
    return created.error.message;
  }
  if (replicas > 0) {
    recordEvent(tx, d, 'Normal', 'ScalingReplicaSet', `Scaled up replica set ${name} from 0 to ${replicas}`, COMPONENT);
  }
  note(tx, 'replicaSetCreated', { rs: name, replicas });
  let needsUpdate = false;
  let dd: Deployment = d;
  if ((d.metadata.annotations?.[RevisionAnnotation] ?? '') !== newRevision) {
    dd = withRevision(d, newRevision);
    needsUpdate = true;
  }
  if (hasProgressDeadline(d)) {
    const msg = `Created new replica set "${name}"`;
    dd = { ...dd, status: setDeploymentCondition(dd.status ?? {}, newDeploymentCondition('Progressing', 'True', Reason.NewReplicaSetCreated, msg, tx.nowIso)) };
    needsUpdate = true;
  }
  if (needsUpdate) writeStatus(tx, dd);
  return created.object;
}

/** withRevision sets the Deployment's revision annotation (SetDeploymentRevision). */
function withRevision(d: Deployment, revision: string): Deployment {
  return { ...d, metadata: { ...d.metadata, annotations: { ...d.metadata.annotations, [RevisionAnnotation]: revision } } };
}

/** scale carries out the proportional-scaling plan of a scaling event or a paused Deployment. */
function scale(tx: Tx, d: Deployment, newRS: ReplicaSet | null, oldRSs: ReplicaSet[]): RSSets | string {
  const plan = scalePlan(d, newRS, oldRSs, tx.decisions);
  let nRS = newRS;
  const olds = oldRSs.slice();
  for (const move of plan) {
    const r = scaleReplicaSet(tx, move.rs, move.to, d);
    if (typeof r === 'string') return r;
    if (nRS && r.metadata.uid === nRS.metadata.uid) nRS = r;
    const i = olds.findIndex((o) => o.metadata.uid === r.metadata.uid);
    if (i >= 0) olds[i] = r;
  }
  return { newRS: nRS, oldRSs: olds };
}

/** scaleReplicaSetAndRecordEvent scales only when the size differs. */
export function scaleReplicaSetAndRecordEvent(tx: Tx, rs: ReplicaSet, newScale: number, d: Deployment): { scaled: boolean; rs: ReplicaSet } | string {
  if (specReplicas(rs) === newScale) return { scaled: false, rs };
  const r = scaleReplicaSet(tx, rs, newScale, d);
  return typeof r === 'string' ? r : { scaled: true, rs: r };
}

/**
 * scaleReplicaSet writes the RS when its size or its desired/max-replicas annotations differ,
 * with a ScalingReplicaSet event "Scaled up|down replica set X from A to B".
 */
export function scaleReplicaSet(tx: Tx, rs: ReplicaSet, newScale: number, d: Deployment): ReplicaSet | string {
  const from = specReplicas(rs);
  const sizeNeedsUpdate = from !== newScale;
  const desired = d.spec.replicas ?? 1;
  const annotated = setReplicasAnnotations(rs, desired, desired + maxSurge(d));
  const annotationsNeedUpdate = annotated !== rs;
  if (!sizeNeedsUpdate && !annotationsNeedUpdate) return rs;
  const res = update(tx, { ...annotated, spec: { ...annotated.spec, replicas: newScale } });
  if (!res.ok) return res.error.message;
  if (sizeNeedsUpdate) {
    const dir = from < newScale ? 'up' : 'down';
    recordEvent(tx, d, 'Normal', 'ScalingReplicaSet', `Scaled ${dir} replica set ${rs.metadata.name} from ${from} to ${newScale}`, COMPONENT);
    decide(tx.decisions, 'scaleReplicaSet', 'scale', { rs: rs.metadata.name, from, to: newScale });
    note(tx, 'replicaSetScaled', { rs: rs.metadata.name, from, to: newScale });
  }
  return res.object;
}

/** cleanupDeployment deletes the oldest fully scaled-down RSs beyond revisionHistoryLimit. */
export function cleanupDeployment(tx: Tx, oldRSs: ReplicaSet[], d: Deployment): void {
  const victims = cleanupDeploymentPlan(d, oldRSs, tx.decisions);
  for (const rs of victims) {
    const res = del(tx, 'ReplicaSet', `${rs.metadata.namespace ?? 'default'}/${rs.metadata.name}`);
    if (res.ok) note(tx, 'oldReplicaSetDeleted', { rs: rs.metadata.name, limit: d.spec.revisionHistoryLimit ?? 10 });
  }
}

/** syncDeploymentStatus writes calculateStatus when it differs from the current status. */
export function syncDeploymentStatus(tx: Tx, allRSs: ReplicaSet[], newRS: ReplicaSet | null, d: Deployment): string | null {
  const status = calculateStatus(allRSs, newRS, d, tx.nowIso);
  if (jsonEqual(d.status, status)) return null;
  const res = writeStatus(tx, { ...d, status });
  return res.ok ? null : res.error.message;
}

/** isScalingEvent: an active RS's desired-replicas annotation disagrees with spec.replicas. */
export function isScalingEvent(tx: Tx, d: Deployment, rsList: ReplicaSet[]): boolean {
  const r = getAllReplicaSetsAndSyncRevision(tx, d, rsList, false);
  if (typeof r === 'string') return false;
  const all = [...r.oldRSs, ...(r.newRS ? [r.newRS] : [])];
  return isScalingEventPlan(d, all, tx.decisions);
}

export { DesiredReplicasAnnotation, MaxReplicasAnnotation, removeDeploymentCondition, replicaSetsByCreationTimestamp };
