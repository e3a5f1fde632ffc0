// Property: mergeSlices, sorting from the last sync's lists and naming pods from each endpoint's
// targetRef, answers as endpointsMapForService plus the full "ip:port" → pod map (last listing
// wins), over random slice sets in sequence: IPs reused by other pods, endpoints without a
// targetRef, IPv6 addresses, placeholder, multi-port and unnamed-port slices, reordered slices.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Endpoint, EndpointSlice } from '../api/discoveryTypes.ts';
import { endpointKey, endpointsMapForService, type ProxyEndpoint } from './endpoint.ts';
import { mergeSlices } from './program.ts';

/** A pool of endpoint objects: slices pick from it, so objects recur across syncs as the reconciler's do. */
const POOL: Endpoint[] = Array.from({ length: 40 }, (_, i) => {
  const ip = i % 13 === 12 ? `fd00::${i % 7}` : `10.0.0.${i % 9}`;
  const ep: Endpoint = { addresses: [ip], conditions: { ready: i % 3 !== 0, serving: true, terminating: i % 5 === 0 } };
  if (i % 11 !== 10) ep.targetRef = { kind: 'Pod', namespace: 'default', name: `web-${i}` };
  return ep;
});

const PORTS: EndpointSlice['ports'][] = [
  [{ name: 'http', port: 8080, protocol: 'TCP' }],
  [{ name: 'http', port: 8080, protocol: 'TCP' }],
  [{ name: 'http', port: 8080, protocol: 'TCP' }],
  [],
  [{ name: 'http', port: 8080, protocol: 'TCP' }, { name: 'dns', port: 53, protocol: 'UDP' }],
  [{ port: 8080, protocol: 'TCP' }],
  [{ name: 'other', port: 8080, protocol: 'TCP' }],
];

const sliceArb = fc.record({
  name: fc.integer({ min: 0, max: 5 }),
  ports: fc.integer({ min: 0, max: PORTS.length - 1 }),
  endpoints: fc.array(fc.integer({ min: 0, max: POOL.length - 1 }), { maxLength: 8 }),
});

const syncArb = fc.array(sliceArb, { maxLength: 6 });

function toSlices(sync: { name: number; ports: number; endpoints: number[] }[]): EndpointSlice[] {
  const seen = new Set<number>();
  return sync
    .filter((s) => !seen.has(s.name) && seen.add(s.name))
    .map((s) => ({
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
      metadata: { name: `web-${s.name}`, namespace: 'default', labels: { 'kubernetes.io/service-name': 'web' } },
      addressType: 'IPv4',
      ports: PORTS[s.ports] ?? [],
      endpoints: s.endpoints.map((i) => POOL[i] as Endpoint),
    }));
}

/** The pod map the tables kept before: every listing's pod by "ip:port", the last one winning. */
function fullPodMap(slices: readonly EndpointSlice[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const s of slices) {
    for (const e of s.endpoints) {
      const ip = e.addresses[0];
      if (ip === undefined || !e.targetRef) continue;
      for (const port of s.ports) if (port.port !== undefined) m.set(endpointKey(e, ip, port.port), e.targetRef.name);
    }
  }
  return m;
}

const view = (lists: ReadonlyMap<string, readonly ProxyEndpoint[]>, pod: (ep: ProxyEndpoint) => string | undefined) =>
  [...lists].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, list]) => [k, list.map((ep) => [ep.endpoint, ep.ready, ep.terminating, pod(ep)])]);

describe('mergeSlices', () => {
  it('merges and names pods as the full merge does, sync after sync', () => {
    fc.assert(
      fc.property(fc.array(syncArb, { minLength: 1, maxLength: 8 }), (syncs) => {
        let prev: Map<string, ProxyEndpoint[]> | undefined;
        for (const sync of syncs) {
          const slices = toSlices(sync);
          const got = mergeSlices(slices, prev);
          const podOf = fullPodMap(slices);
          const want = view(endpointsMapForService(slices, ''), (ep) => podOf.get(ep.endpoint));
          expect(view(got.merged, (ep) => (got.podOf?.has(ep.endpoint) ? got.podOf.get(ep.endpoint) : ep.pod))).toEqual(want);
          prev = got.merged;
        }
      }),
      { numRuns: 400 },
    );
  });

  it('keeps the first listing of an "ip:port" and names the last listing\'s pod', () => {
    const a: Endpoint = { addresses: ['10.0.0.1'], conditions: { ready: false, terminating: true }, targetRef: { kind: 'Pod', name: 'old' } };
    const b: Endpoint = { addresses: ['10.0.0.1'], conditions: { ready: true }, targetRef: { kind: 'Pod', name: 'new' } };
    const slices = toSlices([{ name: 1, ports: 0, endpoints: [] }]).map((s) => ({ ...s, endpoints: [a, b] }));
    const { merged, podOf } = mergeSlices(slices, undefined);
    const list = merged.get('default/web:http/TCP') ?? [];
    expect(list.map((ep) => [ep.endpoint, ep.ready, podOf?.get(ep.endpoint)])).toEqual([['10.0.0.1:8080', false, 'new']]);
  });
});
