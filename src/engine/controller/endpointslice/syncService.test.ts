import { describe, expect, it } from 'vitest';
import type { DecisionLog } from '../../api/decision.ts';
import type { EndpointService } from '../../api/discoveryTypes.ts';
import { EndpointsLastChangeTriggerTime } from '../../api/discoveryTypes.ts';
import type { Node } from '../../api/types.ts';
import { trackerUpdate } from './endpointSliceTracker.ts';
import { StaleInformerCacheError, syncService } from './syncService.ts';
import { newEmptyEndpointSlice, newPod, newService } from './testFixtures.ts';

const node: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1' }, spec: {} };
const svc: EndpointService = { ...newService('foo', 'test'), metadata: { name: 'foo', namespace: 'test', uid: 'test-foo', creationTimestamp: '2026-01-01T00:00:05Z' } };
const base = { namespace: 'test', name: 'foo', getNode: (n: string) => (n === 'node-1' ? node : undefined), tracker: new Map(), triggerState: undefined };

describe('syncService (EndpointSlice)', () => {
  it('writes a first slice stamped with the Service creation time', () => {
    const r = syncService({ ...base, service: svc, pods: [newPod(1, 'test', true, 1, false)], slices: [] });
    expect(r.writes.map((w) => [w.verb, w.slice.endpoints.length])).toEqual([['create', 1]]);
    expect(r.writes[0]?.slice.metadata.annotations?.[EndpointsLastChangeTriggerTime]).toBe('2026-01-01T00:00:05Z');
  });
  it('fails as stale while the informer lacks the controller’s own last write', () => {
    const written = { ...newEmptyEndpointSlice(1, svc), metadata: { ...newEmptyEndpointSlice(1, svc).metadata, uid: 's1', generation: 2, labels: { 'kubernetes.io/service-name': 'foo' } } };
    const seen = { ...written, metadata: { ...written.metadata, generation: 1 } };
    const log: DecisionLog = [];
    const r = syncService({ ...base, service: svc, pods: [], slices: [seen], tracker: trackerUpdate(new Map(), written) }, log);
    expect([r.error, r.writes.length, log.at(-1)?.key]).toEqual([StaleInformerCacheError, 0, 'stale']);
  });
  it('gives nothing to a Service without a selector', () => {
    const r = syncService({ ...base, service: { ...svc, spec: { ...svc.spec, selector: undefined } }, pods: [newPod(1, 'test', true, 1, false)], slices: [] });
    expect(r.writes).toEqual([]);
  });
  it('emits FailedToUpdateEndpointSlices when a pod’s node is unknown', () => {
    const pod = newPod(1, 'test', true, 1, false);
    const r = syncService({ ...base, service: svc, pods: [{ ...pod, spec: { ...pod.spec, nodeName: 'node-9' } }], slices: [] });
    expect(r.event?.message).toBe('Error updating Endpoint Slices for Service test/foo: skipping Pod pod1 for Service test/foo: Node node-9 Not Found');
  });
});
