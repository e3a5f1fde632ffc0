import { describe, expect, it } from 'vitest';
import type { Event, Pod } from '../api/types.ts';
import { seedPrng } from '../lib/prng.ts';
import { bindPod } from './binding.ts';
import {
  createEvent,
  createObject,
  deleteObject,
  jsonEqual,
  namespacePrefix,
  newStoreState,
  removeObject,
  updateObject,
  updateStatus,
  type WatchRecord,
} from './store.ts';
import { schedulerCache } from '../scheduler/cache/cache.ts';

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
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: { containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '250m', memory: '64Mi' } } }] },
  };
}

/** podCountOnNode reads the scheduler cache's pod count of a node. */
function podCountOnNode(st: ReturnType<typeof newStoreState>, node: string): number {
  return schedulerCache(st).nodes.get(node)?.pods.size ?? 0;
}

describe('namespacePrefix', () => {
  it('gives each namespace its own prefix, asked in a row or in turns', () => {
    for (const ns of ['default', 'kube-system', 'kube-system', 'default', 'a', 'default', 'a']) expect(namespacePrefix(ns)).toBe(`${ns}/`);
  });
});

describe('schedulerCache', () => {
  it('is handed, at each kind of pod write, what the store held under the key before it (emit: prev)', () => {
    const st = newStoreState();
    const ctx = { now: 0, prng: seedPrng(1), writes: [] as WatchRecord[] };
    const seen: [unknown, unknown, string][] = [];
    st.schedCache = { onWrite: (prev, next, key) => seen.push([prev, next, key]) };
    const held: unknown[] = [];
    const write = (key: string, run: () => unknown): void => {
      held.push(st.objects.Pod.get(key));
      run();
    };
    write('default/a', () => createObject(st, ctx, pod('a')));
    const uid = st.objects.Pod.get('default/a')?.metadata.uid ?? '';
    write('default/a', () => bindPod(st, ctx, 'default/a', uid, 'n1'));
    const bound = st.objects.Pod.get('default/a') as Pod;
    write('default/a', () => updateStatus(st, ctx, { ...bound, status: { ...bound.status, phase: 'Running' } }));
    const running = st.objects.Pod.get('default/a') as Pod;
    write('default/a', () => updateObject(st, ctx, { ...running, metadata: { ...running.metadata, labels: { app: 'b' } } }));
    write('default/a', () => deleteObject(st, ctx, 'Pod', 'default/a'));
    write('default/a', () => removeObject(st, ctx, 'Pod', 'default/a'));
    expect(seen.length).toBe(6);
    for (const [i, [prev]] of seen.entries()) expect(prev).toBe(held[i]);
    // And what it holds after: the write's object, none once removed.
    expect(seen.map(([, next]) => next === undefined)).toEqual([false, false, false, false, false, true]);
    expect(held[0]).toBeUndefined();
  });

  it('counts bound pods and their requests through status writes, graceful deletion and removal', () => {
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
    expect(schedulerCache(st).nodes.get('n1')?.requestedMilliCPU).toBe(500);
    removeObject(st, ctx, 'Pod', 'default/a');
    expect(podCountOnNode(st, 'n1')).toBe(1);
    expect(schedulerCache(st).nodes.get('n1')?.requestedMilliCPU).toBe(250);
    expect(schedulerCache(st).nodes.get('n1')?.requestedMemory).toBe(64 * 1024 * 1024);
    expect(podCountOnNode(st, 'n2')).toBe(0);
  });

  it('keeps the same totals incrementally as a rebuild from the store', () => {
    const st = newStoreState();
    const ctx = { now: 0, prng: seedPrng(1), writes: [] as WatchRecord[] };
    schedulerCache(st);
    for (const name of ['a', 'b', 'c']) {
      const p = createObject(st, ctx, pod(name));
      if (p.ok) bindPod(st, ctx, `default/${name}`, p.object.metadata.uid ?? '', name === 'c' ? 'n2' : 'n1');
    }
    deleteObject(st, ctx, 'Pod', 'default/b');
    const live = schedulerCache(st);
    st.schedCache = undefined;
    const rebuilt = schedulerCache(st);
    for (const n of ['n1', 'n2']) {
      const a = live.nodes.get(n);
      const b = rebuilt.nodes.get(n);
      expect([a?.pods.size, a?.requestedMilliCPU, a?.nonZeroMemory, a?.labelGroups.size]).toEqual([
        b?.pods.size,
        b?.requestedMilliCPU,
        b?.nonZeroMemory,
        b?.labelGroups.size,
      ]);
    }
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

describe('createObject of a StatefulSet pod', () => {
  // newRevisionedPod's order: namespace after ownerReferences. `annotations: undefined` makes the
  // same pod miss the literal path (statefulPodMeta) and take the general one; JSON drops it.
  const stsPod = (extra: object): Pod => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: 'web-2',
      generateName: 'web-',
      labels: { app: 'web', 'apps.kubernetes.io/pod-index': '2' },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: 's1', controller: true, blockOwnerDeletion: true }],
      namespace: 'default',
      ...extra,
    },
    spec: { containers: [{ name: 'c', image: 'i' }], nodeName: 'n1' },
  });
  const run = (extra: object) => {
    const st = newStoreState();
    const ctx = { now: 61_000, prng: seedPrng(3), writes: [] as WatchRecord[] };
    const created = createObject(st, ctx, stsPod(extra));
    const deleting = deleteObject(st, ctx, 'Pod', 'default/web-2', { gracePeriodSeconds: 30 });
    const gone = removeObject(st, ctx, 'Pod', 'default/web-2');
    return { writes: ctx.writes.map((w) => JSON.stringify(w)), prng: ctx.prng.s, created, deleting, gone };
  };

  it('stores, deletes and removes it as the general path does, keys in its order', () => {
    const literal = run({});
    const general = run({ annotations: undefined });
    expect(literal.writes).toEqual(general.writes);
    expect(literal.prng).toBe(general.prng);
    const stored = ['name', 'generateName', 'labels', 'ownerReferences', 'namespace', 'uid', 'resourceVersion', 'creationTimestamp'];
    if (!literal.created.ok || !literal.deleting.ok || !literal.gone.ok) throw new Error('write refused');
    expect(Object.keys(literal.created.object.metadata)).toEqual(stored);
    expect(Object.keys(literal.deleting.object.metadata)).toEqual([...stored, 'deletionTimestamp', 'deletionGracePeriodSeconds']);
    expect(Object.keys(literal.gone.object.metadata)).toEqual([...stored, 'deletionTimestamp', 'deletionGracePeriodSeconds']);
  });
});

/** A kubelet's Created Event of pod web-1 with this metadata. */
const createdEvent = (metadata: Event['metadata']): Event => ({
  apiVersion: 'v1',
  kind: 'Event',
  metadata,
  involvedObject: { kind: 'Pod', namespace: 'default', name: 'web-1', apiVersion: 'v1', uid: 'u-1' },
  reason: 'Created',
  message: 'Container created',
  type: 'Normal',
  source: { component: 'kubelet', host: 'n1' },
  firstTimestamp: '2026-01-01T00:01:00Z',
  lastTimestamp: '2026-01-01T00:01:00Z',
  count: 1,
});

describe('createObject of an owned Event', () => {
  const event = (): Event => createdEvent({ name: 'web-1.18867251edfa0000', namespace: 'default', uid: 'u-ev' });

  it.each([
    ['owned: keeps the object, its metadata set', true],
    ['not owned: stores a copy', false],
  ])('stores the same JSON either way, %s', (_what, owned) => {
    const ctx = { now: 60_000, prng: seedPrng(1), writes: [] as WatchRecord[] };
    const plain = createObject(newStoreState(), { ...ctx, writes: [] }, event());
    const given = event();
    const r = createObject(newStoreState(), ctx, given, owned);
    if (!r.ok || !plain.ok) throw new Error('not created');
    expect(JSON.stringify(r.object)).toBe(JSON.stringify(plain.object));
    expect(r.object.metadata).toMatchObject({ name: 'web-1.18867251edfa0000', uid: 'u-ev', resourceVersion: '1', creationTimestamp: '2026-01-01T00:01:00Z' });
    expect(r.object === given).toBe(owned);
  });
});

describe('createEvent', () => {
  /** An Event as recordEvent makes it: uid given (a clock name) or empty (drawn), the metadata's last two empty. */
  const made = (uid: string): Event =>
    createdEvent({ name: 'web-1.18867251edfa0000', namespace: 'default', uid, resourceVersion: '', creationTimestamp: '' });
  /** The same Event as createObject was given it: metadata of the name, namespace and the uid when given. */
  const asBefore = (uid: string): Event => {
    const e = made(uid);
    return { ...e, metadata: uid === '' ? { name: e.metadata.name, namespace: 'default' } : { name: e.metadata.name, namespace: 'default', uid } };
  };

  it.each([
    ['a clock name’s uid, the name free', 'u-ev', false, false],
    ['a drawn uid, the name free', '', false, false],
    ['a drawn uid, the name taken', '', true, false],
    ['a clock name’s uid, the name taken', 'u-ev', true, false],
    ['a clock name found free just now (absent: no lookup)', 'u-ev', false, true],
  ])('stores, draws and writes what createObject did: %s', (_what, uid, taken, absent) => {
    const key = 'default/web-1.18867251edfa0000';
    const run = (create: (st: ReturnType<typeof newStoreState>, ctx: { now: number; prng: ReturnType<typeof seedPrng>; writes: WatchRecord[] }) => boolean) => {
      const st = newStoreState();
      const ctx = { now: 60_000, prng: seedPrng(1), writes: [] as WatchRecord[] };
      if (taken) createObject(st, ctx, { ...made('u-old'), metadata: { name: 'web-1.18867251edfa0000', namespace: 'default' } });
      const ok = create(st, ctx);
      return { ok, rv: st.rv, prng: { ...ctx.prng }, writes: JSON.stringify(ctx.writes), stored: JSON.stringify([...st.objects.Event]) };
    };
    const before = run((st, ctx) => createObject(st, ctx, asBefore(uid), true, key, absent).ok);
    let given: Event | undefined;
    const now = run((st, ctx) => {
      given = made(uid);
      return createEvent(st, ctx, given, key, absent);
    });
    expect(now).toEqual(before);
    expect(now.ok).toBe(!taken);
    if (!taken) expect(JSON.parse(now.stored)[0][1]).toEqual(JSON.parse(JSON.stringify(given)));
  });
});

describe('updateObject', () => {
  const ctx = () => ({ now: 0, prng: seedPrng(1), writes: [] as WatchRecord[] });
  const event: Event = {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: 'e', namespace: 'default' },
    involvedObject: { kind: 'Pod', namespace: 'default', name: 'p', apiVersion: 'v1', uid: 'u' },
    reason: 'Unhealthy',
    message: 'Readiness probe failed',
    type: 'Warning',
    source: { component: 'kubelet' },
    firstTimestamp: '2026-01-01T00:00:00Z',
    lastTimestamp: '2026-01-01T00:00:00Z',
    count: 1,
  };

  it('keeps the resourceVersion of an update that changes nothing, and bumps it for a count that moves', () => {
    const st = newStoreState();
    const created = createObject(st, ctx(), event);
    if (!created.ok) throw new Error('create');
    const same = updateObject(st, ctx(), { ...created.object });
    expect(same.ok && same.object).toBe(created.object);
    const counted = updateObject(st, ctx(), { ...created.object, count: 2 });
    if (!counted.ok) throw new Error('count');
    expect(counted.object.metadata.resourceVersion).toBe(String(Number(created.object.metadata.resourceVersion) + 1));
    const labelled = updateObject(st, ctx(), { ...counted.object, metadata: { ...counted.object.metadata, labels: { a: 'b' } } });
    expect(labelled.ok && labelled.object.metadata.labels).toEqual({ a: 'b' });
  });
});

describe('bindPod', () => {
  it('gives the pods of one spec bound to one node one bound spec, and each node its own', () => {
    const st = newStoreState();
    const ctx = { now: 0, prng: seedPrng(1), writes: [] as WatchRecord[] };
    const spec = pod('x').spec;
    const bound: Record<string, Pod> = {};
    for (const [name, node] of [['a', 'n1'], ['b', 'n2'], ['c', 'n1'], ['d', 'n3'], ['e', 'n2']] as const) {
      const p = createObject(st, ctx, { ...pod(name), spec });
      if (!p.ok) throw new Error('create failed');
      expect(bindPod(st, ctx, `default/${name}`, p.object.metadata.uid ?? '', node).ok).toBe(true);
      bound[name] = st.objects.Pod.get(`default/${name}`) as Pod;
    }
    expect(Object.values(bound).map((p) => p.spec.nodeName)).toEqual(['n1', 'n2', 'n1', 'n3', 'n2']);
    expect(bound.c?.spec).toBe(bound.a?.spec);
    expect(bound.e?.spec).toBe(bound.b?.spec);
    expect(bound.b?.spec).not.toBe(bound.a?.spec);
    expect(bound.d?.spec).toEqual({ ...bound.a?.spec, nodeName: 'n3' });
  });
});
