/**
 * What `npm run serve` serves besides the API: the built page (dist/, when `npm run build` made
 * one) and the live session it follows. `GET /rollout-lab/session` is a server-sent event
 * stream: `scenario` events carry the session as a scenario (the scenario served plus every
 * accepted write as a `request:` action), `clock` events the virtual time in ms; the page replays
 * the actions in its own worker, and determinism makes both sides agree.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import type { LiveCluster } from './live.ts';

/** The path of the live session stream. */
export const SESSION_PATH = '/rollout-lab/session';
/** How often the stream tells the page the virtual time, in real ms. */
const CLOCK_INTERVAL_MS = 250;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

/** serveSession streams the session's scenario and clock until the page goes away. */
export function serveSession(live: LiveCluster, res: ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
  const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  send('scenario', { scenario: live.scenario, nowMs: live.virtualNow() });
  const offAction = live.onAction(() => send('scenario', { scenario: live.scenario, nowMs: live.virtualNow() }));
  const clock = setInterval(() => send('clock', { nowMs: live.virtualNow() }), CLOCK_INTERVAL_MS);
  res.on('close', () => {
    offAction();
    clearInterval(clock);
  });
}

/**
 * staticHandler serves the files of `dir` (the build) for GET requests, `index.html` for `/`;
 * false when it has no such file (the caller answers 404).
 */
export function staticHandler(dir: string): (req: IncomingMessage, res: ServerResponse) => boolean {
  const root = normalize(dir);
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = new URL(req.url ?? '/', 'http://localhost');
    let rel: string;
    try {
      rel = decodeURIComponent(url.pathname);
    } catch {
      return false;
    }
    const file = normalize(join(root, rel === '/' ? 'index.html' : rel));
    if (file !== root && !file.startsWith(root + sep)) return false;
    if (!existsSync(file) || !statSync(file).isFile()) return false;
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': statSync(file).size,
      'Cache-Control': rel.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
    return true;
  };
}
