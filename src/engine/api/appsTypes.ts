/**
 * apps/v1 workloads as plain JSON: Deployment, ReplicaSet, DaemonSet and the ControllerRevision a
 * DaemonSet keeps its history in (StatefulSet is in statefulTypes.ts). Split out of types.ts,
 * which re-exports them. Optional fields stay optional: the API server defaults what it must.
 */
import type { IntOrString, LabelSelector, ObjectMeta } from './metaTypes.ts';
import type { ConditionStatus, PodTemplateSpec } from './podTypes.ts';

export interface RollingUpdateDeployment {
  maxUnavailable?: IntOrString;
  maxSurge?: IntOrString;
}

export interface DeploymentStrategy {
  type?: 'RollingUpdate' | 'Recreate' | string;
  rollingUpdate?: RollingUpdateDeployment;
}

export interface DeploymentSpec {
  replicas?: number;
  selector: LabelSelector;
  template: PodTemplateSpec;
  strategy?: DeploymentStrategy;
  minReadySeconds?: number;
  revisionHistoryLimit?: number;
  paused?: boolean;
  progressDeadlineSeconds?: number;
}

export type DeploymentConditionType = 'Available' | 'Progressing' | 'ReplicaFailure';

export interface DeploymentCondition {
  type: DeploymentConditionType;
  status: ConditionStatus;
  lastUpdateTime?: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface DeploymentStatus {
  observedGeneration?: number;
  replicas?: number;
  updatedReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  unavailableReplicas?: number;
  terminatingReplicas?: number;
  conditions?: DeploymentCondition[];
  collisionCount?: number;
}

export interface Deployment {
  apiVersion: 'apps/v1';
  kind: 'Deployment';
  metadata: ObjectMeta;
  spec: DeploymentSpec;
  status?: DeploymentStatus;
}

export interface ReplicaSetCondition {
  type: 'ReplicaFailure';
  status: ConditionStatus;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface ReplicaSetSpec {
  replicas?: number;
  minReadySeconds?: number;
  selector: LabelSelector;
  template: PodTemplateSpec;
}

export interface ReplicaSetStatus {
  replicas: number;
  fullyLabeledReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  terminatingReplicas?: number;
  observedGeneration?: number;
  conditions?: ReplicaSetCondition[];
}

export interface ReplicaSet {
  apiVersion: 'apps/v1';
  kind: 'ReplicaSet';
  metadata: ObjectMeta;
  spec: ReplicaSetSpec;
  status?: ReplicaSetStatus;
}

export interface RollingUpdateDaemonSet {
  maxUnavailable?: IntOrString;
  maxSurge?: IntOrString;
}

export interface DaemonSetUpdateStrategy {
  type?: 'RollingUpdate' | 'OnDelete' | string;
  rollingUpdate?: RollingUpdateDaemonSet;
}

export interface DaemonSetSpec {
  selector: LabelSelector;
  template: PodTemplateSpec;
  updateStrategy?: DaemonSetUpdateStrategy;
  minReadySeconds?: number;
  revisionHistoryLimit?: number;
}

export interface DaemonSetCondition {
  type: string;
  status: ConditionStatus;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface DaemonSetStatus {
  currentNumberScheduled: number;
  numberMisscheduled: number;
  desiredNumberScheduled: number;
  numberReady: number;
  observedGeneration?: number;
  updatedNumberScheduled?: number;
  numberAvailable?: number;
  numberUnavailable?: number;
  collisionCount?: number;
  conditions?: DaemonSetCondition[];
}

export interface DaemonSet {
  apiVersion: 'apps/v1';
  kind: 'DaemonSet';
  metadata: ObjectMeta;
  spec: DaemonSetSpec;
  status?: DaemonSetStatus;
}

export interface ControllerRevision {
  apiVersion: 'apps/v1';
  kind: 'ControllerRevision';
  metadata: ObjectMeta;
  /** The DaemonSet patch: `{ spec: { template: { ..., $patch: 'replace' } } }`. */
  data: { spec: { template: PodTemplateSpec & { $patch?: 'replace' } } };
  revision: number;
}
