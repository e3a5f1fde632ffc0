// Port of kubernetes pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go (v1.36).
import type { Node, Pod, PreferredSchedulingTerm } from '../../api/types.ts';
import { nodeMatchesNodeSelectorTerms, ObjectNameField, podMatchesNodeSelectorAndAffinityTerms } from '../../lib/scheduling.ts';
import type { NodeInfo } from '../framework/nodeInfo.ts';
import { newStatus, Plugin, type Status } from '../framework/types.ts';

/** ErrReasonPod: the node fails the pod's nodeSelector or required node affinity. */
export const ErrReasonPod = "node(s) didn't match Pod's node affinity/selector";
/** errReasonConflict: every term names nodes by metadata.name and their sets do not meet. */
export const ErrReasonConflict = 'pod affinity terms conflict';

/** intersect is a ∩ b, or b when a is null (the first requirement of a term). */
function intersect(a: Set<string> | null, b: Set<string>): Set<string> {
  if (a === null) return b;
  const out = new Set<string>();
  for (const n of a) if (b.has(n)) out.add(n);
  return out;
}

export interface NodeAffinityState {
  readonly pod: Pod;
}

/** The PreFilter's verdict: skip, all nodes, only some nodes by name (PreFilterResult), or a rejection. */
export type NodeAffinityPreFilter =
  | { kind: 'skip' }
  | { kind: 'all'; state: NodeAffinityState }
  | { kind: 'nodes'; state: NodeAffinityState; nodeNames: Set<string> }
  | { kind: 'reject'; status: Status };

/**
 * preFilter skips a pod with neither nodeSelector nor required node affinity; a pod whose every
 * term names nodes by `metadata.name In` (a DaemonSet pod) is narrowed to those nodes, which is
 * how the scheduler checks one node for it instead of all of them.
 */
export function preFilter(pod: Pod): NodeAffinityPreFilter {
  const required = pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (required === undefined && pod.spec.nodeSelector === undefined) return { kind: 'skip' };
  const state: NodeAffinityState = { pod };
  const terms = required?.nodeSelectorTerms ?? [];
  if (required === undefined || terms.length === 0) return { kind: 'all', state };
  let nodeNames: Set<string> | null = null;
  for (const t of terms) {
    let termNames: Set<string> | null = null;
    for (const r of t.matchFields ?? []) {
      if (r.key !== ObjectNameField || r.operator !== 'In') continue;
      termNames = intersect(termNames, new Set<string>(r.values ?? []));
    }
    // A term without a metadata.name field: every node may match it (terms are ORed).
    if (termNames === null) return { kind: 'all', state };
    nodeNames = new Set([...(nodeNames ?? []), ...termNames]);
  }
  if (nodeNames !== null && nodeNames.size === 0) return { kind: 'reject', status: newStatus('UnschedulableAndUnresolvable', Plugin.NodeAffinity, ErrReasonConflict) };
  return nodeNames !== null ? { kind: 'nodes', state, nodeNames } : { kind: 'all', state };
}

/** filter checks the nodeSelector and required node affinity against the node (RequiredNodeAffinity.Match). */
export function filter(state: NodeAffinityState, ni: NodeInfo): Status | null {
  if (ni.node !== undefined && podMatchesNodeSelectorAndAffinityTerms(state.pod, ni.node)) return null;
  return newStatus('UnschedulableAndUnresolvable', Plugin.NodeAffinity, ErrReasonPod);
}

/** preScore returns the preferred terms with a weight, or null (skip) when there are none. */
export function preScore(pod: Pod): readonly PreferredSchedulingTerm[] | null {
  const terms = (pod.spec.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []).filter((t) => t.weight !== 0);
  return terms.length ? terms : null;
}

/** score sums the weights of the preferred terms the node matches (normalised by the highest later). */
export function score(terms: readonly PreferredSchedulingTerm[], node: Node): number {
  let s = 0;
  for (const t of terms) if (nodeMatchesNodeSelectorTerms(node, [t.preference])) s += t.weight;
  return s;
}
