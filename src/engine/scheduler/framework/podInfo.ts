// Port of kubernetes staging/src/k8s.io/kube-scheduler/framework/types.go (AffinityTerm,
// WeightedAffinityTerm, PodInfo's parsed terms) (v1.36): a pod's inter-pod affinity terms, parsed
// once per pod spec, and the test of one term against a pod.
import type { Affinity, LabelSelector, Pod, PodAffinityTerm, WeightedPodAffinityTerm } from '../../api/types.ts';
import { selectorMatches } from '../../lib/labels.ts';

/**
 * AffinityTerm: pods selected by `selector` in `namespaces` (or in a namespace `nsSelector`
 * selects) count in the topology domain `topologyKey` of the node they run on.
 */
export interface AffinityTerm {
  readonly selector: LabelSelector | undefined;
  readonly namespaces: readonly string[];
  readonly nsSelector: LabelSelector | undefined;
  readonly topologyKey: string;
}

export interface WeightedAffinityTerm extends AffinityTerm {
  readonly weight: number;
}

/** The four lists of a pod's inter-pod affinity (PodInfo's RequiredAffinityTerms, …). */
export interface AffinityTerms {
  readonly requiredAffinity: readonly AffinityTerm[];
  readonly requiredAntiAffinity: readonly AffinityTerm[];
  readonly preferredAffinity: readonly WeightedAffinityTerm[];
  readonly preferredAntiAffinity: readonly WeightedAffinityTerm[];
}

export const NO_TERMS: AffinityTerms = { requiredAffinity: [], requiredAntiAffinity: [], preferredAffinity: [], preferredAntiAffinity: [] };

/** The label every namespace carries (the API server sets it), the only namespace label modelled. */
export const LabelMetadataName = 'kubernetes.io/metadata.name';

/** namespaceLabels are the labels of a namespace as the scheduler's namespace lister would show them. */
export function namespaceLabels(ns: string): Record<string, string> {
  return { [LabelMetadataName]: ns };
}

/**
 * newAffinityTerm parses a PodAffinityTerm: with neither namespaces nor a namespaceSelector the
 * term means the pod's own namespace (getNamespacesFromPodAffinityTerm).
 */
function newAffinityTerm(ns: string, t: PodAffinityTerm): AffinityTerm {
  const own = (t.namespaces ?? []).length === 0 && t.namespaceSelector === undefined;
  return {
    selector: t.labelSelector,
    namespaces: own ? [ns] : (t.namespaces ?? []),
    nsSelector: t.namespaceSelector,
    topologyKey: t.topologyKey,
  };
}

function weighted(ns: string, ts: readonly WeightedPodAffinityTerm[] | undefined): WeightedAffinityTerm[] {
  return (ts ?? []).map((w) => ({ ...newAffinityTerm(ns, w.podAffinityTerm), weight: w.weight }));
}

const memo = new WeakMap<Affinity, Map<string, AffinityTerms>>();

/** affinityTerms parses a pod's inter-pod affinity once per affinity object and namespace. */
export function affinityTerms(pod: Pod): AffinityTerms {
  const a = pod.spec.affinity;
  if (a === undefined || (a.podAffinity === undefined && a.podAntiAffinity === undefined)) return NO_TERMS;
  const ns = pod.metadata.namespace ?? 'default';
  let byNs = memo.get(a);
  if (byNs === undefined) {
    byNs = new Map();
    memo.set(a, byNs);
  }
  let t = byNs.get(ns);
  if (t === undefined) {
    t = {
      requiredAffinity: (a.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []).map((x) => newAffinityTerm(ns, x)),
      requiredAntiAffinity: (a.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []).map((x) => newAffinityTerm(ns, x)),
      preferredAffinity: weighted(ns, a.podAffinity?.preferredDuringSchedulingIgnoredDuringExecution),
      preferredAntiAffinity: weighted(ns, a.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution),
    };
    byNs.set(ns, t);
  }
  return t;
}

/**
 * termMatches is AffinityTerm.Matches: the pod is in one of the term's namespaces (or its
 * namespace's labels match nsSelector) and its labels match the selector. A missing selector
 * selects nothing; `{}` selects everything.
 */
export function termMatches(t: AffinityTerm, pod: Pod, nsLabels: Record<string, string> | undefined): boolean {
  const ns = pod.metadata.namespace ?? 'default';
  // Without namespace objects, a namespace's labels are its automatic kubernetes.io/metadata.name.
  if (t.namespaces.includes(ns) || (t.nsSelector !== undefined && selectorMatches(t.nsSelector, nsLabels ?? namespaceLabels(ns)))) {
    return selectorMatches(t.selector, pod.metadata.labels);
  }
  return false;
}

/** podMatchesAllAffinityTerms: the pod matches every term (and there is at least one). */
export function podMatchesAllAffinityTerms(terms: readonly AffinityTerm[], pod: Pod): boolean {
  if (terms.length === 0) return false;
  for (const t of terms) if (!termMatches(t, pod, undefined)) return false;
  return true;
}

/** podMatchesAnyAffinityTerm: the pod matches at least one of the terms. */
export function podMatchesAnyAffinityTerm(terms: readonly AffinityTerm[], pod: Pod): boolean {
  for (const t of terms) if (termMatches(t, pod, undefined)) return true;
  return false;
}

/** hasAffinity: the pod has any pod affinity or anti-affinity term (NodeInfo.PodsWithAffinity). */
export function hasPodAffinity(pod: Pod): boolean {
  const a = pod.spec.affinity;
  return a !== undefined && (a.podAffinity !== undefined || a.podAntiAffinity !== undefined);
}

/** hasRequiredAntiAffinity: the pod has a required anti-affinity term (NodeInfo.PodsWithRequiredAntiAffinity). */
export function hasRequiredAntiAffinity(pod: Pod): boolean {
  return (pod.spec.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []).length > 0;
}
