import { describe, expect, it } from 'vitest';
import type { Endpoints, EndpointSlice } from '../../api/discoveryTypes.ts';
import { createEngine, runUntil } from '../../sim.ts';
import type { TickRecord } from '../../client/tick.ts';
import { parseScenarioText } from '../../../scenario/parse.ts';
import { toSimConfig } from '../../../scenario/toSimConfig.ts';

/** A 3-replica Deployment; with `service`, a Service selecting it; an image change at 30 s. */
function scenarioText(service: boolean, replicas = 3, extraActions = ''): string {
  const svc = service
    ? `  - apiVersion: v1
    kind: Service
    metadata: { name: web }
    spec:
      selector: { app: web }
      ports: [{ port: 80, targetPort: 8080 }]
`
    : '';
  return `version: 1
name: t
cluster:
  nodes: 3
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web, labels: { app: web } }
    spec:
      replicas: ${replicas}
      selector: { matchLabels: { app: web } }
      template:
        metadata: { labels: { app: web } }
        spec:
          containers:
            - { name: nginx, image: "nginx:1.8", ports: [{ containerPort: 8080 }] }
${svc}actions:
  - at: 30
    kubectl: set image deployment/web nginx=nginx:1.9.3
${extraActions}`;
}

function run(text: string, untilMs: number) {
  const r = parseScenarioText(text);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  const st = createEngine(toSimConfig(r.value));
  const ticks: TickRecord[] = [];
  runUntil(st, untilMs, (t) => ticks.push(t));
  return { st, ticks };
}

describe('syncEndpointSlices', () => {
  it("writes no slice and no Endpoints when no Service exists but the API server's own", () => {
    const { st, ticks } = run(scenarioText(false), 60_000);
    // The API server's service/kubernetes has its Endpoints and slice from t = 0, written by no controller.
    expect([...st.store.objects.EndpointSlice.keys()]).toEqual(['default/kubernetes']);
    expect([...st.store.objects.Endpoints.keys()]).toEqual(['default/kubernetes']);
    expect(ticks.some((t) => t.actor.startsWith('endpoint'))).toBe(false);
  });

  it('lists every pod of the Service as a ready endpoint once the rollout is over', () => {
    const { st } = run(scenarioText(true), 120_000);
    const slices = ([...st.store.objects.EndpointSlice.values()] as EndpointSlice[]).filter((s) => s.metadata.name !== 'kubernetes');
    expect(slices).toHaveLength(1);
    const eps = slices[0]?.endpoints ?? [];
    expect(eps).toHaveLength(3);
    expect(eps.every((e) => e.conditions.ready === true && e.conditions.terminating === false)).toBe(true);
    expect(slices[0]?.ports).toEqual([{ name: '', port: 8080, protocol: 'TCP' }]);
    const ep = st.store.objects.Endpoints.get('default/web') as Endpoints;
    expect(ep.subsets?.[0]?.addresses).toHaveLength(3);
  });

  it('marks a deleted pod ready:false, serving:true, terminating:true while it stops', () => {
    const { ticks } = run(scenarioText(true), 120_000);
    const terminating = ticks.flatMap((t) => t.writes).some(
      (w) => w.object.kind === 'EndpointSlice' && w.object.endpoints.some((e) => e.conditions.ready === false && e.conditions.serving === true && e.conditions.terminating === true),
    );
    expect(terminating).toBe(true);
  });

  it('retries a stale informer after 1 s, not 5 ms', () => {
    const { ticks } = run(scenarioText(true, 10), 120_000);
    const stale = ticks.filter((t) => t.actor === 'endpointslice-controller' && t.decisions.some((d) => d.key === 'stale'));
    expect(stale.length).toBeGreaterThan(0);
    for (const t of stale) expect(t.summary).toMatch(/requeued in (1000|2000|4000|8000) ms/);
  });

  it('lets the garbage collector delete the slices and the Endpoints controller its Endpoints when the Service is deleted', () => {
    const { st, ticks } = run(scenarioText(true, 3, '  - at: 90\n    kubectl: delete svc web\n'), 120_000);
    const at = ticks.findIndex((t) => t.actor === 'user' && t.summary.includes('service "web" deleted'));
    expect(at).toBeGreaterThan(0);
    const after = ticks.slice(at + 1);
    const before = ticks.slice(0, at).flatMap((t) => t.writes).filter((w) => w.object.kind === 'EndpointSlice' && w.type === 'ADDED');
    expect(before).toHaveLength(1);
    // The slice carries the Service as its controller owner (metav1.NewControllerRef).
    const slice = before[0]?.object as EndpointSlice;
    const svcUid = ticks[at]?.writes.find((w) => w.object.kind === 'Service')?.object.metadata.uid;
    expect(slice.metadata.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'Service', name: 'web', uid: svcUid, controller: true, blockOwnerDeletion: true }]);

    expect([...st.store.objects.EndpointSlice.keys()]).toEqual(['default/kubernetes']);
    expect([...st.store.objects.Endpoints.keys()]).toEqual(['default/kubernetes']);
    // The garbage collector deletes the slice (its owner is gone) …
    const gc = after.filter((t) => t.actor === 'garbage-collector');
    expect(gc).toHaveLength(1);
    expect(gc[0]?.writes.map((w) => [w.type, w.object.kind, w.object.metadata.name])).toEqual([['DELETED', 'EndpointSlice', slice.metadata.name]]);
    expect(gc[0]?.summary).toBe(`deleted EndpointSlice ${slice.metadata.name}: its owner is gone`);
    // … the slice controller only forgets its trackers and writes nothing …
    const sliceSyncs = after.filter((t) => t.actor === 'endpointslice-controller');
    expect(sliceSyncs.length).toBeGreaterThan(0);
    for (const t of sliceSyncs) {
      expect(t.writes.filter((w) => w.object.kind !== 'Event')).toEqual([]);
      expect(t.decisions.map((d) => d.key)).toContain('serviceGone');
    }
    // … the Endpoints controller deletes the Endpoints object itself (syncService: service not found) …
    const epDeletes = after.filter((t) => t.actor === 'endpoint-controller' && t.writes.some((w) => w.type === 'DELETED' && w.object.kind === 'Endpoints'));
    expect(epDeletes).toHaveLength(1);
    expect(epDeletes[0]?.decisions.map((d) => d.key)).toContain('deleteEndpoints');
    // … kube-proxy drops the Service's rules, and nobody records an Event for any of it.
    expect(after.some((t) => t.actor === 'kube-proxy' && t.decisions.some((d) => d.key === 'gone'))).toBe(true);
    expect(st.proxy.rules.has('default/web')).toBe(false);
    expect(after.flatMap((t) => t.writes).filter((w) => w.object.kind === 'Event' && w.object.involvedObject?.kind === 'Service')).toEqual([]);
    // Nothing recreates them.
    expect(after.flatMap((t) => t.writes).some((w) => w.type === 'ADDED' && (w.object.kind === 'EndpointSlice' || w.object.kind === 'Endpoints'))).toBe(false);
  });
});
