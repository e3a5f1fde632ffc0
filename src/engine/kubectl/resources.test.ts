import { describe, expect, it } from 'vitest';
import { groupKindString, kindString, namePrinterLine, notFound, resolveResource, resourceString } from './resources.ts';

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
  it('prints NamePrinter lines', () => {
    expect(namePrinterLine('Node', 'node-1', 'cordoned')).toBe('node/node-1 cordoned');
  });
  it('builds the NotFound error', () => {
    expect(notFound('Deployment', 'x')).toBe('Error from server (NotFound): deployments.apps "x" not found');
    expect(notFound('Node', 'node-9')).toBe('Error from server (NotFound): nodes "node-9" not found');
  });
});
