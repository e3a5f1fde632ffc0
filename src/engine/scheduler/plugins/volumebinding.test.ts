import { describe, expect, it } from 'vitest';
import type { KubeObject, Pod } from '../../api/types.ts';
import type { NodeInfo } from '../framework/nodeInfo.ts';
import { filter, mountsClaim, preFilter } from './volumebinding.ts';

function pod(...claims: string[]): Pod {
  const volumes = claims.map((c, i) => ({ name: `v${i}`, persistentVolumeClaim: { claimName: c } }));
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'i' }], volumes } } as Pod;
}

function claim(name: string, spec: Record<string, unknown>, meta: Record<string, unknown> = {}): [string, KubeObject] {
  return [`default/${name}`, { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace: 'default', ...meta }, spec } as unknown as KubeObject];
}

const claims = new Map<string, KubeObject>([
  claim('standard-unbound', { storageClassName: 'standard' }),
  claim('fast-unbound', { storageClassName: 'fast' }),
  claim('fast-bound', { storageClassName: 'fast', volumeName: 'pv-1' }),
  claim('none-unbound', { storageClassName: '' }),
  claim('deleting', { storageClassName: 'standard' }, { deletionTimestamp: '2026-01-01T00:00:00Z' }),
  claim('on-node-2', { storageClassName: 'standard', volumeName: 'pvc-2' }, { annotations: { 'volume.kubernetes.io/selected-node': 'node-2' } }),
  claim('on-node-3', { storageClassName: 'standard', volumeName: 'pvc-3' }, { annotations: { 'volume.kubernetes.io/selected-node': 'node-3' } }),
]);

describe('preFilter', () => {
  it.each([
    ['a pod with no claims', pod(), null],
    ['a claim of the default class, bound after the pod is placed', pod('standard-unbound'), null],
    ['a claim already bound, whatever its class', pod('fast-bound'), null],
    ['a claim of a class not found, unbound', pod('standard-unbound', 'fast-unbound'), 'pod has unbound immediate PersistentVolumeClaims'],
    ['a claim with no class, unbound', pod('none-unbound'), 'pod has unbound immediate PersistentVolumeClaims'],
    ['a claim that does not exist', pod('missing', 'fast-unbound'), 'persistentvolumeclaim "missing" not found'],
    ['a claim being deleted', pod('deleting'), 'persistentvolumeclaim "deleting" is being deleted'],
  ])('for %s rejects with %j', (_, p, reason) => {
    const r = preFilter(p, claims);
    const s = 'rejected' in r ? r.rejected : null;
    expect(s === null ? null : s.reasons.join()).toBe(reason);
    if (s !== null) expect([s.code, s.plugin]).toEqual(['UnschedulableAndUnresolvable', 'VolumeBinding']);
  });
});

describe('mountsClaim', () => {
  it.each([
    ['default', 'fast-unbound', true],
    ['default', 'other', false],
    ['payments', 'fast-unbound', false],
  ])('in %s, claim %s: %s', (ns, name, want) => {
    expect(mountsClaim(pod('fast-unbound'), ns, name)).toBe(want);
  });
});

describe('filter', () => {
  const node = (name: string, hostname = name) => ({ name, node: { metadata: { name, labels: { 'kubernetes.io/hostname': hostname } } } }) as unknown as NodeInfo;
  const stateOf = (...claimNames: string[]) => {
    const r = preFilter(pod(...claimNames), claims);
    if ('rejected' in r || r.state === null) throw new Error('no state');
    return r.state;
  };

  it('keeps no state for claims not bound yet, or bound without a node', () => {
    expect(preFilter(pod('standard-unbound', 'fast-bound'), claims)).toEqual({ state: null });
  });

  it.each([
    ['its volume’s node', ['on-node-2'], node('node-2'), null],
    ['another node', ['on-node-2'], node('node-1'), 'node(s) had volume node affinity conflict'],
    ['a node whose hostname label names another host', ['on-node-2'], node('node-2', 'elsewhere'), 'node(s) had volume node affinity conflict'],
    ['either node of two volumes on two nodes', ['on-node-2', 'on-node-3'], node('node-3'), 'node(s) had volume node affinity conflict'],
  ])('checks a pod whose bound volume lives elsewhere against %s', (_, names, ni, reason) => {
    const s = filter(stateOf(...names), ni);
    expect(s === null ? null : s.reasons.join()).toBe(reason);
  });
});
