// Port of kubernetes staging/src/k8s.io/kubectl/pkg/polymorphichelpers/rollout_status.go
// StatefulSetStatusViewer.Status (v1.36.3).
import type { StatefulSet } from '../api/statefulTypes.ts';
import type { RolloutStatus } from './rolloutStatus.ts';

const ok = (message: string, done: boolean): RolloutStatus => ({ message, done, error: null });

/**
 * statefulSetStatusViewer is StatefulSetStatusViewer.Status, checked on every watch event; the
 * first match wins: not RollingUpdate → error (done); spec not observed yet; fewer Ready pods
 * than spec.replicas ("Waiting for 1 pods to be ready..."); with a rollingUpdate block (every set
 * whose strategy type was defaulted has one): updated < replicas − partition → "Waiting for
 * partitioned roll out to finish: 0 out of 1 new pods have been updated...", else "partitioned
 * roll out complete" (done — even with partition 0, and while currentRevision ≠
 * updateRevision); without one, the revisions decide. The `--revision` flag is ignored.
 */
export function statefulSetStatusViewer(sts: StatefulSet): RolloutStatus {
  const strategy = sts.spec.updateStrategy;
  if (strategy?.type !== 'RollingUpdate') {
    return { message: '', done: true, error: 'error: rollout status is only available for RollingUpdate strategy type' };
  }
  const st = sts.status;
  const observed = st?.observedGeneration ?? 0;
  if (observed === 0 || (sts.metadata.generation ?? 0) > observed) {
    return ok('Waiting for statefulset spec update to be observed...\n', false);
  }
  const replicas = sts.spec.replicas;
  const ready = st?.readyReplicas ?? 0;
  if (replicas !== undefined && ready < replicas) return ok(`Waiting for ${replicas - ready} pods to be ready...\n`, false);
  const updated = st?.updatedReplicas ?? 0;
  if (strategy.rollingUpdate) {
    const partition = strategy.rollingUpdate.partition;
    if (replicas !== undefined && partition !== undefined && updated < replicas - partition) {
      return ok(`Waiting for partitioned roll out to finish: ${updated} out of ${replicas - partition} new pods have been updated...\n`, false);
    }
    return ok(`partitioned roll out complete: ${updated} new pods have been updated...\n`, true);
  }
  if ((st?.updateRevision ?? '') !== (st?.currentRevision ?? '')) {
    return ok(`waiting for statefulset rolling update to complete ${updated} pods at revision ${st?.updateRevision ?? ''}...\n`, false);
  }
  return ok(`statefulset rolling update complete ${st?.currentReplicas ?? 0} pods at revision ${st?.currentRevision ?? ''}...\n`, true);
}
