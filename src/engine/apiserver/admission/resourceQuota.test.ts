import { describe, expect, it } from 'vitest';
import type { ResourceQuota } from '../../api/policyTypes.ts';
import type { Pod } from '../../api/types.ts';
import { checkRequest } from './resourceQuota.ts';

function quota(name: string, hard: Record<string, string>, used: Record<string, string> | undefined, scopes?: string[]): ResourceQuota {
  return {
    apiVersion: 'v1',
    kind: 'ResourceQuota',
    metadata: { name, namespace: 'default' },
    spec: { hard, ...(scopes ? { scopes } : {}) },
    status: { hard, ...(used ? { used } : {}) },
  } as ResourceQuota;
}

function pod(resources?: { requests?: Record<string, string>; limits?: Record<string, string> }): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web-5d4f9-abcde', namespace: 'default' },
    spec: { containers: [{ name: 'app', image: 'nginx', ...(resources ? { resources } : {}) }] },
  } as Pod;
}

describe('checkRequest', () => {
  it('refuses a pod that would go over hard, naming requested, used and limited', () => {
    const r = checkRequest([quota('compute', { 'requests.cpu': '2' }, { 'requests.cpu': '1500m' })], pod({ requests: { cpu: '1' } }), 0);
    expect(r).toEqual({
      ok: false,
      quota: 'compute',
      reason: 'exceeded quota: compute, requested: requests.cpu=1, used: requests.cpu=1500m, limited: requests.cpu=2',
    });
  });

  it('admits a pod that fits exactly and returns the new usage of each covering quota', () => {
    const r = checkRequest([quota('compute', { 'requests.cpu': '2', pods: '5' }, { 'requests.cpu': '1500m', pods: '3' })], pod({ requests: { cpu: '500m' } }), 0);
    expect(r.ok && r.updates.map((u) => [u.quota.metadata.name, Object.fromEntries([...u.used].map(([k, q]) => [k, q.nanos]))])).toEqual([
      ['compute', { 'requests.cpu': 2_000_000_000n, pods: 4_000_000_000n }],
    ]);
  });

  it('asks for the resource a quota covers when a container does not state it', () => {
    const r = checkRequest([quota('compute', { 'limits.cpu': '4' }, { 'limits.cpu': '0' })], pod({ requests: { cpu: '100m' } }), 0);
    expect(r).toEqual({ ok: false, quota: 'compute', reason: 'failed quota: compute: must specify limits.cpu for: app' });
  });

  it('refuses while the quota controller has not written status.used yet', () => {
    const r = checkRequest([quota('compute', { 'requests.cpu': '2', pods: '5' }, undefined)], pod({ requests: { cpu: '100m' } }), 0);
    expect(r).toEqual({ ok: false, quota: 'compute', reason: 'status unknown for quota: compute, resources: pods,requests.cpu' });
  });

  it('ignores a quota whose scope does not select the pod', () => {
    const r = checkRequest([quota('besteffort', { pods: '0' }, { pods: '0' }, ['BestEffort'])], pod({ requests: { cpu: '100m' } }), 0);
    expect(r).toMatchObject({ ok: true, updates: [] });
  });

  it('stops at the first quota that refuses, in the order given', () => {
    const quotas = [quota('a', { pods: '1' }, { pods: '1' }), quota('b', { pods: '1' }, { pods: '1' })];
    expect(checkRequest(quotas, pod(), 0)).toMatchObject({ ok: false, quota: 'a' });
  });
});
