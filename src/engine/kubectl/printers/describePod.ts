// Port of kubernetes staging/src/k8s.io/kubectl/pkg/describe/describe.go (v1.36): describePod,
// describeContainers with their statuses, describeVolumes and qos.GetPodQOS (`kubectl describe pod NAME`).
import type { Volume } from '../../api/statefulTypes.ts';
import { getControllerOf } from '../../api/ownerRefs.ts';
import type { Container, ContainerState, ContainerStatus, Event, Pod } from '../../api/types.ts';
import { formatAge } from '../../lib/duration.ts';
import { getPodQOS } from '../../lib/qos.ts';
import { formatRFC1123Z } from './describe.ts';
import {
  describeContainerCommand,
  describeContainerEnv,
  describeContainerMounts,
  describeContainerPorts,
  describeContainerProbes,
  describeContainerResources,
  describeEvents,
  PrefixWriter,
  printAnnotationsMultiline,
  printLabelsMultiline,
  printTolerationsMultiline,
} from './podTemplate.ts';
import { tabbedString } from './tabwriter.ts';
import { describeVolumes } from './volumes.ts';

/** describeStatus writes a container state: Running and since when, Waiting and why, or Terminated with its exit. */
function describeStatus(title: string, state: ContainerState, w: PrefixWriter): void {
  if (state.running) {
    w.write(2, `${title}:\tRunning\n`);
    w.write(3, `Started:\t${formatRFC1123Z(state.running.startedAt)}\n`);
  } else if (state.waiting) {
    w.write(2, `${title}:\tWaiting\n`);
    if (state.waiting.reason) w.write(3, `Reason:\t${state.waiting.reason}\n`);
  } else if (state.terminated) {
    const t = state.terminated;
    w.write(2, `${title}:\tTerminated\n`);
    if (t.reason) w.write(3, `Reason:\t${t.reason}\n`);
    if (t.message) w.write(3, `Message:\t${t.message}\n`);
    w.write(3, `Exit Code:\t${t.exitCode}\n`);
    if ((t.signal ?? 0) > 0) w.write(3, `Signal:\t${t.signal}\n`);
    w.write(3, `Started:\t${formatRFC1123Z(t.startedAt)}\n`);
    w.write(3, `Finished:\t${formatRFC1123Z(t.finishedAt)}\n`);
  } else w.write(2, `${title}:\tWaiting\n`);
}

/** describePodContainer is one container of describeContainers, with its status when the kubelet wrote one. */
function describePodContainer(c: Container, status: ContainerStatus | undefined, w: PrefixWriter): void {
  w.write(1, `${c.name}:\n`);
  if (status) w.write(2, `Container ID:\t${status.containerID ?? ''}\n`);
  w.write(2, `Image:\t${c.image}\n`);
  if (status) w.write(2, `Image ID:\t${status.imageID}\n`);
  describeContainerPorts(c, w);
  describeContainerCommand(c, w);
  if (status) {
    describeStatus('State', status.state, w);
    if (status.lastState?.terminated) describeStatus('Last State', status.lastState, w);
    w.write(2, `Ready:\t${status.ready ? 'True' : 'False'}\n`);
    w.write(2, `Restart Count:\t${status.restartCount}\n`);
  }
  describeContainerResources(c, w);
  describeContainerProbes(c, w);
  describeContainerEnv(c, w);
  describeContainerMounts(c, w);
}

/**
 * describePod renders `kubectl describe pod NAME`: identity, node and start, labels and
 * annotations, status (Terminating while it is being deleted), IPs, its controller, each
 * container with its state, the conditions, volumes, QoS class, node selectors, tolerations and
 * the Events about it.
 */
export function describePod(pod: Pod, events: readonly Event[], nowMs: number): string {
  const w = new PrefixWriter();
  const spec = pod.spec as Pod['spec'] & { serviceAccountName?: string; priorityClassName?: string; volumes?: Volume[] };
  const st = pod.status ?? {};
  w.write(0, `Name:\t${pod.metadata.name}\n`);
  w.write(0, `Namespace:\t${pod.metadata.namespace ?? 'default'}\n`);
  if (spec.priority !== undefined) w.write(0, `Priority:\t${spec.priority}\n`);
  if (spec.priorityClassName) w.write(0, `Priority Class Name:\t${spec.priorityClassName}\n`);
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
  w.write(0, `IP:\t${st.podIP ?? ''}\n`);
  if (st.podIPs?.length) {
    w.write(0, 'IPs:\n');
    for (const ip of st.podIPs) w.write(1, `IP:\t${ip.ip}\n`);
  } else w.write(0, 'IPs:\t<none>\n');
  const controller = getControllerOf(pod);
  if (controller) w.write(0, `Controlled By:\t${controller.kind}/${controller.name}\n`);
  if (st.nominatedNodeName) w.write(0, `NominatedNodeName:\t${st.nominatedNodeName}\n`);
  const statuses = new Map((st.containerStatuses ?? []).map((s) => [s.name, s]));
  if (spec.initContainers?.length) {
    w.write(0, 'Init Containers:\n');
    const initStatuses = new Map((st.initContainerStatuses ?? []).map((s) => [s.name, s]));
    for (const c of spec.initContainers) describePodContainer(c, initStatuses.get(c.name), w);
  }
  w.write(0, `Containers:${spec.containers.length ? '' : ' <none>'}\n`);
  for (const c of spec.containers) describePodContainer(c, statuses.get(c.name), w);
  if (st.conditions?.length) {
    w.write(0, 'Conditions:\n  Type\tStatus\n');
    for (const c of st.conditions) w.write(1, `${c.type} \t${c.status} \n`);
  }
  describeVolumes(spec.volumes ?? [], w, '');
  w.write(0, `QoS Class:\t${getPodQOS(pod)}\n`);
  printLabelsMultiline(w, 'Node-Selectors', spec.nodeSelector);
  printTolerationsMultiline(w, 'Tolerations', spec.tolerations);
  describeEvents(events, nowMs, w);
  return w.segments.map(tabbedString).join('');
}
