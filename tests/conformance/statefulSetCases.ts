// Loader for tests/fixtures/k8s-statefulset-cases.json: the StatefulSet tables of Kubernetes
// (stateful_set_utils_test.go, stateful_set_control_test.go, validation_test.go) and kubectl's
// TestStatefulSetStatusViewerStatus, transcribed as data. The drivers beside the code run them.
import file from '../fixtures/k8s-statefulset-cases.json';

export interface StatefulSetCase {
  source: string;
  function: string;
  input: Record<string, unknown>;
  expected: Record<string, unknown>;
  notes?: string;
  derived?: boolean;
}

const ALL = (file as unknown as { cases: StatefulSetCase[] }).cases;

/** The functions each driver runs; together they must cover every case of the file. */
export const DRIVERS = {
  utils: [
    'getParentNameAndOrdinal',
    'getClaimPodName',
    'isMemberOf',
    'identityMatches',
    'storageMatches',
    'updateIdentity',
    'updateStorage',
    'getPersistentVolumeClaimRetentionPolicy',
    'matchesRef',
    'isClaimOwnerUpToDate',
    'isClaimOwnerUpToDate.edge',
    'updateClaimOwnerRefForSetAndPod',
    'updateClaimOwnerRefForSetAndPod.refs',
    'hasOwnerRef',
    'hasUnexpectedController',
    'hasNonControllerOwner',
    'hasStaleOwnerRef',
    'isRunningAndReady',
    'ascendingOrdinal',
    'newStatefulSetPod',
    'applyRevision',
    'getPersistentVolumeClaims',
    'getStatefulSetMaxUnavailable',
    'ownerRefsChanged',
  ],
  control: ['UpdateStatefulSet(sequence)', 'getStatefulSetRevisions', 'updateStatefulSetAfterInvariantEstablished', 'truncateHistory'],
  validation: ['ValidateStatefulSetUpdate'],
  kubectl: ['StatefulSetStatusViewer.Status'],
} as const;

/** casesFor returns the cases of the given functions, each named by its source (plus ` #n` when a source repeats). */
export function casesFor(functions: readonly string[]): (StatefulSetCase & { name: string })[] {
  const seen = new Map<string, number>();
  const total = new Map<string, number>();
  for (const c of ALL) total.set(c.source, (total.get(c.source) ?? 0) + 1);
  const named = ALL.map((c) => {
    const n = (seen.get(c.source) ?? 0) + 1;
    seen.set(c.source, n);
    const short = c.source.replace(/^.*\.go:/, '');
    return { ...c, name: (total.get(c.source) ?? 0) > 1 ? `${short} #${n}` : short };
  });
  return named.filter((c) => functions.includes(c.function));
}

/** Every function named in the file, for the coverage check. */
export function allFunctions(): string[] {
  return [...new Set(ALL.map((c) => c.function))];
}
