// Port of kubectl drain (pkg/cmd/drain/drain.go RunDrain) and its pod filters
// (pkg/drain/filters.go, drain.go GetPodsForDeletion), v1.36.3, as a plan the simulation runs.
import { getControllerOf } from '../../api/ownerRefs.ts';
import type { Node, Pod } from '../../api/types.ts';
import { namePrinterLine } from '../resources.ts';
import { cordon } from './nodes.ts';

/** The drain flags that change which pods go. */
export interface DrainOptions {
  ignoreDaemonsets: boolean;
  force: boolean;
  deleteEmptydirData: boolean;
  /** --grace-period; −1 keeps each pod's own terminationGracePeriodSeconds. */
  gracePeriod: number;
  /** --disable-eviction: delete instead of evict (the lines then say `deleted`). */
  disableEviction: boolean;
}

/**
 * A drain as the simulation carries it out: write `node` (cordoned) when `nodeChanged`, print
 * `stdout` and `stderr` now, then evict `evict` in order; print podEvictedLine(pod) when each
 * pod is gone, and nodeDrainedLine once all are. `failed` means the drain stopped after
 * cordoning (the pod filters refused): nothing is evicted and kubectl exits 1.
 */
export interface DrainPlan {
  node: Node;
  nodeChanged: boolean;
  stdout: string[];
  stderr: string[];
  evict: Pod[];
  /** DeleteOptions.gracePeriodSeconds of the evictions; undefined keeps the pod's own. */
  gracePeriodSeconds?: number;
  failed: boolean;
}

type Verdict = { delete: boolean; kind: 'okay' | 'skip' | 'warning' | 'error'; message?: string };

const daemonSetFatal = 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)';
const daemonSetWarning = 'ignoring DaemonSet-managed Pods';
const unmanagedFatal = 'Pods that declare no controller (use --force to override)';
const unmanagedWarning = 'deleting Pods that declare no controller';
const MirrorPodAnnotationKey = 'kubernetes.io/config.mirror';

const okay: Verdict = { delete: true, kind: 'okay' };
const finished = (p: Pod) => p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed';

/** makeFilters' chain (skipDeleted, daemonSet, mirrorPod, localStorage, unreplicated): the first refusal wins. */
function filterPod(pod: Pod, o: Pick<DrainOptions, 'ignoreDaemonsets' | 'force'>, daemonSetExists: (namespace: string, name: string) => boolean): Verdict {
  const ref = getControllerOf(pod);
  let v: Verdict = okay;
  if (ref && ref.kind === 'DaemonSet' && ref.apiVersion === 'apps/v1' && !finished(pod)) {
    if (!daemonSetExists(pod.metadata.namespace ?? 'default', ref.name)) {
      const msg = `daemonsets.apps "${ref.name}" not found`;
      v = o.force ? { delete: true, kind: 'warning', message: msg } : { delete: false, kind: 'error', message: msg };
    } else if (!o.ignoreDaemonsets) v = { delete: false, kind: 'error', message: daemonSetFatal };
    else v = { delete: false, kind: 'warning', message: daemonSetWarning };
    if (!v.delete) return v;
  }
  if (pod.metadata.annotations?.[MirrorPodAnnotationKey] !== undefined) return { delete: false, kind: 'skip' };
  // Pods here have no emptyDir volumes (the simulator does not model volumes), so the
  // local-storage filter always passes.
  if (!finished(pod) && !ref) {
    return o.force ? { delete: true, kind: 'warning', message: unmanagedWarning } : { delete: false, kind: 'error', message: unmanagedFatal };
  }
  return v;
}

function groupByMessage(items: { pod: Pod; message: string }[]): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const { pod, message } of items) {
    const list = groups.get(message) ?? [];
    list.push(`${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}`);
    groups.set(message, list);
  }
  return [...groups.entries()];
}

/**
 * drainPlan is `kubectl drain NODE`: cordon first (`node/node-1 cordoned`), then take every pod
 * bound to the node (namespace/name order, as the API lists them). DaemonSet pods stop the drain
 * unless --ignore-daemonsets (`cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to
 * ignore): default/agent-x7k2p`), and are then left alone with a warning; pods without a
 * controller need --force. Each evicted pod is announced with `evicting pod default/NAME`.
 */
export function drainPlan(node: Node, allPods: readonly Pod[], o: DrainOptions, daemonSetExists: (namespace: string, name: string) => boolean): DrainPlan {
  const c = cordon(node);
  const cordoned = 'error' in c ? { object: node, changed: false, output: '' } : c;
  const stdout = [cordoned.output];
  const stderr: string[] = [];
  const key = (p: Pod) => `${p.metadata.namespace ?? 'default'}/${p.metadata.name}`;
  const list = podsForDeletion(node.metadata.name, allPods, o, daemonSetExists);
  const base = { node: cordoned.object, nodeChanged: cordoned.changed };
  if (list.errors.length) {
    const errs = list.errors;
    const agg = errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`;
    stderr.push(`error: unable to drain node "${node.metadata.name}" due to error: ${agg}, continuing command...`);
    stderr.push('There are pending nodes to be drained:', ` ${node.metadata.name}`, ...errs);
    return { ...base, stdout, stderr, evict: [], failed: true };
  }
  if (list.warnings) stderr.push(`Warning: ${list.warnings}`);
  const evict = list.pods;
  if (!o.disableEviction) for (const p of evict) stdout.push(`evicting pod ${key(p)}`);
  const plan: DrainPlan = { ...base, stdout, stderr, evict, failed: false };
  return o.gracePeriod >= 0 ? { ...plan, gracePeriodSeconds: o.gracePeriod } : plan;
}

/** The pods of a node as GetPodsForDeletion returns them: those to delete, the filters' errors, their warnings. */
export interface PodDeleteList {
  pods: Pod[];
  /** `cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): default/agent-x7k2p`, … */
  errors: string[];
  /** list.Warnings(): `ignoring DaemonSet-managed Pods: default/agent-x7k2p`, or '' */
  warnings: string;
}

/**
 * podsForDeletion is GetPodsForDeletion: every pod bound to the node (namespace/name order, as
 * the API lists them) through the filter chain; DaemonSet pods stop the drain unless
 * --ignore-daemonsets, pods without a controller need --force.
 */
export function podsForDeletion(
  nodeName: string,
  allPods: readonly Pod[],
  o: Pick<DrainOptions, 'ignoreDaemonsets' | 'force'>,
  daemonSetExists: (namespace: string, name: string) => boolean,
): PodDeleteList {
  const key = (p: Pod) => `${p.metadata.namespace ?? 'default'}/${p.metadata.name}`;
  const pods = allPods.filter((p) => p.spec.nodeName === nodeName).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const verdicts = pods.map((pod) => ({ pod, v: filterPod(pod, o, daemonSetExists) }));
  const errors = groupByMessage(verdicts.filter((x) => x.v.kind === 'error').map((x) => ({ pod: x.pod, message: x.v.message ?? 'unexpected error' })));
  const warnings = groupByMessage(verdicts.filter((x) => x.v.kind === 'warning').map((x) => ({ pod: x.pod, message: x.v.message ?? '' })));
  return {
    pods: verdicts.filter((x) => x.v.delete).map((x) => x.pod),
    errors: errors.map(([msg, list]) => `cannot delete ${msg}: ${list.join(', ')}`),
    warnings: warnings.map(([msg, list]) => `${msg}: ${list.join(', ')}`).join('; '),
  };
}

/** podEvictedLine is printed when an evicted pod is gone: `pod/NAME evicted` (`deleted` with --disable-eviction). */
export function podEvictedLine(pod: Pod, usingEviction = true): string {
  return namePrinterLine('Pod', pod.metadata.name, usingEviction ? 'evicted' : 'deleted');
}

/** nodeDrainedLine ends a successful drain: `node/node-1 drained`. */
export function nodeDrainedLine(node: Node): string {
  return namePrinterLine('Node', node.metadata.name, 'drained');
}
