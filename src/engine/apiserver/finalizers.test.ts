import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/types.ts';
import { deletionFinalizersForGarbageCollection, newFinalizers, shouldDeleteDuringUpdate } from './finalizers.ts';

describe('deletionFinalizersForGarbageCollection', () => {
  it.each([
    ['no policy keeps what is there', ['example.com/x'], undefined, undefined],
    ['Orphan adds orphan', undefined, 'Orphan', ['orphan']],
    ['Orphan after a user finalizer appends', ['example.com/x'], 'Orphan', ['example.com/x', 'orphan']],
    ['Orphan on an orphaning object changes nothing', ['orphan'], 'Orphan', undefined],
    ['Foreground replaces orphan', ['orphan'], 'Foreground', ['foregroundDeletion']],
    ['Background takes both off', ['foregroundDeletion', 'example.com/x'], 'Background', ['example.com/x']],
    ['Background on none changes nothing', undefined, 'Background', undefined],
  ] as const)('%s', (_, have, policy, want) => {
    expect(deletionFinalizersForGarbageCollection(have ? [...have] : undefined, policy)).toEqual(want);
  });
});

const obj = (kind: 'Pod' | 'ReplicaSet', meta: Record<string, unknown>): KubeObject => ({ kind, apiVersion: 'v1', metadata: { name: 'x', ...meta }, spec: {} }) as unknown as KubeObject;

describe('shouldDeleteDuringUpdate', () => {
  it.each([
    ['an object not being deleted', obj('ReplicaSet', {}), false],
    ['a deleting object with a finalizer left', obj('ReplicaSet', { deletionTimestamp: 't', finalizers: ['orphan'] }), false],
    ['a deleting object with none left', obj('ReplicaSet', { deletionTimestamp: 't', deletionGracePeriodSeconds: 0 }), true],
    ['a pod still in its grace period', obj('Pod', { deletionTimestamp: 't', deletionGracePeriodSeconds: 30 }), false],
    ['a pod the kubelet asked to remove', obj('Pod', { deletionTimestamp: 't', deletionGracePeriodSeconds: 0 }), true],
    ['a namespace (no grace period)', obj('ReplicaSet', { deletionTimestamp: 't' }), false],
  ])('is %s → %s', (_, o, want) => {
    expect(shouldDeleteDuringUpdate(o)).toBe(want);
  });
});

describe('newFinalizers', () => {
  it('lists only the finalizers added to an object being deleted', () => {
    expect(newFinalizers({ name: 'x', finalizers: ['a'] }, { name: 'x', finalizers: ['a', 'b'] })).toEqual([]);
    expect(newFinalizers({ name: 'x', deletionTimestamp: 't', finalizers: ['a'] }, { name: 'x', finalizers: ['a', 'b'] })).toEqual(['b']);
    expect(newFinalizers({ name: 'x', deletionTimestamp: 't', finalizers: ['a'] }, { name: 'x' })).toEqual([]);
  });
});
