import { describe, expect, it } from 'vitest';
import type { KubeObject, Node, Pod } from '../../api/types.ts';
import { addPod, labelGroupsOf, newNodeInfo, type NodeInfo, removePod } from '../framework/nodeInfo.ts';
import { buildSchedulerCache, schedulerCacheOnWrite } from './cache.ts';

function node(name: string): Node {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name } },
    spec: {},
    status: { allocatable: { cpu: '4', memory: '16Gi', pods: '110' } },
  };
}

function pod(name: string, deleting: boolean): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', uid: name, labels: { app: 'web' }, ...(deleting ? { deletionTimestamp: '2026-01-01T00:00:30Z' } : {}) },
    spec: {
      nodeName: 'node-1',
      containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '250m', memory: '128Mi' } }, ports: [{ containerPort: 80, hostPort: 8080 }] }],
    },
  };
}

/** What a cycle reads of a node: totals, label groups, ports and pods. */
function view(ni: NodeInfo | undefined) {
  if (ni === undefined) return undefined;
  return {
    requested: [ni.requestedMilliCPU, ni.requestedMemory, ni.requestedEphemeralStorage, ni.nonZeroMilliCPU, ni.nonZeroMemory],
    labelGroups: [...labelGroupsOf(ni)].map(([k, g]) => [k, [...g.byNamespace]]),
    ports: [...(ni.usedPorts ?? [])].sort(),
    pods: [...ni.pods.keys()],
  };
}

describe('schedulerCacheOnWrite', () => {
  it.each([
    ['a pod starts terminating', false, true],
    ['a terminating pod comes back (a restored write)', true, false],
  ])('leaves the node as a rebuilt cache has it when %s', (_name, before, after) => {
    const { spec, metadata } = pod('a', before);
    const objects = { Node: new Map<string, KubeObject>([['node-1', node('node-1')]]), Pod: new Map<string, KubeObject>() };
    const prev: Pod = { ...pod('a', before), spec, metadata: { ...pod('a', before).metadata, labels: metadata.labels } };
    const other = pod('b', false);
    objects.Pod.set('default/a', prev);
    objects.Pod.set('default/b', other);
    const c = buildSchedulerCache({ objects });
    // The groups are read once before the write (a spreading cycle did): kept from then on.
    labelGroupsOf(c.nodes.get('node-1') as NodeInfo);
    const gen = c.nodes.get('node-1')?.generation ?? 0;
    // The same spec and labels objects: only the deletion state differs, as a graceful delete writes it.
    const next: Pod = { ...pod('a', after), spec, metadata: { ...pod('a', after).metadata, labels: metadata.labels } };
    schedulerCacheOnWrite(c, prev, next, 'default/a');
    objects.Pod.set('default/a', next);
    const rebuilt = buildSchedulerCache({ objects });
    const ni = c.nodes.get('node-1');
    expect(view(ni)).toEqual({ ...view(rebuilt.nodes.get('node-1')), pods: ['default/b', 'default/a'] });
    expect(ni?.generation).toBeGreaterThan(gen);
    expect(ni?.pods.get('default/a')).toBe(next);
  });
});

describe('labelGroupsOf', () => {
  const counts = (ni: NodeInfo) => [...labelGroupsOf(ni)].map(([k, g]) => [k, [...g.byNamespace]]);
  it('keeps no groups for a node until they are read', () => {
    const ni = newNodeInfo('node-1');
    addPod(ni, 'default/a', pod('a', false));
    expect(ni.labelGroups.size).toBe(0);
  });

  it('counts the pods that are not terminating when first read', () => {
    const ni = newNodeInfo('node-1');
    addPod(ni, 'default/a', pod('a', false));
    addPod(ni, 'default/b', pod('b', true));
    expect(counts(ni)).toEqual([['app=web', [['default', 1]]]]);
  });

  it('keeps counting pods added and removed once read', () => {
    const ni = newNodeInfo('node-1');
    addPod(ni, 'default/a', pod('a', false));
    expect(counts(ni)).toEqual([['app=web', [['default', 1]]]]);
    addPod(ni, 'default/c', pod('c', false));
    expect(ni.labelGroups.get('app=web')?.byNamespace.get('default')).toBe(2);
    removePod(ni, 'default/a', pod('a', false));
    removePod(ni, 'default/c', pod('c', false));
    expect(ni.labelGroups.size).toBe(0);
  });
});
