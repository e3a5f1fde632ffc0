/**
 * Kubernetes object shapes (apps/v1, core/v1) as plain JSON, the subset the simulator uses.
 * Field names and nesting follow the API exactly so real manifests go in and real-looking
 * objects come out. Optional fields stay optional: the API server defaults what it must
 * (see apiserver/defaults.ts) and everything else is omitted, as `kubectl get -o yaml` shows.
 *
 * State that is serialised (keyframes, share URLs) must never hold `undefined` values or
 * `Infinity`; absent fields are simply not present.
 *
 * The types live by group beside this file (metaTypes.ts: object metadata; schedulingTypes.ts:
 * where a pod may run; podTypes.ts: Pod; coreTypes.ts: Node, Event, Namespace; appsTypes.ts:
 * Deployment, ReplicaSet, DaemonSet, ControllerRevision); this file re-exports them all, so every
 * importer keeps importing from api/types.ts, and holds the union of every kind.
 */

import type { HorizontalPodAutoscaler, LimitRange, PodDisruptionBudget, ResourceQuota, Service } from './policyTypes.ts';
import type { ConfigMap, Secret } from './configTypes.ts';
import type { Endpoints, EndpointSlice } from './discoveryTypes.ts';
import type { PersistentVolumeClaimObject, StatefulSet } from './statefulTypes.ts';
import type { ControllerRevision, DaemonSet, Deployment, ReplicaSet } from './appsTypes.ts';
import type { Event, Namespace, Node } from './coreTypes.ts';
import type { Pod } from './podTypes.ts';
import type { PersistentVolumeObject } from './volumeTypes.ts';

export type * from './metaTypes.ts';
export type * from './schedulingTypes.ts';
export type * from './podTypes.ts';
export type * from './coreTypes.ts';
export type * from './appsTypes.ts';
export type * from './configTypes.ts';

export type KubeObject =
  | Pod
  | Node
  | Deployment
  | ReplicaSet
  | DaemonSet
  | ControllerRevision
  | Event
  | Namespace
  | ResourceQuota
  | LimitRange
  | PodDisruptionBudget
  | HorizontalPodAutoscaler
  | Service
  | ConfigMap
  | Secret
  | EndpointSlice
  | Endpoints

  | StatefulSet
  | PersistentVolumeClaimObject
  | PersistentVolumeObject;

export type Kind = KubeObject['kind'];

export const KINDS: readonly Kind[] = [
  'Node',
  'Deployment',
  'ReplicaSet',
  'DaemonSet',
  'ControllerRevision',
  'Pod',
  'Event',
  'Namespace',
  // The policy kinds (api/policyTypes.ts).
  'ResourceQuota',
  'PodDisruptionBudget',
  'HorizontalPodAutoscaler',
  'Service',
  // What pods read (api/configTypes.ts): the kubelet resolves env and envFrom from them.
  'ConfigMap',
  'Secret',
  // Written by the endpoint controllers (api/discoveryTypes.ts), read by kube-proxy.
  'EndpointSlice',
  'Endpoints',
  // The StatefulSet and its claims (api/statefulTypes.ts).
  'StatefulSet',
  'PersistentVolumeClaim',
  // Read by the LimitRanger admission plugin at each pod create (api/policyTypes.ts).
  'LimitRange',
  // Statically made volumes (api/volumeTypes.ts), cluster-scoped; the provisioned ones are derived.
  'PersistentVolume',
] as const;

/** Maps a kind to its object type, e.g. ObjectOf<'Pod'> is Pod. */
export type ObjectOf<K extends Kind> = Extract<KubeObject, { kind: K }>;

/** The watch event types of the API server (watch.EventType). */
export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';
