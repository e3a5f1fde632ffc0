// Port of kubernetes pkg/scheduler/framework/plugins/podtopologyspread/filtering.go (v1.36).
import type { Pod } from '../../../api/types.ts';
import { selectorMatches } from '../../../lib/labels.ts';
import { countPodsMatchSelector, type NodeInfo } from '../../framework/nodeInfo.ts';
import { newStatus, Plugin, type Status } from '../../framework/types.ts';
import { type SpreadConstraint, type SpreadFilterState, matchNodeInclusionPolicies, nodeLabelsMatchSpreadConstraints } from './common.ts';

export const ErrReasonConstraintsNotMatch = "node(s) didn't match pod topology spread constraints";
export const ErrReasonNodeLabelNotMatch = `${ErrReasonConstraintsNotMatch} (missing required label)`;

/**
 * calPreFilterState counts, for each DoNotSchedule constraint, the pods its selector matches in
 * each topology domain (over every node that carries all the constraints' keys and passes the
 * inclusion policies), and the smallest such count: the "global minimum" of the skew.
 */
export function calPreFilterState(pod: Pod, constraints: readonly SpreadConstraint[], allNodes: readonly NodeInfo[]): SpreadFilterState {
  const ns = pod.metadata.namespace ?? 'default';
  const tpValueToMatchNum = constraints.map(() => new Map<string, number>());
  const memos = constraints.map(() => new Map<string, boolean>());
  for (const ni of allNodes) {
    const node = ni.node;
    if (node === undefined || !nodeLabelsMatchSpreadConstraints(node.metadata.labels, constraints)) continue;
    constraints.forEach((c, i) => {
      if (!matchNodeInclusionPolicies(c, pod, node)) return;
      const value = (node.metadata.labels ?? {})[c.topologyKey] as string;
      const m = tpValueToMatchNum[i] as Map<string, number>;
      m.set(value, (m.get(value) ?? 0) + countPodsMatchSelector(ni, c.selector, ns, memos[i] as Map<string, boolean>));
    });
  }
  const minMatch = tpValueToMatchNum.map((m) => {
    let min = 2147483647;
    for (const v of m.values()) if (v < min) min = v;
    return min;
  });
  return { constraints, tpValueToMatchNum, minMatch };
}

/**
 * filter: for each constraint, pods already in the node's domain + 1 if the pod itself matches −
 * the global minimum must not exceed maxSkew. The minimum counts as 0 while there are fewer
 * domains than minDomains. A node without the topology key cannot take part at all.
 * Worked example: zones a=2, b=0, maxSkew 1 → on a node in zone a: 2 + 1 − 0 = 3 > 1, rejected.
 */
export function filter(pod: Pod, s: SpreadFilterState, ni: NodeInfo): Status | null {
  const labels = ni.node?.metadata.labels ?? {};
  for (let i = 0; i < s.constraints.length; i++) {
    const c = s.constraints[i] as SpreadConstraint;
    if (!Object.hasOwn(labels, c.topologyKey)) return newStatus('UnschedulableAndUnresolvable', Plugin.PodTopologySpread, ErrReasonNodeLabelNotMatch);
    const m = s.tpValueToMatchNum[i] as Map<string, number>;
    const minMatchNum = m.size < c.minDomains ? 0 : (s.minMatch[i] as number);
    const selfMatchNum = selectorMatches(c.selector, pod.metadata.labels) ? 1 : 0;
    const matchNum = m.get(labels[c.topologyKey] as string) ?? 0;
    if (matchNum + selfMatchNum - minMatchNum > c.maxSkew) return newStatus('Unschedulable', Plugin.PodTopologySpread, ErrReasonConstraintsNotMatch);
  }
  return null;
}
