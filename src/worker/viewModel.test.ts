import { describe, expect, it } from 'vitest';
import type { ContainerStatus, KubeObject, Pod } from '../engine/api/types.ts';
import type { ObjectMaps } from '../timeline/objectCursor.ts';
import { podEntry, restartsOf, sortedPodKeys, sortedPods } from './viewModel.ts';

const pod = (name: string, nodeName?: string) =>
  ({
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: { containers: [], ...(nodeName ? { nodeName } : {}) },
  }) as unknown as Pod;

function maps(pods: Pod[]): Readonly<ObjectMaps> {
  const m = new Map<string, KubeObject>(pods.map((p) => [`default/${p.metadata.name}`, p]));
  const empty = new Map<string, KubeObject>();
  return {
    Node: empty,
    Deployment: empty,
    ReplicaSet: empty,
    DaemonSet: empty,
    ControllerRevision: empty,
    Pod: m,
    StatefulSet: empty,
    PersistentVolumeClaim: empty,
  };
}

describe('sortedPods', () => {
  it.each([
    ['listed in key order', ['a', 'b', 'c']],
    ['listed in another order', ['c', 'a', 'b']],
  ])('lists the pods of the keys by key when the table has them %s', (_name, names) => {
    const objs = maps(names.map((n) => pod(n)));
    expect(sortedPods(objs).map((p) => p.metadata.name)).toEqual(['a', 'b', 'c']);
    expect(sortedPods(objs, ['default/b']).map((p) => p.metadata.name)).toEqual(['b']);
  });

  it('lists the pods of the keys it is given, not the table order, when they differ', () => {
    const objs = maps(['a', 'b'].map((n) => pod(n)));
    const keys = sortedPodKeys(maps(['a', 'c'].map((n) => pod(n))));
    expect(sortedPods(objs, keys).map((p) => p?.metadata.name)).toEqual(['a', undefined]);
  });
});

describe('podEntry', () => {
  it('reads each pod, even right after another pod of the same name', () => {
    const a = pod('x', 'node-1');
    const b = pod('x', 'node-2');
    expect([podEntry(a).nodeName, podEntry(b).nodeName, podEntry(a).nodeName, podEntry(a).nodeName]).toEqual([
      'node-1',
      'node-2',
      'node-1',
      'node-1',
    ]);
  });
});

const cs = (name: string, restartCount: number): ContainerStatus => ({
  name,
  state: { running: {} },
  ready: true,
  restartCount,
  image: 'x',
  imageID: '',
});

function podWith(
  initialized: boolean | null,
  init: ContainerStatus[] | undefined,
  app: ContainerStatus[],
): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p' },
    spec: {
      initContainers: init?.map((c) => ({
        name: c.name,
        image: 'x',
        ...(c.name === 'proxy' ? { restartPolicy: 'Always' } : {}),
      })),
      containers: app.map((c) => ({ name: c.name, image: 'x' })),
    },
    status: {
      conditions:
        initialized === null ? [] : [{ type: 'Initialized', status: initialized ? 'True' : 'False' }],
      initContainerStatuses: init,
      containerStatuses: app,
    },
  } as Pod;
}

describe('restartsOf', () => {
  it.each<[string, Pod, number]>([
    [
      'a pod without init containers: its containers',
      podWith(null, undefined, [cs('web', 2), cs('log', 1)]),
      3,
    ],
    [
      'an initializing pod: its init containers (Init:CrashLoopBackOff)',
      podWith(false, [cs('migrate', 4)], [cs('web', 0)]),
      4,
    ],
    [
      'an initialized pod: its containers and sidecars, not its completed init containers',
      podWith(true, [cs('proxy', 1), cs('migrate', 4)], [cs('web', 2)]),
      3,
    ],
  ])('counts %s', (_name, p, want) => {
    expect(restartsOf(p)).toBe(want);
  });
});
