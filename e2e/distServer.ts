/**
 * A static server of the production build (dist/) for the service worker's tests: like `vite
 * preview`, but a test can change what it serves as sw.js, the way a deploy of the next build does.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

export interface DistServer {
  url: string;
  /** nextBuild makes sw.js differ by one comment from the one served so far. */
  nextBuild(): void;
  close(): Promise<void>;
}

/** serveDist serves dist/ on 127.0.0.1 at a free port. */
export async function serveDist(): Promise<DistServer> {
  let build = 0;
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = join('dist', path === '/' ? 'index.html' : path);
    readFile(file)
      .then((body) => {
        res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(path === '/sw.js' && build > 0 ? `${body}\n// build ${build}\n` : body);
      })
      .catch(() => {
        res.statusCode = 404;
        res.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    nextBuild: () => {
      build++;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
