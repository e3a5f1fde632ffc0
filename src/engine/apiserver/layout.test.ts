import { describe, expect, it } from 'vitest';
import type { Event, KubeObject, ObjectMeta, Pod } from '../api/types.ts';
import { deletingMeta, keysAre, spreadAdding, statefulPodMeta, withMetadata, withMetadataStatus, withResourceVersion } from './layout.ts';

const podMeta: ObjectMeta = {
  name: 'web-1',
  generateName: 'web-',
  namespace: 'default',
  labels: { app: 'web' },
  ownerReferences: [],
  uid: 'u1',
  resourceVersion: '5',
  creationTimestamp: '2026-01-01T00:00:00Z',
};
const pod: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: podMeta, spec: { containers: [] }, status: { phase: 'Pending' } };
const event: Event = {
  apiVersion: 'v1',
  kind: 'Event',
  metadata: { name: 'e', namespace: 'default', uid: 'u2', resourceVersion: '7', creationTimestamp: '2026-01-01T00:00:00Z' },
  involvedObject: { kind: 'Pod', namespace: 'default', name: 'web-1', apiVersion: 'v1', uid: 'u1' },
  reason: 'Pulling',
  message: 'Pulling image "web:1"',
  type: 'Normal',
  source: { component: 'kubelet' },
  firstTimestamp: '2026-01-01T00:00:00Z',
  lastTimestamp: '2026-01-01T00:00:00Z',
  count: 1,
};
const meta: ObjectMeta = { ...podMeta, resourceVersion: '9' };
/** A StatefulSet pod's metadata as newRevisionedPod writes it: namespace after ownerReferences. */
const stsSource: ObjectMeta = {
  name: 'web-1',
  generateName: 'web-',
  labels: { app: 'web', 'apps.kubernetes.io/pod-index': '1' },
  ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: 's1', controller: true, blockOwnerDeletion: true }],
  namespace: 'default',
};
const setMeta: ObjectMeta = {
  name: 'web',
  labels: { app: 'web' },
  namespace: 'default',
  uid: 's1',
  resourceVersion: '3',
  creationTimestamp: '2026-01-01T00:00:00Z',
  generation: 2,
};
const stsMeta: ObjectMeta = { ...stsSource, uid: 'u3', resourceVersion: '11', creationTimestamp: '2026-01-01T00:00:00Z' };

/** The object as the spread the builders stand for would make it: same keys, same order, same values. */
function sameAsSpread(built: object, spread: object): void {
  expect(Object.keys(built)).toEqual(Object.keys(spread));
  expect(JSON.stringify(built)).toBe(JSON.stringify(spread));
}

describe('withMetadata', () => {
  const cases: [string, KubeObject][] = [
    ['a pod with a status', pod],
    ['a pod without a status (spread)', { apiVersion: 'v1', kind: 'Pod', metadata: podMeta, spec: { containers: [] } }],
    ['an Event', event],
    ['an Event without a count (spread)', { ...event, count: undefined }],
    ['another kind (spread)', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns' } }],
  ];
  it.each(cases)('gives what { ...o, metadata } gives for %s', (_name, o) => {
    sameAsSpread(withMetadata(o, meta), { ...o, metadata: meta });
  });
});

describe('withMetadataStatus', () => {
  it('gives what { ...o, metadata, status } gives, for a pod and for a pod without a status', () => {
    const status = { phase: 'Running' };
    sameAsSpread(withMetadataStatus(pod, meta, status), { ...pod, metadata: meta, status });
    const bare = { apiVersion: 'v1', kind: 'Pod', metadata: podMeta, spec: { containers: [] } } as Pod;
    sameAsSpread(withMetadataStatus(bare, meta, status), { ...bare, metadata: meta, status });
  });

  it('gives what { ...o, metadata, status } gives for a StatefulSet, with a status and without', () => {
    const set = { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: setMeta, spec: { replicas: 3 }, status: { replicas: 2 } } as unknown as KubeObject;
    const status = { replicas: 3, readyReplicas: 1 };
    sameAsSpread(withMetadataStatus(set, setMeta, status), { ...set, metadata: setMeta, status });
    const { status: _none, ...fresh } = set as unknown as Record<string, unknown>;
    sameAsSpread(withMetadataStatus(fresh as unknown as KubeObject, setMeta, status), { ...fresh, metadata: setMeta, status });
  });
});

describe('withResourceVersion', () => {
  const deleting = { ...podMeta, deletionTimestamp: '2026-01-01T00:00:30Z', deletionGracePeriodSeconds: 30 };
  const cases: [string, ObjectMeta][] = [
    ['a pod', podMeta],
    ['a deleting pod', deleting],
    ['a StatefulSet pod', stsMeta],
    ['a deleting StatefulSet pod', { ...stsMeta, deletionTimestamp: '2026-01-01T00:00:30Z', deletionGracePeriodSeconds: 30 }],
    ['a StatefulSet pod with annotations (spread)', { ...stsSource, annotations: { a: 'b' }, uid: 'u3' }],
    ['a StatefulSet', setMeta],
    ['a StatefulSet with annotations (spread)', { ...setMeta, annotations: { a: 'b' } }],
    ['an Event', event.metadata],
    ['a pod with annotations (spread)', { ...podMeta, annotations: { a: 'b' } }],
  ];
  it.each(cases)('gives what { ...m, resourceVersion } gives for %s', (_name, m) => {
    sameAsSpread(withResourceVersion(m, '42'), { ...m, resourceVersion: '42' });
  });
});

describe('statefulPodMeta', () => {
  it('gives what the store made of a StatefulSet pod with { ...m } and three keys set', () => {
    const spread: ObjectMeta = { ...stsSource };
    spread.namespace = spread.namespace ?? 'default';
    spread.uid = 'u9';
    spread.resourceVersion = '12';
    spread.creationTimestamp = '2026-01-01T00:00:05Z';
    sameAsSpread(statefulPodMeta(stsSource, 'web-1', 'default', 'u9', '12', '2026-01-01T00:00:05Z'), spread);
  });
});

describe('deletingMeta', () => {
  const cases: [string, ObjectMeta][] = [
    ['a pod', podMeta],
    ['a StatefulSet pod', stsMeta],
    ['a StatefulSet pod with annotations (spread)', { ...stsMeta, annotations: { a: 'b' } }],
    ['a namespace (spread)', { name: 'ns', uid: 'u4', resourceVersion: '1' }],
  ];
  it.each(cases)('gives what { ...m, resourceVersion, deletionTimestamp, deletionGracePeriodSeconds } gives for %s', (_name, m) => {
    const at = '2026-01-01T00:00:30Z';
    sameAsSpread(deletingMeta(m, '43', at, 30), { ...m, resourceVersion: '43', deletionTimestamp: at, deletionGracePeriodSeconds: 30 });
  });
});

describe('keysAre', () => {
  it('is true only for exactly these keys in this order', () => {
    expect(keysAre({ a: 1, b: 2 }, ['a', 'b'])).toBe(true);
    expect(keysAre({ b: 2, a: 1 }, ['a', 'b'])).toBe(false);
    expect(keysAre({ a: 1 }, ['a', 'b'])).toBe(false);
    expect(keysAre({ a: 1, b: 2, c: 3 }, ['a', 'b'])).toBe(false);
  });
});

describe('spreadAdding', () => {
  const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ['a key gained', { containers: [], hostname: 'web-0' }, { nodeName: 'node-1' }],
    ['a key replaced keeps its place', { nodeName: 'a', containers: [] }, { nodeName: 'node-1' }],
    ['keys gained and replaced', { ...podMeta }, { resourceVersion: '10', deletionTimestamp: 't', deletionGracePeriodSeconds: 30 }],
    ['an own __proto__ key (JSON) stays a key', JSON.parse('{"a":1,"__proto__":{"x":1}}'), { b: 2 }],
    ['an added __proto__ key stays a key', { a: 1 }, JSON.parse('{"__proto__":{"x":1}}')],
  ];
  it.each(cases)('gives what { ...o, ...extra } gives when %s', (_name, o, extra) => {
    const built = spreadAdding(o, extra);
    sameAsSpread(built, { ...o, ...extra });
    expect(Object.getPrototypeOf(built)).toBe(Object.prototype);
  });

  it('does not change its arguments', () => {
    const o = { a: 1 };
    const extra = { b: 2 };
    spreadAdding<Record<string, number>>(o, extra);
    expect(o).toEqual({ a: 1 });
    expect(extra).toEqual({ b: 2 });
  });
});
