/**
 * `npm run --silent sim -- SCENARIO_FILE|MANIFESTS|- [--output watch|json|status|summary] [--watch rs|deploy|ds|sts|pvc|pods] [--until SECONDS]`
 * `npm run --silent sim -- SCENARIO_FILE|MANIFESTS|- --sweep FIELD=V1,V2,… [--workload KIND/[NAMESPACE/]NAME] [--threads N]`
 * Exit 0 on a finished run, 1 on an invalid scenario (the message on stderr), 2 on a usage error.
 * The lines are written as the run makes them, at the reader's pace; a reader that closes early
 * (`| head`) ends the run at once, with exit 0 and nothing on stderr.
 */
import { readFileSync } from 'node:fs';
import { scenarioInput } from '../src/scenario/manifestsScenario.ts';
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
    // `-` is standard input: `kubectl get sts web -o yaml | npm run sim -- -`.
    text = readFileSync(args.file === '-' ? 0 : args.file, 'utf8');
  } catch (e) {
    const code = (e as { code?: string }).code;
    console.error(code === 'ENOENT' ? `error: the path "${args.file}" does not exist` : `error: cannot read "${args.file}": ${String(e)}`);
    return 1;
  }
  // Kubernetes manifests run as the scenario the page's Import makes of them (manifestsScenario.ts).
  const input = scenarioInput(text, args.file);
  if (!input.ok) {
    for (const line of input.errors) console.error(`error: ${line}`);
    return 1;
  }
  for (const line of manifestNotes(args.file, input.value.applied, input.value.note)) console.error(line);
  text = input.value.text;
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

/** What stderr says when the file held manifests: what was made of them, and what was left out. */
function manifestNotes(file: string, applied: readonly string[], note: string | null): string[] {
  if (applied.length === 0) return [];
  const from = file === '-' ? 'standard input' : file;
  return [`note: read ${from} as Kubernetes manifests, run on the default cluster with no actions: ${applied.join(', ')}`, ...(note ? [`note: ${note}`] : [])];
}

performance.mark(CLI_START_MARK);
const out = new LinePipe(process.stdout);
const code = await main(process.argv.slice(2), out);
if (out.error) console.error(`error: cannot write the output: ${out.error.message}`);
process.exitCode = out.error ? 1 : code;
