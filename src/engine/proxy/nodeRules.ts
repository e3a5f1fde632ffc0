// One node's rules for a Service's first port, from the shared programmed table (kubeProxy.ts):
// CategorizeEndpoints with the endpoints on that node marked local, then syncProxyRules' target.
import { type Categorized, categorizeEndpoints, type RuleTarget, serviceRuleTarget, type ServicePortInfo } from './topology.ts';
import type { ProgrammedService } from './kubeProxy.ts';
import type { ProxyEndpoint } from './endpoint.ts';

/** What a node's rules do with a new connection: the target and the endpoints it picks among. */
export interface NodeRules {
  target: RuleTarget;
  /** The endpoints a new connection is spread over (uniformly, as iptables' statistic match and nftables' numgen do). */
  usable: readonly ProxyEndpoint[];
  /** The categorization, for Explain: ready ones or the serving-terminating fallback. */
  fallback: boolean;
}

/**
 * A memo per programmed table (immutable, replaced at each sync) and node. Not engine state:
 * a restored keyframe holds the same table objects, and a miss only recomputes.
 */
const memo = new WeakMap<ProgrammedService, Map<string, NodeRules>>();

/** nodeRules: the rules node `node` programmed for the Service's port (by name; default the first) at that sync. */
export function nodeRules(ps: ProgrammedService, node: string, portName?: string): NodeRules {
  // Cluster policy reads no locality: every node's rules are the same, memoized under ''.
  const key = `${portName ?? ''}\u0000${ps.internalPolicyLocal ? node : ''}`;
  let byNode = memo.get(ps);
  if (!byNode) {
    byNode = new Map();
    memo.set(ps, byNode);
  }
  const hit = byNode.get(key);
  if (hit) return hit;
  const all = portName === undefined ? ps.endpoints : (ps.byPort.get(portName) ?? []);
  const eps = ps.internalPolicyLocal ? all.map((e) => (e.nodeName === node ? { ...e, isLocal: true } : e)) : all;
  const svc: ServicePortInfo = { internalPolicyLocal: ps.internalPolicyLocal, externalPolicyLocal: false, externallyAccessible: false };
  const c: Categorized = categorizeEndpoints(eps, svc, node, '');
  const target = serviceRuleTarget(c, svc);
  const usable = (ps.internalPolicyLocal ? c.localEndpoints : c.clusterEndpoints) ?? [];
  const fallback = usable.length > 0 && !usable.some((e) => e.ready);
  const r: NodeRules = { target, usable: target === 'endpoints' ? usable : [], fallback };
  byNode.set(key, r);
  return r;
}
