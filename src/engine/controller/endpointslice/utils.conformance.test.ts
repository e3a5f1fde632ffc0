// Kubernetes' own tables for the endpointslice helpers (utils_test.go, util/controller_utils_test.go,
// util/trigger_time_tracker_test.go at kubernetes-1.36.3), as data in tests/conformance/endpointslice.
import { describe, expect, it } from 'vitest';
import type { Endpoint, EndpointPod, EndpointService, EndpointSlice } from '../../api/discoveryTypes.ts';
import type { Node } from '../../api/types.ts';
import { parseRFC3339, toRFC3339 } from '../../lib/time.ts';
import {
  determineNeededServiceUpdates,
  endpointsEqualBeyondHash,
  getPodUpdateProjectionKey,
  getServicesToUpdate,
  podEndpointsChanged,
  shouldPodBeInEndpoints,
  shouldSetHostname,
} from '../../endpointslice/controllerUtils.ts';
import { buildPod, buildService, merge, type SliceCase, type Spec } from './testFixtures.ts';
import file from '../../../../tests/conformance/endpointslice/k8s-endpointslice-cases.json';
import { type ServiceTriggerState, computeEndpointLastChangeTriggerTime } from '../../endpointslice/triggerTimeTracker.ts';
import { placeholderSliceCompare, podToEndpoint } from '../../endpointslice/utils.ts';

const ALL_CASES = (file as unknown as { cases: SliceCase[] }).cases;
const casesFor = (fn: string): SliceCase[] => ALL_CASES.filter((c) => c.function === fn);

function node(spec: Spec | undefined): Node | undefined {
  if (!spec) return undefined;
  return { apiVersion: 'v1', kind: 'Node', metadata: { name: spec.name as string, labels: spec.labels as Record<string, string> }, spec: {} };
}

describe('endpointslice conformance', () => {
  it('reads every transcribed case', () => {
    console.log(`conformance endpointslice: ${ALL_CASES.length} cases`);
    expect(ALL_CASES.length).toBe(117);
  });
});

describe('podToEndpoint', () => {
  it.each(casesFor('podToEndpoint').map((c) => [c.source, c] as const))('%s', (_, c) => {
    const ep = podToEndpoint(buildPod(c.input.pod as Spec), node(c.input.node as Spec | undefined), buildService(c.input.service as Spec), 'IPv4');
    expect(ep).toEqual(c.expected.endpoint);
  });
});

describe('shouldPodBeInEndpoints', () => {
  it.each(casesFor('shouldPodBeInEndpoints').map((c) => [c.source, c] as const))('%s', (_, c) => {
    expect(shouldPodBeInEndpoints(c.input.pod as EndpointPod, c.input.includeTerminating as boolean)).toBe(c.expected.result);
  });
});

describe('podEndpointsChanged', () => {
  it.each(casesFor('podEndpointsChanged').map((c) => [c.source, c] as const))('%s', (_, c) => {
    const orig = c.input.pod as EndpointPod;
    const oldPod = merge(orig, c.input.old);
    const newPod = merge(orig, c.input.new);
    expect(podEndpointsChanged(oldPod, newPod)).toEqual([c.expected.podChanged, c.expected.labelsChanged]);
  });
});

describe('endpointsEqualBeyondHash', () => {
  it.each(casesFor('endpointsEqualBeyondHash').map((c) => [c.source, c] as const))('%s', (_, c) => {
    expect(endpointsEqualBeyondHash(c.input.ep1 as Endpoint, c.input.ep2 as Endpoint)).toBe(c.expected.result);
  });
});

describe('shouldSetHostname', () => {
  it.each(casesFor('shouldSetHostname').map((c) => [c.source, c] as const))('%s', (_, c) => {
    const [ns, hostname, subdomain] = c.input.genSimplePod as [string, string, string];
    const [sns, sname] = c.input.genSimpleSvc as [string, string];
    const pod = { metadata: { name: '', namespace: ns }, spec: { containers: [], hostname, subdomain } } as unknown as EndpointPod;
    expect(shouldSetHostname(pod, { metadata: { name: sname, namespace: sns } })).toBe(c.expected.result);
  });
});

describe('determineNeededServiceUpdates', () => {
  it.each(casesFor('determineNeededServiceUpdates').map((c) => [c.source, c] as const))('%s', (_, c) => {
    const a = new Set(c.input.a as string[]);
    const b = new Set(c.input.b as string[]);
    expect([...determineNeededServiceUpdates(a, b, false)].sort()).toEqual(c.expected.xor);
    expect([...determineNeededServiceUpdates(a, b, true)].sort()).toEqual(c.expected.union);
  });
});

describe('getServicesToUpdate', () => {
  it.each(casesFor('getServicesToUpdate').map((c) => [c.source, c] as const))('%s', (_, c) => {
    const services = (c.input.services as Spec[]).map(
      (s) => ({ metadata: { name: s.name, namespace: s.namespace }, spec: { selector: s.selector } }) as unknown as EndpointService,
    );
    const p = c.input.pod as Spec;
    const pod = { metadata: { name: p.name, namespace: p.namespace, labels: p.labels }, spec: { containers: [] } } as unknown as EndpointPod;
    expect([...getServicesToUpdate(services, getPodUpdateProjectionKey(pod, undefined))].sort()).toEqual(c.expected.services);
  });
});

describe('placeholderSliceCompare', () => {
  const slice = (s: unknown): EndpointSlice | undefined =>
    s === null ? undefined : merge({ metadata: { name: '' }, addressType: '', endpoints: [], ports: [] } as unknown as EndpointSlice, s);
  it.each(casesFor('placeholderSliceCompare').map((c) => [c.source, c] as const))('%s', (_, c) => {
    expect(placeholderSliceCompare(slice(c.input.x), slice(c.input.y))).toBe(c.expected.result);
  });
});

describe('computeEndpointLastChangeTriggerTime', () => {
  // The tables count seconds from 2019-01-01T00:00:00Z (before the virtual epoch: negative ms).
  const T0 = parseRFC3339('2019-01-01T00:00:00Z');
  const at = (s: number): string => toRFC3339(T0 + s * 1000);
  it.each(casesFor('computeEndpointLastChangeTriggerTime').map((c) => [c.source, c] as const))('%s', (_, c) => {
    let state: ServiceTriggerState | undefined;
    for (const step of c.input.steps as Spec[]) {
      if (step.deleteService) {
        state = undefined;
        continue;
      }
      const service = { metadata: { name: 'my-service', namespace: 'ttNamespace1', creationTimestamp: at(step.service as number) }, spec: {} } as EndpointService;
      const pods = Object.entries(step.pods as Record<string, number>).map(
        ([name, t]) => ({ metadata: { name, namespace: 'ttNamespace1' }, spec: { containers: [] }, status: { conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: at(t) }] } }) as unknown as EndpointPod,
      );
      const r = computeEndpointLastChangeTriggerTime(state, service, pods);
      state = r.state;
      expect(r.triggerTime).toBe(step.expect === null ? undefined : at(step.expect as number));
    }
  });
});
