// The reconciler's slice-placement tables (reconciler_test.go at kubernetes-1.36.3) as data in
// tests/conformance/endpointslice: each step reconciles, applies the writes to a fake store as
// upstream's fake clientset does, and checks the write counts and the resulting slice lengths.
import { describe, expect, it } from 'vitest';
import file from '../../../../tests/conformance/endpointslice/k8s-endpointslice-cases.json';
import type { Endpoint, EndpointPod, EndpointService, EndpointSlice } from '../../api/discoveryTypes.ts';
import { EndpointsLastChangeTriggerTime } from '../../api/discoveryTypes.ts';
import type { Node } from '../../api/types.ts';
import { finalize, reconcile, type SliceWrite } from './reconciler.ts';
import { merge, NOW, newEmptyEndpointSlice, newPod, newService, type SliceCase, type Spec } from './testFixtures.ts';
import { newEndpointSlice, podToEndpoint, serviceOwnerRef } from '../../endpointslice/utils.ts';

const ALL = (file as unknown as { cases: SliceCase[] }).cases;

function buildService(spec: Spec): EndpointService {
  const svc = newService((spec.name as string | undefined) ?? 'foo', 'test');
  const patch: Spec = { spec: {}, metadata: {} };
  const s = patch.spec as Spec;
  for (const k of ['publishNotReadyAddresses', 'clusterIP', 'clusterIPs']) if (k in spec) s[k] = spec[k];
  if ('ipFamilies' in spec) s.ipFamilies = spec.ipFamilies ?? undefined;
  if ('labels' in spec) (patch.metadata as Spec).labels = spec.labels;
  let out = merge(svc, patch);
  if ('ipFamilies' in spec && spec.ipFamilies === null) out = { ...out, spec: { ...out.spec, ipFamilies: undefined } };
  if ('targetPort' in spec || 'portName' in spec) {
    const p = out.spec.ports?.[0];
    const port = { ...p, port: 0, protocol: 'TCP', targetPort: (spec.targetPort as number | string | undefined) ?? p?.targetPort };
    if (spec.portName === null) delete port.name;
    out = { ...out, spec: { ...out.spec, ports: [port] } };
  }
  return out;
}

function buildPods(groups: Spec[]): EndpointPod[] {
  const pods: EndpointPod[] = [];
  for (const g of groups) {
    for (let i = g.from as number; i < (g.to as number); i++) {
      const ready = g.ready === 'i%3!=0' ? i % 3 !== 0 : (g.ready as boolean);
      let pod = newPod(i, 'test', ready, 1, false);
      if (g.podIPs) pod = merge(pod, { status: { podIPs: (g.podIPs as string[]).map((ip) => ({ ip })) } });
      if (g.hostname) pod = merge(pod, { spec: { hostname: g.hostname } });
      if (g.nodeName) pod = merge(pod, { spec: { nodeName: g.nodeName } });
      const np = g.namedPort as { name: string; base: number; mod: number } | undefined;
      if (np) {
        const ports = [{ name: np.name, containerPort: np.base + (i % np.mod), protocol: 'TCP' }];
        pod = { ...pod, spec: { ...pod.spec, containers: [{ name: 'container-1', image: '', ports }] } };
      }
      pods.push(pod);
    }
  }
  return pods;
}

function nodeOf(spec: Spec): Node {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name: spec.name as string, labels: spec.labels as Record<string, string> }, spec: {} };
}

function buildExisting(specs: Spec[], svc: EndpointService, pods: EndpointPod[], nodes: Node[]): EndpointSlice[] {
  return specs.map((e) => {
    if (e.placeholder) return newEndpointSlice(svc, [], 'IPv4', 'endpointslice-controller.k8s.io');
    let slice = newEmptyEndpointSlice(e.n as number, svc, (e.addressType as string | undefined) ?? 'IPv4');
    if (e.labels) slice = merge(slice, { metadata: { labels: e.labels } });
    if (e.ownerUID) slice = { ...slice, metadata: { ...slice.metadata, ownerReferences: [{ ...serviceOwnerRef(svc), uid: e.ownerUID as string }] } };
    const idx = e.podIndices as { from: number; to: number; step: number } | undefined;
    const endpoints: Endpoint[] = [];
    for (let i = idx?.from ?? 0; idx && i < idx.to; i += idx.step) {
      const pod = pods[i] as EndpointPod;
      // Upstream builds these with an empty Node (no zone) unless the test passes the pod's node.
      const node = e.withNodes ? (nodes.find((n) => n.metadata.name === pod.spec.nodeName) ?? nodeOf({ name: pod.spec.nodeName })) : undefined;
      endpoints.push(podToEndpoint(pod, node, svc, 'IPv4'));
    }
    return { ...slice, endpoints };
  });
}

/** apply carries the writes out on a store keyed by name, naming creates as the fake clientset does. */
function apply(store: Map<string, EndpointSlice>, writes: SliceWrite[], counter: { n: number }): void {
  for (const w of writes) {
    if (w.verb === 'delete') store.delete(w.slice.metadata.name);
    else if (w.verb === 'update') store.set(w.slice.metadata.name, w.slice);
    else {
      const name = w.slice.metadata.name || `${w.slice.metadata.generateName}${(counter.n++).toString().padStart(8, '0')}`;
      store.set(name, { ...w.slice, metadata: { ...w.slice.metadata, name } });
    }
  }
}

const count = (writes: SliceWrite[], verb: SliceWrite['verb']): number => writes.filter((w) => w.verb === verb).length;
const sorted = (a: number[]): number[] => [...a].sort((x, y) => x - y);

describe('reconcile', () => {
  it.each(ALL.filter((c) => c.function === 'reconcile').map((c) => [c.source, c] as const))('%s', (_, c) => {
    const input = c.input;
    let svc = buildService(input.service as Spec);
    const nodes = ((input.nodes as Spec[]) ?? []).map(nodeOf);
    let pods = buildPods((input.pods as Spec[]) ?? []);
    const initial = buildExisting((input.existing as Spec[]) ?? [], svc, pods, nodes);
    const after = input.afterExisting as { unreadyEvery: number; addPods: Spec[] } | undefined;
    if (after) {
      pods = pods.map((p, i) => (i % after.unreadyEvery === 0 ? merge(p, { status: { conditions: [{ type: 'Ready', status: 'False' }] } }) : p));
      pods.push(...buildPods(after.addPods));
    }
    const store = new Map(initial.map((s) => [s.metadata.name, s] as const));
    const counter = { n: 0 };
    const steps = input.steps as Spec[];
    const expected = c.expected.steps as Spec[];
    steps.forEach((step, k) => {
      if (step.servicePatch) svc = buildService({ ...(input.service as Spec), ...(step.servicePatch as Spec) });
      const existing = step.existing === 'initial' ? initial : [...store.values()];
      const r = reconcile({
        service: svc,
        pods,
        existingSlices: existing,
        getNode: (n) => nodes.find((x) => x.metadata.name === n),
        triggerTime: NOW,
        maxEndpointsPerSlice: input.maxEndpointsPerSlice as number | undefined,
      });
      if (step.existing === 'initial') {
        store.clear();
        for (const s of initial) store.set(s.metadata.name, s);
      }
      apply(store, r.writes, counter);
      const want = expected[k] as Spec;
      expect([count(r.writes, 'create'), count(r.writes, 'update'), count(r.writes, 'delete')]).toEqual([want.creates, want.updates, want.deletes]);
      const slices = [...store.values()];
      if (want.order) expect(r.writes.map((w) => w.verb)).toEqual(want.order);
      if (want.lengths) expect(sorted(slices.map((s) => s.endpoints.length))).toEqual(sorted(want.lengths as number[]));
      if (want.added !== undefined) expect(r.added).toBe(want.added);
      if (want.removed !== undefined) expect(r.removed).toBe(want.removed);
      if (want.error !== undefined) expect(r.errors.length > 0).toBe(want.error);
      if (want.allReady) for (const s of slices) for (const e of s.endpoints) expect(e.conditions.ready).toBe(true);
      if (want.addressTypes) expect([...new Set(slices.map((s) => s.addressType))]).toEqual(want.addressTypes);
      if (want.ports) {
        const first = (ports: unknown): number => (ports as { port?: number }[])[0]?.port ?? -1;
        const got = slices.map((s) => s.ports).sort((a, b) => first(a) - first(b));
        expect(got).toEqual([...(want.ports as unknown[])].sort((a, b) => first(a) - first(b)));
      }
      if (want.everySliceLabel) for (const s of slices) expect(s.metadata.labels).toMatchObject(want.everySliceLabel as object);
      if (want.endpointsByAddressType) {
        const byType = want.endpointsByAddressType as Record<string, Endpoint>;
        expect(slices.map((s) => s.addressType).sort()).toEqual(Object.keys(byType).sort());
        for (const s of slices) {
          expect(s.metadata.generateName).toBe(`${svc.metadata.name}-`);
          expect(s.metadata.labels).toEqual(want.labels);
          expect(s.metadata.annotations?.[EndpointsLastChangeTriggerTime]).toBe(NOW);
          expect(s.endpoints).toEqual([byType[s.addressType]]);
        }
      }
    });
  });
});

describe('finalize', () => {
  it.each(ALL.filter((c) => c.function === 'finalize').map((c) => [c.source, c] as const))('%s', (_, c) => {
    let svc = newService('foo', 'test');
    if (c.input.serviceDeleting) svc = merge(svc, { metadata: { deletionTimestamp: NOW } });
    const named = (name: string): EndpointSlice => ({ ...newEmptyEndpointSlice(0, svc), metadata: { name, namespace: 'test', ownerReferences: [serviceOwnerRef(svc)] } });
    const store = new Map([['to-update', named('to-update')], ['to-delete', named('to-delete')]]);
    const toUpdate = { ...named('to-update'), endpoints: [{ addresses: ['10.2.3.4'], conditions: {} }] };
    const out = { writes: [] as SliceWrite[] };
    finalize(svc, c.input.attemptCreate ? [named('to-create')] : [], c.input.attemptUpdate ? [toUpdate] : [], c.input.attemptDelete ? [named('to-delete')] : [], NOW, out);
    apply(store, out.writes, { n: 0 });
    expect([store.has('to-create'), store.has('to-update'), store.has('to-delete')]).toEqual([
      c.expected.createdSliceFound,
      c.expected.updatedSliceFound,
      c.expected.deletedSliceFound,
    ]);
    if (c.input.attemptUpdate) expect(store.get('to-update')?.endpoints.length).toBe(1);
  });
});
