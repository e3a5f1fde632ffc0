import { describe, expect, it } from 'vitest';
import type { Service, ServicePort } from '../api/policyTypes.ts';
import { seedPrng } from '../lib/prng.ts';
import { allocateNodePorts, allocateServiceIP, NodePortMax, NodePortMin, serviceUpdate } from './createPolicy.ts';
import { setDefaultsService } from './defaultsPolicy.ts';
import { validateService } from './validationPolicy.ts';
import { fieldErrorString } from '../apimachinery/fieldErrors.ts';

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

  const allocated = (s: Service, stored: Service[] = [], seed = 7): Service => {
    const a = allocateServiceIP(s, stored, seedPrng(seed));
    if ('error' in a) throw new Error(a.error.message);
    return a.object;
  };

  it('avoids the node ports of the Services already stored', () => {
    const first = allocated(svc('NodePort', [{ port: 80 }]));
    const second = allocated(svc('NodePort', [{ port: 80 }]), [first]);
    expect(second.spec.ports?.[0]?.nodePort).not.toBe(first.spec.ports?.[0]?.nodePort);
    expect(second.spec.clusterIP).not.toBe(first.spec.clusterIP);
  });

  it.each([
    [32768, 'The Service "s" is invalid: spec.ports[0].nodePort: Invalid value: 32768: provided port is not in the valid range. The range of valid ports is 30000-32767'],
    [30080, 'The Service "s" is invalid: spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated'],
  ])('refuses a node port asked for by number, %i, in the allocator’s words', (nodePort, message) => {
    const holder = allocated(svc('NodePort', [{ port: 80, nodePort: 30080 }]));
    const a = allocateServiceIP(svc('NodePort', [{ port: 81, nodePort }]), [holder], seedPrng(1));
    expect('error' in a ? a.error.message : null).toBe(message);
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

describe('validateService and node ports', () => {
  it.each([
    ['a node port on a ClusterIP Service', svc('ClusterIP', [{ port: 80, nodePort: 30080 }]), ["spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'"]],
    ['one node port twice for one protocol', svc('NodePort', [{ name: 'a', port: 80, nodePort: 30080 }, { name: 'b', port: 81, nodePort: 30080 }]), ['spec.ports[1].nodePort: Duplicate value: 30080']],
    ['one node port for TCP and UDP', svc('NodePort', [{ name: 'a', port: 53, nodePort: 30053, protocol: 'TCP' }, { name: 'b', port: 53, nodePort: 30053, protocol: 'UDP' }]), []],
    // validateServicePort (pkg/apis/core/validation): a name each when there are several, a DNS-1123 label, once.
    ['two ports without names', svc('ClusterIP', [{ port: 80 }, { port: 0 }]), ['spec.ports[0].name: Required value', 'spec.ports[1].name: Required value', 'spec.ports[1].port: Invalid value: 0: must be between 1 and 65535, inclusive']],
    ['one name twice', svc('ClusterIP', [{ name: 'http', port: 80 }, { name: 'http', port: 81 }]), ['spec.ports[1].name: Duplicate value: "http"']],
    [
      'a name that is no DNS-1123 label',
      svc('ClusterIP', [{ name: 'Web', port: 80 }]),
      ["spec.ports[0].name: Invalid value: \"Web\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"],
    ],
  ])('says what is wrong with %s', (_what, s, want) => {
    expect(validateService(s).map(fieldErrorString)).toEqual(want);
  });
});

describe('allocateServiceIP over a store', () => {
  it('reads the stored Services from an iterator for both their addresses and their node ports', () => {
    const stored = new Map<string, Service>();
    for (let i = 0; i < 3; i++) {
      const a = allocateServiceIP(svc('NodePort', [{ port: 80, nodePort: 30080 + i }]), stored.values(), seedPrng(i + 1));
      if ('error' in a) throw new Error(a.error.message);
      stored.set(`s${i}`, a.object);
    }
    const again = allocateServiceIP(svc('NodePort', [{ port: 80, nodePort: 30081 }]), stored.values(), seedPrng(9));
    expect('error' in again ? again.error.message : null).toBe('The Service "s" is invalid: spec.ports[0].nodePort: Invalid value: 30081: provided port is already allocated');
  });
});

describe('serviceUpdate', () => {
  const stored = (type: string, ports: ServicePort[]): Service => ({ ...svc(type, ports), spec: { ...svc(type, ports).spec, clusterIP: '10.96.7.7', clusterIPs: ['10.96.7.7'] } });
  it.each<[string, Service, Service, Partial<Service['spec']>]>([
    ['keeps the ClusterIP an update leaves out', stored('ClusterIP', [{ port: 80 }]), svc('ClusterIP', [{ port: 81 }]), { clusterIP: '10.96.7.7', ports: [{ port: 81 }] }],
    [
      'clears the node ports of a switch to ClusterIP that left them as they were',
      stored('NodePort', [{ name: 'http', port: 80, nodePort: 30080 }]),
      svc('ClusterIP', [{ name: 'http', port: 80, nodePort: 30080 }]),
      { type: 'ClusterIP', ports: [{ name: 'http', port: 80 }] },
    ],
    [
      'keeps a node port a switch to ClusterIP changed (validation refuses it)',
      stored('NodePort', [{ name: 'http', port: 80, nodePort: 30080 }]),
      svc('ClusterIP', [{ name: 'http', port: 80, nodePort: 30099 }]),
      { ports: [{ name: 'http', port: 80, nodePort: 30099 }] },
    ],
    [
      'gives a port that left its node port out the one its namesake had',
      stored('NodePort', [{ name: 'http', port: 80, nodePort: 30080 }, { name: 'admin', port: 81, nodePort: 30081 }]),
      svc('NodePort', [{ name: 'http', port: 8080 }, { name: 'admin', port: 81, nodePort: 30080 }]),
      { ports: [{ name: 'http', port: 8080 }, { name: 'admin', port: 81, nodePort: 30080 }] },
    ],
    [
      'gives back a namesake’s node port no other port holds',
      stored('NodePort', [{ name: 'http', port: 80, nodePort: 30080 }]),
      svc('NodePort', [{ name: 'http', port: 8080 }]),
      { ports: [{ name: 'http', port: 8080, nodePort: 30080 }] },
    ],
  ])('%s', (_what, cur, next, want) => {
    expect(serviceUpdate(cur, next).spec).toMatchObject(want);
    if (want.ports) expect(serviceUpdate(cur, next).spec.ports).toEqual(want.ports);
  });
});
