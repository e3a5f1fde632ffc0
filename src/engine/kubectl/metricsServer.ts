/**
 * The simulated metrics-server's scrapes (metrics.k8s.io/v1beta1), shared by the served API and
 * the page's `kubectl top`: each pod's CPU is what the HPA reads (getResourceMetric: `cluster.load`,
 * a scrape every 15 s, averaged over the window); a node's is the sum of its pods' (the
 * simulation has no system processes). Memory is not simulated by the load, so a container's
 * working set is a steady figure (memoryWorkingSet): enough for `kubectl top` to print a
 * plausible MEMORY(bytes), and read by nothing that decides.
 * A pod or node has a metric from the first scrape after it started; before that it is left out.
 */
import type { Node, Pod } from '../api/types.ts';
import type { EngineState } from '../client/state.ts';
import { getResourceMetric, MetricResolutionMs, type PodMetric } from '../controller/podautoscaler/metrics.ts';
import { fnv32a, utf8Bytes } from '../lib/hash.ts';
import { parseQuantity, value } from '../lib/quantity.ts';
import { parseRFC3339 } from '../lib/time.ts';

/** A node's figures at a scrape: its pods' CPU summed, over the window since its previous point. */
export interface NodeFigures {
  node: Node;
  cpuMilli: number;
  /** Its pods' working sets summed, bytes. */
  memoryBytes: number;
  timestamp: number;
  window: number;
}

/** The figures of one scrape: pod metrics by `namespace/name`, node metrics by name. */
export interface Scrape {
  pods: Map<string, { pod: Pod; metric: PodMetric }>;
  nodes: Map<string, NodeFigures>;
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
    out.nodes.set(node.metadata.name, { node, cpuMilli: 0, memoryBytes: 0, timestamp: last, window: last - from });
  }
  for (const pod of pods) {
    const key = `${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}`;
    const metric = metrics.get(key);
    if (metric === undefined) continue;
    out.pods.set(key, { pod, metric });
    const n = out.nodes.get(pod.spec.nodeName ?? '');
    if (n) {
      n.cpuMilli += metric.value;
      n.memoryBytes += podMemory(pod);
    }
  }
  return out;
}

/**
 * containerUsage splits a pod's CPU over its containers, the remainder to the first ones; each
 * container's memory is its working set (memoryWorkingSet).
 */
export function containerUsage(pod: Pod, milli: number): { name: string; usage: { cpu: string; memory: string } }[] {
  const names = pod.spec.containers.map((c) => c.name);
  const each = Math.floor(milli / Math.max(1, names.length));
  let extra = milli - each * names.length;
  return names.map((name) => {
    const share = each + (extra > 0 ? 1 : 0);
    extra--;
    return { name, usage: { cpu: cpuQuantity(share), memory: memoryQuantity(memoryWorkingSet(pod, name)) } };
  });
}

/** A stable number per pod and container, 0–999, so that replicas' figures differ a little. */
function jitter(s: string): number {
  return fnv32a(utf8Bytes(s)) % 1000;
}

/**
 * memoryWorkingSet is a container's memory in bytes: 40–50 % of its memory request when it has
 * one (a 128Mi request → 51.2–64 MiB), else the image's idle size — nginx's master and two workers
 * about 3 MiB, any other service about 12 MiB — plus a per-pod part of up to 1 MiB.
 */
export function memoryWorkingSet(pod: Pod, container: string): number {
  const c = pod.spec.containers.find((x) => x.name === container);
  const j = jitter(`${pod.metadata.uid ?? pod.metadata.name}/${container}`);
  const request = c?.resources?.requests?.memory;
  const q = request === undefined ? null : parseQuantity(String(request));
  if (q?.ok) return Math.round(value(q.value) * (0.4 + j / 10_000));
  const base = /(^|\/)nginx(:|@|$)/.test(c?.image ?? '') ? 3 : 12;
  return base * 1024 * 1024 + j * 1024;
}

/** memoryQuantity writes bytes as metrics-server does, in whole Ki (`3584Ki`). */
export function memoryQuantity(bytes: number): string {
  return `${Math.round(bytes / 1024)}Ki`;
}

/** podMemory is a pod's working set: its containers' summed. */
export function podMemory(pod: Pod): number {
  let sum = 0;
  for (const c of pod.spec.containers) sum += memoryWorkingSet(pod, c.name);
  return sum;
}
