// Port of kubernetes staging/src/k8s.io/kubectl/pkg/describe/describe.go (v1.36.3): describePod,
// describePodIPs, EnvValueRetriever and qos.GetPodQOS (`kubectl describe pod NAME`); the
// containers are containers.ts', the volumes volumes.ts'.
import { getControllerOf } from '../../api/ownerRefs.ts';
import type { Container, ContainerStatus, EnvVar, Event, Pod, ResourceRequirements } from '../../api/types.ts';
import { formatAge } from '../../lib/duration.ts';
import { getPodQOS } from '../../lib/qos.ts';
import { describeContainers, describeResources, type EnvVarResolverFunc } from './containers.ts';
import { formatRFC1123Z } from './describe.ts';
import {
  type DescribedPodSpec,
  describeEvents,
  describeSchedulingGroup,
  describeTopologySpreadConstraints,
  PrefixWriter,
  printAnnotationsMultiline,
  printLabelsMultiline,
  printTolerationsMultiline,
} from './podTemplate.ts';
import { tabbedString } from './tabwriter.ts';
import { describeVolumes } from './volumes.ts';

/** The pod's fields describe reads beyond what the simulator models, read when a manifest carries them. */
type DescribedPod = Pod & {
  spec: DescribedPodSpec & {
    runtimeClassName?: string;
    securityContext?: { seccompProfile?: { type: string; localhostProfile?: string } };
    /** Pod-level resources (core/v1 PodSpec.resources). */
    resources?: ResourceRequirements;
    ephemeralContainers?: Container[];
    readinessGates?: { conditionType: string }[];
  };
  status?: Pod['status'] & { ephemeralContainerStatuses?: ContainerStatus[] };
};

/**
 * envValueRetriever is EnvValueRetriever: the value of a variable read from a field of the pod.
 * kubectl converts the field label with its own scheme, which has no field label conversions and
 * so lets only metadata.name and metadata.namespace through (fieldpath.ExtractFieldPathAsString
 * then reads them); any other field prints an empty value.
 */
export function envValueRetriever(pod: Pod): EnvVarResolverFunc {
  return (e: EnvVar) => {
    const path = e.valueFrom?.fieldRef?.fieldPath;
    if (path === 'metadata.name') return pod.metadata.name;
    if (path === 'metadata.namespace') return pod.metadata.namespace ?? '';
    return '';
  };
}

/**
 * describePod renders `kubectl describe pod NAME`: identity, node and start, labels and
 * annotations, status (Terminating while it is being deleted), IPs, its controller, the pod's own
 * resources, each container with its state, readiness gates, conditions, volumes, QoS class, node
 * selectors, tolerations, topology spread constraints, scheduling group and the Events about it
 * (none given: the section is left out).
 */
export function describePod(p: Pod, events: readonly Event[] | undefined, nowMs: number): string {
  const pod = p as DescribedPod;
  const w = new PrefixWriter();
  const spec = pod.spec;
  const st = pod.status ?? {};
  w.write(0, `Name:\t${pod.metadata.name}\n`);
  w.write(0, `Namespace:\t${pod.metadata.namespace ?? 'default'}\n`);
  if (spec.priority !== undefined) w.write(0, `Priority:\t${spec.priority}\n`);
  if (spec.priorityClassName) w.write(0, `Priority Class Name:\t${spec.priorityClassName}\n`);
  if (spec.runtimeClassName) w.write(0, `Runtime Class Name:\t${spec.runtimeClassName}\n`);
  if (spec.serviceAccountName) w.write(0, `Service Account:\t${spec.serviceAccountName}\n`);
  w.write(0, spec.nodeName ? `Node:\t${spec.nodeName}/${st.hostIP ?? ''}\n` : 'Node:\t<none>\n');
  if (st.startTime) w.write(0, `Start Time:\t${formatRFC1123Z(st.startTime)}\n`);
  printLabelsMultiline(w, 'Labels', pod.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', pod.metadata.annotations);
  if (pod.metadata.deletionTimestamp && st.phase !== 'Failed' && st.phase !== 'Succeeded') {
    w.write(0, `Status:\tTerminating (lasts ${formatAge(nowMs, pod.metadata.deletionTimestamp)})\n`);
    w.write(0, `Termination Grace Period:\t${pod.metadata.deletionGracePeriodSeconds ?? 0}s\n`);
  } else w.write(0, `Status:\t${st.phase ?? ''}\n`);
  if (st.reason) w.write(0, `Reason:\t${st.reason}\n`);
  if (st.message) w.write(0, `Message:\t${st.message}\n`);
  const seccomp = spec.securityContext?.seccompProfile;
  if (seccomp) {
    w.write(0, `SeccompProfile:\t${seccomp.type}\n`);
    if (seccomp.type === 'Localhost') w.write(0, `LocalhostProfile:\t${seccomp.localhostProfile ?? ''}\n`);
  }
  w.write(0, `IP:\t${st.podIP ?? ''}\n`);
  if (st.podIPs?.length) {
    w.write(0, 'IPs:\n');
    for (const ip of st.podIPs) w.write(1, `IP:\t${ip.ip}\n`);
  } else w.write(0, 'IPs:\t<none>\n');
  const controller = getControllerOf(pod);
  if (controller) w.write(0, `Controlled By:\t${controller.kind}/${controller.name}\n`);
  if (st.nominatedNodeName) w.write(0, `NominatedNodeName:\t${st.nominatedNodeName}\n`);
  if (spec.resources) {
    w.write(0, 'Resources:\n');
    describeResources(spec.resources, w, 1);
  }
  const resolve = envValueRetriever(pod);
  if (spec.initContainers?.length) describeContainers('Init Containers', spec.initContainers, st.initContainerStatuses, resolve, w, '');
  describeContainers('Containers', spec.containers, st.containerStatuses, resolve, w, '');
  if (spec.ephemeralContainers?.length) describeContainers('Ephemeral Containers', spec.ephemeralContainers, st.ephemeralContainerStatuses, resolve, w, '');
  if (spec.readinessGates?.length) {
    w.write(0, 'Readiness Gates:\n  Type\tStatus\n');
    for (const g of spec.readinessGates) {
      const status = st.conditions?.find((c) => c.type === g.conditionType)?.status ?? '<none>';
      w.write(1, `${g.conditionType} \t${status} \n`);
    }
  }
  if (st.conditions?.length) {
    w.write(0, 'Conditions:\n  Type\tStatus\n');
    for (const c of st.conditions) w.write(1, `${c.type} \t${c.status} \n`);
  }
  describeVolumes(spec.volumes ?? [], w, '');
  // GetPodQOS: the class the API server stored, else worked out from the resources.
  w.write(0, `QoS Class:\t${st.qosClass || getPodQOS(pod)}\n`);
  printLabelsMultiline(w, 'Node-Selectors', spec.nodeSelector);
  printTolerationsMultiline(w, 'Tolerations', spec.tolerations);
  describeTopologySpreadConstraints(spec.topologySpreadConstraints, w, '');
  if (spec.schedulingGroup) describeSchedulingGroup(spec.schedulingGroup, w, '');
  describeEvents(events, nowMs, w);
  return w.segments.map(tabbedString).join('');
}
