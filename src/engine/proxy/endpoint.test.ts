import { describe, expect, it } from 'vitest';
import type { EndpointSlice } from '../api/discoveryTypes.ts';
import { endpointsMapForService, kubeProxySelects } from './endpoint.ts';

const slice = (name: string, endpoints: EndpointSlice['endpoints']): EndpointSlice => ({
  apiVersion: 'discovery.k8s.io/v1',
  kind: 'EndpointSlice',
  metadata: { name, namespace: 'default', labels: { 'kubernetes.io/service-name': 'web' } },
  addressType: 'IPv4',
  ports: [{ name: 'http', port: 8080, protocol: 'TCP' }],
  endpoints,
});

describe('endpointsMapForService', () => {
  it('reads nil conditions as ready and serving, not terminating', () => {
    const m = endpointsMapForService([slice('web-a', [{ addresses: ['10.0.0.2'], conditions: {} }])], 'node-1');
    expect(m.get('default/web:http/TCP')?.[0]).toMatchObject({ endpoint: '10.0.0.2:8080', ready: true, serving: true, terminating: false });
  });
  it('merges slices, keeps the local copy of a duplicate and sorts by ip:port', () => {
    const m = endpointsMapForService(
      [
        slice('web-a', [{ addresses: ['10.0.0.9'], conditions: { ready: true } }, { addresses: ['10.0.0.1'], conditions: { ready: false }, nodeName: 'node-2' }]),
        slice('web-b', [{ addresses: ['10.0.0.1'], conditions: { ready: false }, nodeName: 'node-1' }]),
      ],
      'node-1',
    );
    const list = m.get('default/web:http/TCP') ?? [];
    expect(list.map((e) => [e.endpoint, e.isLocal])).toEqual([
      ['10.0.0.1:8080', true],
      ['10.0.0.9:8080', false],
    ]);
  });
  it('leaves out a placeholder slice (no ports) entirely', () => {
    expect(endpointsMapForService([{ ...slice('web-p', []), ports: [] }], 'node-1').size).toBe(0);
  });
});

describe('kubeProxySelects', () => {
  it('skips the slices of a headless Service and of Services another proxy owns', () => {
    expect([
      kubeProxySelects({ 'kubernetes.io/service-name': 'web' }),
      kubeProxySelects({ 'service.kubernetes.io/headless': '' }),
      kubeProxySelects({ 'service.kubernetes.io/service-proxy-name': 'other' }),
    ]).toEqual([true, false, false]);
  });
});
