// The Endpoints controller's tables (endpoints_controller_test.go, v1.34+ era) as data in
// tests/conformance/endpoint, run against syncService's plan.
import { describe, expect, it } from 'vitest';
import file from '../../../../tests/conformance/endpoint/k8s-endpoints-cases.json';
import type { EndpointAddress, EndpointPod, Endpoints, EndpointService, EndpointSubset } from '../../api/discoveryTypes.ts';
import { EndpointsOverCapacity } from '../../api/discoveryTypes.ts';
import { podToEndpointAddressForService, syncService, truncateEndpoints } from './endpointsController.ts';

interface EpCase {
  source: string;
  function: string;
  input: Record<string, unknown>;
  expected: Record<string, unknown>;
}
type Spec = Record<string, unknown>;
const ALL = (file as unknown as { cases: EpCase[] }).cases;
const casesFor = (fn: string): (readonly [string, EpCase])[] => ALL.filter((c) => c.function === fn).map((c) => [c.source, c] as const);

/** testPod(namespace, id, nPorts, isReady): pod<id>, label foo=bar, ports port<j> = 8080+j, IP 1.2.<3+(4+id)/256>.<(4+id)%256>. */
function testPod(ns: string, id: number, nPorts: number, ready: boolean): EndpointPod {
  const ip = `1.2.${3 + Math.floor((4 + id) / 256)}.${(4 + id) % 256}`;
  const ports = Array.from({ length: nPorts }, (_, j) => ({ name: `port${j}`, containerPort: 8080 + j }));
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { namespace: ns, name: `pod${id}`, labels: { foo: 'bar' }, resourceVersion: String(id) },
    spec: { containers: [{ name: '', image: '', ports }] },
    status: { conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }], podIPs: [{ ip }], podIP: ip },
  };
}

function buildPods(specs: Spec[]): EndpointPod[] {
  const pods: EndpointPod[] = [];
  for (const s of specs) {
    if (s.testPod) {
      const [ns, id, nPorts, ready] = s.testPod as [string, number, number, boolean];
      const p = testPod(ns, id, nPorts, ready);
      pods.push(s.resourceVersion ? { ...p, metadata: { ...p.metadata, resourceVersion: s.resourceVersion as string } } : p);
    } else if (s.addPods) {
      const [ns, n, nPorts, notReady] = s.addPods as [string, number, number, number];
      for (let i = 0; i < n + notReady; i++) pods.push(testPod(ns, i, nPorts, i < n));
    } else if (s.notReadyWithPolicy) {
      const [ns, n, nPorts, policy, phase] = s.notReadyWithPolicy as [string, number, number, string, 'Failed' | 'Succeeded'];
      for (let i = 0; i < n; i++) {
        const ports = Array.from({ length: nPorts }, (_, j) => ({ name: `port${j}`, containerPort: 8080 + j }));
        pods.push({
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { namespace: ns, name: `pod${i}`, labels: { foo: 'bar' } },
          spec: { restartPolicy: policy, containers: [{ name: '', image: '', ports }] },
          status: { podIP: `1.2.3.${4 + i}`, phase, conditions: [{ type: 'Ready', status: 'False' }] },
        });
      }
    }
  }
  return pods;
}

function buildService(ns: string, s: Spec | null): EndpointService | undefined {
  if (!s) return undefined;
  return { apiVersion: 'v1', kind: 'Service', metadata: { name: s.name as string, namespace: ns, labels: s.labels as Record<string, string> | undefined }, spec: s.spec as EndpointService['spec'] };
}

function buildExisting(e: Spec | null): Endpoints | undefined {
  if (!e) return undefined;
  const ep: Endpoints = { apiVersion: 'v1', kind: 'Endpoints', metadata: { name: e.name as string, namespace: e.namespace as string, resourceVersion: e.resourceVersion as string } };
  if (e.labels) ep.metadata.labels = e.labels as Record<string, string>;
  if (e.subsets) ep.subsets = e.subsets as EndpointSubset[];
  return ep;
}

/** canon drops what the JSON encoding omits: undefined, empty strings in targetRef, empty lists and maps. */
function canon(v: unknown): unknown {
  if (Array.isArray(v)) return v.length === 0 ? undefined : v.map(canon);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const c = canon(x);
      if (c !== undefined && !(k === 'uid' && c === '')) out[k] = c;
    }
    return Object.keys(out).length === 0 ? undefined : out;
  }
  return v;
}

describe('syncService (Endpoints)', () => {
  it.each(casesFor('syncService'))('%s', (_, c) => {
    const ns = c.input.namespace as string;
    const pods = buildPods(c.input.pods as Spec[]).filter((p) => p.metadata.namespace === ns);
    const w = syncService('foo', buildService(ns, c.input.service as Spec | null), pods, buildExisting(c.input.existing as Spec | null), undefined);
    expect(w.verb).toBe(c.expected.verb);
    const want = c.expected.endpoints as Spec | undefined;
    if (want && (w.verb === 'create' || w.verb === 'update')) {
      expect(w.endpoints.metadata.labels).toEqual(want.labels);
      expect(canon(w.endpoints.subsets)).toEqual(canon(want.subsets));
      expect(canon(w.endpoints.metadata.annotations)).toBeUndefined();
    }
  });
});

describe('syncService over capacity', () => {
  it.each(casesFor('syncServiceOverCapacity'))('%s', (_, c) => {
    const i = c.input as { startingAnnotation: string | null; numExisting: number; numDesired: number; numDesiredNotReady: number };
    const pods: EndpointPod[] = [];
    for (let k = 0; k < i.numDesired + i.numDesiredNotReady; k++) pods.push(testPod('test', k, 1, k < i.numDesired));
    const svc: EndpointService = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'foo', namespace: 'test' }, spec: { selector: { foo: 'bar' }, ports: [{ port: 80 }], ipFamilies: ['IPv4'] } };
    const addresses = pods.slice(0, i.numExisting).map((p) => podToEndpointAddressForService(svc, p) as EndpointAddress);
    const existing: Endpoints = { apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'foo', namespace: 'test', resourceVersion: '1', annotations: {} }, subsets: [{ addresses }] };
    if (i.startingAnnotation !== null) existing.metadata.annotations = { [EndpointsOverCapacity]: i.startingAnnotation };
    const w = syncService('test/foo', svc, pods, existing, undefined);
    const result = w.verb === 'create' || w.verb === 'update' ? w.endpoints : existing;
    const count = (f: 'addresses' | 'notReadyAddresses'): number => (result.subsets ?? []).reduce((n, s) => n + (s[f]?.length ?? 0), 0);
    expect([count('addresses'), count('notReadyAddresses')]).toEqual([c.expected.numExpectedReady, c.expected.numExpectedNotReady]);
    const ann = result.metadata.annotations?.[EndpointsOverCapacity];
    expect(ann === undefined ? false : ann === 'truncated' ? true : ann).toBe(c.expected.expectedAnnotation);
  });
});

describe('truncateEndpoints', () => {
  it.each(casesFor('truncateEndpoints'))('%s', (_, c) => {
    const ready = c.input.subsetsReady as number[];
    const notReady = c.input.subsetsNotReady as number[];
    const empty = (n: number): EndpointAddress[] => Array.from({ length: n }, () => ({ ip: '' }));
    const subsets = ready.map((r, k) => ({ addresses: empty(r), notReadyAddresses: empty(notReady[k] ?? 0) }));
    const out = truncateEndpoints(subsets).subsets;
    expect(out.map((s) => s.addresses?.length ?? 0)).toEqual(c.expected.ready);
    expect(out.map((s) => s.notReadyAddresses?.length ?? 0)).toEqual(c.expected.notReady);
  });
});

describe('endpoints conformance', () => {
  it('reads every transcribed case', () => {
    console.log(`conformance endpoint: ${ALL.length} cases`);
    expect(ALL.length).toBe(39);
  });
});
