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
import type { Event, KubeObject, Pod, PodTemplateSpec } from '../api/types.ts';
import { getPodQOS } from '../lib/qos.ts';
import { type ServedPodSpec, servedPodSpec } from './servedDefaults.ts';

/** Each stored object's served form, made once: objects are never changed in place. */
const SERVED = new WeakMap<KubeObject, KubeObject>();

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

/**
 * servedTemplate: a workload with its template's spec as a cluster stores it (servedDefaults.ts),
 * and a status even before its controller wrote one: the Go status field is a struct, which
 * encoding/json writes out (`"status": {}`) whatever its omitempty, and protobuf decodes as one.
 */
function servedTemplate<T extends KubeObject & { spec: { template?: PodTemplateSpec }; status?: unknown }>(obj: T): T {
  const t = obj.spec.template;
  const withSpec = t?.spec === undefined ? obj : { ...obj, spec: { ...obj.spec, template: { ...t, spec: servedPodSpec(t.spec as ServedPodSpec) } } };
  return obj.status === undefined ? { ...withSpec, status: {} } : withSpec;
}

/**
 * servedEvent: an Event as corev1.Event encodes it, the fields without omitempty written at their
 * zero value: `source: {}`, `firstTimestamp` and `lastTimestamp` null (an events.k8s.io Event's),
 * `eventTime` null (a core recorder's), `reportingComponent` and `reportingInstance` "".
 */
function servedEvent(e: Event): Event {
  return {
    ...e,
    source: e.source ?? {},
    firstTimestamp: e.firstTimestamp ?? null,
    lastTimestamp: e.lastTimestamp ?? null,
    eventTime: e.eventTime ?? null,
    reportingComponent: e.reportingComponent ?? '',
    reportingInstance: e.reportingInstance ?? '',
  } as unknown as Event;
}

/**
 * servedForm is the object as kube-apiserver serves it: a pod with its plural IP fields, its QoS
 * class and its spec's defaults and admissions (servedDefaults.ts); a workload with its template's
 * defaults; an Event with its zero fields; others as stored.
 */
export function servedForm<T extends KubeObject>(obj: T): T {
  const k = obj.kind;
  if (k !== 'Pod' && k !== 'Deployment' && k !== 'ReplicaSet' && k !== 'DaemonSet' && k !== 'StatefulSet' && k !== 'Event') return obj;
  let out = SERVED.get(obj);
  if (out === undefined) {
    if (k === 'Event') out = servedEvent(obj as Event);
    else if (k === 'Pod') {
      const pod = convertPodStatus(obj as Pod);
      out = { ...pod, spec: servedPodSpec(pod.spec as ServedPodSpec, pod.metadata.uid ?? '') } as Pod;
    } else out = servedTemplate(obj as KubeObject & { spec: { template?: PodTemplateSpec }; status?: unknown });
    SERVED.set(obj, out);
  }
  return out as T;
}
