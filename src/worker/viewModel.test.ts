import { describe, expect, it } from 'vitest';
import type { KubeObject, Pod } from '../engine/api/types.ts';
import type { ObjectMaps } from '../timeline/objectCursor.ts';
import { podEntry, sortedPodKeys, sortedPods } from './viewModel.ts';

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
