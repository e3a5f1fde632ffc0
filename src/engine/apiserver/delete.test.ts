import { describe, expect, it } from 'vitest';
import type { KubeObject, Pod, ReplicaSet } from '../api/types.ts';
import { seedPrng } from '../lib/prng.ts';
import { bindPod } from './binding.ts';
import { createObject, deleteObject, newStoreState, removeObject, updateObject, type WatchRecord } from './store.ts';

const ctx = (now = 10_000) => ({ now, prng: seedPrng(1), writes: [] as WatchRecord[] });

function replicaSet(finalizers?: string[]): ReplicaSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: 'web', namespace: 'default', ...(finalizers ? { finalizers } : {}) },
    spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } },
  };
}

function stored<T extends KubeObject>(st: ReturnType<typeof newStoreState>, obj: T): T {
  return st.objects[obj.kind].get(`default/${obj.metadata.name}`) as T;
}

describe('deleteObject', () => {
  it('removes an object without finalizers at once', () => {
    const st = newStoreState();
    createObject(st, ctx(), replicaSet());
    const c = ctx();
    expect(deleteObject(st, c, 'ReplicaSet', 'default/web').ok).toBe(true);
    expect(c.writes.map((w) => w.type)).toEqual(['DELETED']);
    expect(st.objects.ReplicaSet.size).toBe(0);
  });

  it.each([
    ['its own finalizer', ['example.com/block'], undefined, ['example.com/block']],
    ['the orphan finalizer its policy adds', undefined, 'Orphan', ['orphan']],
    ['the foregroundDeletion finalizer its policy adds', undefined, 'Foreground', ['foregroundDeletion']],
  ] as const)('keeps an object held by %s, with a deletionTimestamp and grace period 0', (_, own, policy, want) => {
    const st = newStoreState();
    createObject(st, ctx(), replicaSet(own ? [...own] : undefined));
    const c = ctx(12_000);
    const res = deleteObject(st, c, 'ReplicaSet', 'default/web', policy ? { propagationPolicy: policy } : {});
    expect(res.ok).toBe(true);
    expect(c.writes.map((w) => w.type)).toEqual(['MODIFIED']);
    const rs = stored(st, replicaSet());
    expect(rs.metadata.deletionTimestamp).toBe('2026-01-01T00:00:12Z');
    expect(rs.metadata.deletionGracePeriodSeconds).toBe(0);
    expect(rs.metadata.finalizers).toEqual(want);
  });

  it('changes only the finalizers when an object being deleted is deleted again with another policy', () => {
    const st = newStoreState();
    createObject(st, ctx(), replicaSet());
    deleteObject(st, ctx(12_000), 'ReplicaSet', 'default/web', { propagationPolicy: 'Orphan' });
    deleteObject(st, ctx(15_000), 'ReplicaSet', 'default/web', { propagationPolicy: 'Foreground' });
    const rs = stored(st, replicaSet());
    expect(rs.metadata.finalizers).toEqual(['foregroundDeletion']);
    expect(rs.metadata.deletionTimestamp).toBe('2026-01-01T00:00:12Z');
  });
});

describe('updateObject on an object being deleted', () => {
  it('removes it when the update takes its last finalizer off', () => {
    const st = newStoreState();
    createObject(st, ctx(), replicaSet(['example.com/block']));
    deleteObject(st, ctx(), 'ReplicaSet', 'default/web');
    const cur = stored(st, replicaSet());
    const c = ctx();
    const { finalizers: _, ...metadata } = cur.metadata;
    expect(updateObject(st, c, { ...cur, metadata }).ok).toBe(true);
    expect(c.writes.map((w) => w.type)).toEqual(['DELETED']);
    expect(st.objects.ReplicaSet.size).toBe(0);
  });

  it('refuses a finalizer added after the deletion, in the API server’s words', () => {
    const st = newStoreState();
    createObject(st, ctx(), replicaSet(['a']));
    deleteObject(st, ctx(), 'ReplicaSet', 'default/web');
    const cur = stored(st, replicaSet());
    const res = updateObject(st, ctx(), { ...cur, metadata: { ...cur.metadata, finalizers: ['a', 'example.com/late'] } });
    expect(res.ok).toBe(false);
    if (!res.ok)
      expect(res.error.message).toBe(
        'The ReplicaSet "web" is invalid: metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/late"}',
      );
  });
});

describe('removeObject', () => {
  it('keeps a pod with a finalizer after its grace period, until the finalizer comes off', () => {
    const st = newStoreState();
    const pod: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', finalizers: ['example.com/block'] }, spec: { containers: [{ name: 'c', image: 'i' }] } };
    const created = createObject(st, ctx(), pod);
    bindPod(st, ctx(), 'default/p', created.ok ? (created.object.metadata.uid ?? '') : '', 'node-1');
    deleteObject(st, ctx(), 'Pod', 'default/p');
    expect(stored(st, pod).metadata.deletionGracePeriodSeconds).toBe(30);
    const c = ctx(40_000);
    removeObject(st, c, 'Pod', 'default/p');
    expect(c.writes.map((w) => w.type)).toEqual(['MODIFIED']);
    const held = stored(st, pod);
    expect(held.metadata.deletionGracePeriodSeconds).toBe(0);
    const { finalizers: _, ...metadata } = held.metadata;
    const done = ctx(41_000);
    updateObject(st, done, { ...held, metadata });
    expect(done.writes.map((w) => w.type)).toEqual(['DELETED']);
  });
});

describe('deleteObject on a pod already terminating', () => {
  function terminating(): { st: ReturnType<typeof newStoreState>; pod: Pod } {
    const st = newStoreState();
    const pod: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'i' }] } };
    const created = createObject(st, ctx(), pod);
    bindPod(st, ctx(), 'default/p', created.ok ? (created.object.metadata.uid ?? '') : '', 'node-1');
    deleteObject(st, ctx(10_000), 'Pod', 'default/p');
    return { st, pod };
  }

  it.each([
    ['no grace period', undefined, ['2026-01-01T00:00:40Z', 30], []],
    ['a longer one', 60, ['2026-01-01T00:00:40Z', 30], []],
    ['a shorter one, moving the deletionTimestamp by the difference', 5, ['2026-01-01T00:00:15Z', 5], ['MODIFIED']],
  ] as const)('keeps it deleting when asked again with %s', (_, grace, want, writes) => {
    const { st, pod } = terminating();
    const c = ctx(20_000);
    deleteObject(st, c, 'Pod', 'default/p', grace === undefined ? {} : { gracePeriodSeconds: grace });
    const p = stored(st, pod);
    expect([p.metadata.deletionTimestamp, p.metadata.deletionGracePeriodSeconds]).toEqual(want);
    expect(c.writes.map((w) => w.type)).toEqual(writes);
  });

  it('removes it at once when forced with grace period 0 (a pod stuck Terminating)', () => {
    const { st } = terminating();
    const c = ctx(20_000);
    deleteObject(st, c, 'Pod', 'default/p', { gracePeriodSeconds: 0 });
    expect(c.writes.map((w) => w.type)).toEqual(['DELETED']);
    expect(st.objects.Pod.size).toBe(0);
  });
});

describe('the generation of an object being deleted', () => {
  it('moves on once, when the first deletionTimestamp is set', () => {
    const st = newStoreState();
    createObject(st, ctx(), replicaSet());
    deleteObject(st, ctx(), 'ReplicaSet', 'default/web', { propagationPolicy: 'Foreground' });
    expect(stored(st, replicaSet()).metadata.generation).toBe(2);
    deleteObject(st, ctx(), 'ReplicaSet', 'default/web', { propagationPolicy: 'Orphan' });
    expect(stored(st, replicaSet()).metadata.generation).toBe(2);
  });
});
