// Port of kubernetes pkg/controller/deployment/recreate.go (v1.36): rolloutRecreate.
import { decide } from '../../api/decision.ts';
import type { Deployment, Pod, ReplicaSet } from '../../api/types.ts';
import type { Tx } from '../../client/tx.ts';
import { filterActiveReplicaSets } from '../sort.ts';
import { deploymentComplete } from './util/deploymentUtil.ts';
import { oldPodsRunning, podCount } from './util/plans/recreate.ts';
import { syncRolloutStatus } from './progress.ts';
import { cleanupDeployment, getAllReplicaSetsAndSyncRevision, scaleReplicaSetAndRecordEvent } from './sync.ts';

/**
 * rolloutRecreate scales every old RS to 0, waits until no old pod is left (terminating pods
 * included; the last pod deletion wakes the Deployment), then creates and scales up the new RS.
 * podMap is getPodMapForDeployment's: the pods of the claimed ReplicaSets only, by their uid.
 */
export function rolloutRecreate(tx: Tx, d: Deployment, rsList: ReplicaSet[], podMap: ReadonlyMap<string, readonly Pod[]>): string | null {
  const r = getAllReplicaSetsAndSyncRevision(tx, d, rsList, false);
  if (typeof r === 'string') return r;
  let newRS = r.newRS;
  let oldRSs = r.oldRSs;
  const allRSs = (): ReplicaSet[] => [...oldRSs, ...(newRS ? [newRS] : [])];

  // Scale down old replica sets.
  let scaledDown = false;
  const olds = oldRSs.slice();
  for (const [i, rs] of olds.entries()) {
    if (!filterActiveReplicaSets([rs]).length) continue;
    const res = scaleReplicaSetAndRecordEvent(tx, rs, 0, d);
    if (typeof res === 'string') return res;
    if (res.scaled) scaledDown = true;
    olds[i] = res.rs;
  }
  oldRSs = olds;
  if (scaledDown) {
    decide(tx.decisions, 'rolloutRecreate', 'scaledDownOld', {});
    return syncRolloutStatus(tx, allRSs(), newRS, d);
  }

  // Wait for every old pod to be gone (Failed/Succeeded ones do not count).
  if (oldPodsRunning(newRS, oldRSs, podMap)) {
    decide(tx.decisions, 'rolloutRecreate', 'waitOldPods', { pods: podCount(podMap) });
    return syncRolloutStatus(tx, allRSs(), newRS, d);
  }

  // Create the new RS if needed, then scale it up to spec.replicas.
  if (!newRS) {
    const c = getAllReplicaSetsAndSyncRevision(tx, d, rsList, true);
    if (typeof c === 'string') return c;
    newRS = c.newRS;
    oldRSs = c.oldRSs.map((o) => olds.find((x) => x.metadata.uid === o.metadata.uid) ?? o);
  }
  if (newRS) {
    const res = scaleReplicaSetAndRecordEvent(tx, newRS, d.spec.replicas ?? 1, d);
    if (typeof res === 'string') return res;
    newRS = res.rs;
  }
  if (deploymentComplete(d, d.status ?? {})) cleanupDeployment(tx, oldRSs, d);
  return syncRolloutStatus(tx, allRSs(), newRS, d);
}
