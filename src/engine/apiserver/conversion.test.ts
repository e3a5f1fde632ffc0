import { describe, expect, it } from 'vitest';
import type { Deployment, Namespace, Pod } from '../api/types.ts';
import { servedForm } from './conversion.ts';
import { type ServedPodSpec, tokenVolumeName } from './servedDefaults.ts';

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
  it('keeps the status of a pod that has them all, and returns a kind without a pod spec as stored', () => {
    const full = pod({ podIP: '10.244.0.7', podIPs: [{ ip: '10.244.0.7' }], qosClass: 'BestEffort' });
    expect(servedForm(full).status).toBe(full.status);
    const d = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: {}, status: { replicas: 1 } } as unknown as Deployment;
    expect(servedForm(d)).toBe(d);
    const ns = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'a' } } as unknown as Namespace;
    expect(servedForm(ns)).toBe(ns);
  });

  it('serves a workload its controller has not written a status for yet with status {}, as Go encodes the struct', () => {
    const d = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: {} } as unknown as Deployment;
    const served = servedForm(d);
    expect(served).toEqual({ ...d, status: {} });
    expect(Object.keys(served)).toEqual(['apiVersion', 'kind', 'metadata', 'spec', 'status']);
  });

  it("serves a pod's spec with the defaults and admissions a cluster stores, and a template's with its defaults", () => {
    const p = { ...pod(undefined), metadata: { name: 'p', uid: 'u-1' } };
    const spec = servedForm(p).spec as ServedPodSpec;
    const token = tokenVolumeName('u-1');
    expect(token).toMatch(/^kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(spec).toMatchObject({ dnsPolicy: 'ClusterFirst', enableServiceLinks: true, priority: 0, preemptionPolicy: 'PreemptLowerPriority', securityContext: {}, serviceAccount: 'default', serviceAccountName: 'default' });
    expect(spec.volumes?.map((v) => v.name)).toEqual([token]);
    expect(spec.containers[0]).toEqual({
      name: 'c',
      image: 'x',
      resources: {},
      terminationMessagePath: '/dev/termination-log',
      terminationMessagePolicy: 'File',
      volumeMounts: [{ mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', name: token, readOnly: true }],
    });
    const d = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { template: { spec: { containers: [{ name: 'c', image: 'x' }] } } } } as unknown as Deployment;
    const t = servedForm(d).spec.template.spec as ServedPodSpec;
    expect(t).toEqual({ containers: [{ name: 'c', image: 'x', resources: {}, terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File' }], dnsPolicy: 'ClusterFirst', securityContext: {} });
  });
  it('makes one served form per stored pod, and leaves the stored pod unchanged', () => {
    const p = pod({ podIP: '10.244.0.7', hostIP: '172.18.0.3' });
    expect(servedForm(p)).toBe(servedForm(p));
    expect(p.status).toEqual({ podIP: '10.244.0.7', hostIP: '172.18.0.3' });
  });
});
