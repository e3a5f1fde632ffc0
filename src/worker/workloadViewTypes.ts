/**
 * Workload view types (split out of views.ts, which re-exports them; workloadViews.ts builds
 * them): a Deployment's, DaemonSet's or StatefulSet's row with its conditions and rollout status,
 * its ReplicaSets, and a StatefulSet's ordinals, claims and revisions.
 */
import type { PodDisplayPhase } from './clusterViews.ts';

export interface ReplicaSetView {
  name: string;
  namespace: string;
  /** The owning Deployment. */
  deployment: string;
  revision: number;
  desired: number;
  current: number;
  ready: number;
  available: number;
  /** Whether this is the Deployment's new ReplicaSet (template matches). */
  isNew: boolean;
}

export interface ConditionView {
  type: string;
  status: string;
  reason: string;
  message: string;
}

/** A StatefulSet claim (`www-web-2`) and its phase (Pending until its pod is scheduled, then Bound). */
export interface ClaimView {
  name: string;
  phase: string;
}

/** Where a StatefulSet pod stands against the set's revisions. */
export type OrdinalRevision = 'update' | 'current' | 'other';

/**
 * One ordinal of a StatefulSet as the Cluster panel lists it: its pod (if any) with its revision,
 * its claims (kept after the pod under whenScaled Retain), and for a missing pod under
 * OrderedReady the pod it waits for.
 */
export interface OrdinalView {
  ordinal: number;
  /** The pod's name (`web-2`), whether or not it exists now. */
  pod: string;
  /** The pod's phase, or null when no pod holds the ordinal. */
  phase: PodDisplayPhase | null;
  /** The pod's ControllerRevision number (0 when unknown or no pod). */
  revision: number;
  /** The pod's revision against status.updateRevision / currentRevision; null when no pod. */
  onRevision: OrdinalRevision | null;
  /** At or past start + replicas: being scaled away (or only its claim is left). */
  condemned: boolean;
  claims: ClaimView[];
  /** A missing wanted pod under OrderedReady: the lower ordinal it waits for and that pod's phase (null: missing too). */
  waitingFor: { pod: string; phase: PodDisplayPhase | null } | null;
}

/** What the page shows of a StatefulSet beyond a workload's common fields. */
export interface StatefulSetExtra {
  podManagementPolicy: string;
  /** updateStrategy.rollingUpdate.partition (0 when unset). */
  partition: number;
  ordinalStart: number;
  whenScaled: string;
  currentRevision: string;
  updateRevision: string;
  /** The ControllerRevision numbers of the two (0 when unknown). */
  currentRevisionNumber: number;
  updateRevisionNumber: number;
  /** The first ORDINAL_VIEW_LIMIT ordinals, lowest first. */
  ordinals: OrdinalView[];
  /** Ordinals left out past the limit. */
  more: number;
}

export interface WorkloadView {
  kind: 'Deployment' | 'DaemonSet' | 'StatefulSet';
  name: string;
  namespace: string;
  /** RollingUpdate / Recreate / OnDelete. */
  strategy: string;
  /** spec.replicas for a Deployment; desiredNumberScheduled for a DaemonSet. */
  replicas: number;
  /** As written: 3 or "25%"; null when the strategy has none. */
  maxSurge: number | string | null;
  maxUnavailable: number | string | null;
  /** Resolved against replicas (Deployment: surge rounds up, unavailable down; DaemonSet: both up). */
  resolvedSurge: number;
  resolvedUnavailable: number;
  minReadySeconds: number;
  progressDeadlineSeconds: number | null;
  revisionHistoryLimit: number;
  paused: boolean;
  /** Images of the template's containers, `name=image`. */
  images: string[];
  generation: number;
  observedGeneration: number;
  /** The status counters as kubectl shows them (names as in the API). */
  status: Record<string, number>;
  conditions: ConditionView[];
  /** `kubectl rollout status` message for it right now. */
  rolloutStatus: string;
  /** A StatefulSet's ordinals, revisions and policy (absent for other kinds). */
  statefulSet?: StatefulSetExtra;
}
