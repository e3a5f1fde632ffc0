/**
 * The sampled access log a container's application writes while clients send it requests
 * (DESIGN.md §15, §18). The engine counts requests per virtual second and Service, never one by
 * one (traffic/types.ts), so a pod's requests are derived from those counts: when a second is
 * counted (its `trafficSecond/counts` Explain record), its ok requests of each revision are shared
 * among the runs of that revision the Service selects that were serving in that second, in
 * proportion to the ms each served (largest remainders, ties to the older run), and its HTTP 503s
 * among all of them. A run keeps [second, ok, 503] per second it served: 24 bytes a second, not a
 * line per request. Worked number: 98 ok of revision 2 over 3 pods serving the whole second → 33,
 * 33, 32. The lines: nginx's `main` format (the official image's nginx.conf), one line for each 10
 * requests (the first of each ten, spread over the part of the second the run served: a sample,
 * not every request); any other image one slog line per second and status with the count.
 */
import type { Decision } from '../api/decision.ts';
import { toRFC3339 } from '../lib/time.ts';
import type { LogLine } from './appLog.ts';
import type { ContainerRun } from './containerLog.ts';

/** nginx writes one access line for each this many requests of a second (the first of each ten). */
export const NGINX_SAMPLE = 10;
/** A run keeps at most this many served seconds (~28 h), as the kubelet rotates a container's log. */
const MAX_SECONDS = 100_000;

/** One counted second of a Service, as the access log needs it. */
export interface ServedSecond {
  second: number;
  /** "namespace/name". */
  service: string;
  http503: number;
  byRevision: Record<string, number>;
}

/** servedSecondOf reads a `trafficSecond/counts` record, or null for any other record. */
export function servedSecondOf(d: Decision): ServedSecond | null {
  if (d.fn !== 'trafficSecond' || d.key !== 'counts') return null;
  const v = d.values;
  return { second: Number(v.second), service: String(v.service), http503: Number(v.http503), byRevision: JSON.parse(String(v.byRevision ?? '{}')) as Record<string, number> };
}

/** servingMs is how many ms of [from, from + 1000) the run was serving: listening and not yet stopped. */
export function servingMs(run: ContainerRun, from: number): number {
  if (run.readyMs === null || run.crashes || run.neverReady) return 0;
  const stop = run.sigtermMs ?? run.endedMs ?? Number.POSITIVE_INFINITY;
  return Math.max(0, Math.min(from + 1000, stop) - Math.max(from, run.readyMs));
}

/**
 * share splits `n` over the weights by largest remainders, ties to the earlier entry:
 * share(98, [1000, 1000, 1000]) = [33, 33, 32]; share(10, [500, 1000]) = [3, 7].
 */
export function share(n: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, w) => a + w, 0);
  if (total <= 0 || n <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (n * w) / total);
  const out = exact.map(Math.floor);
  let left = n - out.reduce((a, x) => a + x, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i] = (out[i] as number) + 1;
    left--;
  }
  return out;
}

/**
 * attributeSecond records a counted second on the runs that served it: `runs` are the runs the
 * Service selects (oldest first), `revisionOf` the workload revision of a run as the counts name it.
 */
export function attributeSecond(s: ServedSecond, runs: readonly ContainerRun[], revisionOf: (r: ContainerRun) => string): void {
  const from = s.second * 1000;
  const serving = runs.map((r) => ({ r, ms: servingMs(r, from) })).filter((x) => x.ms > 0);
  if (serving.length === 0) return;
  const ok = new Map<ContainerRun, number>();
  for (const [rev, n] of Object.entries(s.byRevision)) {
    const mine = serving.filter((x) => revisionOf(x.r) === rev);
    share(n, mine.map((x) => x.ms)).forEach((k, i) => {
      if (k > 0) ok.set((mine[i] as { r: ContainerRun }).r, k);
    });
  }
  const refused = share(s.http503, serving.map((x) => x.ms));
  serving.forEach(({ r }, i) => {
    const a = ok.get(r) ?? 0;
    const b = refused[i] as number;
    if (a === 0 && b === 0) return;
    const served = r.served;
    const last = served.length - 3;
    // Two Services selecting one pod count one second twice: one entry holds both.
    if (last >= 0 && served[last] === s.second) {
      served[last + 1] = (served[last + 1] as number) + a;
      served[last + 2] = (served[last + 2] as number) + b;
      return;
    }
    if (served.length >= MAX_SECONDS * 3) served.splice(0, 3);
    served.push(s.second, a, b);
  });
}

/** nginxTime is nginx's $time_local in UTC: `01/Jan/2026:00:01:05 +0000`. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
function nginxTime(ms: number): string {
  const iso = toRFC3339(ms);
  return `${iso.slice(8, 10)}/${MONTHS[Number(iso.slice(5, 7)) - 1]}/${iso.slice(0, 4)}:${iso.slice(11, 19)} +0000`;
}

/** The simulated clients' address and agent (the scenario's callers are plain HTTP clients). */
const CLIENT_ADDR = '10.244.0.1';
const CLIENT_AGENT = 'Go-http-client/1.1';

/** nginxBytes: the body nginx sends — its welcome page (615 bytes), or its built-in 503 page. */
function nginxBytes(status: number, version: string): number {
  if (status === 200) return 615;
  // <html>…503 Service Temporarily Unavailable…<hr><center>nginx/1.27.3</center>…</html>: 191 + the version's length.
  return 191 + version.length;
}

/**
 * accessLines is the run's access log between two instants (the AccessLog hook of appLog.ts):
 * `app` is `nginx` or the service's name, `version` nginx's release. `shiftMs` moves the dates
 * written inside lines to the wall clock, as the other lines' dates.
 */
export function accessLines(run: ContainerRun, fromMs: number, toMs: number, app: { nginx: boolean; version: string }, shiftMs: number, nanosBase: number): LogLine[] {
  const out: LogLine[] = [];
  const s = run.served;
  for (let i = 0; i + 2 < s.length; i += 3) {
    const second = s[i] as number;
    const start = Math.max(second * 1000, run.readyMs ?? 0);
    const stop = Math.min(second * 1000 + 1000, run.sigtermMs ?? run.endedMs ?? Number.POSITIVE_INFINITY);
    if (stop <= fromMs || start > toMs) continue;
    for (const [status, n] of [
      [200, s[i + 1] as number],
      [503, s[i + 2] as number],
    ] as const) {
      if (n === 0) continue;
      if (!app.nginx) {
        const t = start;
        const level = status === 200 ? 'INFO' : 'WARN';
        const ts = toRFC3339(t + shiftMs);
        out.push({ ms: t, nanos: nanosBase + (status === 200 ? 0 : 1000), text: `time=${ts.slice(0, 19)}.${String((t + shiftMs) % 1000).padStart(3, '0')}Z level=${level} msg=access method=GET path=/ status=${status} count=${n} period=1s` });
        continue;
      }
      const lines = Math.ceil(n / NGINX_SAMPLE);
      for (let k = 0; k < lines; k++) {
        // Evenly over the part of the second the run served; the 503s half a step later.
        const t = Math.floor(start + ((stop - start) * (k + (status === 200 ? 0 : 0.5))) / lines);
        out.push({ ms: t, nanos: nanosBase + k * 7, text: `${CLIENT_ADDR} - - [${nginxTime(t + shiftMs)}] "GET / HTTP/1.1" ${status} ${nginxBytes(status, app.version)} "-" "${CLIENT_AGENT}" "-"` });
      }
    }
  }
  out.sort((a, b) => a.ms - b.ms || a.nanos - b.nanos);
  return out.filter((l) => l.ms >= fromMs && l.ms <= toMs);
}
