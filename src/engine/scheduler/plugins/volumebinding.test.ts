import { describe, expect, it } from 'vitest';
import type { KubeObject, Pod } from '../../api/types.ts';
import { mountsClaim, preFilter } from './volumebinding.ts';

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
    const s = preFilter(p, claims);
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
