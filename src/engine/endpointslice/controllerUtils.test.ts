import { describe, expect, it } from 'vitest';
import type { EndpointPod } from '../api/discoveryTypes.ts';
import { podEndpointsChanged, podIPsOf } from './controllerUtils.ts';

function pod(status: EndpointPod['status']): EndpointPod {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [] }, status } as EndpointPod;
}

describe('podIPsOf', () => {
  const cases: { name: string; status: EndpointPod['status']; want: string[] }[] = [
    { name: 'reads podIPs when the pod has them', status: { podIP: '10.0.0.1', podIPs: [{ ip: '10.0.0.1' }, { ip: 'fd00::1' }] }, want: ['10.0.0.1', 'fd00::1'] },
    { name: 'fills podIPs[0] from podIP when podIPs is absent', status: { podIP: '10.0.0.7' }, want: ['10.0.0.7'] },
    { name: 'keeps an empty podIPs as written', status: { podIP: '10.0.0.7', podIPs: [] }, want: [] },
    { name: 'gives none when the pod has no IP', status: { podIP: '' }, want: [] },
    { name: 'gives none without a status', status: undefined, want: [] },
  ];
  for (const tc of cases) {
    it(`${tc.name}`, () => {
      expect(podIPsOf(pod(tc.status)).map((p) => p.ip)).toEqual(tc.want);
    });
  }
});

describe('podEndpointsChanged', () => {
  it('does not count podIP and the same podIPs[0] as a change', () => {
    expect(podEndpointsChanged(pod({ podIP: '10.0.0.7' }), pod({ podIP: '10.0.0.7', podIPs: [{ ip: '10.0.0.7' }] }))).toEqual([false, false]);
  });
  it('counts a new podIP as a change when podIPs is absent', () => {
    expect(podEndpointsChanged(pod({ podIP: '10.0.0.7' }), pod({ podIP: '10.0.0.8' }))).toEqual([true, false]);
  });
  it('counts a pod getting its first IP as a change', () => {
    expect(podEndpointsChanged(pod({}), pod({ podIP: '10.0.0.8' }))).toEqual([true, false]);
  });
});
