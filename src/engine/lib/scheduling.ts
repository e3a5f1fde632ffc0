// Port of kubernetes k8s.io/api core/v1 toleration.go and component-helpers scheduling/corev1 (+ nodeaffinity) (v1.36).
/**
 * Scheduling predicates shared by the DaemonSet controller (NodeShouldRunDaemonPod) and the
 * simulated scheduler: taints against tolerations, required node affinity, nodeSelector and the
 * node Ready condition. Pure functions over API objects; nothing here mutates its inputs.
 *
 * Not modelled: the alpha TaintTolerationComparisonOperators gate (toleration operators Lt/Gt,
 * off by default in 1.36).
 */
import type { Node, NodeSelectorRequirement, NodeSelectorTerm, PodSpec, Taint, Toleration } from '../api/types.ts';

/** The only field a nodeSelectorTerm's matchFields may name (metav1.ObjectNameField). */
export const ObjectNameField = 'metadata.name';

/**
 * toleratesTaint reports whether one toleration tolerates one taint (Toleration.ToleratesTaint):
 * an empty effect matches every effect, an empty key every key; operator "" or Equal compares
 * values, Exists matches any value; any other operator matches nothing.
 */
export function toleratesTaint(toleration: Toleration, taint: Taint): boolean {
  if (toleration.effect && toleration.effect !== taint.effect) return false;
  if (toleration.key && toleration.key !== taint.key) return false;
  switch (toleration.operator ?? '') {
    case '':
    case 'Equal':
      // A missing value is Go's empty string on both sides.
      return (toleration.value ?? '') === (taint.value ?? '');
    case 'Exists':
      return true;
    default:
      return false;
  }
}

/** tolerationsTolerateTaint reports whether any of the tolerations tolerates the taint. */
export function tolerationsTolerateTaint(tolerations: readonly Toleration[] | undefined, taint: Taint): boolean {
  return (tolerations ?? []).some((t) => toleratesTaint(t, taint));
}

/**
 * findMatchingUntoleratedTaint returns the first taint that passes `inclusionFilter` and is not
 * tolerated, or null when every such taint is tolerated (v1helper.FindMatchingUntoleratedTaint).
 */
export function findMatchingUntoleratedTaint(
  taints: readonly Taint[] | undefined,
  tolerations: readonly Toleration[] | undefined,
  inclusionFilter: (taint: Taint) => boolean,
): Taint | null {
  for (const taint of taints ?? []) {
    if (!inclusionFilter(taint)) continue;
    if (!tolerationsTolerateTaint(tolerations, taint)) return taint;
  }
  return null;
}

const NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** validKey: a qualified name, `[prefix/]name` (validateLabelKey). */
function validKey(k: string): boolean {
  const parts = k.split('/');
  const name = parts[parts.length - 1] ?? '';
  if (parts.length > 2 || name.length > 63 || !NAME.test(name)) return false;
  return parts.length === 1 || (parts[0] !== '' && (parts[0] as string).length <= 253 && SUBDOMAIN.test(parts[0] as string));
}

/** validValue: empty, or at most 63 characters of a label value (validateLabelValue). */
function validValue(v: string): boolean {
  return v === '' || (v.length <= 63 && NAME.test(v));
}

/** parseInt64 accepts what strconv.ParseInt(s, 10, 64) accepts (an optional sign, then digits). */
function parseInt64(s: string): number | null {
  return /^[+-]?\d+$/.test(s) ? Number(s) : null;
}

/**
 * labelRequirementMatches ports labels.NewRequirement's checks plus Requirement.Matches for one
 * matchExpressions entry. In/NotIn need at least one value, Exists/DoesNotExist none, Gt/Lt
 * exactly one integer; a malformed requirement makes upstream drop the whole term, which here is
 * simply "no match". Gt/Lt match only a node label that itself parses as an integer
 * ("cpu-count Gt 8" matches cpu-count=16, never cpu-count=big).
 */
function labelRequirementMatches(labels: Record<string, string>, r: NodeSelectorRequirement): boolean {
  const values = r.values ?? [];
  // labels.NewRequirement refuses a key that is not a qualified name and a value that is not a
  // label value; the term then fails to parse and matches nothing.
  if (!validKey(r.key) || ((r.operator === 'In' || r.operator === 'NotIn') && !values.every(validValue))) return false;
  const has = Object.hasOwn(labels, r.key);
  const v = labels[r.key] ?? '';
  switch (r.operator) {
    case 'In':
      return values.length > 0 && has && values.includes(v);
    case 'NotIn':
      return values.length > 0 && (!has || !values.includes(v));
    case 'Exists':
      return values.length === 0 && has;
    case 'DoesNotExist':
      return values.length === 0 && !has;
    case 'Gt':
    case 'Lt': {
      const want = values.length === 1 ? parseInt64(values[0] ?? '') : null;
      const got = has ? parseInt64(v) : null;
      if (want === null || got === null) return false;
      return r.operator === 'Gt' ? got > want : got < want;
    }
    default:
      return false;
  }
}

/**
 * fieldRequirementMatches ports nodeSelectorRequirementsAsFieldSelector for one matchFields entry:
 * only `metadata.name` with In or NotIn and exactly one value is valid; anything else matches nothing.
 */
function fieldRequirementMatches(nodeName: string, r: NodeSelectorRequirement): boolean {
  const values = r.values ?? [];
  if (r.key !== ObjectNameField || values.length !== 1) return false;
  if (r.operator === 'In') return values[0] === nodeName;
  if (r.operator === 'NotIn') return values[0] !== nodeName;
  return false;
}

/** termMatches evaluates one nodeSelectorTerm: every expression AND every field must match. */
function termMatches(node: Node, term: NodeSelectorTerm): boolean {
  const labels = node.metadata.labels ?? {};
  return (
    (term.matchExpressions ?? []).every((r) => labelRequirementMatches(labels, r)) &&
    (term.matchFields ?? []).every((r) => fieldRequirementMatches(node.metadata.name, r))
  );
}

/**
 * nodeMatchesNodeSelectorTerms reports whether the node matches any of the terms (the terms are
 * ORed, the requirements inside a term ANDed), as nodeaffinity.LazyErrorNodeSelector.Match. An
 * empty term selects nothing, a malformed term is skipped, and an empty list matches no node.
 */
export function nodeMatchesNodeSelectorTerms(node: Node, terms: readonly NodeSelectorTerm[]): boolean {
  for (const term of terms) {
    if ((term.matchExpressions ?? []).length === 0 && (term.matchFields ?? []).length === 0) continue;
    if (termMatches(node, term)) return true;
  }
  return false;
}

/**
 * podMatchesNodeSelectorAndAffinityTerms reports whether a pod's nodeSelector (every key equal)
 * and its required node affinity (when present) both accept the node, as
 * nodeaffinity.GetRequiredNodeAffinity(pod).Match(node). Preferred affinity never filters.
 */
export function podMatchesNodeSelectorAndAffinityTerms(pod: { spec: PodSpec }, node: Node): boolean {
  const selector = pod.spec.nodeSelector;
  if (selector) {
    // The scheduler asks this for every node: nothing is allocated when there is no nodeSelector.
    const labels = node.metadata.labels ?? {};
    for (const [k, v] of Object.entries(selector)) {
      if (!Object.hasOwn(labels, k) || labels[k] !== v) return false;
    }
  }
  const required = pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (required) return nodeMatchesNodeSelectorTerms(node, required.nodeSelectorTerms ?? []);
  return true;
}

/** isNodeReady reports whether the node's Ready condition is True (a missing condition is not). */
export function isNodeReady(node: Node): boolean {
  // A loop, not some() with a closure and a `?? []` array: each kubelet step of each pod asks
  // (40,000 in a 10,000-replica rollout).
  const conditions = node.status?.conditions;
  if (conditions === undefined) return false;
  // From the end: the kubelet posts Ready last, after the three pressure conditions (nodeStatus.ts).
  for (let i = conditions.length - 1; i >= 0; i--) {
    const c = conditions[i] as NonNullable<typeof conditions>[number];
    if (c.type === 'Ready' && c.status === 'True') return true;
  }
  return false;
}
