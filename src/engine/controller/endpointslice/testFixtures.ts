// Test-only builders mirroring upstream's test helpers (utils_test.go newPod,
// newServiceAndEndpointMeta, newEmptyEndpointSlice), so the JSON tables can name them.
import type { EndpointPod, EndpointService, EndpointSlice } from '../../api/discoveryTypes.ts';
import { serviceOwnerRef } from '../../endpointslice/utils.ts';

/** The tables' stand-in for time.Now(). */
export const NOW = '2026-01-01T00:00:00Z';

/** newPod(n, namespace, ready, nPorts, terminating): pod<n>, label foo=bar, node-1, IP 1.2.3.<4+n>. */
export function newPod(n: number, namespace: string, ready: boolean, _nPorts: number, terminating: boolean): EndpointPod {
  const ip = `1.2.3.${4 + n}`;
  const pod: EndpointPod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { namespace, name: `pod${n}`, labels: { foo: 'bar' }, resourceVersion: String(n) },
    spec: { containers: [{ name: 'container-1', image: '' }], nodeName: 'node-1' },
    status: { podIP: ip, podIPs: [{ ip }], conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
  };
  if (terminating) pod.metadata.deletionTimestamp = NOW;
  return pod;
}

/** newServiceAndEndpointMeta(name, namespace): selector foo=bar, one TCP port <name> → 80, IPv4. */
export function newService(name: string, namespace: string): EndpointService {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace, uid: `${namespace}-${name}` },
    spec: { ports: [{ name, protocol: 'TCP', port: 0, targetPort: 80 }], selector: { foo: 'bar' }, ipFamilies: ['IPv4'] },
  };
}

/** newEmptyEndpointSlice(n, namespace, meta, svc): <svc>-<n>, owned by the Service, no endpoints. */
export function newEmptyEndpointSlice(n: number, svc: EndpointService, addressType = 'IPv4'): EndpointSlice {
  const sp = svc.spec.ports?.[0];
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name: `${svc.metadata.name}-${n}`, namespace: svc.metadata.namespace ?? '', ownerReferences: [serviceOwnerRef(svc)] },
    addressType,
    endpoints: [],
    ports: sp ? [{ name: sp.name ?? '', port: typeof sp.targetPort === 'number' ? sp.targetPort : 0, protocol: 'TCP' }] : [],
  };
}

/** merge applies a JSON patch the tables use: objects merge key by key, anything else replaces. */
export function merge<T>(base: T, patch: unknown): T {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch as T;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [k, v] of Object.entries(patch as Record<string, unknown>)) {
    const cur = out[k];
    out[k] = cur !== null && typeof cur === 'object' && !Array.isArray(cur) && v !== null && typeof v === 'object' && !Array.isArray(v) ? merge(cur, v) : v;
  }
  return out as T;
}

/** One transcribed upstream case (tests/conformance/endpointslice). */
export interface SliceCase {
  source: string;
  function: string;
  input: Record<string, unknown>;
  expected: Record<string, unknown>;
  notes?: string;
}

export type Spec = Record<string, unknown>;

/** buildPod expands {newPod: [...], podIPs?, hostname?, subdomain?} as upstream's test builds it. */
export function buildPod(spec: Spec): EndpointPod {
  const [n, ns, ready, nPorts, terminating] = spec.newPod as [number, string, boolean, number, boolean];
  let pod = newPod(n, ns, ready, nPorts, terminating);
  if (spec.podIPs) pod = merge(pod, { status: { podIPs: (spec.podIPs as string[]).map((ip) => ({ ip })) } });
  if (spec.hostname) pod = merge(pod, { spec: { hostname: spec.hostname } });
  if (spec.subdomain) pod = merge(pod, { spec: { subdomain: spec.subdomain } });
  return pod;
}

export function buildService(spec: Spec): EndpointService {
  const [name, ns] = spec.newServiceAndEndpointMeta as [string, string];
  const svc = newService(name, ns);
  return spec.publishNotReadyAddresses ? merge(svc, { spec: { publishNotReadyAddresses: true } }) : svc;
}

