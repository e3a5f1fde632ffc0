import { describe, expect, it } from 'vitest';
import { alternateGroup, groupKindString, kindString, namePrinterLine, notFound, resolveResource, resourceString, shortNameWarnings } from './resources.ts';

describe('resolveResource', () => {
  it.each([
    ['deployment', 'Deployment'],
    ['deployments', 'Deployment'],
    ['deploy', 'Deployment'],
    ['deployment.apps', 'Deployment'],
    ['deployments.v1.apps', 'Deployment'],
    ['Deployment', 'Deployment'],
    ['rs', 'ReplicaSet'],
    ['replicasets', 'ReplicaSet'],
    ['ds', 'DaemonSet'],
    ['daemonset', 'DaemonSet'],
    ['po', 'Pod'],
    ['pods', 'Pod'],
    ['no', 'Node'],
    ['nodes', 'Node'],
    ['svc', 'Service'],
    ['pdb', 'PodDisruptionBudget'],
    ['poddisruptionbudgets.policy', 'PodDisruptionBudget'],
    ['hpa', 'HorizontalPodAutoscaler'],
    ['horizontalpodautoscalers.autoscaling', 'HorizontalPodAutoscaler'],
    ['quota', 'ResourceQuota'],
    ['resourcequotas', 'ResourceQuota'],
    ['pdb.apps', undefined],
    ['cm', 'ConfigMap'],
    ['secrets', 'Secret'],
    ['cronjobs', undefined],
    ['pods.apps', undefined],
    // The derived kinds (derivedObjects.ts).
    ['pv', 'PersistentVolume'],
    ['persistentvolume', 'PersistentVolume'],
    ['PersistentVolumes', 'PersistentVolume'],
    ['persistentvolumes.v1', 'PersistentVolume'],
    ['sc', 'StorageClass'],
    ['storageclass.storage.k8s.io', 'StorageClass'],
    ['storageclasses.v1.storage.k8s.io', 'StorageClass'],
    ['StorageClass', 'StorageClass'],
    ['storageclasses.apps', undefined],
    ['sa', 'ServiceAccount'],
    ['serviceaccount', 'ServiceAccount'],
    ['serviceaccounts', 'ServiceAccount'],
  ])('maps %j to %j', (word, kind) => {
    expect(resolveResource(word)).toBe(kind);
  });
});

describe('resource names', () => {
  it('names a Deployment the way kubectl prints it', () => {
    expect([resourceString('Deployment'), kindString('Deployment'), groupKindString('Deployment')]).toEqual([
      'deployments.apps',
      'deployment.apps',
      'Deployment.apps',
    ]);
  });
  it('names a Pod without a group', () => {
    expect([resourceString('Pod'), kindString('Pod'), groupKindString('Pod')]).toEqual(['pods', 'pod', 'Pod']);
  });
  it.each([
    ['PersistentVolume', ['persistentvolumes', 'persistentvolume', 'PersistentVolume']],
    ['StorageClass', ['storageclasses.storage.k8s.io', 'storageclass.storage.k8s.io', 'StorageClass.storage.k8s.io']],
    ['ServiceAccount', ['serviceaccounts', 'serviceaccount', 'ServiceAccount']],
  ] as const)('names the derived %s as kubectl prints it', (kind, want) => {
    expect([resourceString(kind), kindString(kind), groupKindString(kind)]).toEqual(want);
  });
  it('prints NamePrinter lines', () => {
    expect(namePrinterLine('Node', 'node-1', 'cordoned')).toBe('node/node-1 cordoned');
  });
  it('builds the NotFound error', () => {
    expect(notFound('Deployment', 'x')).toBe('Error from server (NotFound): deployments.apps "x" not found');
    expect(notFound('Node', 'node-9')).toBe('Error from server (NotFound): nodes "node-9" not found');
    expect(notFound('Event', 'e', 'events.k8s.io')).toBe('Error from server (NotFound): events.events.k8s.io "e" not found');
    expect(notFound('StorageClass', 'fast')).toBe('Error from server (NotFound): storageclasses.storage.k8s.io "fast" not found');
    expect(notFound('ServiceAccount', 'ci')).toBe('Error from server (NotFound): serviceaccounts "ci" not found');
  });
});

describe('alternateGroup', () => {
  it.each([
    ['events.events.k8s.io', { kind: 'Event', group: 'events.k8s.io' }],
    ['event.v1.events.k8s.io', { kind: 'Event', group: 'events.k8s.io' }],
    ['ev.events.k8s.io', { kind: 'Event', group: 'events.k8s.io' }],
    ['events', undefined],
    ['events.v1', undefined],
    // autoscaling/v1 is another version of the same group, not another group.
    ['hpa.v1.autoscaling', undefined],
    ['pods.events.k8s.io', undefined],
  ])('reads %s', (word, want) => {
    expect(alternateGroup(word)).toEqual(want);
  });
});

describe('shortNameWarnings', () => {
  it.each([
    ['ev', ['Warning: short name "ev" could also match lower priority resource events.events.k8s.io']],
    ['hpa', []],
    ['deploy', []],
    ['events', []],
  ])('warns for %s as the shortcut expander does', (word, want) => {
    expect(shortNameWarnings(word)).toEqual(want);
  });
});
