// Port of pkg/proxy/topology.go (kubernetes/kubernetes @ 008b3652, a v1.36 tree): which endpoints
// a node's rules send a Service's traffic to, and (from the iptables/nftables proxiers'
// syncProxyRules) what a packet meets when there are none.
import { type DecisionLog, decide } from '../api/decision.ts';
import type { ProxyEndpoint } from './endpoint.ts';

/** The Service-port facts CategorizeEndpoints reads (BaseServicePortInfo). */
export interface ServicePortInfo {
  /** internalTrafficPolicy: Local. */
  internalPolicyLocal: boolean;
  /** externalTrafficPolicy: Local. */
  externalPolicyLocal: boolean;
  /** A NodePort, external IPs or load-balancer ingress make the port externally accessible. */
  externallyAccessible: boolean;
}

/** Cluster endpoints are used unless internal policy is Local and nothing reaches it from outside. */
export function usesClusterEndpoints(svc: ServicePortInfo): boolean {
  return !svc.internalPolicyLocal || svc.externallyAccessible;
}

/** Local endpoints are used for internal Local policy, or external Local policy on an accessible port. */
export function usesLocalEndpoints(svc: ServicePortInfo): boolean {
  return svc.internalPolicyLocal || (svc.externalPolicyLocal && svc.externallyAccessible);
}

export interface Categorized {
  /** undefined: the Service never uses Cluster policy; []: it does, and has none usable. */
  clusterEndpoints: ProxyEndpoint[] | undefined;
  localEndpoints: ProxyEndpoint[] | undefined;
  allReachableEndpoints: ProxyEndpoint[] | undefined;
  /** Some endpoint anywhere is usable (decides REJECT vs DROP below). */
  hasAnyEndpoints: boolean;
}

/**
 * topologyModeFromHints: PreferSameNode when every ready endpoint has a node hint and one names
 * this node (the PreferSameTrafficDistribution gate, on in v1.36); else PreferSameZone when every
 * ready endpoint has a zone hint and one names this node's zone; else "" (no filtering).
 */
export function topologyModeFromHints(endpoints: readonly ProxyEndpoint[], nodeName: string, zone: string): string {
  let hasReady = false;
  let forNode = false;
  let allNodeHints = true;
  let forZone = false;
  let allZoneHints = true;
  for (const ep of endpoints) {
    if (!ep.ready) continue;
    hasReady = true;
    if (ep.nodeHints.length === 0) allNodeHints = false;
    else if (ep.nodeHints.includes(nodeName)) forNode = true;
    if (ep.zoneHints.length === 0) allZoneHints = false;
    else if (ep.zoneHints.includes(zone)) forZone = true;
  }
  if (!hasReady) return '';
  if (allNodeHints && forNode) return 'PreferSameNode';
  if (allZoneHints && forZone) return 'PreferSameZone';
  return '';
}

function availableForTopology(ep: ProxyEndpoint, mode: string, nodeName: string, zone: string): boolean {
  if (mode === '') return true;
  if (mode === 'PreferSameNode') return ep.nodeHints.includes(nodeName);
  if (mode === 'PreferSameZone') return ep.zoneHints.includes(zone);
  return false;
}

/**
 * categorizeEndpoints: usable endpoints are the ready ones; only when none is ready anywhere do
 * serving-terminating ones stand in (for Cluster and Local policy independently). So while a
 * rollout still has one ready pod, a pod in its preStop sleep (ready:false, serving:true,
 * terminating:true) gets no new connections; a single-replica Service keeps sending to it.
 */
export function categorizeEndpoints(
  endpoints: readonly ProxyEndpoint[],
  svc: ServicePortInfo,
  nodeName: string,
  zone: string,
  log?: DecisionLog,
): Categorized {
  const out: Categorized = { clusterEndpoints: undefined, localEndpoints: undefined, allReachableEndpoints: undefined, hasAnyEndpoints: false };
  if (endpoints.length === 0) {
    decide(log, 'categorizeEndpoints', 'noEndpoints', {});
    return out;
  }
  let mode = '';
  let useServingTerminating = false;
  if (usesClusterEndpoints(svc)) {
    mode = topologyModeFromHints(endpoints, nodeName, zone);
    let cluster = endpoints.filter((ep) => ep.ready && availableForTopology(ep, mode, nodeName, zone));
    if (cluster.length === 0) {
      cluster = endpoints.filter((ep) => ep.serving && ep.terminating);
      decide(log, 'categorizeEndpoints', 'clusterFallback', { servingTerminating: cluster.length, total: endpoints.length });
    } else {
      decide(log, 'categorizeEndpoints', 'clusterReady', { ready: cluster.length, total: endpoints.length, topologyMode: mode });
    }
    out.clusterEndpoints = cluster;
    if (cluster.length > 0) out.hasAnyEndpoints = true;
  }
  if (!usesLocalEndpoints(svc)) {
    out.allReachableEndpoints = out.clusterEndpoints;
    return out;
  }
  let localReady = false;
  let localServingTerminating = false;
  for (const ep of endpoints) {
    if (ep.ready) {
      out.hasAnyEndpoints = true;
      if (ep.isLocal) localReady = true;
    } else if (ep.serving && ep.terminating) {
      out.hasAnyEndpoints = true;
      if (ep.isLocal) localServingTerminating = true;
    }
  }
  if (localReady) {
    out.localEndpoints = endpoints.filter((ep) => ep.isLocal && ep.ready);
  } else if (localServingTerminating) {
    useServingTerminating = true;
    out.localEndpoints = endpoints.filter((ep) => ep.isLocal && ep.serving && ep.terminating);
  } else {
    out.localEndpoints = [];
  }
  decide(log, 'categorizeEndpoints', 'local', { local: out.localEndpoints.length, servingTerminating: useServingTerminating });
  if (!usesClusterEndpoints(svc)) {
    out.allReachableEndpoints = out.localEndpoints;
    return out;
  }
  if (mode === '' && !useServingTerminating) {
    out.allReachableEndpoints = out.clusterEndpoints;
    return out;
  }
  const merged = new Map<string, ProxyEndpoint>();
  for (const ep of out.clusterEndpoints ?? []) merged.set(ep.endpoint, ep);
  for (const ep of out.localEndpoints) merged.set(ep.endpoint, ep);
  out.allReachableEndpoints = [...merged.values()];
  return out;
}

/** What a node's rules do with a new connection to a Service port. */
export type RuleTarget = 'endpoints' | 'REJECT' | 'DROP';

/**
 * serviceRuleTarget, as syncProxyRules decides it: no usable endpoint anywhere → REJECT (the
 * client gets "connection refused" at once); usable endpoints elsewhere but none for this
 * traffic's Local policy → DROP (the SYN goes unanswered: a timeout); otherwise the endpoints.
 */
export function serviceRuleTarget(c: Categorized, svc: ServicePortInfo, log?: DecisionLog): RuleTarget {
  const usable = svc.internalPolicyLocal ? (c.localEndpoints ?? []) : (c.clusterEndpoints ?? []);
  let target: RuleTarget = 'endpoints';
  if (!c.hasAnyEndpoints) target = 'REJECT';
  else if (usable.length === 0) target = 'DROP';
  decide(log, 'serviceRuleTarget', target, { hasAnyEndpoints: c.hasAnyEndpoints, usable: usable.length, internalPolicyLocal: svc.internalPolicyLocal });
  return target;
}
