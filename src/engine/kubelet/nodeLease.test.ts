import { describe, expect, it } from 'vitest';
import type { Node } from '../api/types.ts';
import { lastRenewal, microTime, nodeLease } from './nodeLease.ts';
import { postedConditions, unknownConditions } from './nodeStatus.ts';

describe('lastRenewal', () => {
  it.each([
    ['at its creation', 0, 0, null, 0],
    ['read between renewals', 0, 37_000, null, 30_000],
    ['read on a renewal', 0, 40_000, null, 40_000],
    ['for a node created later', 5_000, 37_000, null, 35_000],
    ['once its kubelet stopped', 0, 90_000, 52_000, 50_000],
    ['when the kubelet stops after the read', 0, 37_000, 52_000, 30_000],
  ])('gives the last 10-second renewal %s', (_name, created, now, stopped, renewed) => {
    expect(lastRenewal(created, now, stopped)).toBe(renewed);
  });
});

describe('microTime', () => {
  it.each([
    [0, '2026-01-01T00:00:00.000000Z'],
    [30_000, '2026-01-01T00:00:30.000000Z'],
    [61_250, '2026-01-01T00:01:01.250000Z'],
  ])('formats %i ms as a MicroTime with six fraction digits', (ms, text) => {
    expect(microTime(ms)).toBe(text);
  });
});

describe('nodeLease', () => {
  const node = (conditions = postedConditions('2026-01-01T00:00:00Z')): Node => ({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'node-1', uid: 'u-1', resourceVersion: '7', creationTimestamp: '2026-01-01T00:00:00Z' },
    spec: {},
    status: { conditions },
  });
  it('is held by the node, in kube-node-lease, owned by the node, for 40 s', () => {
    const l = nodeLease(node(), 25_000);
    expect(l.metadata).toMatchObject({ name: 'node-1', namespace: 'kube-node-lease', resourceVersion: '7', ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: 'node-1', uid: 'u-1' }] });
    expect(l.spec).toEqual({ holderIdentity: 'node-1', leaseDurationSeconds: 40, renewTime: '2026-01-01T00:00:20.000000Z' });
  });
  it('stops being renewed when the node goes Unknown', () => {
    const stopped = node(unknownConditions('2026-01-01T00:01:05Z', postedConditions('2026-01-01T00:00:00Z')));
    expect(nodeLease(stopped, 300_000).spec.renewTime).toBe('2026-01-01T00:01:00.000000Z');
  });
});
