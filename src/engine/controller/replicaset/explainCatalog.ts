// The English sentences of every Explain record the ReplicaSet controller writes (DESIGN.md §2).
import type { DecisionCatalog } from '../../api/decision.ts';

/** REPLICASET_DECISION_KEYS: fn → key → template; placeholders are keys of the record's values. */
export const REPLICASET_DECISION_KEYS: DecisionCatalog = {
  manageReplicas: {
    diff: 'diff = active pods {active} − replicas {replicas} = {diff}',
    burstCapped: 'diff {diff} is over burstReplicas {burstReplicas}: this sync handles {n}',
    create: 'create {count} pods in slow-start batches of {batches}',
    createFailed:
      'a create failed ({failed}): {error}; the {skipped} pods of the remaining batches are skipped and no longer expected, and the key is requeued with back-off',
    budgetNotConsulted:
      'PodDisruptionBudget {pdb} covers {count} of these pods (disruptionsAllowed {disruptionsAllowed}); the ReplicaSet controller deletes pods directly and never consults a budget (kubernetes#34776)',
    delete: 'delete {count} pods, the lowest-ranked first: {pods}',
  },
  claimPods: {
    adopted:
      '{pod} has no controller and matches the selector ({labels}) → adopted: its ownerReferences name this ReplicaSet, and it counts as a replica from this sync (ClaimPods)',
    released:
      '{pod} is controlled by this ReplicaSet but no longer matches its selector ({labels}) → released: its ownerReference removed, and it no longer counts (ClaimPods)',
  },
  syncReplicaSet: {
    expectationsPending: 'expectations not met yet (add {add}, del {del}): wait for the watch before creating or deleting more',
  },
  updateReplicaSetStatus: {
    status: 'status: replicas {replicas}, ready {readyReplicas}, available {availableReplicas}, terminating {terminatingReplicas}',
  },
};
