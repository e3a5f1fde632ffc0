/**
 * The headless runner's core (DESIGN.md §5), separate from process handling so tests call it
 * directly: parse the arguments, load and validate the scenario, run the engine, print (outputs.ts)
 * as the run goes.
 */
import {
  createEngine,
  type EngineState,
  KUBERNETES_VERSION,
  lastActionTime,
  newStallWatch,
  nextEventTime,
  stallMessage,
  step,
  type TickRecord,
  watchTick,
} from '../src/engine/sim.ts';
import { parseScenarioText } from '../src/scenario/parse.ts';
import { toSimConfig } from '../src/scenario/toSimConfig.ts';
import { parseAxis, type SweepAxis } from '../src/scenario/variants.ts';
import { OUTPUT_MODES, type Output, type WatchWord } from './outputs.ts';

export const USAGE = [
  `usage: npm run --silent sim -- SCENARIO_FILE|MANIFESTS|- [--output ${Object.keys(OUTPUT_MODES).join('|')}] [--watch rs|deploy|ds|sts|pvc|pods] [--until SECONDS]`,
  '       npm run --silent sim -- SCENARIO_FILE|MANIFESTS|- --sweep FIELD=V1,V2,… [--sweep FIELD=…] [--workload KIND/[NAMESPACE/]NAME] [--threads N] [--until SECONDS]',
  '       (FIELD: maxSurge, maxUnavailable, replicas, minReadySeconds, seed, partition)',
].join('\n');

export interface CliResult {
  code: 0 | 1 | 2;
  stdout: string[];
  stderr: string[];
}

export interface CliArgs {
  file: string;
  output: Output;
  watch: WatchWord | null;
  until: number | null;
  /** --sweep axes, in the order given ([] without --sweep). */
  sweep: SweepAxis[];
  /** --workload KIND/NAME or KIND/NAMESPACE/NAME, or null for the scenario's first workload. */
  workload: string | null;
  /** --threads N, or null for one per core. */
  threads: number | null;
}

/** The --output words, in OUTPUT_MODES' order: a mode added there is accepted here. */
const OUTPUTS = Object.keys(OUTPUT_MODES) as Output[];
const isOutput = (v: string | undefined): v is Output => OUTPUTS.includes(v as Output);

/** parseArgs reads the command line; a string is a usage error. */
export function parseArgs(argv: readonly string[]): CliArgs | string | 'version' | 'help' {
  let file: string | null = null;
  let output: Output = 'watch';
  let watch: WatchWord | null = null;
  let until: number | null = null;
  let outputGiven = false;
  const sweep: SweepAxis[] = [];
  let workload: string | null = null;
  let threads: number | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = (): string | undefined => inline ?? argv[++i];
    if (flag === '--version') return 'version';
    if (flag === '--help' || flag === '-h') return 'help';
    if (flag === '--output' || flag === '-o') {
      const v = value();
      if (!isOutput(v)) return `error: --output must be ${OUTPUTS.slice(0, -1).join(', ')} or ${OUTPUTS.at(-1)}, not "${v ?? ''}"`;
      output = v;
      outputGiven = true;
    } else if (flag === '--watch') {
      const v = value();
      if (v !== 'rs' && v !== 'deploy' && v !== 'ds' && v !== 'sts' && v !== 'pvc' && v !== 'pods') return `error: --watch must be rs, deploy, ds, sts, pvc or pods, not "${v ?? ''}"`;
      watch = v;
    } else if (flag === '--until') {
      const v = Number(value());
      if (!Number.isFinite(v) || v < 0) return 'error: --until takes a number of virtual seconds ≥ 0';
      until = v;
    } else if (flag === '--sweep') {
      const axis = parseAxis(value() ?? '');
      if (!axis.ok) return `error: --sweep: ${axis.errors[0]}`;
      sweep.push(axis.value);
    } else if (flag === '--workload') {
      workload = value() ?? '';
      if (!workload) return 'error: --workload takes KIND/NAME, e.g. deployment/web';
    } else if (flag === '--threads') {
      const v = Number(value());
      if (!Number.isInteger(v) || v < 1 || v > 64) return 'error: --threads takes a whole number from 1 to 64';
      threads = v;
    } else if (a.startsWith('-') && a !== '-') return `error: unknown flag: ${flag}`;
    else if (file === null) file = a;
    else return `error: unexpected argument "${a}"`;
  }
  if (file === null) return 'error: a scenario file is required';
  if (sweep.length > 0 && outputGiven && output !== 'summary') {
    return `error: --sweep prints one summary line per variant; it does not take --output ${output}`;
  }
  if (sweep.length === 0 && (workload !== null || threads !== null)) return 'error: --workload and --threads go with --sweep';
  return { file, output: sweep.length > 0 ? 'summary' : output, watch, until, sweep, workload, threads };
}

/**
 * A run the CLI prints as it goes: the lines come in chunks, tick by tick, as `chunks` is iterated.
 * `code` and `stderr` are final once the chunks are read: a run whose virtual time stood still
 * stops there with exit 1 and says where and why (engine/sim/stall.ts).
 */
export interface ScenarioRun {
  code: 0 | 1 | 2;
  stderr: string[];
  chunks: Iterable<string[]>;
}

/**
 * A chunk holds the lines of one tick, cut at about 64 KiB: at 5,000 replicas a tick can write
 * thousands of ~1.3 KB objects (`--output json`), and a chunk is what the writer holds at once.
 */
const CHUNK_CHARS = 64 * 1024;

/** The performance mark made as the engine is created. */
export const ENGINE_START_MARK = 'rollout-lab:engine-start';
/** The performance mark sim.ts makes once its modules are loaded, as it begins its work (the cli-json row's load time ends there). */
export const CLI_START_MARK = 'rollout-lab:cli-start';

/**
 * openScenarioText validates a scenario's text and returns its run, which advances only as its
 * chunks are read: a reader that stops reading stops the engine. `onTick` sees each tick as it is
 * run (tests and benchmarks time the output against it).
 */
export function openScenarioText(text: string, args: CliArgs, onTick?: (t: TickRecord) => void, stallTicks?: number): ScenarioRun {
  const parsed = parseScenarioText(text);
  if (!parsed.ok) return { code: 1, stderr: parsed.errors.slice(0, 1).map((e) => `error: ${e}`), chunks: [] };
  const config = toSimConfig(parsed.value);
  const untilMs = args.until !== null ? Math.round(args.until * 1000) : lastActionTime(config) + 600_000;
  // The first workload's list (a StatefulSet's file often opens with its headless Service).
  const first = config.objects.find((o) => o.kind === 'Deployment' || o.kind === 'DaemonSet' || o.kind === 'StatefulSet')?.kind;
  const watch: WatchWord = args.watch ?? (first === 'DaemonSet' ? 'ds' : first === 'StatefulSet' ? 'sts' : 'rs');
  // The `cli-json` bench row times the first line from here (benchCliChild.ts reads the mark);
  // one mark only, however many runs a test makes.
  performance.clearMarks(ENGINE_START_MARK);
  performance.mark(ENGINE_START_MARK);
  const run: ScenarioRun = { code: 0, stderr: [], chunks: [] };
  run.chunks = chunksOf(createEngine(config), untilMs, args.output, watch, onTick, (message) => {
    run.code = 1;
    run.stderr.push(`error: ${message}`);
  }, stallTicks);
  return run;
}

/** chunksOf steps the engine up to untilMs (runUntil's loop), yielding the lines as they are printed. */
function* chunksOf(
  st: EngineState,
  untilMs: number,
  output: Output,
  watch: WatchWord,
  onTick: ((t: TickRecord) => void) | undefined,
  onStall: (message: string) => void,
  stallTicks?: number,
): Generator<string[]> {
  const mode = OUTPUT_MODES[output]({ st, watch });
  const stall = newStallWatch(stallTicks);
  let chunk: string[] = [];
  let chars = 0;
  const full = (line: string): boolean => {
    chunk.push(line);
    chars += line.length + 1;
    return chars >= CHUNK_CHARS;
  };
  const take = (): string[] => {
    const c = chunk;
    chunk = [];
    chars = 0;
    return c;
  };
  for (;;) {
    const next = nextEventTime(st);
    if (next === null || next > untilMs) break;
    const t = step(st);
    if (!t) break;
    onTick?.(t);
    for (const line of mode.tick(t)) if (full(line)) yield take();
    if (chunk.length > 0) yield take();
    const stood = watchTick(stall, t);
    if (stood !== null) {
      onStall(stallMessage(stood));
      break;
    }
  }
  for (const line of mode.end()) if (full(line)) yield take();
  if (chunk.length > 0) yield take();
}

/** runScenarioText runs a scenario's text and returns all that the CLI prints (tests compare it). */
export function runScenarioText(text: string, args: CliArgs): CliResult {
  const run = openScenarioText(text, args);
  const stdout: string[] = [];
  for (const chunk of run.chunks) for (const line of chunk) stdout.push(line);
  return { code: run.code, stdout, stderr: run.stderr };
}

export function versionLine(): string {
  return `rollout-lab sim (Kubernetes ${KUBERNETES_VERSION})`;
}
