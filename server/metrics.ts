/**
 * `metrics.k8s.io/v1beta1` as metrics-server serves it, from the same simulated scrapes the HPA
 * reads (getResourceMetric: `cluster.load`, a scrape every 15 s, each pod's CPU averaged over its
 * window). PodMetrics carry one usage per container, NodeMetrics the sum of their pods' usage:
 * the simulation has no system processes. Memory is each container's steady working set
 * (src/engine/kubectl/metricsServer.ts memoryWorkingSet).
 * A pod or node has a metric from the first scrape after it started; before that, the list
 * leaves it out and a get answers metrics-server's NotFound.
 */
import type { KubeObject, Pod } from '../src/engine/api/types.ts';
import type { PodMetric } from '../src/engine/controller/podautoscaler/metrics.ts';
import { toRFC3339 } from '../src/engine/lib/time.ts';
import { containerUsage, cpuQuantity, memoryQuantity, type NodeFigures } from '../src/engine/kubectl/metricsServer.ts';

export { cpuQuantity, type NodeFigures, type Scrape, scrape } from '../src/engine/kubectl/metricsServer.ts';

export const METRICS_GROUP_VERSION = 'metrics.k8s.io/v1beta1';

/** goDuration writes ms as Go's time.Duration.String does (`15s`, `1.5s`, `500ms`, `1m0s`). */
export function goDuration(ms: number): string {
  if (ms === 0) return '0s';
  if (ms < 1000) return `${ms}ms`;
  const minutes = Math.floor(ms / 60_000);
  const rest = ms - minutes * 60_000;
  const seconds = `${Math.floor(rest / 1000)}${rest % 1000 ? `.${String(rest % 1000).padStart(3, '0').replace(/0+$/, '')}` : ''}s`;
  return minutes > 0 ? `${minutes}m${seconds}` : seconds;
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
    usage: { cpu: cpuQuantity(n.cpuMilli), memory: memoryQuantity(n.memoryBytes) },
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
export function metricsTable(items: readonly { name: string; cpuMilli: number; memoryBytes: number; window: number; metadata: unknown }[], includeObject: string): unknown {
  const column = (name: string, format: string, description = '') => ({ name, type: 'string', format, description, priority: 0 });
  const columnDefinitions = items.length ? [column('Name', 'name', 'Name of the resource'), column('cpu', 'quantity'), column('memory', 'quantity'), column('Window', 'duration')] : null;
  const rows = items.length
    ? items.map((i) => {
        const row: Record<string, unknown> = { cells: [i.name, cpuQuantity(i.cpuMilli), memoryQuantity(i.memoryBytes), goDuration(i.window)] };
        if (includeObject !== 'None') row.object = { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: i.metadata };
        return row;
      })
    : null;
  return { kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: {}, columnDefinitions, rows };
}
