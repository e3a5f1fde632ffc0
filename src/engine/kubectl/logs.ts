/**
 * `GET …/pods/{name}/log`: which container run a request reads (the API server's LogLocation
 * picks the container, the kubelet's validateContainerLogStatus the run), and what of its lines it
 * sends (PodLogOptions: sinceSeconds/sinceTime, tailLines, timestamps, limitBytes), with the
 * API server's and the kubelet's words for each refusal. The served API and the page's console
 * both answer through here, so `kubectl logs` prints the same in both.
 */
import type { Pod } from '../api/types.ts';
import { newBadRequest, type Status } from '../apiserver/rest/status.ts';
import { type AccessLog, type LogLine, runLines } from '../kubelet/appLog.ts';
import type { ContainerRun, LogBook } from '../kubelet/containerLog.ts';
import { parseRFC3339, toRFC3339 } from '../lib/time.ts';

export interface LogOptions {
  container: string;
  previous: boolean;
  follow: boolean;
  timestamps: boolean;
  /** Lines from this many seconds before now. */
  sinceSeconds: number | null;
  /** Lines from this virtual instant (ms) on. */
  sinceMs: number | null;
  tailLines: number | null;
  limitBytes: number | null;
}

export const DEFAULT_LOG_OPTIONS: LogOptions = {
  container: '',
  previous: false,
  follow: false,
  timestamps: false,
  sinceSeconds: null,
  sinceMs: null,
  tailLines: null,
  limitBytes: null,
};

/** What a log request reads: a run, or nothing at all (a pod not yet on a node has an empty log). */
export type LogTarget = { ok: true; run: ContainerRun | null } | { ok: false; status: Status };

function refuse(message: string): LogTarget {
  return { ok: false, status: newBadRequest(message) };
}

/** logTarget finds the run a request for `pod`'s log reads, or the refusal in Kubernetes' words. */
export function logTarget(book: LogBook, pod: Pod, container0: string, previous: boolean): LogTarget {
  const name = pod.metadata.name;
  const containers = pod.spec.containers;
  const init = pod.spec.initContainers ?? [];
  let container = container0;
  // The API server's LogLocation: one container is the default (init containers aside); with more,
  // the request must choose, and the refusal names the init containers too. An init container's
  // name is valid (podHasContainerWithName).
  if (container === '') {
    if (containers.length === 0) return refuse(`a container name must be specified for pod ${name}`);
    if (containers.length > 1) {
      const inits = init.length > 0 ? ` or one of the init containers: [${init.map((c) => c.name).join(' ')}]` : '';
      return refuse(`a container name must be specified for pod ${name}, choose one of: [${containers.map((c) => c.name).join(' ')}]${inits}`);
    }
    container = (containers[0] as { name: string }).name;
  } else if (!containers.some((c) => c.name === container) && !init.some((c) => c.name === container)) {
    return refuse(`container ${container} is not valid for pod ${name}`);
  }
  if (!pod.spec.nodeName) return { ok: true, run: null };
  // The kubelet's validateContainerLogStatus: which run of the container the log is.
  const cs = pod.status?.containerStatuses?.find((s) => s.name === container) ?? pod.status?.initContainerStatuses?.find((s) => s.name === container);
  if (!cs) return refuse(`container "${container}" in pod "${name}" is not available`);
  const last = cs.lastState?.terminated;
  const found = (id: string | undefined): LogTarget => ({ ok: true, run: book.run(id) ?? null });
  if (previous) {
    if (!last?.containerID) return refuse(`previous terminated container "${container}" in pod "${name}" not found`);
    return found(last.containerID);
  }
  if (cs.state.running) return found(cs.containerID);
  if (cs.state.terminated) {
    if (cs.state.terminated.containerID) return found(cs.state.terminated.containerID);
    if (last?.containerID) return found(last.containerID);
    return refuse(`container "${container}" in pod "${name}" is terminated`);
  }
  if (last) {
    if (!last.containerID) return refuse(`container "${container}" in pod "${name}" is terminated`);
    return found(last.containerID);
  }
  const reason = cs.state.waiting?.reason;
  if (reason === 'ErrImagePull') return refuse(`container "${container}" in pod "${name}" is waiting to start: image can't be pulled`);
  if (reason === 'ImagePullBackOff') return refuse(`container "${container}" in pod "${name}" is waiting to start: trying and failing to pull image`);
  if (reason !== undefined) return refuse(`container "${container}" in pod "${name}" is waiting to start: ${reason}`);
  return refuse(`container "${container}" in pod "${name}" is waiting to start - no logs yet`);
}

/** rfc3339Nano is Go's time.RFC3339Nano of a line's instant: nanoseconds, trailing zeros dropped. */
export function rfc3339Nano(ms: number, nanos: number): string {
  const whole = Math.floor(ms / 1000) * 1000;
  const iso = toRFC3339(whole).slice(0, 19);
  const frac = String((ms - whole) * 1_000_000 + nanos)
    .padStart(9, '0')
    .replace(/0+$/, '');
  return `${iso}${frac ? `.${frac}` : ''}Z`;
}

/** selectLines applies since and tail to a run's lines by nowMs: what a request is sent first. */
export function selectLines(lines: readonly LogLine[], nowMs: number, o: LogOptions): LogLine[] {
  let from = -Infinity;
  if (o.sinceSeconds !== null) from = nowMs - o.sinceSeconds * 1000;
  if (o.sinceMs !== null) from = o.sinceMs;
  let out = lines.filter((l) => l.ms >= from);
  if (o.tailLines !== null) out = o.tailLines === 0 ? [] : out.slice(-o.tailLines);
  return out;
}

/** formatLines writes lines as the kubelet streams them (shiftMs moves `--timestamps` to the wall clock). */
export function formatLines(lines: readonly LogLine[], timestamps: boolean, shiftMs = 0): string {
  let s = '';
  for (const l of lines) s += timestamps ? `${rfc3339Nano(l.ms + shiftMs, l.nanos)} ${l.text}\n` : `${l.text}\n`;
  return s;
}

/**
 * limitText cuts a log to limitBytes bytes of UTF-8, as the kubelet's LimitWriter does (a
 * character the limit splits is left out whole: a reader of a string cannot hold half of one).
 */
export function limitText(text: string, limitBytes: number | null): string {
  if (limitBytes === null) return text;
  let bytes = 0;
  let i = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (bytes > limitBytes) return text.slice(0, i);
    i += ch.length;
  }
  return text;
}

/** podLogText is a whole (not followed) log answer: the run's lines by nowMs, selected and written. */
export function podLogText(run: ContainerRun | null, nowMs: number, o: LogOptions, shiftMs = 0, access?: AccessLog): string {
  if (!run) return '';
  return limitText(formatLines(selectLines(runLines(run, nowMs, shiftMs, access), nowMs, o), o.timestamps, shiftMs), o.limitBytes);
}

/**
 * parseLogOptions reads PodLogOptions from a query, or the API server's refusal (validation.go
 * ValidatePodLogOptions); sinceTime is RFC 3339 on the client's clock, moved back by shiftMs.
 */
export function parseLogOptions(q: URLSearchParams, shiftMs = 0): LogOptions | Status {
  const o: LogOptions = { ...DEFAULT_LOG_OPTIONS, container: q.get('container') ?? '' };
  const flag = (k: string) => q.get(k) === 'true' || q.get(k) === '1';
  o.previous = flag('previous');
  o.follow = flag('follow');
  o.timestamps = flag('timestamps');
  const int = (k: string): number | null | Status => {
    const v = q.get(k);
    if (v === null || v === '') return null;
    const n = Number(v);
    if (!Number.isInteger(n)) return newBadRequest(`${k}: Invalid value: "${v}": must be an integer`);
    return n;
  };
  const since = int('sinceSeconds');
  const tail = int('tailLines');
  const limit = int('limitBytes');
  for (const v of [since, tail, limit]) if (v !== null && typeof v === 'object') return v;
  const errs: string[] = [];
  if (typeof tail === 'number' && tail < 0) errs.push(`tailLines: Invalid value: ${tail}: must be greater than or equal to 0`);
  if (typeof limit === 'number' && limit < 1) errs.push(`limitBytes: Invalid value: ${limit}: must be greater than 0`);
  if (typeof since === 'number' && since < 1) errs.push(`sinceSeconds: Invalid value: ${since}: must be greater than 0`);
  const sinceTime = q.get('sinceTime');
  if (sinceTime !== null && since !== null) errs.push('sinceSeconds: Forbidden: at most one of `sinceTime` or `sinceSeconds` may be specified');
  if (sinceTime !== null) {
    const t = parseRFC3339(sinceTime);
    if (Number.isNaN(t)) return newBadRequest(`parsing time "${sinceTime}" as "2006-01-02T15:04:05Z07:00": cannot parse "${sinceTime}" as "2006"`);
    o.sinceMs = t - shiftMs;
  }
  if (errs.length) return { ...newBadRequest(`PodLogOptions "" is invalid: ${errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`}`), reason: 'Invalid', code: 422 };
  o.sinceSeconds = since as number | null;
  o.tailLines = tail as number | null;
  o.limitBytes = limit as number | null;
  return o;
}
