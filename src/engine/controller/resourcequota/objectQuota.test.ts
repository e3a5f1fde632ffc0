import { describe, expect, it } from 'vitest';
import type { ResourceQuota, Service } from '../../api/policyTypes.ts';
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import type { TickRecord } from '../../client/tick.ts';
import { pvcUsage, serviceUsage } from '../../quota/evaluator/objects.ts';
import { toResourceList } from '../../quota/resources.ts';
import { createEngine, runUntil } from '../../sim.ts';
import { kubectl } from '../../sim/executeTestEngine.ts';
import { parseScenarioText } from '../../../scenario/parse.ts';
import { toSimConfig } from '../../../scenario/toSimConfig.ts';

const svc = (type: string, ports: number): Service => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 's' },
  spec: { type, ports: Array.from({ length: ports }, (_, i) => ({ port: 80 + i })) },
});

describe('serviceUsage', () => {
  it.each([
    ['ClusterIP', 2, { 'count/services': '1', services: '1', 'services.loadbalancers': '0', 'services.nodeports': '0' }],
    ['NodePort', 2, { 'count/services': '1', services: '1', 'services.loadbalancers': '0', 'services.nodeports': '2' }],
    ['LoadBalancer', 1, { 'count/services': '1', services: '1', 'services.loadbalancers': '1', 'services.nodeports': '1' }],
  ])('counts a %s Service with %i ports', (type, ports, usage) => {
    expect(toResourceList(serviceUsage(svc(type, ports)))).toEqual(usage);
  });
});

describe('pvcUsage', () => {
  it('counts a claim, its storage request, and both again under its class', () => {
    const claim = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'c' }, spec: { storageClassName: 'standard', resources: { requests: { storage: '1Gi' } } } } as PersistentVolumeClaimObject;
    expect(toResourceList(pvcUsage(claim))).toEqual({
      'count/persistentvolumeclaims': '1',
      persistentvolumeclaims: '1',
      'requests.storage': '1Gi',
      'standard.storageclass.storage.k8s.io/persistentvolumeclaims': '1',
      'standard.storageclass.storage.k8s.io/requests.storage': '1Gi',
    });
  });
});

function run(text: string, untilMs: number) {
  const r = parseScenarioText(text);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  const st = createEngine(toSimConfig(r.value));
  const ticks: TickRecord[] = [];
  runUntil(st, untilMs, (t) => ticks.push(t));
  st.now = untilMs;
  return { st, ticks };
}

const quota = (hard: string) => `  - apiVersion: v1
    kind: ResourceQuota
    metadata: { name: q }
    spec: { hard: { ${hard} } }
`;

describe('syncResourceQuota with Services and claims', () => {
  it('counts service/kubernetes and the scenario’s Service, refuses one more and gives it back on delete', () => {
    const { st } = run(
      `version: 1
name: t
cluster: { nodes: 1 }
objects:
${quota('services: "2"')}  - apiVersion: v1
    kind: Service
    metadata: { name: web }
    spec: { selector: { app: web }, ports: [{ port: 80 }] }
`,
      5_000,
    );
    const used = () => (st.store.objects.ResourceQuota.get('default/q') as ResourceQuota).status?.used;
    expect(used()).toEqual({ services: '2' });
    const more = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'api' }, spec: { selector: { app: 'api' }, ports: [{ port: 80 }] } };
    expect(kubectl(st, 'apply -f -', more).output).toBe('Error from server (Forbidden): error when creating "STDIN": services "api" is forbidden: exceeded quota: q, requested: services=1, used: services=2, limited: services=2');
    expect(kubectl(st, 'delete svc web').ok).toBe(true);
    runUntil(st, 10_000);
    expect(used()).toEqual({ services: '1' });
  });

  it('stops a StatefulSet at the claim the storage quota refuses, with the controller’s FailedCreate Event', () => {
    const { st, ticks } = run(
      `version: 1
name: t
cluster: { nodes: 2 }
objects:
${quota('requests.storage: 2Gi, persistentvolumeclaims: "5"')}  - apiVersion: apps/v1
    kind: StatefulSet
    metadata: { name: web }
    spec:
      replicas: 3
      serviceName: web
      podManagementPolicy: Parallel
      selector: { matchLabels: { app: web } }
      template:
        metadata: { labels: { app: web } }
        spec: { containers: [{ name: web, image: "web:1" }] }
      volumeClaimTemplates:
        - metadata: { name: data }
          spec: { accessModes: [ReadWriteOnce], resources: { requests: { storage: 1Gi } } }
`,
      30_000,
    );
    expect([...st.store.objects.PersistentVolumeClaim.keys()].sort()).toEqual(['default/data-web-0', 'default/data-web-1']);
    expect((st.store.objects.ResourceQuota.get('default/q') as ResourceQuota).status?.used).toEqual({ persistentvolumeclaims: '2', 'requests.storage': '2Gi' });
    const failed = ticks.flatMap((t) => t.writes).find((w) => w.object.kind === 'Event' && (w.object as { reason?: string }).reason === 'FailedCreate');
    expect((failed?.object as { message?: string } | undefined)?.message).toBe(
      'create Claim data-web-2 for Pod web-2 in StatefulSet web failed error: persistentvolumeclaims "data-web-2" is forbidden: exceeded quota: q, requested: requests.storage=1Gi, used: requests.storage=2Gi, limited: requests.storage=2Gi',
    );
    expect([...st.store.objects.Pod.keys()].sort()).toEqual(['default/web-0', 'default/web-1']);
  });
});
