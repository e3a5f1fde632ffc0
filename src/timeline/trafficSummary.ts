/**
 * The run summary's `traffic` object (DESIGN.md §15, §10): a rollout whose pods a Service selects
 * and that traffic reaches gets the requests of that Service counted from the rollout's start
 * until the last pod of an older revision is gone (to the end of the recording while one is
 * left), with its error rate and its longest run of consecutive failed requests.
 */
import type { TrafficSummary } from '../engine/traffic/types.ts';
import type { RolloutSummary } from './summary.ts';
import { isOlder, type TrafficPoint, type TrafficTrack } from './trafficTrack.ts';

/** The window a rollout's traffic is counted over: [startMs, endMs) and whether it is closed. */
export function trafficWindow(track: TrafficTrack, r: RolloutSummary): { startMs: number; endMs: number; closed: boolean } {
  const startMs = Math.round(r.startSeconds * 1000);
  if (r.endSeconds === null || track.oldPodsLeft(r.workload, r.revision) > 0) return { startMs, endMs: Number.POSITIVE_INFINITY, closed: false };
  let endMs = Math.round(r.endSeconds * 1000);
  for (const x of track.removals) if (x.workload === r.workload && isOlder(x.revision, r.revision) && x.ms >= startMs && x.ms > endMs) endMs = x.ms;
  return { startMs, endMs, closed: true };
}

const round = (x: number, digits: number): number => Math.round(x * 10 ** digits) / 10 ** digits;

/** trafficSummaryOf: the rollout's traffic figures, or undefined when no Service with traffic selects its pods. */
export function trafficSummaryOf(track: TrafficTrack, r: RolloutSummary): TrafficSummary | undefined {
  const { startMs, endMs } = trafficWindow(track, r);
  const first = Math.floor(startMs / 1000);
  for (const service of track.servicesOf(r.workload)) {
    const pts = track.seriesOf(service).filter((p) => p.second >= first && p.second * 1000 < endMs);
    const sum = (k: 'ok' | 'refused' | 'reset' | 'timeout' | 'http503'): number => pts.reduce((n, p) => n + p[k], 0);
    const s = { ok: sum('ok'), refused: sum('refused'), reset: sum('reset'), timeout: sum('timeout'), http503: sum('http503') };
    const requests = s.ok + s.refused + s.reset + s.timeout + s.http503;
    if (requests === 0) continue;
    return {
      service,
      requests,
      ...s,
      errorRate: round((requests - s.ok) / requests, 4),
      longestErrorBurstSeconds: longestBurst(pts, startMs),
    };
  }
  return undefined;
}

/** longestBurst: the longest run of consecutive failures that started in the window, first to last failure (s). */
function longestBurst(pts: readonly TrafficPoint[], startMs: number): number {
  let best = 0;
  for (const p of pts) if (p.burstFromMs >= startMs && p.burstToMs - p.burstFromMs > best) best = p.burstToMs - p.burstFromMs;
  return round(best / 1000, 3);
}

/** trafficSettled: the figures can no longer change (the window is closed and its last second counted), or there are none to wait for. */
export function trafficSettled(track: TrafficTrack, r: RolloutSummary): boolean {
  if (track.servicesOf(r.workload).length === 0) return true;
  const w = trafficWindow(track, r);
  if (!w.closed) return false;
  const last = track.points[track.points.length - 1];
  return last !== undefined && last.second * 1000 >= w.endMs;
}
