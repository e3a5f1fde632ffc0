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

/**
 * The walk's node order, a Fisher–Yates shuffle of the slots drawn from the PRNG: drawn when the
 * walk first needs it, or skipped when the walk needs none (the PRNG then steps past the same
 * draws), and made again from the state it started at when the deferred lines are made.
 */
export interface WalkOrder {
  /** The order (the same buffer on a second call). */
  draw(): Int32Array;
  /** Steps the PRNG as draw would, for a walk that reads no order; draw must not follow. */
  skip(): void;
  /** The same order again, after the buffer draw filled was reused by a later walk. */
  again(): Int32Array;
}

/** The rolling update's plan: pods to delete and nodes to create a (new-revision) pod on. */
export interface RollingUpdatePlan {
  podsToDelete: string[];
  nodesNeedingPods: string[];
  /** Set when upstream would return an error instead of calling syncNodes. */
  error?: string;
}
