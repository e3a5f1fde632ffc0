import { describe, expect, it } from 'vitest';
import type { Event, Pod } from '../../api/types.ts';
import { toRFC3339 } from '../../lib/time.ts';
import { daemonSet, deployment, pod, replicaSet, template } from '../testObjects.ts';
import { describeDaemonSet, describeDeployment, formatRFC1123Z } from './describe.ts';

function event(kind: string, name: string, reason: string, message: string, atSec: number, count = 1, firstSec = atSec): Event {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `${name}.${atSec}` },
    involvedObject: { kind, name },
    reason,
    message,
    type: 'Normal',
    source: { component: kind === 'Deployment' ? 'deployment-controller' : 'daemonset-controller' },
    firstTimestamp: toRFC3339(firstSec * 1000),
    lastTimestamp: toRFC3339(atSec * 1000),
    count,
  };
}

describe('formatRFC1123Z', () => {
  it.each([
    ['2026-01-01T00:00:31Z', 'Thu, 01 Jan 2026 00:00:31 +0000'],
    ['2024-02-29T13:05:09Z', 'Thu, 29 Feb 2024 13:05:09 +0000'],
    ['2026-03-02T10:00:00+02:00', 'Mon, 02 Mar 2026 08:00:00 +0000'],
  ])('formats %s as %s', (ts, want) => {
    expect(formatRFC1123Z(ts)).toBe(want);
  });
});

describe('describeDeployment', () => {
  it('lays out a finished rollout with conditions, both ReplicaSets and the events table', () => {
    const d = deployment({ template: template('nginx:1.9.3') }, { 'deployment.kubernetes.io/revision': '2' });
    d.status = {
      observedGeneration: 2,
      replicas: 10,
      updatedReplicas: 10,
      readyReplicas: 10,
      availableReplicas: 10,
      unavailableReplicas: 0,
      conditions: [
        { type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable' },
        { type: 'Progressing', status: 'True', reason: 'NewReplicaSetAvailable' },
      ],
    };
    const rss = [replicaSet('nginx-58477c5d5d', 'nginx:1.9.3', 2, 79, 10), replicaSet('nginx-64f9d8d55d', 'nginx:1.8', 1, 0, 0)];
    const events = [
      event('Deployment', 'nginx', 'ScalingReplicaSet', 'Scaled down replica set nginx-64f9d8d55d from 10 to 8', 79),
      event('Deployment', 'nginx', 'ScalingReplicaSet', 'Scaled up replica set nginx-58477c5d5d from 0 to 3', 78),
      event('Deployment', 'other', 'ScalingReplicaSet', 'not about nginx', 70),
    ];
    expect(describeDeployment(d, rss, events, 200_000)).toBe("Name:                   nginx\nNamespace:              default\nCreationTimestamp:      Thu, 01 Jan 2026 00:00:00 +0000\nLabels:                 app=nginx\nAnnotations:            deployment.kubernetes.io/revision: 2\nSelector:               app=nginx\nReplicas:               10 desired | 10 updated | 10 total | 10 available | 0 unavailable\nStrategyType:           RollingUpdate\nMinReadySeconds:        0\nRollingUpdateStrategy:  25% max unavailable, 25% max surge\nPod Template:\n  Labels:  app=nginx\n  Containers:\n   nginx:\n    Image:         nginx:1.9.3\n    Port:          80/TCP\n    Host Port:     0/TCP\n    Environment:   <none>\n    Mounts:        <none>\n  Volumes:         <none>\n  Node-Selectors:  <none>\n  Tolerations:     <none>\nConditions:\n  Type           Status  Reason\n  ----           ------  ------\n  Available      True    MinimumReplicasAvailable\n  Progressing    True    NewReplicaSetAvailable\nOldReplicaSets:  nginx-64f9d8d55d (0/0 replicas created)\nNewReplicaSet:   nginx-58477c5d5d (10/10 replicas created)\nEvents:\n  Type    Reason             Age   From                   Message\n  ----    ------             ----  ----                   -------\n  Normal  ScalingReplicaSet  2m2s  deployment-controller  Scaled up replica set nginx-58477c5d5d from 0 to 3\n  Normal  ScalingReplicaSet  2m1s  deployment-controller  Scaled down replica set nginx-64f9d8d55d from 10 to 8\n");
  });

  it('shows <none> events and a repeated event count when asked', () => {
    const d = deployment();
    const out = describeDeployment(d, [], [], 0);
    expect(out.endsWith('  Tolerations:     <none>\nEvents:            <none>\n')).toBe(true);
    const rep = describeDeployment(d, [], [event('Deployment', 'nginx', 'ScalingReplicaSet', 'x', 100, 3, 40)], 160_000);
    expect(rep).toContain('  Normal  ScalingReplicaSet  60s (x3 over 2m)  deployment-controller  x\n');
  });
});

describe('describeDaemonSet', () => {
  it('counts its pods by phase and lays out the node counts', () => {
    const mine = (name: string, phase: 'Running' | 'Pending'): Pod => {
      const p = pod(name, 'node-1', { kind: 'DaemonSet', name: 'agent' });
      return { ...p, metadata: { ...p.metadata, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: 'ds-uid', controller: true }] }, status: { phase } };
    };
    const events = [event('DaemonSet', 'agent', 'SuccessfulCreate', 'Created pod: agent-x7k2p', 10)];
    expect(describeDaemonSet(daemonSet('agent:2'), [mine('a', 'Running'), mine('b', 'Running'), mine('c', 'Pending')], events, 70_000)).toBe("Name:           agent\nNamespace:      default\nSelector:       app=agent\nNode-Selector:  <none>\nLabels:         app=agent\nAnnotations:    <none>\nDesired Number of Nodes Scheduled: 3\nCurrent Number of Nodes Scheduled: 3\nNumber of Nodes Scheduled with Up-to-date Pods: 3\nNumber of Nodes Scheduled with Available Pods: 3\nNumber of Nodes Misscheduled: 0\nPods Status:  2 Running / 1 Waiting / 0 Succeeded / 0 Failed\nPod Template:\n  Labels:  app=agent\n  Containers:\n   agent:\n    Image:         agent:2\n    Port:          <none>\n    Host Port:     <none>\n    Environment:   <none>\n    Mounts:        <none>\n  Volumes:         <none>\n  Node-Selectors:  <none>\n  Tolerations:     <none>\nEvents:\n  Type    Reason            Age   From                  Message\n  ----    ------            ----  ----                  -------\n  Normal  SuccessfulCreate  60s   daemonset-controller  Created pod: agent-x7k2p\n");
  });
});
