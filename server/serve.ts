/**
 * startServer: the live cluster, its pacing loop, the HTTP server and the `--record` file.
 * Loopback only unless the host says otherwise; stopping closes every watch, flushes the record
 * and resolves once the socket is closed.
 */
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { parseScenarioText } from '../src/scenario/parse.ts';
import type { Scenario } from '../src/scenario/types.ts';
import { scenarioToYaml } from '../src/scenario/yamlIo.ts';
import type { ServeArgs } from './args.ts';
import { createApiHandler } from './http.ts';
import { LiveCluster, type RealClock } from './live.ts';
import { SESSION_PATH, serveSession, staticHandler } from './page.ts';

/** The built page (`npm run build`), served at / when it exists. */
const DEFAULT_PAGE_DIR = join(import.meta.dirname, '..', 'dist');

/** The cluster served when no scenario file is given: three nodes and nothing else. */
export const EMPTY_SCENARIO: Scenario = { version: 1, name: 'Served cluster', cluster: { nodes: 3 }, objects: [] };

/** How often the virtual clock catches up with the real one, in real ms. */
const PACE_MS = 20;

export interface StartOptions extends Omit<ServeArgs, 'file'> {
  text: string | null;
  log: (line: string) => void;
  clock?: RealClock;
  /** Where the built page is (default: dist/ beside server/). */
  pageDir?: string;
}

export interface RunningServer {
  url: string;
  live: LiveCluster;
  server: Server;
  stop: () => Promise<void>;
}

/** writeRecord writes the session so far as a scenario file (whole, then renamed into place). */
function writeRecord(file: string, s: Scenario): void {
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, scenarioToYaml(s));
  renameSync(tmp, file);
}

/** startServer loads the scenario and starts serving; an invalid scenario is an error, not a throw. */
export async function startServer(o: StartOptions): Promise<RunningServer | { error: string }> {
  let scenario = EMPTY_SCENARIO;
  if (o.text !== null) {
    const parsed = parseScenarioText(o.text);
    if (!parsed.ok) return { error: parsed.errors[0] ?? 'The scenario is invalid' };
    scenario = parsed.value;
  }
  const live = new LiveCluster(scenario, { speed: o.speed, clock: o.clock ?? (() => performance.now()) });
  let address = `${o.host}:${o.port}`;
  const files = staticHandler(o.pageDir ?? DEFAULT_PAGE_DIR);
  const fallback = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method === 'GET' && req.url?.split('?')[0] === SESSION_PATH) {
      serveSession(live, res);
      return true;
    }
    return files(req, res);
  };
  const server = createServer(createApiHandler({ live, gitVersion: o.gitVersion, address: () => address, fallback }));
  server.keepAliveTimeout = 60_000;
  const record = o.record;
  if (record !== null) {
    writeRecord(record, live.scenario);
    live.onAction(() => writeRecord(record, live.scenario));
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const host = o.host.includes(':') ? `[${o.host}]` : o.host;
  address = `${host}:${port}`;
  const url = `http://${address}`;
  o.log(`Serving the Kubernetes API on ${url}`);
  if (existsSync(join(o.pageDir ?? DEFAULT_PAGE_DIR, 'index.html'))) o.log(`Follow the session live in the page: ${url}/#live`);
  const pace = setInterval(() => {
    try {
      live.advance();
    } catch (e) {
      o.log(`error: the simulation stopped: ${e instanceof Error ? e.message : String(e)}`);
      clearInterval(pace);
    }
  }, PACE_MS);
  const stop = async () => {
    clearInterval(pace);
    if (record !== null) writeRecord(record, live.scenario);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { url, live, server, stop };
}
