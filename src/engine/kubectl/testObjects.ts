/**
 * Small object builders for the kubectl tests: a Deployment, its ReplicaSets, a DaemonSet with
 * ControllerRevisions, pods and nodes in the shapes the simulator writes.
 */
import type { ControllerRevision, DaemonSet, Deployment, Node, Pod, PodTemplateSpec, ReplicaSet } from '../api/types.ts';
import { toRFC3339 } from '../lib/time.ts';

/** template builds a one-container nginx pod template with a port 80. */
export const template = (image: string, labels: Record<string, string> = { app: 'nginx' }): PodTemplateSpec => ({
  metadata: { labels },
  spec: { containers: [{ name: 'nginx', image, ports: [{ containerPort: 80, protocol: 'TCP' }] }] },
});

/** deployment builds the `nginx` Deployment (10 replicas, 25%/25%), uid d-uid. */
export function deployment(over: Partial<Deployment['spec']> = {}, annotations?: Record<string, string>): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name: 'nginx',
      namespace: 'default',
      uid: 'd-uid',
      generation: 1,
      creationTimestamp: toRFC3339(0),
      labels: { app: 'nginx' },
      ...(annotations ? { annotations } : {}),
    },
    spec: {
      replicas: 10,
      selector: { matchLabels: { app: 'nginx' } },
      template: template('nginx:1.8'),
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } },
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
      ...over,
    },
  };
}

/** replicaSet builds an RS of `nginx` named NAME-HASH with a revision, created at createdSec. */
export function replicaSet(name: string, image: string, revision: number, createdSec: number, replicas = 0, extraAnnotations: Record<string, string> = {}): ReplicaSet {
  const hash = name.slice(name.lastIndexOf('-') + 1);
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name,
      namespace: 'default',
      uid: `${name}-uid`,
      creationTimestamp: toRFC3339(createdSec * 1000),
      labels: { app: 'nginx', 'pod-template-hash': hash },
      annotations: { 'deployment.kubernetes.io/revision': String(revision), ...extraAnnotations },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'nginx', uid: 'd-uid', controller: true, blockOwnerDeletion: true }],
    },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'nginx', 'pod-template-hash': hash } },
      template: template(image, { app: 'nginx', 'pod-template-hash': hash }),
    },
    status: { replicas, readyReplicas: replicas, availableReplicas: replicas },
  };
}

/** daemonSet builds the `agent` DaemonSet (3 nodes, all updated), uid ds-uid. */
export function daemonSet(image: string): DaemonSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent', namespace: 'default', uid: 'ds-uid', generation: 1, creationTimestamp: toRFC3339(0), labels: { app: 'agent' } },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'agent', image }] } },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } },
      revisionHistoryLimit: 10,
    },
    status: { currentNumberScheduled: 3, numberMisscheduled: 0, desiredNumberScheduled: 3, numberReady: 3, updatedNumberScheduled: 3, numberAvailable: 3, observedGeneration: 1 },
  };
}

/** controllerRevision builds a revision of `agent` with its template patch. */
export function controllerRevision(image: string, revision: number, hash: string, annotations?: Record<string, string>): ControllerRevision {
  return {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name: `agent-${hash}`,
      namespace: 'default',
      labels: { app: 'agent', 'controller-revision-hash': hash },
      ...(annotations ? { annotations } : {}),
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: 'ds-uid', controller: true, blockOwnerDeletion: true }],
    },
    data: { spec: { template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'agent', image }] }, $patch: 'replace' } } },
    revision,
  };
}

/** pod builds a running pod bound to a node, optionally controlled by an RS or a DaemonSet. */
export function pod(name: string, nodeName: string, owner?: { kind: 'ReplicaSet' | 'DaemonSet'; name: string }): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'default',
      creationTimestamp: toRFC3339(0),
      ...(owner ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: owner.kind, name: owner.name, uid: `${owner.name}-uid`, controller: true }] } : {}),
    },
    spec: { nodeName, containers: [{ name: 'c', image: 'nginx:1.8' }] },
    status: { phase: 'Running' },
  };
}

/** node builds a Ready node. */
export function node(name: string, extra: Partial<Node['spec']> = {}): Node {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, creationTimestamp: toRFC3339(0), labels: { 'kubernetes.io/hostname': name } },
    spec: { ...extra },
    status: { conditions: [{ type: 'Ready', status: 'True' }] },
  };
}

/** storeStatefulSet is the `store` StatefulSet manifest (apply -f -): two replicas, each with a 1Gi claim `data-store-N`. */
export const storeStatefulSet = {
  apiVersion: 'apps/v1',
  kind: 'StatefulSet',
  metadata: { name: 'store' },
  spec: {
    replicas: 2,
    serviceName: 'store',
    selector: { matchLabels: { app: 'store' } },
    template: {
      metadata: { labels: { app: 'store' } },
      spec: { containers: [{ name: 'store', image: 'store:1', volumeMounts: [{ name: 'data', mountPath: '/var/lib/store' }] }] },
    },
    volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
  },
};
