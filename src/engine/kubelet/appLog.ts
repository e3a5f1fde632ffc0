/**
 * The lines a container's application writes to stdout over one run (containerLog.ts's facts),
 * as the runtime keeps them for `kubectl logs`. Two applications are simulated: nginx (an image
 * whose repository is `nginx`: the official image's entrypoint, its `[notice]` lines, SIGQUIT as
 * the image's stop signal) and any other image as a small web service logging in Go's slog text
 * format. A line carries its instant in ms plus nanoseconds within that ms (lines written together
 * are microseconds apart, as a process writes them), so `--timestamps` shows RFC 3339 with
 * nanoseconds. Dates inside a line are the wall clock's: `shiftMs` moves them as the served API
 * moves every time it sends (server/wallClock.ts); 0 gives the run's own 2026-01-01 dates.
 */
import { normalizeImage } from './runtime.ts';
import { accessLines } from './accessLog.ts';
import type { ContainerRun } from './containerLog.ts';
import { toRFC3339 } from '../lib/time.ts';

export interface LogLine {
  ms: number;
  /** Nanoseconds after `ms` (0–999,999). */
  nanos: number;
  text: string;
}

/**
 * A source of access-log lines between two instants of a run (traffic, issue 17). By default the
 * run's own sampled access log (accessLog.ts, from the served seconds its LogBook attributed).
 */
export type AccessLog = (run: ContainerRun, fromMs: number, toMs: number) => LogLine[];

/** A stable number per run, so its lines' sub-millisecond parts differ from another run's. */
function spread(id: string): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (Math.imul(h, 31) + id.charCodeAt(i)) >>> 0;
  return h % 300_000;
}

function pad(n: number, w = 2): string {
  return String(n).padStart(w, '0');
}

/** nginxDate is nginx's error-log date, `2026/01/01 00:00:05`. */
function nginxDate(ms: number): string {
  const iso = toRFC3339(ms);
  return `${iso.slice(0, 10).replaceAll('-', '/')} ${iso.slice(11, 19)}`;
}

/** slogTime is slog's text-handler time, RFC 3339 with milliseconds: `2026-01-01T00:00:05.123Z`. */
function slogTime(ms: number): string {
  return `${toRFC3339(ms).slice(0, 19)}.${pad(ms % 1000, 3)}Z`;
}

/** What a run's application writes at each moment of its life. */
interface AppProfile {
  start(t: number): string[];
  listening(t: number): string[];
  crash(t: number): string[];
  signalled(t: number): string[];
  exited(t: number): string[];
}

function tagOf(image: string): string {
  const ref = normalizeImage(image).reference;
  const at = ref.indexOf('@');
  if (at >= 0) return 'latest';
  return ref.slice(ref.lastIndexOf(':') + 1);
}

function nameOf(image: string): string {
  const repo = normalizeImage(image).repository;
  return repo.slice(repo.lastIndexOf('/') + 1);
}

/** nginxVersion is the release an `nginx:<tag>` image runs: `1.8` → 1.8.1; a full version as is. */
function nginxVersion(tag: string): string {
  if (/^\d+\.\d+\.\d+/.test(tag)) return tag.replace(/-.*$/, '');
  if (/^\d+\.\d+/.test(tag)) return `${tag.replace(/-.*$/, '')}.1`;
  return '1.27.3';
}

const WORKERS = [29, 30];

function nginxProfile(run: ContainerRun): AppProfile {
  const n = (t: number, what: string) => `${nginxDate(t)} [notice] 1#1: ${what}`;
  const w = (t: number, pid: number, what: string) => `${nginxDate(t)} [notice] ${pid}#${pid}: ${what}`;
  const version = nginxVersion(tagOf(run.image));
  return {
    start: () => [
      '/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration',
      '/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/',
      '/docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh',
      '10-listen-on-ipv6-by-default.sh: info: Getting the checksum of /etc/nginx/conf.d/default.conf',
      '10-listen-on-ipv6-by-default.sh: info: Enabled listen on IPv6 in /etc/nginx/conf.d/default.conf',
      '/docker-entrypoint.sh: Sourcing /docker-entrypoint.d/15-local-resolvers.envsh',
      '/docker-entrypoint.sh: Launching /docker-entrypoint.d/20-envsubst-on-templates.sh',
      '/docker-entrypoint.sh: Launching /docker-entrypoint.d/30-tune-worker-processes.sh',
      '/docker-entrypoint.sh: Configuration complete; ready for start up',
    ],
    listening: (t) => [
      n(t, 'using the "epoll" event method'),
      n(t, `nginx/${version}`),
      n(t, 'built by gcc 12.2.0 (Debian 12.2.0-14)'),
      n(t, 'OS: Linux 6.8.0-1015-gcp'),
      n(t, 'getrlimit(RLIMIT_NOFILE): 1048576:1048576'),
      n(t, 'start worker processes'),
      ...WORKERS.map((pid) => n(t, `start worker process ${pid}`)),
    ],
    crash: (t) => [
      `${nginxDate(t)} [emerg] 1#1: unknown directive "upstream_server" in /etc/nginx/conf.d/default.conf:3`,
      'nginx: [emerg] unknown directive "upstream_server" in /etc/nginx/conf.d/default.conf:3',
    ],
    // The official image's STOPSIGNAL is SIGQUIT: the runtime sends it instead of SIGTERM.
    signalled: (t) => [n(t, 'signal 3 (SIGQUIT) received, shutting down'), ...WORKERS.flatMap((pid) => [w(t, pid, 'gracefully shutting down'), w(t, pid, 'exiting'), w(t, pid, 'exit')])],
    exited: (t) => [
      ...WORKERS.flatMap((pid) => [n(t, `signal 17 (SIGCHLD) received from ${pid}`), n(t, `worker process ${pid} exited with code 0`), n(t, 'signal 29 (SIGIO) received')]),
      n(t, 'exit'),
    ],
  };
}

function serviceProfile(run: ContainerRun): AppProfile {
  const app = nameOf(run.image);
  const line = (t: number, level: string, rest: string) => `time=${slogTime(t)} level=${level} ${rest}`;
  const config = `/etc/${app}/config.yaml`;
  return {
    start: (t) => [
      line(t, 'INFO', `msg=starting app=${app} version=${tagOf(run.image)} pid=1`),
      line(t, 'INFO', `msg="loading configuration" path=${config}`),
    ],
    listening: (t) => {
      const out = [line(t, 'INFO', `msg=listening addr=:${run.port ?? 8080}`)];
      if (run.neverReady) out.push(line(t, 'WARN', 'msg="not ready: dependency unreachable, /healthz answers 503" dependency=db:5432'));
      return out;
    },
    crash: (t) => [line(t, 'ERROR', `msg="fatal: cannot load configuration" err="open ${config}: no such file or directory"`)],
    signalled: (t) => [line(t, 'INFO', 'msg="shutting down" signal=terminated'), line(t, 'INFO', 'msg="draining connections" open=0')],
    exited: (t) => [line(t, 'INFO', 'msg="shutdown complete"')],
  };
}

/**
 * runLines is what the run has written by nowMs, oldest first. A run that never becomes ready
 * because its readiness never passes still listens (its application answers 503), from its start.
 */
export function runLines(run: ContainerRun, nowMs: number, shiftMs = 0, access0?: AccessLog): LogLine[] {
  const nginx = nameOf(run.image) === 'nginx';
  const app = nginx ? nginxProfile(run) : serviceProfile(run);
  const out: LogLine[] = [];
  const base = spread(run.id);
  const access: AccessLog = access0 ?? ((r, from, to) => accessLines(r, from, to, { nginx, version: nginxVersion(tagOf(r.image)) }, shiftMs, base));
  const add = (at: number, texts: string[]) => {
    if (at > nowMs) return;
    texts.forEach((text, i) => {
      out.push({ ms: at, nanos: base + (i % 16) * 41_000, text });
    });
  };
  const at = (t: number) => t + shiftMs;
  add(run.startedMs, app.start(at(run.startedMs)));
  if (run.crashes) {
    if (run.endedMs !== null) add(run.endedMs, app.crash(at(run.endedMs)));
    return out;
  }
  const listenMs = run.neverReady ? run.startedMs : run.readyMs;
  const stopMs = run.sigtermMs ?? run.endedMs;
  // A run stopped before it answered never listened.
  if (listenMs !== null && (stopMs === null || listenMs <= stopMs)) {
    add(listenMs, app.listening(at(listenMs)));
    if (run.served.length > 0 || access0) out.push(...access(run, listenMs, Math.min(nowMs, stopMs ?? nowMs)).filter((l) => l.ms <= nowMs));
  }
  // After a probe's kill (143, 137) the signal's default action ended the process, which wrote nothing more.
  if (run.sigtermMs !== null && run.graceful) add(run.sigtermMs, app.signalled(at(run.sigtermMs)));
  if (run.endedMs !== null && run.exitCode === 0) add(run.endedMs, app.exited(at(run.endedMs)));
  return out;
}
