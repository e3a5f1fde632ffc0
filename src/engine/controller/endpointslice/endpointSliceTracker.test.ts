// TestEndpointSliceTrackerUpdate and TestEndpointSliceTrackerStaleSlices
// (util/endpointslice_tracker_test.go, kubernetes-1.36.3), small enough to keep inline.
import { describe, expect, it } from 'vitest';
import type { EndpointSlice } from '../../api/discoveryTypes.ts';
import { DeletionExpected, expectDeletion, handleDeletion, setGenerations, type SliceTracker, shouldSync, staleSlices, trackerHas, trackerUpdate } from './endpointSliceTracker.ts';

const slice = (over: { ns?: string; uid?: string; generation?: number; svc?: string } = {}): EndpointSlice => ({
  apiVersion: 'discovery.k8s.io/v1',
  kind: 'EndpointSlice',
  metadata: { name: 'example-1', namespace: over.ns ?? 'ns1', uid: over.uid ?? 'original', generation: over.generation ?? 1, labels: { 'kubernetes.io/service-name': over.svc ?? 'svc1' } },
  addressType: 'IPv4',
  endpoints: [],
  ports: [],
});
const epSlice1 = slice();
const tracked = (entries: [string, number][]): SliceTracker => new Map([['ns1/svc1', new Map(entries)]]);

describe('trackerUpdate (TestEndpointSliceTrackerUpdate)', () => {
  it.each([
    ['same slice', epSlice1, true, false],
    ['different namespace', slice({ ns: 'ns2', uid: 'diff-ns' }), false, true],
    ['different service', slice({ svc: 'svc2', uid: 'diff-svc' }), false, true],
    ['newer generation', slice({ generation: 2 }), true, true],
  ] as const)('%s', (_, check, has, sync) => {
    const t = trackerUpdate(new Map(), epSlice1);
    expect([trackerHas(t, check), shouldSync(t, check)]).toEqual([has, sync]);
    expect(t.get('ns1/svc1')?.get('original')).toBe(1);
  });
});

describe('staleSlices (TestEndpointSliceTrackerStaleSlices)', () => {
  it.each([
    ['empty tracker', new Map(), [], false],
    ['empty slices', new Map([['ns1/svc1', new Map()]]), [], false],
    ['matching slices', tracked([['original', 1]]), [epSlice1], false],
    ['newer slice in tracker', tracked([['original', 2]]), [epSlice1], true],
    ['newer slice in params', tracked([['original', 1]]), [slice({ generation: 2 })], false],
    ['slice in params is expected to be deleted', tracked([['original', DeletionExpected]]), [epSlice1], true],
    ['slice in tracker but not in params', tracked([['original', 1]]), [], true],
  ] as const)('%s', (_, tracker, slices, stale) => {
    expect(staleSlices(tracker as SliceTracker, 'ns1', 'svc1', slices as readonly EndpointSlice[])).toBe(stale);
  });
});

describe('handleDeletion', () => {
  it('reports a deletion the controller made itself as expected', () => {
    const t = expectDeletion(new Map(), epSlice1);
    expect(handleDeletion(t, epSlice1).expected).toBe(true);
  });
  it('reports a slice deleted behind the controller’s back as unexpected', () => {
    const t = trackerUpdate(new Map(), epSlice1);
    expect(handleDeletion(t, epSlice1).expected).toBe(false);
  });
});

describe('setGenerations', () => {
  const a = slice({ uid: 'a', generation: 3 });
  const b = slice({ uid: 'b', generation: 1 });
  const other = slice({ svc: 'svc2', uid: 'c', generation: 2 });
  it.each([
    ['no writes', [] as [EndpointSlice, number][]],
    ['one update', [[a, 3]] as [EndpointSlice, number][]],
    ['an update then a deletion of the same slice', [[a, 3], [a, DeletionExpected]] as [EndpointSlice, number][]],
    ['writes of two Services, interleaved', [[b, 1], [other, 2], [a, 3], [b, DeletionExpected]] as [EndpointSlice, number][]],
  ])('leaves what trackerUpdate / expectDeletion one by one leave: %s', (_, writes) => {
    const start = tracked([['a', 1], ['z', 5]]);
    const oneByOne = writes.reduce<SliceTracker>((t, [s, g]) => (g === DeletionExpected ? expectDeletion(t, s) : trackerUpdate(t, s)), start);
    const together = setGenerations(start, writes);
    const view = (t: SliceTracker) => [...t].map(([k, m]) => [k, [...m]]);
    expect(view(together)).toEqual(view(oneByOne));
    expect(view(start)).toEqual([['ns1/svc1', [['a', 1], ['z', 5]]]]);
  });
});
