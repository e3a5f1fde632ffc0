/**
 * Admission the API server applies to new pods: core/v1 pod defaults and the
 * DefaultTolerationSeconds plugin, which lets every pod tolerate a not-ready or unreachable
 * node for 300 s before the node lifecycle controller evicts it.
 */
import type { Pod, Toleration } from '../api/types.ts';

const DEFAULT_TOLERATION_SECONDS = 300;

function hasToleration(ts: readonly Toleration[], key: string): boolean {
  return ts.some((t) => (t.key === key || (t.operator === 'Exists' && !t.key)) && (t.effect === 'NoExecute' || !t.effect));
}

/** admitPod returns the pod with API defaults and default tolerations added. */
export function admitPod(pod: Pod): Pod {
  const tolerations = [...(pod.spec.tolerations ?? [])];
  for (const key of ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable']) {
    if (!hasToleration(tolerations, key)) {
      tolerations.push({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: DEFAULT_TOLERATION_SECONDS });
    }
  }
  return {
    ...pod,
    spec: {
      restartPolicy: 'Always',
      terminationGracePeriodSeconds: 30,
      schedulerName: 'default-scheduler',
      ...pod.spec,
      tolerations,
    },
  };
}
