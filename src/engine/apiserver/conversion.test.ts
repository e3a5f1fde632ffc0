import { describe, expect, it } from 'vitest';
import type { Deployment, Pod } from '../api/types.ts';
import { servedForm } from './conversion.ts';

const pod = (status: Pod['status'], resources?: { requests?: Record<string, string>; limits?: Record<string, string> }): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p' },
  spec: { containers: [{ name: 'c', image: 'x', ...(resources ? { resources } : {}) }] },
  ...(status ? { status } : {}),
});

describe('servedForm', () => {
  it.each([
    ['a running pod', pod({ phase: 'Running', hostIP: '172.18.0.3', podIP: '10.244.0.7' }), { podIPs: [{ ip: '10.244.0.7' }], hostIPs: [{ ip: '172.18.0.3' }], qosClass: 'BestEffort' }],
    ['a pod bound but not yet given an IP', pod({ phase: 'Pending', hostIP: '172.18.0.3' }), { hostIPs: [{ ip: '172.18.0.3' }], qosClass: 'BestEffort' }],
    [
      'a pod that keeps its own podIPs',
      pod({ hostIP: '172.18.0.3', podIP: '10.244.0.7', podIPs: [{ ip: '10.244.0.7' }, { ip: 'fd00::7' }] }),
      { podIPs: [{ ip: '10.244.0.7' }, { ip: 'fd00::7' }], hostIPs: [{ ip: '172.18.0.3' }], qosClass: 'BestEffort' },
    ],
    ['a pending pod with requests and limits', pod({ phase: 'Pending' }, { requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } }), { qosClass: 'Guaranteed' }],
    ['a pod without a status yet', pod(undefined, { requests: { cpu: '100m' } }), { qosClass: 'Burstable' }],
  ])('fills in the plural IP fields and the QoS class of %s', (_name, p, added) => {
    expect(servedForm(p).status).toEqual({ ...p.status, ...added });
  });
  it('returns a pod that has them all, and every other kind, as stored', () => {
    const full = pod({ podIP: '10.244.0.7', podIPs: [{ ip: '10.244.0.7' }], qosClass: 'BestEffort' });
    expect(servedForm(full)).toBe(full);
    const d = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: {} } as unknown as Deployment;
    expect(servedForm(d)).toBe(d);
  });
  it('makes one served form per stored pod, and leaves the stored pod unchanged', () => {
    const p = pod({ podIP: '10.244.0.7', hostIP: '172.18.0.3' });
    expect(servedForm(p)).toBe(servedForm(p));
    expect(p.status).toEqual({ podIP: '10.244.0.7', hostIP: '172.18.0.3' });
  });
});
