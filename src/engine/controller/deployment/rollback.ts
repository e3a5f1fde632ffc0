// Port of kubernetes pkg/controller/deployment/rollback.go (v1.36): the legacy rollback path,
// driven by the deprecated.deployment.rollback.to annotation. `kubectl rollout undo` does not
// use it (it patches the template on the client side, see kubectl/); it is kept because the
// controller still honours the annotation when an object carries it.
import { DefaultDeploymentUniqueLabelKey, DeprecatedRollbackTo, RevisionAnnotation } from '../../api/constants.ts';
import { decide } from '../../api/decision.ts';
import type { Deployment, ReplicaSet } from '../../api/types.ts';
import { note, recordEvent, type Tx, update } from '../../client/tx.ts';
import { equalIgnoreHash, lastRevision } from './util/deploymentUtil.ts';
import { getAllReplicaSetsAndSyncRevision } from './sync.ts';

const COMPONENT = 'deployment-controller';

function withoutRollbackAnnotation(d: Deployment): Deployment {
  const annotations = { ...d.metadata.annotations };
  delete annotations[DeprecatedRollbackTo];
  return { ...d, metadata: { ...d.metadata, annotations } };
}

/** updateDeploymentAndClearRollbackTo writes the Deployment without the rollback request. */
function updateDeploymentAndClearRollbackTo(tx: Tx, d: Deployment): string | null {
  const res = update(tx, withoutRollbackAnnotation(d));
  return res.ok ? null : res.error.message;
}

/** rollback copies the template of the requested revision's RS into the Deployment. */
export function rollback(tx: Tx, d: Deployment, rsList: ReplicaSet[]): string | null {
  const r = getAllReplicaSetsAndSyncRevision(tx, d, rsList, true);
  if (typeof r === 'string') return r;
  const allRSs = [...r.oldRSs, ...(r.newRS ? [r.newRS] : [])];
  let toRevision = Number(d.metadata.annotations?.[DeprecatedRollbackTo] ?? '0');
  if (!Number.isFinite(toRevision)) toRevision = 0;
  if (toRevision === 0) {
    toRevision = lastRevision(allRSs);
    if (toRevision === 0) {
      recordEvent(tx, d, 'Warning', 'DeploymentRollbackRevisionNotFound', 'Unable to find last revision.', COMPONENT);
      return updateDeploymentAndClearRollbackTo(tx, d);
    }
  }
  for (const rs of allRSs) {
    if (Number(rs.metadata.annotations?.[RevisionAnnotation] ?? '0') !== toRevision) continue;
    if (equalIgnoreHash(d.spec.template, rs.spec.template)) {
      recordEvent(tx, d, 'Warning', 'DeploymentRollbackTemplateUnchanged', `The rollback revision contains the same template as current deployment "${d.metadata.name}"`, COMPONENT);
      return updateDeploymentAndClearRollbackTo(tx, d);
    }
    const labels = { ...(rs.spec.template.metadata?.labels ?? {}) };
    delete labels[DefaultDeploymentUniqueLabelKey];
    const template = { ...rs.spec.template, metadata: { ...rs.spec.template.metadata, labels } };
    const rolled = withoutRollbackAnnotation({ ...d, spec: { ...d.spec, template } });
    const res = update(tx, rolled);
    if (!res.ok) return res.error.message;
    recordEvent(tx, d, 'Normal', 'DeploymentRollback', `Rolled back deployment "${d.metadata.name}" to revision ${toRevision}`, COMPONENT);
    decide(tx.decisions, 'rollback', 'rolledBack', { revision: toRevision });
    note(tx, 'rolledBack', { deployment: d.metadata.name, revision: toRevision });
    return null;
  }
  recordEvent(tx, d, 'Warning', 'DeploymentRollbackRevisionNotFound', 'Unable to find the revision to rollback to.', COMPONENT);
  return updateDeploymentAndClearRollbackTo(tx, d);
}
