/**
 * The command line of `npm run serve` (DESIGN.md §13), separate from process handling so tests
 * call it directly.
 */
import { KUBERNETES_VERSION } from '../src/engine/sim.ts';

export const SERVE_USAGE =
  'usage: npm run --silent serve -- [SCENARIO_FILE] [--port N] [--speed X] [--host 127.0.0.1] [--record FILE] [--report-version vX.Y.Z]';

export interface ServeArgs {
  file: string | null;
  port: number;
  host: string;
  speed: number;
  record: string | null;
  /** What /version reports; the machines' kubectl dispatcher picks its bundled kubectl by it. */
  gitVersion: string;
}

/** parseServeArgs reads the command line; a string is a usage error. */
export function parseServeArgs(argv: readonly string[]): ServeArgs | string | 'help' {
  const out: ServeArgs = { file: null, port: 8001, host: '127.0.0.1', speed: 1, record: null, gitVersion: KUBERNETES_VERSION.startsWith("v") ? KUBERNETES_VERSION : `v${KUBERNETES_VERSION}` };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    const flag = eq > 0 ? a.slice(0, eq) : a;
    const value = (): string | undefined => (eq > 0 ? a.slice(eq + 1) : argv[++i]);
    if (flag === '--help' || flag === '-h') return 'help';
    if (flag === '--port') {
      const v = Number(value());
      if (!Number.isInteger(v) || v < 0 || v > 65535) return 'error: --port takes a port number from 0 to 65535 (0: any free port)';
      out.port = v;
    } else if (flag === '--speed') {
      const v = Number(value());
      if (!Number.isFinite(v) || v <= 0 || v > 1000) return 'error: --speed takes a number above 0 and at most 1000 (virtual seconds per real second)';
      out.speed = v;
    } else if (flag === '--host') {
      const v = value();
      if (!v) return 'error: --host takes an address to listen on, e.g. 127.0.0.1';
      out.host = v;
    } else if (flag === '--record') {
      const v = value();
      if (!v) return 'error: --record takes a file to write the session to';
      out.record = v;
    } else if (flag === '--report-version') {
      const v = value() ?? '';
      if (!/^v?\d+\.\d+\.\d+$/.test(v)) return 'error: --report-version takes a release such as v1.28.0';
      out.gitVersion = v.startsWith('v') ? v : `v${v}`;
    } else if (a.startsWith('-')) return `error: unknown flag: ${flag}`;
    else if (out.file === null) out.file = a;
    else return `error: unexpected argument "${a}"`;
  }
  return out;
}
