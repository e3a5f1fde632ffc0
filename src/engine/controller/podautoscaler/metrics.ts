/**
 * The resource metrics API as the HPA reads it, simulated from `cluster.load` (DESIGN.md §9).
 * metrics-server scrapes every node every 15 s (--metric-resolution) and reports each pod's CPU
 * as the rate between two points: the last two scrapes, or — for a container that started
 * since the scrape before last — its start (at zero CPU time) and the last scrape. So a pod has
 * a metric from the first scrape after its containers started; its window is at most 15 s; its
 * value is the load averaged over the window, capped at the pod's CPU limit (the kernel
 * throttles above it); its timestamp is the last scrape. Worked example: load 100m until t 40 s,
 * 300m from then, scrapes at 30 and 45 s → at t 50 s a pod running since t 10 s reports
 * (10 × 100 + 5 × 300) / 15 = 167m (166.67, rounded up); one running since t 42 s reports 300m
 * over a 3 s window.
 */
import type { LoadStep } from '../../config.ts';
import type { Pod } from '../../api/types.ts';
import { getControllerOf } from '../../api/ownerRefs.ts';
import { parseRFC3339 } from '../../lib/time.ts';
import { milliValue } from '../../lib/quantity.ts';
import type { CacheState } from '../../client/cache.ts';
import { podLimits } from '../../quota/podRequests.ts';

/** metrics-server's --metric-resolution: 15 s between scrapes. */
export const MetricResolutionMs = 15_000;

/** PodMetric: a pod's CPU in millicores, the scrape it comes from and the window it spans (ms). */
export interface PodMetric {
  value: number;
  timestamp: number;
  window: number;
}

/** Steps by workload key (`deployment/<ns>/<name>`), sorted by time; made once per config. */
const stepsMemo = new WeakMap<readonly LoadStep[], Map<string, { atMs: number; cpu: number }[]>>();

/** loadWorkloadKey normalizes `deployment/NAME` to `deployment/default/NAME`. */
export function loadWorkloadKey(workload: string): string {
  const parts = workload.split('/');
  return parts.length === 2 ? `${parts[0]}/default/${parts[1]}` : workload;
}

function stepsOf(load: readonly LoadStep[]): Map<string, { atMs: number; cpu: number }[]> {
  let m = stepsMemo.get(load);
  if (m === undefined) {
    m = new Map();
    for (const s of load) {
      const k = loadWorkloadKey(s.workload).toLowerCase();
      const list = m.get(k) ?? [];
      list.push({ atMs: Math.round(s.at * 1000), cpu: s.cpuMilli });
      m.set(k, list);
    }
    for (const list of m.values()) list.sort((a, b) => a.atMs - b.atMs);
    stepsMemo.set(load, m);
  }
  return m;
}

/** averageOver integrates the step function over [from, to] and divides by its length. */
export function averageOver(steps: readonly { atMs: number; cpu: number }[], from: number, to: number): number {
  let sum = 0;
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i] as { atMs: number; cpu: number };
    const end = i + 1 < steps.length ? (steps[i + 1] as { atMs: number }).atMs : Number.POSITIVE_INFINITY;
    const a = Math.max(from, s.atMs);
    const b = Math.min(to, end);
    if (b > a) sum += s.cpu * (b - a);
  }
  return to > from ? sum / (to - from) : 0;
}

/** workloadOfPod names the pod's Deployment (through its ReplicaSet) as a load key, or undefined. */
function workloadOfPod(cache: CacheState, pod: Pod): string | undefined {
  const ns = pod.metadata.namespace ?? 'default';
  const ref = getControllerOf(pod);
  if (!ref) return undefined;
  if (ref.kind !== 'ReplicaSet') return `${ref.kind.toLowerCase()}/${ns}/${ref.name}`;
  const rs = cache.objects.ReplicaSet.get(`${ns}/${ref.name}`);
  const dref = rs ? getControllerOf(rs) : undefined;
  return dref?.kind === 'Deployment' ? `deployment/${ns}/${dref.name}` : `replicaset/${ns}/${ref.name}`;
}

/** containersStartedAt: the latest container start of a running pod (all must run), or NaN. */
function containersStartedAt(pod: Pod): number {
  const statuses = pod.status?.containerStatuses ?? [];
  if (statuses.length === 0) return Number.NaN;
  let latest = Number.NEGATIVE_INFINITY;
  for (const c of statuses) {
    const t = parseRFC3339(c.state.running?.startedAt);
    if (Number.isNaN(t)) return Number.NaN;
    latest = Math.max(latest, t);
  }
  return latest;
}

/**
 * getResourceMetric is the resource metrics client's GetResourceMetric for cpu: a metric for
 * each of `pods` metrics-server has one for at `nowMs`, by pod name.
 */
export function getResourceMetric(cache: CacheState, load: readonly LoadStep[] | undefined, pods: readonly Pod[], nowMs: number): Map<string, PodMetric> {
  const out = new Map<string, PodMetric>();
  const scrape = Math.floor(nowMs / MetricResolutionMs) * MetricResolutionMs;
  const earliest = scrape - MetricResolutionMs;
  const steps = stepsOf(load ?? []);
  for (const pod of pods) {
    if (pod.status?.phase !== 'Running') continue;
    const started = containersStartedAt(pod);
    if (Number.isNaN(started) || started >= scrape) continue;
    const from = Math.max(earliest, started);
    const key = workloadOfPod(cache, pod);
    const mine = key === undefined ? undefined : steps.get(key.toLowerCase());
    let value = mine ? Math.ceil(averageOver(mine, from, scrape) - 1e-9) : 0;
    const limit = podLimits(pod).get('cpu');
    if (limit !== undefined) value = Math.min(value, milliValue(limit));
    out.set(pod.metadata.name, { value, timestamp: scrape, window: scrape - from });
  }
  return out;
}
