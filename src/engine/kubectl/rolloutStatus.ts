// Port of kubernetes staging/src/k8s.io/kubectl/pkg/polymorphichelpers/rollout_status.go (v1.36.3).
import { RevisionAnnotation } from '../api/constants.ts';
import type { DaemonSet, Deployment } from '../api/types.ts';

/**
 * One status line of `kubectl rollout status`: the message (with its trailing newline, as
 * kubectl writes it), whether the rollout is done (kubectl stops watching), and the error kubectl
 * would exit with, as printed (`error: ...`), or null.
 */
export interface RolloutStatus {
  message: string;
  done: boolean;
  error: string | null;
}

const ok = (message: string, done: boolean): RolloutStatus => ({ message, done, error: null });
const fail = (error: string, done = false): RolloutStatus => ({ message: '', done, error: `error: ${error}` });

/**
 * deploymentStatusViewer is DeploymentStatusViewer.Status, checked on every watch event:
 * the requested revision (0 = any) must match the deployment's revision annotation; then, only
 * once status.observedGeneration has caught up with metadata.generation, in this order:
 * ProgressDeadlineExceeded → error; updated < spec ("3 out of 10 new replicas have been
 * updated"); total > updated ("2 old replicas are pending termination"); available < updated
 * ("7 of 10 updated replicas are available"); otherwise "successfully rolled out".
 */
export function deploymentStatusViewer(d: Deployment, revision = 0): RolloutStatus {
  const name = d.metadata.name;
  if (revision > 0) {
    const raw = d.metadata.annotations?.[RevisionAnnotation];
    const current = raw === undefined ? 0 : Number(raw);
    if (raw !== undefined && !/^[+-]?\d+$/.test(raw)) {
      return fail(`cannot get the revision of deployment "${name}": strconv.ParseInt: parsing "${raw}": invalid syntax`);
    }
    if (revision !== current) {
      return fail(`desired revision (${revision}) is different from the running revision (${current})`);
    }
  }
  const st = d.status ?? {};
  if ((d.metadata.generation ?? 0) <= (st.observedGeneration ?? 0)) {
    const progressing = (st.conditions ?? []).find((c) => c.type === 'Progressing');
    if (progressing?.reason === 'ProgressDeadlineExceeded') {
      return fail(`deployment "${name}" exceeded its progress deadline`);
    }
    const updated = st.updatedReplicas ?? 0;
    const replicas = st.replicas ?? 0;
    const available = st.availableReplicas ?? 0;
    if (d.spec.replicas !== undefined && updated < d.spec.replicas) {
      return ok(
        `Waiting for deployment "${name}" rollout to finish: ${updated} out of ${d.spec.replicas} new replicas have been updated...\n`,
        false,
      );
    }
    if (replicas > updated) {
      return ok(`Waiting for deployment "${name}" rollout to finish: ${replicas - updated} old replicas are pending termination...\n`, false);
    }
    if (available < updated) {
      return ok(`Waiting for deployment "${name}" rollout to finish: ${available} of ${updated} updated replicas are available...\n`, false);
    }
    return ok(`deployment "${name}" successfully rolled out\n`, true);
  }
  return ok('Waiting for deployment spec update to be observed...\n', false);
}

/**
 * daemonSetStatusViewer is DaemonSetStatusViewer.Status: only RollingUpdate DaemonSets have a
 * rollout status (OnDelete is an error that also ends the watch); once observed: updated <
 * desired ("1 out of 3 new pods have been updated"), available < desired ("2 of 3 updated pods
 * are available"), otherwise "successfully rolled out".
 */
export function daemonSetStatusViewer(ds: DaemonSet): RolloutStatus {
  const type = ds.spec.updateStrategy?.type ?? 'RollingUpdate';
  if (type !== 'RollingUpdate') return fail('rollout status is only available for RollingUpdate strategy type', true);
  const st = ds.status;
  const name = ds.metadata.name;
  if ((ds.metadata.generation ?? 0) <= (st?.observedGeneration ?? 0)) {
    const desired = st?.desiredNumberScheduled ?? 0;
    const updated = st?.updatedNumberScheduled ?? 0;
    const available = st?.numberAvailable ?? 0;
    if (updated < desired) {
      return ok(`Waiting for daemon set "${name}" rollout to finish: ${updated} out of ${desired} new pods have been updated...\n`, false);
    }
    if (available < desired) {
      return ok(`Waiting for daemon set "${name}" rollout to finish: ${available} of ${desired} updated pods are available...\n`, false);
    }
    return ok(`daemon set "${name}" successfully rolled out\n`, true);
  }
  return ok('Waiting for daemon set spec update to be observed...\n', false);
}
