import { describe, expect, it } from 'vitest';
import type { Pod } from '../api/types.ts';
import { seedPrng } from '../lib/prng.ts';
import { bindPod } from './binding.ts';
import {
  createObject,
  deleteObject,
  jsonEqual,
  newStoreState,
  podCountOnNode,
  removeObject,
  updateStatus,
  type WatchRecord,
} from './store.ts';

describe('jsonEqual', () => {
  it.each([
    ['equal nested objects', { a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 }, true],
    ['a missing key', { a: 1, b: 2 }, { a: 1 }, false],
    ['an extra key', { a: 1 }, { a: 1, b: 2 }, false],
    ['arrays of different length', [1, 2], [1, 2, 3], false],
    ['an array and an object', [1], { 0: 1 }, false],
    ['a changed leaf', { a: { b: 'x' } }, { a: { b: 'y' } }, false],
    ['null and an object', null, {}, false],
  ])('compares %s', (_name, a, b, want) => {
    expect(jsonEqual(a, b)).toBe(want);
  });
});

function pod(name: string): Pod {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'i' }] } };
}

describe('podCountOnNode', () => {
  it('counts bound pods through status writes, graceful deletion and removal', () => {
    const st = newStoreState();
    const ctx = { now: 0, prng: seedPrng(1), writes: [] as WatchRecord[] };
    const a = createObject(st, ctx, pod('a'));
    const b = createObject(st, ctx, pod('b'));
    if (!a.ok || !b.ok) throw new Error('create failed');
    expect(podCountOnNode(st, 'n1')).toBe(0);
    bindPod(st, ctx, 'default/a', a.object.metadata.uid ?? '', 'n1');
    bindPod(st, ctx, 'default/b', b.object.metadata.uid ?? '', 'n1');
    expect(podCountOnNode(st, 'n1')).toBe(2);
    const bound = st.objects.Pod.get('default/a') as Pod;
    updateStatus(st, ctx, { ...bound, status: { ...bound.status, phase: 'Running' } });
    expect(podCountOnNode(st, 'n1')).toBe(2);
    deleteObject(st, ctx, 'Pod', 'default/a');
    expect(podCountOnNode(st, 'n1')).toBe(2); // terminating pods still hold their place
    removeObject(st, ctx, 'Pod', 'default/a');
    expect(podCountOnNode(st, 'n1')).toBe(1);
    expect(podCountOnNode(st, 'n2')).toBe(0);
  });
});

describe('createObject', () => {
  it.each([
    ['a pod from a controller (the literal path)', { ...pod('c'), metadata: { name: '', generateName: 'web-', namespace: 'default', labels: {}, ownerReferences: [] } }],
    ['a pod written by hand', pod('d')],
    ['a pod that brings a status of its own', { ...pod('e'), status: { phase: 'Running' as const, podIP: '10.0.0.1' } }],
  ])('stores %s with status.phase Pending and nothing else in its status', (_what, p) => {
    const st = newStoreState();
    const ctx = { now: 0, prng: seedPrng(1), writes: [] as WatchRecord[] };
    const r = createObject(st, ctx, p);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.object.status).toEqual({ phase: 'Pending' });
  });
});
