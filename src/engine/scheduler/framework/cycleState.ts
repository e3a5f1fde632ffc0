// What one scheduling cycle reads besides the pod (the framework Handle's snapshot and listers),
// shared by schedulePod (Filter) and prioritizeNodes (Score).
import type { KubeObject, LabelSelector } from '../../api/types.ts';
import type { SchedulerCache } from '../cache/cache.ts';

/** At most this many nodes get a line of their own in Explain (the FailedScheduling counts cover the rest). */
export const EXPLAIN_NODE_LINES = 16;

/** What the scheduler reads: its cache, the store's node list (for order) and the informers' ReplicaSets. */
export interface SchedulerInput {
  readonly cache: SchedulerCache;
  readonly storeNodes: Map<string, KubeObject>;
  readonly replicaSetSelector: (namespace: string, name: string) => LabelSelector | undefined;
  /** The informer's PersistentVolumeClaims by `namespace/name` (VolumeBinding's PreFilter); none when absent. */
  readonly claims?: ReadonlyMap<string, KubeObject>;
  /** The informer's stored PersistentVolumes by name (the provisioned ones are read from `claims`). */
  readonly volumes?: ReadonlyMap<string, KubeObject>;
}
