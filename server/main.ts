/**
 * `npm run --silent serve -- [SCENARIO_FILE] [--port N] [--speed X] [--host 127.0.0.1] [--record FILE]`
 * (DESIGN.md §13): the scenario's cluster, live, behind a Kubernetes API that a real kubectl
 * drives. The first line printed is `Serving the Kubernetes API on http://HOST:PORT`.
 */
import { readFileSync } from 'node:fs';
import { startServer } from './serve.ts';
import { parseServeArgs, SERVE_USAGE } from './args.ts';
import { LinePipe } from '../cli/pipe.ts';

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
  // A reader that leaves (`| head -1`) is seen at the next line logged: the server then stops as
  // on SIGTERM (the --record file flushed), quietly, with exit 0.
  let stopping: Promise<void> | null = null;
  let readerGone = (): void => {};
  const out = new LinePipe(process.stdout, () => readerGone());
  const started = await startServer({ ...args, text, log: (line) => void out.line(line) });
  if ('error' in started) {
    console.error(started.error);
    return 1;
  }
  const stop = (then: () => void): void => {
    stopping ??= started.stop();
    void stopping.then(then);
  };
  const onSignal = (signal: string) =>
    stop(() => {
      void out.line(`Stopped on ${signal}.`);
      process.exit(0);
    });
  readerGone = () =>
    stop(() => {
      if (out.error) console.error(`error: cannot write the log: ${out.error.message}`);
      process.exit(out.error ? 1 : 0);
    });
  if (out.closed) readerGone();
  process.once('SIGINT', () => onSignal('SIGINT'));
  process.once('SIGTERM', () => onSignal('SIGTERM'));
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
