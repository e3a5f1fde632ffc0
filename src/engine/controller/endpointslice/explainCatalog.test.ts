import { describe, expect, it } from 'vitest';
import type { DecisionLog } from '../../api/decision.ts';
import type { EndpointPod, EndpointService, EndpointSlice } from '../../api/discoveryTypes.ts';
import type { Node } from '../../api/types.ts';
import { syncService as syncEndpoints } from '../endpoint/endpointsController.ts';
import { trackerUpdate } from './endpointSliceTracker.ts';
import { ENDPOINTSLICE_DECISION_KEYS } from './explainCatalog.ts';
import { finalize, reconcile } from './reconciler.ts';
import { syncService } from './syncService.ts';
import { merge, newEmptyEndpointSlice, newPod, newService } from './testFixtures.ts';
import { podToEndpoint, serviceOwnerRef } from '../../endpointslice/utils.ts';

const node: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1' }, spec: {} };
const getNode = (n: string): Node | undefined => (n === 'node-1' ? node : undefined);
const svc = newService('foo', 'test');
const pods = (from: number, to: number, ready = true): EndpointPod[] => Array.from({ length: to - from }, (_, i) => newPod(from + i, 'test', ready, 1, false));
const sliceOf = (n: number, ps: EndpointPod[], s: EndpointService = svc): EndpointSlice => ({ ...newEmptyEndpointSlice(n, s), endpoints: ps.map((p) => podToEndpoint(p, undefined, s, 'IPv4')) });

/** Runs the controllers through the situations behind every record they write. */
function everyDecision(): DecisionLog {
  const log: DecisionLog = [];
  const rec = (service: EndpointService, ps: EndpointPod[], existing: EndpointSlice[]): void => {
    reconcile({ service, pods: ps, existingSlices: existing, getNode, triggerTime: undefined }, log);
  };
  rec(svc, pods(0, 250), [sliceOf(1, pods(0, 62)), sliceOf(2, pods(62, 123))]); // create, fillUnchanged
  rec(svc, pods(0, 90, false), [sliceOf(1, pods(0, 80)), sliceOf(2, pods(80, 85))]); // updateEndpoints, fillUpdated
  rec(svc, pods(0, 5), [{ ...sliceOf(1, pods(0, 5)), metadata: { ...sliceOf(1, []).metadata, ownerReferences: [{ ...serviceOwnerRef(svc), uid: 'x' }] } }]); // notOwned, recycle
  rec(merge(svc, { metadata: { labels: { team: 'a' } } }), pods(0, 3), [sliceOf(1, pods(0, 3))]); // updateLabels
  rec(svc, pods(3, 5), [sliceOf(1, pods(0, 3))]); // deleteEmpty
  rec(svc, [], []); // placeholderCreated
  rec(svc, [], [{ ...newEmptyEndpointSlice(1, svc), ports: [], metadata: { ...newEmptyEndpointSlice(1, svc).metadata, labels: { 'kubernetes.io/service-name': 'foo', 'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io' } } }]); // placeholderKept
  rec(merge(svc, { spec: { ports: [{ name: 'foo', protocol: 'TCP', port: 0, targetPort: 81 }] } }), pods(0, 2), [sliceOf(1, pods(0, 2))]); // portsNoLongerDesired
  rec(svc, [merge(newPod(1, 'test', true, 1, false), { spec: { nodeName: 'gone' } })], []); // nodeNotFound
  rec(svc, [], [{ ...sliceOf(1, []), addressType: 'IPv6' }]); // deleteAddressType
  finalize(merge(svc, { metadata: { deletionTimestamp: '2026-01-01T00:00:00Z' } }), [sliceOf(9, [])], [], [], undefined, { writes: [] }, log); // serviceDeleting
  const base = { namespace: 'test', name: 'foo', getNode, pods: [], slices: [], triggerState: undefined };
  syncService({ ...base, service: undefined, tracker: new Map() }, log);
  syncService({ ...base, service: merge(svc, { spec: { type: 'ExternalName' } }), tracker: new Map() }, log);
  const written = { ...sliceOf(1, []), metadata: { ...sliceOf(1, []).metadata, uid: 'u', generation: 2, labels: { 'kubernetes.io/service-name': 'foo' } } };
  syncService({ ...base, service: svc, slices: [], tracker: trackerUpdate(new Map(), written) }, log);
  syncEndpoints('test/foo', undefined, [], undefined, undefined, log);
  const created = syncEndpoints('test/foo', svc, pods(0, 1), undefined, undefined, log);
  if (created.verb === 'create') {
    const current = { ...created.endpoints, metadata: { ...created.endpoints.metadata, resourceVersion: '1' } };
    syncEndpoints('test/foo', svc, pods(0, 1), current, undefined, log);
    syncEndpoints('test/foo', svc, pods(0, 2), current, undefined, log);
  }
  return log;
}

describe('ENDPOINTSLICE_DECISION_KEYS', () => {
  it('has a template for every record the controllers write, naming only recorded values', () => {
    const log = everyDecision();
    for (const d of log) {
      const template = ENDPOINTSLICE_DECISION_KEYS[d.fn]?.[d.key];
      expect(template, `${d.fn}.${d.key}`).toBeDefined();
      for (const m of (template ?? '').matchAll(/\{(\w+)\}/g)) expect(Object.keys(d.values), `${d.fn}.${d.key}`).toContain(m[1]);
    }
    const seen = new Set(log.map((d) => `${d.fn}.${d.key}`));
    const all = Object.entries(ENDPOINTSLICE_DECISION_KEYS).flatMap(([fn, keys]) => Object.keys(keys).map((k) => `${fn}.${k}`));
    expect(all.filter((k) => !seen.has(k))).toEqual([]);
  });
});
