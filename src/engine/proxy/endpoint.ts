// kube-proxy's view of an endpoint (pkg/proxy/endpoint.go BaseEndpointInfo) and the slice cache's
// merge of a Service's EndpointSlices into per-port endpoint lists (pkg/proxy/endpointslicecache.go
// endpointInfoByServicePort, addEndpoints, endpointsMapFromEndpointInfo; kubernetes v1.36 era).
import { type Endpoint, type EndpointSlice, IsHeadlessService, LabelServiceProxyName } from '../api/discoveryTypes.ts';

/**
 * kubeProxySelects: kube-proxy's informers (cmd/kube-proxy/app/server.go) list Services and
 * EndpointSlices with `service.kubernetes.io/service-proxy-name DoesNotExist,
 * service.kubernetes.io/headless DoesNotExist`: a headless Service's slices never reach the rules.
 */
export function kubeProxySelects(labels: Readonly<Record<string, string>> | undefined): boolean {
  return !Object.hasOwn(labels ?? {}, LabelServiceProxyName) && !Object.hasOwn(labels ?? {}, IsHeadlessService);
}

/** One endpoint as the proxier sees it: "ip:port", its conditions and whether it is on this node. */
export interface ProxyEndpoint {
  /** "10.0.0.1:80", or "[fd00::1]:80" for IPv6 (BaseEndpointInfo.String). */
  endpoint: string;
  ip: string;
  port: number;
  nodeName: string;
  zone: string;
  isLocal: boolean;
  /** The slice's nil-means-true reading: ready and serving default true, terminating false. */
  ready: boolean;
  serving: boolean;
  terminating: boolean;
  /** Topology hints; empty when the endpoint carries none. */
  zoneHints: readonly string[];
  nodeHints: readonly string[];
  /** The name in the slice endpoint's targetRef (the pod); undefined without one. */
  pod?: string | undefined;
}

function joinHostPort(ip: string, port: number): string {
  return ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`;
}

/** A Service port as kube-proxy keys it: namespace/name, the port's name and protocol. */
export function servicePortName(namespace: string, service: string, portName: string, protocol: string): string {
  return `${namespace}/${service}:${portName}/${protocol}`;
}

/**
 * The ProxyEndpoint last made of each slice endpoint object, with its port and locality (not
 * engine state: a miss only makes it again). Slice endpoints outlive many syncs (the reconciler
 * reuses an unchanged pod's endpoint object), so a 10,000-endpoint Service's sync makes the
 * changed endpoints' objects and strings, not 10,000; the kept objects are never changed.
 */
const INFOS = new WeakMap<Endpoint, ProxyEndpoint>();

/** proxyEndpoint: the ProxyEndpoint of one slice endpoint's address at one port (kept per endpoint object). */
export function proxyEndpoint(ep: Endpoint, ip: string, port: number, isLocal: boolean): ProxyEndpoint {
  const had = INFOS.get(ep);
  if (had !== undefined && had.ip === ip && had.port === port && had.isLocal === isLocal) return had;
  const info: ProxyEndpoint = {
    endpoint: joinHostPort(ip, port),
    ip,
    port,
    nodeName: ep.nodeName ?? '',
    zone: ep.zone ?? '',
    isLocal,
    ready: ep.conditions.ready ?? true,
    serving: ep.conditions.serving ?? true,
    terminating: ep.conditions.terminating ?? false,
    zoneHints: (ep.hints?.forZones ?? []).map((z) => z.name),
    nodeHints: (ep.hints?.forNodes ?? []).map((n) => n.name),
    pod: ep.targetRef?.name,
  };
  INFOS.set(ep, info);
  return info;
}

/** endpointKey: joinHostPort(ip, port), the string the endpoint's ProxyEndpoint already holds when it has one. */
export function endpointKey(ep: Endpoint, ip: string, port: number): string {
  const had = INFOS.get(ep);
  return had !== undefined && had.ip === ip && had.port === port ? had.endpoint : joinHostPort(ip, port);
}

/**
 * endpointsMapForService merges one Service's slices into endpoint lists per Service port, as the
 * slice cache does after each checkout: only addresses[0] of each endpoint is used, endpoints of
 * the other IP family are dropped, ports without a name or number are ignored, a duplicate
 * "ip:port" keeps the local copy, and each list is sorted by its "ip:port" string.
 */
export function endpointsMapForService(
  slices: readonly EndpointSlice[],
  nodeName: string,
  ipFamily: 'IPv4' | 'IPv6' = 'IPv4',
): Map<string, ProxyEndpoint[]> {
  const bySP = new Map<string, Map<string, ProxyEndpoint>>();
  for (const slice of slices) {
    const svc = slice.metadata.labels?.['kubernetes.io/service-name'] ?? '';
    const ns = slice.metadata.namespace ?? '';
    for (const port of slice.ports) {
      if (port.name === undefined || port.port === undefined || port.port === 0) continue;
      const key = servicePortName(ns, svc, port.name, port.protocol ?? 'TCP');
      const set = bySP.get(key) ?? new Map<string, ProxyEndpoint>();
      bySP.set(key, set);
      for (const ep of slice.endpoints) {
        const ip = ep.addresses[0];
        if (ip === undefined) continue;
        if ((ipFamily === 'IPv6') !== ip.includes(':')) continue;
        const isLocal = nodeName !== '' && ep.nodeName === nodeName;
        const info = proxyEndpoint(ep, ip, port.port, isLocal);
        if (!set.has(info.endpoint) || isLocal) set.set(info.endpoint, info);
      }
    }
  }
  const out = new Map<string, ProxyEndpoint[]>();
  for (const [key, set] of bySP) {
    if (set.size === 0) continue;
    out.set(
      key,
      [...set.values()].sort((a, b) => (a.endpoint < b.endpoint ? -1 : a.endpoint > b.endpoint ? 1 : 0)),
    );
  }
  return out;
}
