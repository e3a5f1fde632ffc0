// Port of kubernetes pkg/printers/internalversion/printers.go (v1.36): the column definitions and
// printReplicaSet, printDeployment, printDaemonSet, printNode, printNamespace (printPod lives in pod.ts).
import type { Container, DaemonSet, Deployment, LabelSelector, Namespace, Node, ReplicaSet } from '../../api/types.ts';
import { formatAge } from '../../lib/duration.ts';
import { formatSelector } from '../../lib/labels.ts';
import { KUBERNETES_VERSION } from '../../version.ts';

/** A column: its declared (mixed-case) name, and whether it only shows with -o wide (Priority 1). */
export interface Column {
  name: string;
  wide: boolean;
}

const col = (name: string, wide = false): Column => ({ name, wide });
const TEMPLATE_WIDE = [col('Containers', true), col('Images', true), col('Selector', true)];

/** The column definitions of each kind, in order (printers.go AddHandlers). */
export const COLUMNS = {
  Pod: [
    col('Name'),
    col('Ready'),
    col('Status'),
    col('Restarts'),
    col('Age'),
    col('IP', true),
    col('Node', true),
    col('Nominated Node', true),
    col('Readiness Gates', true),
  ],
  ReplicaSet: [col('Name'), col('Desired'), col('Current'), col('Ready'), col('Age'), ...TEMPLATE_WIDE],
  Deployment: [col('Name'), col('Ready'), col('Up-to-date'), col('Available'), col('Age'), ...TEMPLATE_WIDE],
  DaemonSet: [
    col('Name'),
    col('Desired'),
    col('Current'),
    col('Ready'),
    col('Up-to-date'),
    col('Available'),
    col('Node Selector'),
    col('Age'),
    ...TEMPLATE_WIDE,
  ],
  Node: [
    col('Name'),
    col('Status'),
    col('Roles'),
    col('Age'),
    col('Version'),
    col('Internal-IP', true),
    col('External-IP', true),
    col('OS-Image', true),
    col('Kernel-Version', true),
    col('Container-Runtime', true),
  ],
  Namespace: [col('Name'), col('Status'), col('Age')],
} as const satisfies Record<string, readonly Column[]>;

/** namespaceRow is printNamespace: NAME STATUS AGE. */
export function namespaceRow(ns: Namespace, nowMs: number): string[] {
  return [ns.metadata.name, ns.status?.phase ?? '', formatAge(nowMs, ns.metadata.creationTimestamp)];
}

/** layoutContainerCells joins container names and images with commas: `nginx,sidecar`. */
export function layoutContainerCells(containers: readonly Container[]): [string, string] {
  return [containers.map((c) => c.name).join(','), containers.map((c) => c.image).join(',')];
}

/** formatLabels is labels.FormatLabels: sorted `k=v,k2=v2`, or `<none>` when empty. */
export function formatLabels(labels: Record<string, string> | undefined): string {
  const keys = Object.keys(labels ?? {}).sort();
  if (keys.length === 0) return '<none>';
  return keys.map((k) => `${k}=${labels?.[k] ?? ''}`).join(',');
}

/** selectorString is labels.Selector.String(): like formatLabelSelector but empty for {}. */
export function selectorString(selector: LabelSelector | undefined): string {
  const s = formatSelector(selector);
  return s === '<none>' ? '' : s;
}

/** replicaSetRow: NAME DESIRED CURRENT READY AGE [CONTAINERS IMAGES SELECTOR]. */
export function replicaSetRow(rs: ReplicaSet, nowMs: number, wide: boolean): string[] {
  const row = [
    rs.metadata.name,
    String(rs.spec.replicas ?? 1),
    String(rs.status?.replicas ?? 0),
    String(rs.status?.readyReplicas ?? 0),
    formatAge(nowMs, rs.metadata.creationTimestamp),
  ];
  if (wide) row.push(...layoutContainerCells(rs.spec.template.spec.containers), formatSelector(rs.spec.selector));
  return row;
}

/** deploymentRow: NAME READY (ready/desired) UP-TO-DATE AVAILABLE AGE [CONTAINERS IMAGES SELECTOR]. */
export function deploymentRow(d: Deployment, nowMs: number, wide: boolean): string[] {
  const row = [
    d.metadata.name,
    `${d.status?.readyReplicas ?? 0}/${d.spec.replicas ?? 1}`,
    String(d.status?.updatedReplicas ?? 0),
    String(d.status?.availableReplicas ?? 0),
    formatAge(nowMs, d.metadata.creationTimestamp),
  ];
  if (wide) row.push(...layoutContainerCells(d.spec.template.spec.containers), selectorString(d.spec.selector));
  return row;
}

/** daemonSetRow: NAME DESIRED CURRENT READY UP-TO-DATE AVAILABLE NODE SELECTOR AGE [...]. */
export function daemonSetRow(ds: DaemonSet, nowMs: number, wide: boolean): string[] {
  const s = ds.status;
  const row = [
    ds.metadata.name,
    String(s?.desiredNumberScheduled ?? 0),
    String(s?.currentNumberScheduled ?? 0),
    String(s?.numberReady ?? 0),
    String(s?.updatedNumberScheduled ?? 0),
    String(s?.numberAvailable ?? 0),
    formatLabels(ds.spec.template.spec.nodeSelector),
    formatAge(nowMs, ds.metadata.creationTimestamp),
  ];
  if (wide) row.push(...layoutContainerCells(ds.spec.template.spec.containers), formatSelector(ds.spec.selector));
  return row;
}

const labelNodeRolePrefix = 'node-role.kubernetes.io/';
const nodeLabelRole = 'kubernetes.io/role';

/** findNodeRoles collects `node-role.kubernetes.io/<role>` keys and `kubernetes.io/role` values, sorted. */
export function findNodeRoles(node: Node): string[] {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(node.metadata.labels ?? {})) {
    if (k.startsWith(labelNodeRolePrefix)) {
      const role = k.slice(labelNodeRolePrefix.length);
      if (role) roles.add(role);
    } else if (k === nodeLabelRole && v !== '') {
      roles.add(v);
    }
  }
  return [...roles].sort();
}

/**
 * nodeStatus is printNode's STATUS: `Ready` or `NotReady` from the Ready condition (Unknown
 * counts as NotReady), `Unknown` without one, plus `,SchedulingDisabled` when cordoned.
 */
export function nodeStatus(node: Node): string {
  const status: string[] = [];
  const ready = (node.status?.conditions ?? []).filter((c) => c.type === 'Ready').pop();
  if (ready) status.push(ready.status === 'True' ? 'Ready' : 'NotReady');
  if (status.length === 0) status.push('Unknown');
  if (node.spec.unschedulable) status.push('SchedulingDisabled');
  return status.join(',');
}

function nodeAddress(node: Node, type: string): string {
  return node.status?.addresses?.find((a) => a.type === type)?.address ?? '<none>';
}

/**
 * nodeRow: NAME STATUS ROLES AGE VERSION [INTERNAL-IP EXTERNAL-IP OS-IMAGE KERNEL-VERSION
 * CONTAINER-RUNTIME]. VERSION is status.nodeInfo.kubeletVersion; simulated nodes that leave it
 * out run the pinned release, so it falls back to v1.36.3.
 */
export function nodeRow(node: Node, nowMs: number, wide: boolean): string[] {
  const roles = findNodeRoles(node).join(',') || '<none>';
  const info = node.status?.nodeInfo;
  const row = [
    node.metadata.name,
    nodeStatus(node),
    roles,
    formatAge(nowMs, node.metadata.creationTimestamp),
    info?.kubeletVersion ?? KUBERNETES_VERSION,
  ];
  if (wide) {
    row.push(
      nodeAddress(node, 'InternalIP'),
      nodeAddress(node, 'ExternalIP'),
      info?.osImage || '<unknown>',
      info?.kernelVersion || '<unknown>',
      info?.containerRuntimeVersion || '<unknown>',
    );
  }
  return row;
}
