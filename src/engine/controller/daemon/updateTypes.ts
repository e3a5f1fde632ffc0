// The shapes the DaemonSet rolling update passes between its files (update.ts, updateBranches.ts,
// rollingUpdateTable.ts), kept here so those import one way: updateTypes ← rollingUpdateTable ←
// updateBranches ← update.
import type { Pod } from '../../api/types.ts';
import type { PodReadiness } from './util/daemonsetUtil.ts';

/** The budgets of a rolling update and the node map with every desired node present. */
export interface DesiredNodeCounts {
  maxSurge: number;
  maxUnavailable: number;
  desiredNumberScheduled: number;
  /** The input map plus an empty list for every desired node that has no pod yet. */
  nodeToDaemonPods: Readonly<Record<string, readonly Pod[]>>;
  /** Set when maxSurge or maxUnavailable does not parse (upstream returns the error). */
  error?: string;
}

/** findUpdatedPodsOnNode's answer as the rolling update reads it: each pod's name and readiness. */
export interface NodeUpdate {
  ok: boolean;
  newPod: PodReadiness | null;
  oldPod: PodReadiness | null;
}

/** The rolling update's plan: pods to delete and nodes to create a (new-revision) pod on. */
export interface RollingUpdatePlan {
  podsToDelete: string[];
  nodesNeedingPods: string[];
  /** Set when upstream would return an error instead of calling syncNodes. */
  error?: string;
}
