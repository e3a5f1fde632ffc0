/**
 * core/v1 PersistentVolume as plain JSON (k8s.io/api v1.36): the fields a statically made volume
 * (the kind an administrator writes, as the Kubernetes documentation's hostPath `task-pv-volume`)
 * has. Field names and nesting follow the API exactly; other volume sources pass through untyped.
 */
import type { ObjectMeta } from './types.ts';

/** core/v1 ObjectReference, as a volume's spec.claimRef names its claim. */
export interface VolumeClaimRef {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  name?: string;
  uid?: string;
  resourceVersion?: string;
}

/** core/v1 NodeSelectorRequirement. */
export interface NodeSelectorRequirement {
  key: string;
  operator: string;
  values?: string[];
}

/** core/v1 NodeSelectorTerm, as a volume's spec.nodeAffinity.required lists them. */
export interface NodeSelectorTerm {
  matchExpressions?: NodeSelectorRequirement[];
  matchFields?: NodeSelectorRequirement[];
}

/** core/v1 PersistentVolumeSpec, the fields the binder and the printers read. */
export interface PersistentVolumeSpec {
  capacity?: Record<string, string>;
  accessModes?: string[];
  claimRef?: VolumeClaimRef;
  persistentVolumeReclaimPolicy?: string;
  storageClassName?: string;
  volumeMode?: string;
  mountOptions?: string[];
  hostPath?: { path: string; type?: string };
  nodeAffinity?: { required?: { nodeSelectorTerms: NodeSelectorTerm[] } };
  volumeAttributesClassName?: string;
  [source: string]: unknown;
}

/** core/v1 PersistentVolumeStatus. */
export interface PersistentVolumeStatus {
  phase?: string;
  message?: string;
  reason?: string;
  lastPhaseTransitionTime?: string;
}

/** A stored core/v1 PersistentVolume (cluster-scoped, as a Node). */
export interface PersistentVolumeObject {
  apiVersion: 'v1';
  kind: 'PersistentVolume';
  metadata: ObjectMeta;
  spec: PersistentVolumeSpec;
  status?: PersistentVolumeStatus;
}
