// Port of kubernetes pkg/scheduler/framework/plugins/podtopologyspread/common.go and plugin.go
// (v1.36): a pod's topology spread constraints as the scheduler reads them.
import type { LabelSelector, Node, Pod, TopologySpreadConstraint } from '../../../api/types.ts';
import { findMatchingUntoleratedTaint, podMatchesNodeSelectorAndAffinityTerms } from '../../../lib/scheduling.ts';
import { getControllerOf } from '../../../api/ownerRefs.ts';
import { LabelHostname, LabelTopologyZone } from '../../framework/types.ts';
import { doNotScheduleTaint } from '../tainttoleration.ts';

/** A constraint with its defaults applied and matchLabelKeys merged into the selector. */
export interface SpreadConstraint {
  readonly maxSkew: number;
  readonly topologyKey: string;
  /** undefined selects nothing (a constraint without labelSelector). */
  readonly selector: LabelSelector | undefined;
  readonly minDomains: number;
  readonly nodeAffinityPolicy: 'Honor' | 'Ignore';
  readonly nodeTaintsPolicy: 'Honor' | 'Ignore';
}

/**
 * The cluster-wide defaults for pods without constraints of their own (systemDefaultConstraints):
 * spread a ReplicaSet's pods softly over hosts (maxSkew 3) and zones (maxSkew 5).
 */
export const SYSTEM_DEFAULT_CONSTRAINTS: readonly TopologySpreadConstraint[] = [
  { topologyKey: LabelHostname, whenUnsatisfiable: 'ScheduleAnyway', maxSkew: 3 },
  { topologyKey: LabelTopologyZone, whenUnsatisfiable: 'ScheduleAnyway', maxSkew: 5 },
];

/**
 * mergeLabelKeys is matchLabelKeys: for each key the pod has, add `key In (value)` to the selector,
 * so a rollout's new pods spread only among their own revision (pod-template-hash). A missing
 * selector stays one that selects nothing.
 */
function mergeLabelKeys(selector: LabelSelector | undefined, keys: readonly string[] | undefined, podLabels: Record<string, string>): LabelSelector | undefined {
  if (selector === undefined || keys === undefined || keys.length === 0) return selector;
  const extra = keys.filter((k) => Object.hasOwn(podLabels, k)).map((k) => ({ key: k, operator: 'In' as const, values: [podLabels[k] as string] }));
  if (extra.length === 0) return selector;
  return { ...selector, matchExpressions: [...(selector.matchExpressions ?? []), ...extra] };
}

/** filterTopologySpreadConstraints keeps the constraints with `action` (DoNotSchedule for Filter, ScheduleAnyway for Score). */
export function filterTopologySpreadConstraints(
  constraints: readonly TopologySpreadConstraint[],
  podLabels: Record<string, string>,
  action: 'DoNotSchedule' | 'ScheduleAnyway',
): SpreadConstraint[] {
  const out: SpreadConstraint[] = [];
  for (const c of constraints) {
    if (c.whenUnsatisfiable !== action) continue;
    out.push({
      maxSkew: c.maxSkew,
      topologyKey: c.topologyKey,
      selector: mergeLabelKeys(c.labelSelector, c.matchLabelKeys, podLabels),
      minDomains: c.minDomains ?? 1,
      nodeAffinityPolicy: c.nodeAffinityPolicy ?? 'Honor',
      nodeTaintsPolicy: c.nodeTaintsPolicy ?? 'Ignore',
    });
  }
  return out;
}

/**
 * defaultSelector is helper.DefaultSelector for a pod: its ReplicaSet's selector (Services,
 * ReplicationControllers and StatefulSets are not simulated). A DaemonSet's pods get none.
 */
export function defaultSelector(pod: Pod, replicaSetSelector: (ns: string, name: string) => LabelSelector | undefined): LabelSelector | undefined {
  const owner = getControllerOf(pod);
  if (owner === undefined || owner.kind !== 'ReplicaSet' || owner.apiVersion !== 'apps/v1') return undefined;
  const sel = replicaSetSelector(pod.metadata.namespace ?? 'default', owner.name);
  if (sel === undefined) return undefined;
  return isEmptySelector(sel) ? undefined : sel;
}

/** isEmptySelector: no matchLabels and no matchExpressions (the last selector's answer is kept: it is asked once per pod). */
function isEmptySelector(sel: LabelSelector): boolean {
  if (sel !== lastSelector.sel) lastSelector = { sel, empty: Object.keys(sel.matchLabels ?? {}).length === 0 && (sel.matchExpressions ?? []).length === 0 };
  return lastSelector.empty;
}

let lastSelector: { sel: LabelSelector | null; empty: boolean } = { sel: null, empty: true };

/** The constraints a cycle reads: readonly, since getConstraints hands the same ones to many cycles. */
export interface Constraints {
  readonly constraints: readonly SpreadConstraint[];
  readonly systemDefaulted: boolean;
}

type Action = 'DoNotSchedule' | 'ScheduleAnyway';

// The system defaults name no labelSelector (matchLabelKeys has nothing to merge into), so their
// filtered lists do not depend on the pod: made once per action.
const DEFAULTS: Readonly<Record<Action, readonly SpreadConstraint[]>> = {
  DoNotSchedule: filterTopologySpreadConstraints(SYSTEM_DEFAULT_CONSTRAINTS, {}, 'DoNotSchedule'),
  ScheduleAnyway: filterTopologySpreadConstraints(SYSTEM_DEFAULT_CONSTRAINTS, {}, 'ScheduleAnyway'),
};
const NONE_DEFAULTED: Constraints = { constraints: [], systemDefaulted: true };

/**
 * The defaulted constraints by default selector (a ReplicaSet's, one object while it is not
 * rewritten): a 10,000-pod rollout asks twice per pod. Not engine state: equal selectors give
 * equal constraints.
 */
const defaulted = new WeakMap<LabelSelector, Partial<Record<Action, Constraints>>>();

/**
 * getConstraints: the pod's own constraints with `action`, or else the system defaults with the
 * pod's default selector (buildDefaultConstraints). The defaults are all ScheduleAnyway, so they
 * never filter.
 */
export function getConstraints(pod: Pod, action: Action, replicaSetSelector: (ns: string, name: string) => LabelSelector | undefined): Constraints {
  const own = pod.spec.topologySpreadConstraints ?? [];
  if (own.length > 0) return { constraints: filterTopologySpreadConstraints(own, pod.metadata.labels ?? {}, action), systemDefaulted: false };
  const defaults = DEFAULTS[action];
  if (defaults.length === 0) return NONE_DEFAULTED;
  const selector = defaultSelector(pod, replicaSetSelector);
  if (selector === undefined) return NONE_DEFAULTED;
  let bySelector = defaulted.get(selector);
  if (bySelector === undefined) {
    bySelector = {};
    defaulted.set(selector, bySelector);
  }
  let c = bySelector[action];
  if (c === undefined) {
    c = { constraints: defaults.map((d) => ({ ...d, selector })), systemDefaulted: true };
    bySelector[action] = c;
  }
  return c;
}

/** nodeLabelsMatchSpreadConstraints: the node has every constraint's topology key. */
export function nodeLabelsMatchSpreadConstraints(labels: Record<string, string> | undefined, constraints: readonly SpreadConstraint[]): boolean {
  const l = labels ?? {};
  for (const c of constraints) if (!Object.hasOwn(l, c.topologyKey)) return false;
  return true;
}

/**
 * matchNodeInclusionPolicies: with nodeAffinityPolicy Honor (the default) only nodes the pod's
 * nodeSelector/affinity accepts count as domains; with nodeTaintsPolicy Honor (default Ignore)
 * only nodes whose taints it tolerates.
 */
export function matchNodeInclusionPolicies(c: SpreadConstraint, pod: Pod, node: Node): boolean {
  if (c.nodeAffinityPolicy === 'Honor' && !podMatchesNodeSelectorAndAffinityTerms(pod, node)) return false;
  if (c.nodeTaintsPolicy === 'Honor' && findMatchingUntoleratedTaint(node.spec.taints, pod.spec.tolerations, doNotScheduleTaint) !== null) return false;
  return true;
}

/** What PreFilter computed for the DoNotSchedule constraints. */
export interface SpreadFilterState {
  readonly constraints: readonly SpreadConstraint[];
  /** Per constraint: topology value → matching pods in that domain. */
  readonly tpValueToMatchNum: readonly Map<string, number>[];
  /** Per constraint: the smallest count over the domains (criticalPaths[0]). */
  readonly minMatch: readonly number[];
}

/** What PreScore computed for the ScheduleAnyway constraints (or the system defaults). */
export interface SpreadScoreState {
  readonly constraints: readonly SpreadConstraint[];
  readonly ignoredNodes: ReadonlySet<string>;
  /** Per constraint: topology value → matching pods (hostname constraints count per node in Score). */
  readonly tpValueToPodCounts: readonly Map<string, number>[];
  readonly topologyNormalizingWeight: readonly number[];
}
