// Port of the annotation helpers of kubernetes pkg/controller/deployment/util/deployment_util.go (v1.36).
import {
  DeprecatedRollbackTo,
  DesiredReplicasAnnotation,
  LastAppliedConfigAnnotation,
  MaxReplicasAnnotation,
  RevisionAnnotation,
  RevisionHistoryAnnotation,
  RevisionHistoryLimitInChars,
} from '../../../api/constants.ts';
import type { Deployment, ReplicaSet } from '../../../api/types.ts';
import { maxSurge } from './fenceposts.ts';

/** annotationsToSkip are never copied from a Deployment to its ReplicaSets (nor back on rollback). */
export const annotationsToSkip: ReadonlySet<string> = new Set([
  LastAppliedConfigAnnotation,
  RevisionAnnotation,
  RevisionHistoryAnnotation,
  DesiredReplicasAnnotation,
  MaxReplicasAnnotation,
  DeprecatedRollbackTo,
]);

/** skipCopyAnnotation reports whether an annotation key stays on its own object. */
export function skipCopyAnnotation(key: string): boolean {
  return annotationsToSkip.has(key);
}

function withAnnotations<T extends ReplicaSet | Deployment>(obj: T, annotations: Record<string, string>): T {
  return { ...obj, metadata: { ...obj.metadata, annotations } };
}

/**
 * copyDeploymentAnnotationsToReplicaSet copies the deployment's annotations onto the RS, except
 * the skip list, and says whether anything changed (the same RS comes back when nothing did).
 */
export function copyDeploymentAnnotationsToReplicaSet(d: Deployment, rs: ReplicaSet): { rs: ReplicaSet; changed: boolean } {
  const next: Record<string, string> = { ...(rs.metadata.annotations ?? {}) };
  let changed = false;
  for (const [k, v] of Object.entries(d.metadata.annotations ?? {})) {
    if (skipCopyAnnotation(k) || next[k] === v) continue;
    next[k] = v;
    changed = true;
  }
  return { rs: changed ? withAnnotations(rs, next) : rs, changed };
}

/**
 * setNewReplicaSetAnnotations brings the new RS's annotations up to date
 * (SetNewReplicaSetAnnotations): copy the deployment's annotations; raise the revision to
 * newRevision only if it is lower; when an existing revision is raised (a rollback to this
 * template), append the old number to revision-history, dropping the oldest entries so the list
 * stays within revHistoryLimitInChars ("11,12" + "13" with limit 5 → "12,13"); and for an RS
 * about to be created (exists false) set desired-replicas = replicas and max-replicas =
 * replicas + maxSurge. Returns the updated RS and whether anything changed.
 */
export function setNewReplicaSetAnnotations(
  d: Deployment,
  newRS: ReplicaSet,
  newRevision: string,
  exists: boolean,
  revHistoryLimitInChars: number = RevisionHistoryLimitInChars,
): { rs: ReplicaSet; changed: boolean } {
  const copied = copyDeploymentAnnotationsToReplicaSet(d, newRS);
  let changed = copied.changed;
  const a: Record<string, string> = { ...(copied.rs.metadata.annotations ?? {}) };
  const hadRevision = Object.hasOwn(a, RevisionAnnotation);
  const oldRevision = a[RevisionAnnotation] ?? '';
  let oldRevisionInt = 0;
  if (oldRevision !== '') {
    if (!/^[+-]?[0-9]+$/.test(oldRevision)) return { rs: newRS, changed: false };
    oldRevisionInt = Number(oldRevision);
  }
  if (!/^[+-]?[0-9]+$/.test(newRevision)) return { rs: newRS, changed: false };
  const newRevisionInt = Number(newRevision);
  if (oldRevisionInt < newRevisionInt) {
    a[RevisionAnnotation] = newRevision;
    changed = true;
  }
  if (hadRevision && oldRevisionInt < newRevisionInt) {
    const history = a[RevisionHistoryAnnotation] ?? '';
    const oldRevisions = history.split(',');
    if ((oldRevisions[0] ?? '').length === 0) {
      a[RevisionHistoryAnnotation] = oldRevision;
    } else {
      let totalLen = history.length + oldRevision.length + 1;
      let start = 0;
      while (totalLen > revHistoryLimitInChars && start < oldRevisions.length) {
        totalLen -= (oldRevisions[start] ?? '').length + 1;
        start++;
      }
      // Past the limit even with every old entry dropped: upstream logs and appends nothing.
      if (totalLen <= revHistoryLimitInChars) {
        a[RevisionHistoryAnnotation] = [...oldRevisions.slice(start), oldRevision].join(',');
      }
    }
  }
  if (!exists) {
    const replicas = d.spec.replicas ?? 1;
    const desired = String(replicas);
    const max = String(replicas + maxSurge(d));
    if (a[DesiredReplicasAnnotation] !== desired || a[MaxReplicasAnnotation] !== max) {
      a[DesiredReplicasAnnotation] = desired;
      a[MaxReplicasAnnotation] = max;
      changed = true;
    }
  }
  return { rs: changed ? withAnnotations(copied.rs, a) : newRS, changed };
}

/**
 * setDeploymentRevision sets the deployment's revision annotation; the same object comes back
 * (changed false) when it already holds that revision.
 */
export function setDeploymentRevision(d: Deployment, revision: string): { deployment: Deployment; changed: boolean } {
  if ((d.metadata.annotations?.[RevisionAnnotation] ?? '') === revision) return { deployment: d, changed: false };
  return { deployment: withAnnotations(d, { ...(d.metadata.annotations ?? {}), [RevisionAnnotation]: revision }), changed: true };
}

/**
 * getSkippedAnnotations keeps only the skip-listed annotations (the ones a rollback leaves on
 * the deployment).
 */
export function getSkippedAnnotations(annotations: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(annotations ?? {})) if (skipCopyAnnotation(k)) out[k] = v;
  return out;
}

/**
 * setDeploymentAnnotationsTo gives the deployment the annotations of the RS it rolls back to,
 * keeping its own skip-listed ones (SetDeploymentAnnotationsTo).
 */
export function setDeploymentAnnotationsTo(d: Deployment, rollbackToRS: ReplicaSet): Deployment {
  const next = getSkippedAnnotations(d.metadata.annotations);
  for (const [k, v] of Object.entries(rollbackToRS.metadata.annotations ?? {})) if (!skipCopyAnnotation(k)) next[k] = v;
  return withAnnotations(d, next);
}
