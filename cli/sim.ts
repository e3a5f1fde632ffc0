/**
 * `npm run --silent sim -- SCENARIO_FILE [--output watch|json|status|summary] [--watch rs|deploy|ds|sts|pvc|pods] [--until SECONDS]`
 * `npm run --silent sim -- SCENARIO_FILE --sweep FIELD=V1,V2,… [--workload KIND/[NAMESPACE/]NAME] [--threads N]`
 * Exit 0 on a finished run, 1 on an invalid scenario (the message on stderr), 2 on a usage error.
 * The lines are written as the run makes them, at the reader's pace; a reader that closes early
 * (`| head`) ends the run at once, with exit 0 and nothing on stderr.
 */
import { readFileSync } from 'node:fs';
import { LinePipe, pump } from './pipe.ts';
import { CLI_START_MARK, openScenarioText, parseArgs, USAGE, versionLine } from './run.ts';
import { runSweepText } from './sweep.ts';

async function main(argv: string[], out: LinePipe): Promise<number> {
  const args = parseArgs(argv);
  if (args === 'version') {
    await out.line(versionLine());
    return 0;
  }
  if (args === 'help') {
    await out.line(USAGE);
    return 0;
  }
  if (typeof args === 'string') {
    console.error(args);
    console.error(USAGE);
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(args.file, 'utf8');
  } catch (e) {
    const code = (e as { code?: string }).code;
    console.error(code === 'ENOENT' ? `error: the path "${args.file}" does not exist` : `error: cannot read "${args.file}": ${String(e)}`);
    return 1;
  }
  try {
    if (args.sweep.length > 0) {
      const res = await runSweepText(text, args, out);
      for (const line of res.stderr) console.error(line);
      if (res.code === 2) console.error(USAGE);
      return res.code;
    }
    const run = openScenarioText(text, args);
    await pump(run.chunks, out);
    for (const line of run.stderr) console.error(line);
    return run.code;
  } catch (e) {
    // An engine bug must still give one line, not a stack trace.
    console.error(`error: the simulation stopped: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}

performance.mark(CLI_START_MARK);
const out = new LinePipe(process.stdout);
const code = await main(process.argv.slice(2), out);
if (out.error) console.error(`error: cannot write the output: ${out.error.message}`);
process.exitCode = out.error ? 1 : code;
