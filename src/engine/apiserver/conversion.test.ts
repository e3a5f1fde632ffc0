import { describe, expect, it } from 'vitest';
import type { Deployment, Pod } from '../api/types.ts';
import { servedForm } from './conversion.ts';

const pod = (status: Pod['status']): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [] }, ...(status ? { status } : {}) });

describe('servedForm', () => {
  it.each([
    ['a running pod', { phase: 'Running' as const, hostIP: '172.18.0.2', podIP: '10.244.0.7' }, { podIPs: [{ ip: '10.244.0.7' }], hostIPs: [{ ip: '172.18.0.2' }] }],
    ['a pod bound but not yet given an IP', { phase: 'Pending' as const, hostIP: '172.18.0.2' }, { hostIPs: [{ ip: '172.18.0.2' }] }],
    ['a pod that keeps its own podIPs', { hostIP: '172.18.0.2', podIP: '10.244.0.7', podIPs: [{ ip: '10.244.0.7' }, { ip: 'fd00::7' }] }, { podIPs: [{ ip: '10.244.0.7' }, { ip: 'fd00::7' }], hostIPs: [{ ip: '172.18.0.2' }] }],
  ])('fills in the plural IP fields of %s', (_name, status, added) => {
    const served = servedForm(pod(status));
    expect(served.status).toEqual({ ...status, ...added });
  });
  it('returns a pod without IPs, and every other kind, as stored', () => {
    const pending = pod({ phase: 'Pending' });
    expect(servedForm(pending)).toBe(pending);
    const unscheduled = pod(undefined);
    expect(servedForm(unscheduled)).toBe(unscheduled);
    const d = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: {} } as unknown as Deployment;
    expect(servedForm(d)).toBe(d);
  });
  it('makes one served form per stored pod, and leaves the stored pod unchanged', () => {
    const p = pod({ podIP: '10.244.0.7', hostIP: '172.18.0.2' });
    expect(servedForm(p)).toBe(servedForm(p));
    expect(p.status).toEqual({ podIP: '10.244.0.7', hostIP: '172.18.0.2' });
  });
});
