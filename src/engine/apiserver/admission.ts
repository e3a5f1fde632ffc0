/**
 * Admission the API server applies to new pods: core/v1 pod defaults and the
 * DefaultTolerationSeconds plugin, which lets every pod tolerate a not-ready or unreachable
 * node for 300 s before the node lifecycle controller evicts it.
 */
import type { Pod, PodSpec, PodStatus, Toleration } from '../api/types.ts';

const DEFAULT_TOLERATION_SECONDS = 300;

function hasToleration(ts: readonly Toleration[], key: string): boolean {
  return ts.some((t) => (t.key === key || (t.operator === 'Exists' && !t.key)) && (t.effect === 'NoExecute' || !t.effect));
}

/**
 * The two default tolerations, one object each for every pod (API objects are never changed in
 * place, and 10,000 pods need not carry 20,000 copies).
 */
const DEFAULT_TOLERATIONS: readonly Toleration[] = ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable'].map((key) => ({
  key,
  operator: 'Exists',
  effect: 'NoExecute',
  tolerationSeconds: DEFAULT_TOLERATION_SECONDS,
}));

/**
 * Admitted specs by the spec admitted: a ReplicaSet's pods share one copy of its template spec
 * (replicaset/replicaSet.ts), so its 10,000 pods share one admitted spec too instead of 10,000
 * equal copies. Not engine state: a restored run admits to equal specs.
 */
const admitted = new WeakMap<PodSpec, PodSpec>();

/**
 * The status a new pod is stored with: the pod strategy's PrepareForCreate replaces whatever the
 * client sent by phase Pending, so `kubectl get pods -w` prints STATUS Pending from the first row.
 * One shared, frozen object: every writer copies a status before changing it.
 */
const PENDING_STATUS: PodStatus = Object.freeze({ phase: 'Pending' }) as PodStatus;

/** admitPod returns the new pod with API defaults, default tolerations and the Pending status. */
export function admitPod(pod: Pod): Pod {
  let spec = admitted.get(pod.spec);
  if (spec === undefined) {
    const tolerations = [...(pod.spec.tolerations ?? [])];
    for (const t of DEFAULT_TOLERATIONS) {
      if (!hasToleration(tolerations, t.key ?? '')) tolerations.push(t);
    }
    spec = {
      restartPolicy: 'Always',
      terminationGracePeriodSeconds: 30,
      schedulerName: 'default-scheduler',
      ...pod.spec,
      tolerations,
    };
    admitted.set(pod.spec, spec);
  }
  return { ...pod, spec, status: PENDING_STATUS };
}
