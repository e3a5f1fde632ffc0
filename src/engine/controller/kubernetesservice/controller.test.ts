import { describe, expect, it } from 'vitest';
import type { Endpoints, EndpointSlice } from '../../api/discoveryTypes.ts';
import type { Service } from '../../api/policyTypes.ts';
import type { TickRecord } from '../../client/tick.ts';
import { createEngine, runUntil } from '../../sim.ts';
import { kubectl, settledCluster, testConfig, webDeployment } from '../../sim/executeTestEngine.ts';
import { kubernetesServiceObjects, nextEndpointInterval, updateEndpointSlice, updateEndpoints } from './controller.ts';

describe('kubernetesServiceObjects', () => {
  it('is the Service, Endpoints and slice the API server writes: 10.96.0.1:443 to its own 172.18.0.2:6443', () => {
    const [svc, ep, slice] = kubernetesServiceObjects();
    expect(svc.metadata).toEqual({ name: 'kubernetes', namespace: 'default', labels: { component: 'apiserver', provider: 'kubernetes' } });
    expect(svc.spec).toEqual({
      clusterIP: '10.96.0.1',
      clusterIPs: ['10.96.0.1'],
      internalTrafficPolicy: 'Cluster',
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
      ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }],
      sessionAffinity: 'None',
      type: 'ClusterIP',
    });
    expect(svc.spec.selector).toBeUndefined();
    expect(ep.metadata.labels).toEqual({ 'endpointslice.kubernetes.io/skip-mirror': 'true' });
    expect(ep.subsets).toEqual([{ addresses: [{ ip: '172.18.0.2' }], ports: [{ name: 'https', port: 6443, protocol: 'TCP' }] }]);
    // No managed-by label: the EndpointSlice controller leaves it alone; kube-proxy reads it.
    expect(slice.metadata.labels).toEqual({ 'kubernetes.io/service-name': 'kubernetes' });
    expect(slice.endpoints).toEqual([{ addresses: ['172.18.0.2'], conditions: { ready: true } }]);
  });
});

describe('updateEndpoints', () => {
  it.each([
    ['missing', undefined, [{ name: 'https', port: 6443, protocol: 'TCP' }]],
    ['with ports of its own', { ports: [{ name: 'x', port: 1, protocol: 'TCP' }] }, [{ name: 'x', port: 1, protocol: 'TCP' }]],
    ['with no ports', { ports: [] }, [{ name: 'https', port: 6443, protocol: 'TCP' }]],
  ])('keeps the ports of an Endpoints %s only when it has some (reconcilePorts false)', (_n, subset, ports) => {
    const cur: Endpoints | undefined = subset === undefined ? undefined : { apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'kubernetes', namespace: 'default', labels: { a: 'b' } }, subsets: [{ addresses: [{ ip: '1.2.3.4' }], ...subset }] };
    const ep = updateEndpoints(cur, ['172.18.0.2']);
    expect(ep.subsets).toEqual([{ addresses: [{ ip: '172.18.0.2' }], ports }]);
    // Its labels are the skip-mirror label only, whatever it had.
    expect(ep.metadata.labels).toEqual({ 'endpointslice.kubernetes.io/skip-mirror': 'true' });
  });

  it('puts the addresses back in a slice, keeping its ports', () => {
    const cur: EndpointSlice = {
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
      metadata: { name: 'kubernetes', namespace: 'default', labels: { 'kubernetes.io/service-name': 'kubernetes', extra: 'x' } },
      addressType: 'IPv4',
      endpoints: [],
      ports: [{ name: 'https', port: 6443, protocol: 'TCP' }],
    };
    const s = updateEndpointSlice(cur, ['172.18.0.2']);
    expect(s.endpoints).toEqual([{ addresses: ['172.18.0.2'], conditions: { ready: true } }]);
    expect(s.metadata.labels).toEqual({ 'kubernetes.io/service-name': 'kubernetes' });
  });
});

describe('nextEndpointInterval', () => {
  it.each([
    [0, 10_000],
    [9_999, 10_000],
    [10_000, 20_000],
    [25_300, 30_000],
  ])('runs the loop after %i ms at %i ms (every 10 s from the API server start)', (now, at) => {
    expect(nextEndpointInterval(now)).toBe(at);
  });
});

describe('updateKubernetesService', () => {
  it('stores the three objects at t = 0 after the namespaces, with no tick and no controller sync', () => {
    const st = createEngine(testConfig([webDeployment(2)]));
    const ticks: TickRecord[] = [];
    runUntil(st, 20_000, (t) => ticks.push(t));
    const svc = st.store.objects.Service.get('default/kubernetes') as Service;
    const ep = st.store.objects.Endpoints.get('default/kubernetes') as Endpoints;
    const slice = st.store.objects.EndpointSlice.get('default/kubernetes') as EndpointSlice;
    // default, kube-node-lease, kube-public, kube-system are 1–4.
    expect([svc, ep, slice].map((o) => o.metadata.resourceVersion)).toEqual(['5', '6', '7']);
    expect(svc.metadata.creationTimestamp).toBe(ep.metadata.creationTimestamp);
    expect(ticks.filter((t) => t.actor.startsWith('endpoint') || t.actor === 'kube-apiserver')).toEqual([]);
    // kube-proxy lists them at start: its rules send 10.96.0.1:443 to the API server.
    expect(st.proxy.rules.get('default/kubernetes')?.endpoints.map((e) => e.endpoint)).toEqual(['172.18.0.2:6443']);
  });

  it('creates service/kubernetes again at the loop’s next 10 s mark after a delete, with the same ClusterIP and a new uid', () => {
    const st = settledCluster([webDeployment(2)], 25);
    const before = st.store.objects.Service.get('default/kubernetes');
    expect(kubectl(st, 'delete svc kubernetes').output).toBe('service "kubernetes" deleted from default namespace');
    // Deleted twice within one period (a second delete finds nothing): one run queued.
    expect(kubectl(st, 'delete svc kubernetes').ok).toBe(false);
    const ticks: TickRecord[] = [];
    runUntil(st, 40_000, (t) => ticks.push(t));
    const runs = ticks.filter((t) => t.actor === 'kube-apiserver');
    expect(runs.map((t) => t.time)).toEqual([30_000]);
    const run = runs[0] as TickRecord;
    // The Endpoints controller deleted the Endpoints of the deleted Service, as upstream's syncService
    // does for any Service; no one deletes the slice (no owner, no managed-by label).
    const endpointsDeleted = ticks.find((t) => t.actor === 'endpoint-controller' && t.writes.some((w) => w.type === 'DELETED'));
    expect(endpointsDeleted?.time).toBeLessThan(30_000);
    expect(run.writes.map((w) => [w.type, w.object.kind, w.object.metadata.name])).toEqual([
      ['ADDED', 'Service', 'kubernetes'],
      ['ADDED', 'Endpoints', 'kubernetes'],
    ]);
    expect(run.decisions.map((d) => d.key)).toEqual(['serviceCreated', 'endpointsSynced']);
    expect(run.decisions[1]?.values).toMatchObject({ endpoints: 'created', slice: 'kept', deleted: 0 });
    expect(run.summary).toContain('the API server checked service/kubernetes, its Endpoints and its EndpointSlice: 2 writes');
    const after = st.store.objects.Service.get('default/kubernetes') as Service;
    expect(after.spec.clusterIP).toBe('10.96.0.1');
    expect(after.metadata.uid).not.toBe(before?.metadata.uid);
    st.now = 40_000;
    expect(kubectl(st, 'get svc kubernetes').output).toMatch(/^NAME\s+TYPE\s+CLUSTER-IP\s+EXTERNAL-IP\s+PORT\(S\)\s+AGE\nkubernetes\s+ClusterIP\s+10\.96\.0\.1\s+<none>\s+443\/TCP\s+10s$/);
  });
});
