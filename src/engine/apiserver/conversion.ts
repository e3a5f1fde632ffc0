// Port of kubernetes pkg/apis/core/v1/conversion.go (v1.36): the PodStatus conversions.
/**
 * The v1 form of what the engine stores, as kube-apiserver serves it. The simulated kubelet writes
 * a pod's status.podIP and status.hostIP only (and no status.qosClass, see convertPodStatus); the v1 → internal conversion fills the plural
 * fields from them when they are absent (podIPs = [podIP], hostIPs = [hostIP], for kubelets older
 * than dual-stack), so every pod a cluster serves carries both. The engine keeps the singular form
 * (two arrays fewer in each of the 90,000 pod versions of a 10,000-replica rollout) and the edges
 * that print or serve a pod (the served API, the console's get and describe) read it through
 * servedForm.
 */
import type { KubeObject, Pod } from '../api/types.ts';
import { getPodQOS } from '../lib/qos.ts';

/** Each stored pod's served form, made once: objects are never changed in place. */
const SERVED = new WeakMap<Pod, Pod>();

/**
 * convertPodStatus: podIPs and hostIPs from podIP and hostIP when the kubelet left them out, and
 * the QoS class the pod strategy's PrepareForCreate stores (qos.GetPodQOS of its spec, which no
 * update can change: computed here, it reads the same).
 */
function convertPodStatus(pod: Pod): Pod {
  const st = pod.status ?? {};
  const podIPs = !st.podIPs?.length && st.podIP;
  const hostIPs = !st.hostIPs?.length && st.hostIP;
  if (!podIPs && !hostIPs && st.qosClass) return pod;
  const status = { ...st };
  if (podIPs) status.podIPs = [{ ip: podIPs }];
  if (hostIPs) status.hostIPs = [{ ip: hostIPs }];
  if (!st.qosClass) status.qosClass = getPodQOS(pod);
  return { ...pod, status };
}

/** servedForm is the object as kube-apiserver serves it (a pod with its plural IP fields); others as stored. */
export function servedForm<T extends KubeObject>(obj: T): T {
  if (obj.kind !== 'Pod') return obj;
  const pod = obj as Pod;
  let out = SERVED.get(pod);
  if (out === undefined) {
    out = convertPodStatus(pod);
    SERVED.set(pod, out);
  }
  return out as unknown as T;
}
