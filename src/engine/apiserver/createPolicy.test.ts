import { describe, expect, it } from 'vitest';
import type { Service, ServicePort } from '../api/policyTypes.ts';
import { seedPrng } from '../lib/prng.ts';
import { allocateNodePorts, allocateServiceIP, NodePortMax, NodePortMin } from './createPolicy.ts';
import { setDefaultsService } from './defaultsPolicy.ts';

const svc = (type: string, ports: ServicePort[], extra: Partial<Service['spec']> = {}): Service => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 's' },
  spec: { type, selector: { app: 'web' }, ports, ...extra },
});

describe('allocateNodePorts', () => {
  it.each([
    ['a ClusterIP Service', 'ClusterIP', {}, false],
    ['a NodePort Service', 'NodePort', {}, true],
    ['a LoadBalancer Service', 'LoadBalancer', {}, true],
    ['a LoadBalancer Service with allocateLoadBalancerNodePorts false', 'LoadBalancer', { allocateLoadBalancerNodePorts: false }, false],
  ] as const)('gives node ports to %s: %s', (_what, type, extra, want) => {
    const out = allocateNodePorts(svc(type, [{ port: 80 }], extra), new Set(), seedPrng(1));
    expect(out.spec.ports?.[0]?.nodePort !== undefined).toBe(want);
  });

  it('draws from above the static band (30086-32767), shares a port number between protocols, and keeps a port asked for', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const out = allocateNodePorts(
        svc('NodePort', [{ port: 80 }, { name: 'dns', port: 53, protocol: 'UDP' }, { name: 'dnstcp', port: 53, protocol: 'TCP' }, { name: 'fixed', port: 8080, nodePort: 30001 }]),
        new Set(),
        seedPrng(seed),
      );
      const [a, b, c, d] = (out.spec.ports ?? []).map((p) => p.nodePort ?? 0);
      expect(a).toBeGreaterThanOrEqual(NodePortMin + 86);
      expect(a).toBeLessThanOrEqual(NodePortMax);
      expect(b).toBe(c);
      expect(b).not.toBe(a);
      expect(d).toBe(30001);
    }
  });

  it('takes the next free port when the one drawn is taken, and the static band once the upper one is full', () => {
    const upper = new Set<number>();
    for (let p = NodePortMin + 86; p <= NodePortMax; p++) upper.add(p);
    const out = allocateNodePorts(svc('NodePort', [{ port: 80 }]), upper, seedPrng(3));
    expect(out.spec.ports?.[0]?.nodePort).toBeGreaterThanOrEqual(NodePortMin);
    expect(out.spec.ports?.[0]?.nodePort).toBeLessThan(NodePortMin + 86);
  });

  it('avoids the node ports of the Services already stored', () => {
    const first = allocateServiceIP(svc('NodePort', [{ port: 80 }]), [], seedPrng(7));
    const second = allocateServiceIP(svc('NodePort', [{ port: 80 }]), [first], seedPrng(7));
    expect(second.spec.ports?.[0]?.nodePort).not.toBe(first.spec.ports?.[0]?.nodePort);
    expect(second.spec.clusterIP).not.toBe(first.spec.clusterIP);
  });
});

describe('setDefaultsService', () => {
  it.each<[string, Partial<Service['spec']>, { externalTrafficPolicy: string | undefined; allocateLoadBalancerNodePorts: boolean | undefined }]>([
    ['ClusterIP', {}, { externalTrafficPolicy: undefined, allocateLoadBalancerNodePorts: undefined }],
    ['ClusterIP', { externalIPs: ['1.2.3.4'] }, { externalTrafficPolicy: 'Cluster', allocateLoadBalancerNodePorts: undefined }],
    ['NodePort', {}, { externalTrafficPolicy: 'Cluster', allocateLoadBalancerNodePorts: undefined }],
    ['LoadBalancer', {}, { externalTrafficPolicy: 'Cluster', allocateLoadBalancerNodePorts: true }],
    ['NodePort', { externalTrafficPolicy: 'Local' }, { externalTrafficPolicy: 'Local', allocateLoadBalancerNodePorts: undefined }],
  ])('defaults a %s Service with %j', (type, extra, want) => {
    const s = setDefaultsService(svc(type, [{ port: 80 }], extra)).spec;
    expect({ externalTrafficPolicy: s.externalTrafficPolicy, allocateLoadBalancerNodePorts: s.allocateLoadBalancerNodePorts }).toEqual(want);
  });

  it.each([undefined, 0, ''] as const)('sets targetPort to the port when it is %j', (targetPort) => {
    const port: ServicePort = targetPort === undefined ? { port: 80 } : { port: 80, targetPort };
    expect(setDefaultsService(svc('ClusterIP', [port])).spec.ports?.[0]?.targetPort).toBe(80);
  });
});
