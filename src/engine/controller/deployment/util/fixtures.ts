// Object builders for the tests of the Deployment helpers (not used by the engine itself).
import type { Deployment, DeploymentStatus, IntOrString, ReplicaSet } from '../../../api/types.ts';

/** dep builds a RollingUpdate Deployment "web" (10 replicas, 25%/25% unless given). */
export function dep(o: {
  replicas?: number;
  maxSurge?: IntOrString;
  maxUnavailable?: IntOrString;
  strategy?: 'RollingUpdate' | 'Recreate';
  progressDeadlineSeconds?: number;
  revisionHistoryLimit?: number;
  generation?: number;
  paused?: boolean;
  status?: DeploymentStatus;
  annotations?: Record<string, string>;
} = {}): Deployment {
  const strategy = o.strategy ?? 'RollingUpdate';
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name: 'web',
      namespace: 'default',
      uid: 'dep-uid',
      generation: o.generation ?? 1,
      ...(o.annotations ? { annotations: o.annotations } : {}),
    },
    spec: {
      replicas: o.replicas ?? 10,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.9.3' }] } },
      strategy:
        strategy === 'RollingUpdate'
          ? { type: 'RollingUpdate', rollingUpdate: { maxSurge: o.maxSurge ?? '25%', maxUnavailable: o.maxUnavailable ?? '25%' } }
          : { type: 'Recreate' },
      ...(o.progressDeadlineSeconds === undefined ? {} : { progressDeadlineSeconds: o.progressDeadlineSeconds }),
      ...(o.revisionHistoryLimit === undefined ? {} : { revisionHistoryLimit: o.revisionHistoryLimit }),
      ...(o.paused ? { paused: true } : {}),
    },
    ...(o.status ? { status: o.status } : {}),
  };
}

/** rs builds a ReplicaSet of "web" with the given size and status counts. */
export function rs(
  name: string,
  replicas: number,
  o: {
    available?: number;
    ready?: number;
    statusReplicas?: number;
    created?: string;
    image?: string;
    annotations?: Record<string, string>;
    observedGeneration?: number;
  } = {},
): ReplicaSet {
  const statusReplicas = o.statusReplicas ?? replicas;
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name,
      namespace: 'default',
      uid: `uid-${name}`,
      creationTimestamp: o.created ?? '2026-01-01T00:00:00Z',
      ...(o.annotations ? { annotations: o.annotations } : {}),
    },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web', 'pod-template-hash': name } },
      template: {
        metadata: { labels: { app: 'web', 'pod-template-hash': name } },
        spec: { containers: [{ name: 'nginx', image: o.image ?? 'nginx:1.8' }] },
      },
    },
    status: {
      replicas: statusReplicas,
      readyReplicas: o.ready ?? o.available ?? statusReplicas,
      availableReplicas: o.available ?? statusReplicas,
      ...(o.observedGeneration === undefined ? {} : { observedGeneration: o.observedGeneration }),
    },
  };
}
