/**
 * apps/v1 StatefulSet and core/v1 PersistentVolumeClaim as plain JSON (k8s.io/api v1.36), with
 * the labels the StatefulSet controller writes. Field names and nesting follow the API exactly.
 * Optional fields stay optional: the API server defaults what it must (statefulSetDefaults.ts).
 *
 * The pod fields a StatefulSet needs and types.ts's PodSpec lacks (volumes, hostname, subdomain)
 * are declared here as an extension of PodSpec; a plain Pod is assignable to StatefulPod.
 */
import type { IntOrString, LabelSelector, ObjectMeta, Pod, PodSpec, PodTemplateSpec, ResourceList } from './types.ts';

/** Label on every StatefulSet pod: its own name (apps/v1 StatefulSetPodNameLabel). */
export const StatefulSetPodNameLabel = 'statefulset.kubernetes.io/pod-name';
/** Label on every StatefulSet pod: its ordinal (apps/v1 PodIndexLabel; PodIndexLabel GA, on). */
export const PodIndexLabel = 'apps.kubernetes.io/pod-index';
/** The pod label naming its ControllerRevision, full name included (apps/v1 StatefulSetRevisionLabel). */
export const StatefulSetRevisionLabel = 'controller-revision-hash';
/** The ControllerRevision label holding its hash (history.ControllerRevisionHashLabel). */
export const ControllerRevisionHashLabel = 'controller.kubernetes.io/hash';

export type PodManagementPolicyType = 'OrderedReady' | 'Parallel';
export type StatefulSetUpdateStrategyType = 'RollingUpdate' | 'OnDelete';
export type PersistentVolumeClaimRetentionPolicyType = 'Retain' | 'Delete';

/** core/v1 PersistentVolumeClaimVolumeSource. */
export interface PersistentVolumeClaimVolumeSource {
  claimName: string;
  readOnly?: boolean;
}

/** core/v1 Volume, the sources a StatefulSet pod commonly mounts; others pass through untyped. */
export interface Volume {
  name: string;
  persistentVolumeClaim?: PersistentVolumeClaimVolumeSource;
  emptyDir?: { medium?: string; sizeLimit?: string };
  hostPath?: { path: string; type?: string };
  configMap?: { name?: string; items?: { key: string; path: string }[]; defaultMode?: number; optional?: boolean };
  secret?: { secretName?: string; items?: { key: string; path: string }[]; defaultMode?: number; optional?: boolean };
  downwardAPI?: { items?: { path: string; fieldRef?: { apiVersion?: string; fieldPath: string } }[]; defaultMode?: number };
  /** A projected volume: the ServiceAccount admission's token volume (apiserver/servedDefaults.ts). */
  projected?: { defaultMode?: number; sources?: VolumeProjection[] };
}

/** core/v1 VolumeProjection: one source of a projected volume. */
export interface VolumeProjection {
  serviceAccountToken?: { expirationSeconds?: number; path: string; audience?: string };
  configMap?: { name?: string; items?: { key: string; path: string }[]; optional?: boolean };
  secret?: { name?: string; items?: { key: string; path: string }[]; optional?: boolean };
  downwardAPI?: { items?: { path: string; fieldRef?: { apiVersion?: string; fieldPath: string } }[] };
}

/** PodSpec with the fields StatefulSet identity and storage write. */
export interface StatefulPodSpec extends PodSpec {
  volumes?: Volume[];
  hostname?: string;
  subdomain?: string;
  activeDeadlineSeconds?: number;
}

/** A Pod whose spec may carry volumes, hostname and subdomain. */
export interface StatefulPod extends Omit<Pod, 'spec'> {
  spec: StatefulPodSpec;
}

/** A pod template whose spec may carry volumes. */
export interface StatefulPodTemplateSpec extends Omit<PodTemplateSpec, 'spec'> {
  spec: StatefulPodSpec;
}

/** core/v1 VolumeResourceRequirements (a claim's requests and limits). */
export interface VolumeResourceRequirements {
  requests?: ResourceList;
  limits?: ResourceList;
}

export interface PersistentVolumeClaimSpec {
  accessModes?: string[];
  selector?: LabelSelector;
  resources?: VolumeResourceRequirements;
  volumeName?: string;
  storageClassName?: string;
  volumeMode?: 'Filesystem' | 'Block';
  dataSource?: { apiGroup?: string; kind: string; name: string };
  dataSourceRef?: { apiGroup?: string; kind: string; name: string; namespace?: string };
  volumeAttributesClassName?: string;
}

export interface PersistentVolumeClaimCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  lastProbeTime?: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface PersistentVolumeClaimStatus {
  phase?: 'Pending' | 'Bound' | 'Lost';
  accessModes?: string[];
  capacity?: ResourceList;
  conditions?: PersistentVolumeClaimCondition[];
}

/** core/v1 PersistentVolumeClaim. In a volumeClaimTemplate, apiVersion and kind are usually absent. */
export interface PersistentVolumeClaim {
  apiVersion?: 'v1';
  kind?: 'PersistentVolumeClaim';
  metadata: ObjectMeta;
  spec: PersistentVolumeClaimSpec;
  status?: PersistentVolumeClaimStatus;
}

/** A claim as the API server stores it: apiVersion and kind set. */
export interface PersistentVolumeClaimObject extends PersistentVolumeClaim {
  apiVersion: 'v1';
  kind: 'PersistentVolumeClaim';
}

/** apps/v1 RollingUpdateStatefulSetStrategy. maxUnavailable is dropped on write in v1.36 (gate off). */
export interface RollingUpdateStatefulSetStrategy {
  partition?: number;
  maxUnavailable?: IntOrString;
}

export interface StatefulSetUpdateStrategy {
  type?: StatefulSetUpdateStrategyType | string;
  rollingUpdate?: RollingUpdateStatefulSetStrategy;
}

export interface StatefulSetPersistentVolumeClaimRetentionPolicy {
  whenDeleted?: PersistentVolumeClaimRetentionPolicyType | string;
  whenScaled?: PersistentVolumeClaimRetentionPolicyType | string;
}

/** apps/v1 StatefulSetOrdinals. */
export interface StatefulSetOrdinals {
  start?: number;
}

export interface StatefulSetSpec {
  replicas?: number;
  selector: LabelSelector;
  template: StatefulPodTemplateSpec;
  volumeClaimTemplates?: PersistentVolumeClaim[];
  serviceName?: string;
  podManagementPolicy?: PodManagementPolicyType | string;
  updateStrategy?: StatefulSetUpdateStrategy;
  revisionHistoryLimit?: number;
  minReadySeconds?: number;
  persistentVolumeClaimRetentionPolicy?: StatefulSetPersistentVolumeClaimRetentionPolicy;
  ordinals?: StatefulSetOrdinals;
}

export interface StatefulSetCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

/** apps/v1 StatefulSetStatus. The controller always writes collisionCount, 0 included. */
export interface StatefulSetStatus {
  observedGeneration?: number;
  replicas: number;
  readyReplicas?: number;
  currentReplicas?: number;
  updatedReplicas?: number;
  currentRevision?: string;
  updateRevision?: string;
  collisionCount?: number;
  conditions?: StatefulSetCondition[];
  availableReplicas?: number;
}

export interface StatefulSet {
  apiVersion: 'apps/v1';
  kind: 'StatefulSet';
  metadata: ObjectMeta;
  spec: StatefulSetSpec;
  status?: StatefulSetStatus;
}
