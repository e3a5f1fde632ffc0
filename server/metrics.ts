/**
 * `metrics.k8s.io/v1beta1` as metrics-server serves it, from the same simulated scrapes the HPA
 * reads (getResourceMetric: `cluster.load`, a scrape every 15 s, each pod's CPU averaged over its
 * window). PodMetrics carry one usage per container, NodeMetrics the sum of their pods' usage:
 * the simulation has no system processes. It models CPU only, so memory is reported as 0.
 * A pod or node has a metric from the first scrape after it started; before that, the list
 * leaves it out and a get answers metrics-server's NotFound.
 */
import type { KubeObject, Node, Pod } from '../src/engine/api/types.ts';
import { getResourceMetric, MetricResolutionMs, type PodMetric } from '../src/engine/controller/podautoscaler/metrics.ts';
import { parseRFC3339, toRFC3339 } from '../src/engine/lib/time.ts';
import type { EngineState } from '../src/engine/sim.ts';

export const METRICS_GROUP_VERSION = 'metrics.k8s.io/v1beta1';

/** A node's figures at a scrape: its pods' CPU summed, over the window since its previous point. */
export interface NodeFigures {
  node: Node;
  cpuMilli: number;
  timestamp: number;
  window: number;
}

/** The figures of one scrape: pod metrics by `namespace/name`, node metrics by name. */
export interface Scrape {
  pods: Map<string, { pod: Pod; metric: PodMetric }>;
  nodes: Map<string, NodeFigures>;
}

/** goDuration writes ms as Go's time.Duration.String does (`15s`, `1.5s`, `500ms`, `1m0s`). */
export function goDuration(ms: number): string {
  if (ms === 0) return '0s';
  if (ms < 1000) return `${ms}ms`;
  const minutes = Math.floor(ms / 60_000);
  const rest = ms - minutes * 60_000;
  const seconds = `${Math.floor(rest / 1000)}${rest % 1000 ? `.${String(rest % 1000).padStart(3, '0').replace(/0+$/, '')}` : ''}s`;
  return minutes > 0 ? `${minutes}m${seconds}` : seconds;
}

/** cpuQuantity writes millicores as a canonical Quantity (`0`, `250m`, `2`). */
export function cpuQuantity(milli: number): string {
  if (milli === 0) return '0';
  return milli % 1000 === 0 ? String(milli / 1000) : `${milli}m`;
}

/** scrape collects what metrics-server holds at virtual time nowMs. */
export function scrape(st: EngineState, nowMs: number): Scrape {
  const pods = [...st.store.objects.Pod.values()] as Pod[];
  // getResourceMetric keys by name, as the HPA asks for one namespace's pods: ask per namespace.
  const byNamespace = new Map<string, Pod[]>();
  for (const p of pods) {
    const ns = p.metadata.namespace ?? 'default';
    byNamespace.set(ns, [...(byNamespace.get(ns) ?? []), p]);
  }
  const metrics = new Map<string, PodMetric>();
  for (const [ns, list] of byNamespace) {
    for (const [name, m] of getResourceMetric(st.cache, st.config.load, list, nowMs)) metrics.set(`${ns}/${name}`, m);
  }
  const out: Scrape = { pods: new Map(), nodes: new Map() };
  const last = Math.floor(nowMs / MetricResolutionMs) * MetricResolutionMs;
  for (const node of st.store.objects.Node.values() as Iterable<Node>) {
    // A node's first point is its start (zero CPU time), as a container's is: it needs one scrape after.
    const created = parseRFC3339(node.metadata.creationTimestamp);
    if (Number.isNaN(created) || created >= last) continue;
    const from = Math.max(last - MetricResolutionMs, created);
    out.nodes.set(node.metadata.name, { node, cpuMilli: 0, timestamp: last, window: last - from });
  }
  for (const pod of pods) {
    const key = `${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}`;
    const metric = metrics.get(key);
    if (metric === undefined) continue;
    out.pods.set(key, { pod, metric });
    const n = out.nodes.get(pod.spec.nodeName ?? '');
    if (n) n.cpuMilli += metric.value;
  }
  return out;
}

/** containerUsage splits a pod's CPU over its containers, the remainder to the first ones. */
function containerUsage(pod: Pod, milli: number): { name: string; usage: { cpu: string; memory: string } }[] {
  const names = pod.spec.containers.map((c) => c.name);
  const each = Math.floor(milli / Math.max(1, names.length));
  let extra = milli - each * names.length;
  return names.map((name) => {
    const share = each + (extra > 0 ? 1 : 0);
    extra--;
    return { name, usage: { cpu: cpuQuantity(share), memory: '0' } };
  });
}

function metricsMeta(o: KubeObject, nowMs: number): Record<string, unknown> {
  const meta: Record<string, unknown> = { name: o.metadata.name };
  if (o.kind === 'Pod') meta.namespace = o.metadata.namespace ?? 'default';
  meta.creationTimestamp = toRFC3339(nowMs);
  if (o.metadata.labels && Object.keys(o.metadata.labels).length > 0) meta.labels = o.metadata.labels;
  return meta;
}

/** podMetrics is one PodMetrics object. */
export function podMetrics(pod: Pod, m: PodMetric, nowMs: number): unknown {
  return {
    kind: 'PodMetrics',
    apiVersion: METRICS_GROUP_VERSION,
    metadata: metricsMeta(pod, nowMs),
    timestamp: toRFC3339(m.timestamp),
    window: goDuration(m.window),
    containers: containerUsage(pod, m.value),
  };
}

/** nodeMetrics is one NodeMetrics object. */
export function nodeMetrics(n: NodeFigures, nowMs: number): unknown {
  return {
    kind: 'NodeMetrics',
    apiVersion: METRICS_GROUP_VERSION,
    metadata: metricsMeta(n.node, nowMs),
    timestamp: toRFC3339(n.timestamp),
    window: goDuration(n.window),
    usage: { cpu: cpuQuantity(n.cpuMilli), memory: '0' },
  };
}

/** metricsList wraps items as metrics-server's lists (no resourceVersion: they are not stored). */
export function metricsList(kind: 'PodMetricsList' | 'NodeMetricsList', items: unknown[]): unknown {
  return { kind, apiVersion: METRICS_GROUP_VERSION, metadata: {}, items };
}

/**
 * metricsTable is metrics-server's Table of PodMetrics or NodeMetrics: Name, one column per
 * resource in name order (cpu, memory), Window; no columns at all when there is no row.
 */
export function metricsTable(items: readonly { name: string; cpuMilli: number; window: number; metadata: unknown }[], includeObject: string): unknown {
  const column = (name: string, format: string, description = '') => ({ name, type: 'string', format, description, priority: 0 });
  const columnDefinitions = items.length ? [column('Name', 'name', 'Name of the resource'), column('cpu', 'quantity'), column('memory', 'quantity'), column('Window', 'duration')] : null;
  const rows = items.length
    ? items.map((i) => {
        const row: Record<string, unknown> = { cells: [i.name, cpuQuantity(i.cpuMilli), '0', goDuration(i.window)] };
        if (includeObject !== 'None') row.object = { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: i.metadata };
        return row;
      })
    : null;
  return { kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: {}, columnDefinitions, rows };
}
