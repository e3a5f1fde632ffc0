// Port of kubernetes staging/src/k8s.io/cli-runtime/pkg/printers/tableprinter.go (v1.36):
// printTable's header and rows, and the HumanReadablePrinter state kubectl get -w keeps.
import type { HorizontalPodAutoscaler, LimitRange, PodDisruptionBudget, ResourceQuota, Service } from '../../api/policyTypes.ts';
import { LIMIT_RANGE_COLUMNS, limitRangeRow } from './describeLimitRange.ts';
import type { DaemonSet, Deployment, Namespace, Node, Pod, ReplicaSet } from '../../api/types.ts';
import { podRow } from './pod.ts';
import { formatLabels, COLUMNS as WORKLOAD_COLUMNS, daemonSetRow, deploymentRow, namespaceRow, nodeRow, replicaSetRow } from './rows.ts';
import { horizontalPodAutoscalerRow, POLICY_COLUMNS, podDisruptionBudgetRow, resourceQuotaRow, serviceRow } from './rowsPolicy.ts';
import { persistentVolumeClaimRow, STATEFUL_COLUMNS, statefulSetRow } from './rowsStateful.ts';
import type { PersistentVolumeClaimObject, StatefulSet } from '../../api/statefulTypes.ts';
import { DISCOVERY_COLUMNS, endpointSliceRow, endpointsRow } from './rowsDiscovery.ts';
import type { Endpoints, EndpointSlice } from '../../api/discoveryTypes.ts';
import type { Event } from '../../api/types.ts';
import { EVENT_COLUMNS, eventRow } from './rowsEvents.ts';
import { CONFIG_COLUMNS, configMapRow, secretRow } from './rowsConfig.ts';
import type { ConfigMap, Secret } from '../../api/configTypes.ts';
import { STORAGE_COLUMNS, storageRow } from './rowsStorage.ts';
import { controllerRevisionRow, REVISION_COLUMNS } from './rowsRevision.ts';
import type { ControllerRevision } from '../../api/appsTypes.ts';
import type { PersistentVolume, ServiceAccount, StorageClass } from '../derivedObjects.ts';
import { kindString, RESOURCES } from '../resources.ts';
import { GET_TABWRITER, type RememberedWidths, tabwriterFormat } from './tabwriter.ts';

/**
 * Every kind's columns: the workloads' (rows.ts), the policy kinds' (rowsPolicy.ts), the StatefulSet's and its claims' (rowsStateful.ts),
 * the endpoints' (rowsDiscovery.ts), the Events' (rowsEvents.ts), the derived volumes', classes' and accounts' (rowsStorage.ts)
 * and the ControllerRevisions' (rowsRevision.ts).
 */
export const COLUMNS = {
  ...WORKLOAD_COLUMNS,
  ...POLICY_COLUMNS,
  ...LIMIT_RANGE_COLUMNS,
  ...CONFIG_COLUMNS,
  ...STATEFUL_COLUMNS,
  ...DISCOVERY_COLUMNS,
  ...EVENT_COLUMNS,
  ...STORAGE_COLUMNS,
  ...REVISION_COLUMNS,
};

/** The kinds kubectl get prints as tables here. */
export type TableKind = keyof typeof COLUMNS;

/** TableObject maps a table kind to its object type. */
export type TableObject<K extends TableKind> = K extends 'Pod'
  ? Pod
  : K extends 'ReplicaSet'
    ? ReplicaSet
    : K extends 'Deployment'
      ? Deployment
      : K extends 'DaemonSet'
        ? DaemonSet
        : K extends 'Namespace'
          ? Namespace
          : K extends 'ResourceQuota'
            ? ResourceQuota
            : K extends 'PodDisruptionBudget'
              ? PodDisruptionBudget
              : K extends 'HorizontalPodAutoscaler'
                ? HorizontalPodAutoscaler
                : K extends 'Service'
                  ? Service
                  : K extends 'StatefulSet'
                    ? StatefulSet
                    : K extends 'PersistentVolumeClaim'
                      ? PersistentVolumeClaimObject
                      : K extends 'EndpointSlice'
                        ? EndpointSlice
                        : K extends 'Endpoints'
                          ? Endpoints
                          : K extends 'Event'
                            ? Event
                            : K extends 'ConfigMap'
                              ? ConfigMap
                              : K extends 'Secret'
                                ? Secret
                                : K extends 'LimitRange'
                                  ? LimitRange
                                  : K extends 'PersistentVolume'
                                    ? PersistentVolume
                                    : K extends 'StorageClass'
                                      ? StorageClass
                                      : K extends 'ServiceAccount'
                                        ? ServiceAccount
                                        : K extends 'ControllerRevision'
                                          ? ControllerRevision
                                          : Node;

/** tableRow builds one object's cells for its kind. */
export function tableRow<K extends TableKind>(kind: K, obj: TableObject<K>, nowMs: number, wide: boolean): string[] {
  switch (kind) {
    case 'Pod':
      return podRow(obj as Pod, nowMs, wide);
    case 'ReplicaSet':
      return replicaSetRow(obj as ReplicaSet, nowMs, wide);
    case 'Deployment':
      return deploymentRow(obj as Deployment, nowMs, wide);
    case 'DaemonSet':
      return daemonSetRow(obj as DaemonSet, nowMs, wide);
    case 'Namespace':
      return namespaceRow(obj as Namespace, nowMs);
    case 'ResourceQuota':
      return resourceQuotaRow(obj as ResourceQuota, nowMs);
    case 'PodDisruptionBudget':
      return podDisruptionBudgetRow(obj as PodDisruptionBudget, nowMs);
    case 'HorizontalPodAutoscaler':
      return horizontalPodAutoscalerRow(obj as HorizontalPodAutoscaler, nowMs);
    case 'Service':
      return serviceRow(obj as Service, nowMs, wide);
    case 'StatefulSet':
      return statefulSetRow(obj as StatefulSet, nowMs, wide);
    case 'PersistentVolumeClaim':
      return persistentVolumeClaimRow(obj as PersistentVolumeClaimObject, nowMs, wide);
    case 'EndpointSlice':
      return endpointSliceRow(obj as EndpointSlice, nowMs);
    case 'Endpoints':
      return endpointsRow(obj as Endpoints, nowMs);
    case 'Event':
      return eventRow(obj as Event, nowMs, wide);
    case 'ConfigMap':
      return configMapRow(obj as ConfigMap, nowMs);
    case 'Secret':
      return secretRow(obj as Secret, nowMs);
    case 'LimitRange':
      return limitRangeRow(obj as LimitRange, nowMs);
    case 'PersistentVolume':
    case 'StorageClass':
    case 'ServiceAccount':
      return storageRow(obj as PersistentVolume | StorageClass | ServiceAccount, nowMs, wide);
    case 'ControllerRevision':
      return controllerRevisionRow(obj as ControllerRevision, nowMs);
    default:
      return nodeRow(obj as Node, nowMs, wide);
  }
}

/** tableHeader is the upper-cased column names: `NAME  UP-TO-DATE  NODE SELECTOR`. */
export function tableHeader(kind: TableKind, wide: boolean): string[] {
  return COLUMNS[kind].filter((c) => wide || !c.wide).map((c) => c.name.toUpperCase());
}

/** printCell cuts a string cell at its first line break and marks the cut with `...`. */
function printCell(cell: string): string {
  const i = cell.search(/[\f\n\r]/);
  return i >= 0 ? `${cell.slice(0, i)}...` : cell;
}

/** tableLines renders header (optional) and rows as tab-separated lines, before alignment. */
function tableLines(header: string[] | null, rows: string[][]): string {
  const lines = header ? [header.join('\t')] : [];
  for (const r of rows) lines.push(r.map(printCell).join('\t'));
  return lines.map((l) => `${l}\n`).join('');
}

/** The table printer's options beyond -o wide and -A: --show-labels, -L/--label-columns and --no-headers. */
export interface PrintOptions {
  wide?: boolean;
  namespace?: string;
  allNamespaces?: boolean;
  showLabels?: boolean;
  /** Label keys, one column each, headed by the key's last `/` part in capitals (`-L kubernetes.io/hostname` → HOSTNAME). */
  columnLabels?: readonly string[];
  noHeaders?: boolean;
  /** More than one kind in one get: the NAME column reads `deployment.apps/web` (FormatResourceName). */
  withKind?: boolean;
  /**
   * With -A, the NAMESPACE column even for a cluster-scoped kind (its cells empty): get.go's
   * printer flags are copied shallowly, so once a namespaced kind's table asked for the column,
   * every later table of the line has it.
   */
  namespaceColumn?: boolean;
}

/**
 * printTable is `kubectl get <kind>` for a list: header and rows aligned together. An empty list
 * prints nothing on stdout and `No resources found in <ns> namespace.` on stderr (`No resources
 * found` for a cluster-scoped kind or with -A). With -A (`allNamespaces`) a namespaced kind gets a
 * NAMESPACE column first; the label columns and LABELS come last (decorateTable's order).
 */
export function printTable<K extends TableKind>(kind: K, objects: readonly TableObject<K>[], nowMs: number, opts: PrintOptions = {}): { stdout: string; stderr: string } {
  const wide = opts.wide ?? false;
  const clusterScoped = !RESOURCES[kind].namespaced;
  if (objects.length === 0) {
    // Cluster-scoped kinds and -A get the short form, without namespace or full stop (get.go).
    const msg = clusterScoped || opts.allNamespaces ? 'No resources found' : `No resources found in ${opts.namespace ?? 'default'} namespace.`;
    return { stdout: '', stderr: `${msg}\n` };
  }
  const withNamespace = opts.allNamespaces === true && (!clusterScoped || opts.namespaceColumn === true);
  const columnLabels = opts.columnLabels ?? [];
  const header = [
    ...(withNamespace ? ['NAMESPACE'] : []),
    ...tableHeader(kind, wide),
    ...columnLabels.map((l) => (l.split('/').pop() as string).toUpperCase()),
    ...(opts.showLabels ? ['LABELS'] : []),
  ];
  const nameAt = opts.withKind ? tableHeader(kind, wide).indexOf('NAME') : -1;
  const rows = objects.map((o) => {
    const labels: Readonly<Record<string, string>> | undefined = o.metadata.labels;
    const cells = tableRow(kind, o, nowMs, wide);
    if (nameAt >= 0) cells[nameAt] = `${kindString(kind)}/${cells[nameAt]}`;
    return [
      ...(withNamespace ? [o.metadata.namespace ?? (clusterScoped ? '' : 'default')] : []),
      ...cells,
      ...columnLabels.map((l) => labels?.[l] ?? ''),
      ...(opts.showLabels ? [formatLabels(labels)] : []),
    ];
  });
  return { stdout: tabwriterFormat(tableLines(opts.noHeaders ? null : header, rows), GET_TABWRITER).text, stderr: '' };
}

/**
 * WatchPrinterState is what `kubectl get -w` keeps between writes: whether the header went out,
 * and the tabwriter's remembered column widths. Plain data, so it serialises with a keyframe.
 */
export interface WatchPrinterState {
  kind: TableKind;
  wide: boolean;
  printedHeaders: boolean;
  remembered: RememberedWidths;
}

/** newWatchPrinter starts a `kubectl get <kind> -w` printer that has printed nothing yet. */
export function newWatchPrinter(kind: TableKind, wide = false): WatchPrinterState {
  return { kind, wide, printedHeaders: false, remembered: [] };
}

/**
 * watchPrint prints one flush of `kubectl get -w`: the initial list (call it with every object)
 * or one watch event (call it with the written object). The header goes out with the first
 * non-empty flush only; columns never shrink, because the writer remembers each column's widest
 * width: a row printed before a wider one keeps its narrower alignment, as in a real terminal.
 */
export function watchPrint<K extends TableKind>(
  state: WatchPrinterState,
  objects: readonly TableObject<K>[],
  nowMs: number,
): { state: WatchPrinterState; text: string } {
  if (objects.length === 0) return { state, text: '' };
  const header = state.printedHeaders ? null : tableHeader(state.kind, state.wide);
  const rows = objects.map((o) => tableRow(state.kind as K, o, nowMs, state.wide));
  const out = tabwriterFormat(tableLines(header, rows), GET_TABWRITER, state.remembered);
  return { state: { ...state, printedHeaders: true, remembered: out.remembered }, text: out.text };
}
