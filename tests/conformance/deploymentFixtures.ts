// Builders for the Deployment conformance cases: the upstream test helpers (newDeployment,
// newReplicaSet) in the shape of our API types.
import type { Deployment, DeploymentStatus, IntOrString, ReplicaSet } from '../../src/engine/api/types.ts';

export interface DeploymentOpts {
  name?: string;
  replicas?: number;
  strategy?: string;
  maxSurge?: IntOrString | null;
  maxUnavailable?: IntOrString | null;
  revisionHistoryLimit?: number | null;
  progressDeadlineSeconds?: number | null;
  generation?: number;
  status?: DeploymentStatus;
}

/**
 * makeDeployment mirrors the upstream test helper newDeployment: RollingUpdate with maxSurge 0
 * and maxUnavailable 0 unless given (so MaxSurge() = 0 and MaxUnavailable() = 1).
 */
export function makeDeployment(o: DeploymentOpts = {}): Deployment {
  const strategy = o.strategy ?? 'RollingUpdate';
  const rollingUpdate: { maxSurge?: IntOrString; maxUnavailable?: IntOrString } = {};
  if (o.maxSurge !== null) rollingUpdate.maxSurge = o.maxSurge ?? 0;
  if (o.maxUnavailable !== null) rollingUpdate.maxUnavailable = o.maxUnavailable ?? 0;
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: o.name ?? 'foo', namespace: 'default', uid: 'deployment-uid', generation: o.generation ?? 0 },
    spec: {
      replicas: o.replicas ?? 1,
      selector: { matchLabels: { foo: 'bar' } },
      template: { metadata: { labels: { foo: 'bar' } }, spec: { containers: [{ name: 'foo', image: 'foo/bar' }] } },
      strategy: strategy === 'RollingUpdate' ? { type: strategy, rollingUpdate } : { type: strategy },
      ...(o.revisionHistoryLimit === null || o.revisionHistoryLimit === undefined ? {} : { revisionHistoryLimit: o.revisionHistoryLimit }),
      ...(o.progressDeadlineSeconds === null || o.progressDeadlineSeconds === undefined
        ? {}
        : { progressDeadlineSeconds: o.progressDeadlineSeconds }),
    },
    ...(o.status ? { status: o.status } : {}),
  };
}

export interface RSOpts {
  name?: string;
  uid?: string;
  replicas?: number;
  statusReplicas?: number;
  availableReplicas?: number;
  terminatingReplicas?: number | null;
  observedGeneration?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  annotations?: Record<string, string>;
}

/** makeReplicaSet builds an RS owned by makeDeployment()'s deployment. */
export function makeReplicaSet(o: RSOpts = {}): ReplicaSet {
  const name = o.name ?? 'foo-rs';
  const status: ReplicaSet['status'] = { replicas: o.statusReplicas ?? 0 };
  if (o.availableReplicas !== undefined) status.availableReplicas = o.availableReplicas;
  if (o.terminatingReplicas !== undefined && o.terminatingReplicas !== null) status.terminatingReplicas = o.terminatingReplicas;
  if (o.observedGeneration !== undefined) status.observedGeneration = o.observedGeneration;
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name,
      namespace: 'default',
      uid: o.uid ?? `uid-${name}`,
      ...(o.creationTimestamp ? { creationTimestamp: o.creationTimestamp } : {}),
      ...(o.deletionTimestamp ? { deletionTimestamp: o.deletionTimestamp } : {}),
      ...(o.annotations ? { annotations: o.annotations } : {}),
    },
    spec: {
      replicas: o.replicas ?? 0,
      selector: { matchLabels: { foo: 'bar' } },
      template: { metadata: { labels: { foo: 'bar' } }, spec: { containers: [{ name: 'foo', image: 'foo/bar' }] } },
    },
    status,
  };
}
