/**
 * `GET /api/v1/namespaces/{ns}/pods/{name}/log` as kube-apiserver answers it by way of the
 * kubelet: plain text, the chosen run's lines (src/engine/kubectl/logs.ts), and with
 * `follow=true` a chunked stream that sends each line when the virtual clock reaches it and ends
 * when the run has ended (as the kubelet's follow does when the container exits) or the client goes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Pod } from '../src/engine/api/types.ts';
import { newNotFound, type Status } from '../src/engine/apiserver/rest/status.ts';
import { findResource } from '../src/engine/apiserver/rest/resources.ts';
import { type LogLine, runLines } from '../src/engine/kubelet/appLog.ts';
import { formatLines, limitText, logTarget, parseLogOptions, podLogText, selectLines } from '../src/engine/kubectl/logs.ts';
import type { LiveCluster } from './live.ts';
import { wallShift } from './wallClock.ts';

/** How long after a run's end its last served second is counted (one second plus the clients' lag), in virtual ms. */
const ACCESS_TAIL_MS = 2000;

/** How often a followed log looks for new lines, in real ms. */
const FOLLOW_POLL_MS = 50;

function sendStatus(res: ServerResponse, s: Status): true {
  const text = JSON.stringify(s);
  res.writeHead(s.code, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-cache, private' });
  res.end(text);
  return true;
}

/** serveLog answers a pod's log request. */
export function serveLog(live: LiveCluster, _req: IncomingMessage, res: ServerResponse, namespace: string, name: string, query: URLSearchParams): true {
  const pod = live.st.store.objects.Pod.get(`${namespace}/${name}`) as Pod | undefined;
  if (!pod) return sendStatus(res, newNotFound(findResource('', 'v1', 'pods') as NonNullable<ReturnType<typeof findResource>>, name));
  const now = live.virtualNow();
  const shift = wallShift(now);
  const o = parseLogOptions(query, shift);
  if ('code' in o) return sendStatus(res, o);
  const target = logTarget(live.logs, pod, o.container, o.previous);
  if (!target.ok) return sendStatus(res, target.status);
  const run = target.run;
  if (!o.follow || run === null) {
    const text = podLogText(run, now, o, shift);
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-cache, private' });
    res.end(text);
    return true;
  }
  res.writeHead(200, { 'Content-Type': 'text/plain', 'Transfer-Encoding': 'chunked', 'Cache-Control': 'no-cache, private' });
  res.flushHeaders();
  let budget = o.limitBytes;
  const send = (text: string): boolean => {
    const cut = limitText(text, budget);
    if (cut) res.write(cut);
    if (budget === null) return true;
    budget -= Buffer.byteLength(cut);
    return budget > 0 && cut.length === text.length;
  };
  // What is there now goes out through since and tail; later lines all follow, each once. A
  // counted traffic second's access lines can come after the SIGTERM line that follows them in
  // the log (a second is counted once it is over), so lines are known by instant and text.
  const keyOf = (l: LogLine) => `${l.ms}\u0000${l.nanos}\u0000${l.text}`;
  const first = runLines(run, now, shift);
  const sent = new Set(first.map(keyOf));
  if (!send(formatLines(selectLines(first, now, o), o.timestamps, shift))) {
    res.end();
    return true;
  }
  const timer = setInterval(() => {
    live.advance();
    const t = live.virtualNow();
    const more = runLines(run, t, shift).filter((l) => !sent.has(keyOf(l)));
    for (const l of more) sent.add(keyOf(l));
    const open = more.length === 0 || send(formatLines(more, o.timestamps, shift));
    // A run that served requests ends its follow once its last second has been counted too.
    const tail = run.served.length > 0 ? ACCESS_TAIL_MS : 0;
    if (!open || (run.endedMs !== null && run.endedMs + tail <= t)) {
      clearInterval(timer);
      res.end();
    }
  }, FOLLOW_POLL_MS);
  res.on('close', () => clearInterval(timer));
  return true;
}
