/**
 * `npm run --silent serve -- [SCENARIO_FILE] [--port N] [--speed X] [--host 127.0.0.1] [--record FILE]`
 * (DESIGN.md §13): the scenario's cluster, live, behind a Kubernetes API that a real kubectl
 * drives. The first line printed is `Serving the Kubernetes API on http://HOST:PORT`.
 */
import { readFileSync } from 'node:fs';
import { startServer } from './serve.ts';
import { parseServeArgs, SERVE_USAGE } from './args.ts';

async function main(argv: string[]): Promise<number> {
  const args = parseServeArgs(argv);
  if (args === 'help') {
    console.log(SERVE_USAGE);
    return 0;
  }
  if (typeof args === 'string') {
    console.error(args);
    console.error(SERVE_USAGE);
    return 2;
  }
  let text: string | null = null;
  if (args.file !== null) {
    try {
      text = readFileSync(args.file, 'utf8');
    } catch (e) {
      const code = (e as { code?: string }).code;
      console.error(code === 'ENOENT' ? `error: the path "${args.file}" does not exist` : `error: cannot read "${args.file}": ${String(e)}`);
      return 1;
    }
  }
  const started = await startServer({ ...args, text, log: (line) => console.log(line) });
  if ('error' in started) {
    console.error(started.error);
    return 1;
  }
  const stop = (signal: string) => {
    void started.stop().then(() => {
      console.log(`Stopped on ${signal}.`);
      process.exit(0);
    });
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exit(code);
  },
  (e: unknown) => {
    console.error(`error: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
