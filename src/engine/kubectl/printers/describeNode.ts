// Port of kubernetes staging/src/k8s.io/kubectl/pkg/describe/describe.go (v1.36.3): describeNode,
// describeNodeLease, describeNodeResource and getPodsTotalRequestsAndLimits, which read each pod's
// requests and limits with component-helpers' PodRequests and PodLimits (quota/podRequests.ts:
// the containers', sidecars and init containers counted, then the pod-level resources where
// set) (`kubectl describe node NAME`).
import type { Event, Node, Pod, Taint } from '../../api/types.ts';
import { podLimits, podRequests } from '../../quota/podRequests.ts';
import type { Lease } from '../../kubelet/nodeLease.ts';
import { formatAge } from '../../lib/duration.ts';
import { addQuantities, formatQuantity, milliValue, parseQuantity, type Quantity, value } from '../../lib/quantity.ts';
import { formatRFC1123Z } from './describe.ts';
import { describeEvents, PrefixWriter, printAnnotationsMultiline, printLabelsMultiline } from './podTemplate.ts';
import { findNodeRoles } from './rows.ts';
import { tabbedString } from './tabwriter.ts';

type ResourceList = Map<string, Quantity>;

/** Taint.ToString(): `key=value:effect`, the value and the effect each left out when empty. */
function taintString(t: Taint): string {
  let s = t.key;
  if (t.value) s += `=${t.value}`;
  if (t.effect) s += `:${t.effect}`;
  return s;
}

/** printNodeTaintsMultiline: one taint a line, ordered by effect then key; `<none>` without any. */
function printNodeTaintsMultiline(w: PrefixWriter, title: string, taints: readonly Taint[] | undefined): void {
  w.write(0, `${title}:\t`);
  const list = [...(taints ?? [])];
  if (list.length === 0) {
    w.write(0, '<none>\n');
    return;
  }
  const key = (t: Taint) => `${t.effect ?? ''},${t.key}`;
  list.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  for (const [i, t] of list.entries()) w.write(0, `${i ? '\t' : ''}${taintString(t)}\n`);
}

/** describeNodeLease: the kubelet's lease holder and renewal (a node lease has no acquireTime). */
function describeNodeLease(lease: Lease, w: PrefixWriter): void {
  w.write(0, 'Lease:\n');
  w.write(1, `HolderIdentity:\t${lease.spec.holderIdentity}\n`);
  w.write(1, 'AcquireTime:\t<unset>\n');
  w.write(1, `RenewTime:\t${formatRFC1123Z(lease.spec.renewTime)}\n`);
}

function addTo(list: ResourceList, name: string, q: Quantity): void {
  const prev = list.get(name);
  list.set(name, prev ? addQuantities(prev, q) : q);
}

function listOf(resources: Record<string, string> | undefined): ResourceList {
  const out: ResourceList = new Map();
  for (const [name, v] of Object.entries(resources ?? {})) {
    const q = parseQuantity(v);
    if (q.ok) addTo(out, name, q.value);
  }
  return out;
}

function sumInto(into: ResourceList, add: ReadonlyMap<string, Quantity>): void {
  for (const [name, q] of add) addTo(into, name, q);
}

const ZERO = (parseQuantity('0') as { ok: true; value: Quantity }).value;

const quantity = (list: ReadonlyMap<string, Quantity>, name: string): Quantity => list.get(name) ?? ZERO;

/** fraction is int64(part / whole × 100), 0 when the node has none of it. */
function fraction(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.trunc((part / whole) * 100);
}

/** describeNodeResource: the node's non-terminated pods with their requests and limits, then the totals. */
function describeNodeResource(pods: readonly Pod[], node: Node, nowMs: number, w: PrefixWriter): void {
  w.write(0, `Non-terminated Pods:\t(${pods.length} in total)\n`);
  w.write(1, 'Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n');
  w.write(1, '---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n');
  const status = node.status ?? {};
  const allocatable = listOf(Object.keys(status.allocatable ?? {}).length > 0 ? status.allocatable : status.capacity);
  const cpuOf = milliValue(quantity(allocatable, 'cpu'));
  const memOf = value(quantity(allocatable, 'memory'));
  const storageOf = value(quantity(allocatable, 'ephemeral-storage'));
  const cell = (q: Quantity, whole: number, read: (q: Quantity) => number) => `${formatQuantity(q)} (${fraction(read(q), whole)}%)`;
  const reqs: ResourceList = new Map();
  const limits: ResourceList = new Map();
  for (const pod of pods) {
    // PodRequests/PodLimits with the pod-level resources (kubectl 1.36; 1.32 summed the containers
    // only) and the kubelet's status resources, which the simulated kubelet never reports.
    const req = podRequests(pod);
    const limit = podLimits(pod);
    sumInto(reqs, req);
    sumInto(limits, limit);
    w.write(
      1,
      `${pod.metadata.namespace ?? 'default'}\t${pod.metadata.name}\t\t${cell(quantity(req, 'cpu'), cpuOf, milliValue)}\t${cell(quantity(limit, 'cpu'), cpuOf, milliValue)}\t${cell(quantity(req, 'memory'), memOf, value)}\t${cell(quantity(limit, 'memory'), memOf, value)}\t${formatAge(nowMs, pod.metadata.creationTimestamp)}\n`,
    );
  }
  w.write(0, 'Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n');
  w.write(1, 'Resource\tRequests\tLimits\n');
  w.write(1, '--------\t--------\t------\n');
  w.write(1, `cpu\t${cell(quantity(reqs, 'cpu'), cpuOf, milliValue)}\t${cell(quantity(limits, 'cpu'), cpuOf, milliValue)}\n`);
  w.write(1, `memory\t${cell(quantity(reqs, 'memory'), memOf, value)}\t${cell(quantity(limits, 'memory'), memOf, value)}\n`);
  w.write(1, `ephemeral-storage\t${cell(quantity(reqs, 'ephemeral-storage'), storageOf, value)}\t${cell(quantity(limits, 'ephemeral-storage'), storageOf, value)}\n`);
  // Then each huge page size, with its share, and each extended resource, without, by name.
  const names = [...allocatable.keys()];
  const standard = new Set(['cpu', 'memory', 'ephemeral-storage', 'pods']);
  for (const r of names.filter((n) => n.startsWith('hugepages-')).sort()) {
    const of = value(quantity(allocatable, r));
    w.write(1, `${r}\t${cell(quantity(reqs, r), of, value)}\t${cell(quantity(limits, r), of, value)}\n`);
  }
  for (const r of names.filter((n) => !standard.has(n) && !n.startsWith('hugepages-')).sort()) {
    w.write(1, `${r}\t${formatQuantity(quantity(reqs, r))}\t${formatQuantity(quantity(limits, r))}\n`);
  }
}

/**
 * describeNode is `kubectl describe node`: the node, its kubelet's Lease, conditions, addresses,
 * capacity, system info, its non-terminated pods (every namespace) and its Events.
 */
export function describeNode(node: Node, lease: Lease, pods: readonly Pod[], events: readonly Event[] | undefined, nowMs: number): string {
  const w = new PrefixWriter();
  const st = node.status ?? {};
  w.write(0, `Name:\t${node.metadata.name}\n`);
  const roles = findNodeRoles(node);
  w.write(0, `Roles:\t${roles.length ? roles.join(',') : '<none>'}\n`);
  printLabelsMultiline(w, 'Labels', node.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', node.metadata.annotations);
  w.write(0, `CreationTimestamp:\t${formatRFC1123Z(node.metadata.creationTimestamp)}\n`);
  printNodeTaintsMultiline(w, 'Taints', node.spec.taints);
  w.write(0, `Unschedulable:\t${node.spec.unschedulable === true}\n`);
  describeNodeLease(lease, w);
  if (st.conditions?.length) {
    w.write(0, 'Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n');
    w.write(1, '----\t------\t-----------------\t------------------\t------\t-------\n');
    for (const c of st.conditions) {
      w.write(1, `${c.type} \t${c.status} \t${formatRFC1123Z(c.lastHeartbeatTime)} \t${formatRFC1123Z(c.lastTransitionTime)} \t${c.reason ?? ''} \t${c.message ?? ''}\n`);
    }
  }
  w.write(0, 'Addresses:\n');
  for (const a of st.addresses ?? []) w.write(1, `${a.type}:\t${a.address}\n`);
  // SortableResourceNames: by name (cpu, memory, pods).
  const printResourceList = (list: Record<string, string>) => {
    const parsed = listOf(list);
    for (const name of Object.keys(list).sort()) w.write(0, `  ${name}:\t${formatQuantity(quantity(parsed, name))}\n`);
  };
  if (Object.keys(st.capacity ?? {}).length > 0) {
    w.write(0, 'Capacity:\n');
    printResourceList(st.capacity ?? {});
  }
  if (Object.keys(st.allocatable ?? {}).length > 0) {
    w.write(0, 'Allocatable:\n');
    printResourceList(st.allocatable ?? {});
  }
  const info = st.nodeInfo ?? {};
  w.write(0, 'System Info:\n');
  w.write(0, `  Machine ID:\t${info.machineID ?? ''}\n`);
  w.write(0, `  System UUID:\t${info.systemUUID ?? ''}\n`);
  w.write(0, `  Boot ID:\t${info.bootID ?? ''}\n`);
  w.write(0, `  Kernel Version:\t${info.kernelVersion ?? ''}\n`);
  w.write(0, `  OS Image:\t${info.osImage ?? ''}\n`);
  w.write(0, `  Operating System:\t${info.operatingSystem ?? ''}\n`);
  w.write(0, `  Architecture:\t${info.architecture ?? ''}\n`);
  w.write(0, `  Container Runtime Version:\t${info.containerRuntimeVersion ?? ''}\n`);
  w.write(0, `  Kubelet Version:\t${info.kubeletVersion ?? ''}\n`);
  // No Kube-Proxy Version: kubectl 1.36 dropped the line, as the kubelet no longer fills it in.
  describeNodeResource(pods, node, nowMs, w);
  describeEvents(events, nowMs, w);
  return w.segments.map(tabbedString).join('');
}
