/**
 * The headless runner's core (DESIGN.md §5), separate from process handling so tests call it
 * directly: parse the arguments, load and validate the scenario, run the engine, print.
 */
import { createEngine, KUBERNETES_VERSION, lastActionTime, runUntil, type TickRecord } from '../src/engine/sim.ts';
import type { DaemonSet, Deployment, KubeObject } from '../src/engine/api/types.ts';
import { newWatchPrinter, printTable, type TableKind, watchPrint } from '../src/engine/kubectl/printers/table.ts';
import { daemonSetStatusViewer, deploymentStatusViewer } from '../src/engine/kubectl/rolloutStatus.ts';
import { parseScenarioText } from '../src/scenario/parse.ts';
import { toSimConfig } from '../src/scenario/toSimConfig.ts';
import { parseAxis, type SweepAxis } from '../src/scenario/variants.ts';
import { summarize, summaryFields } from '../src/timeline/summary.ts';
import { SummaryTrack } from '../src/timeline/summaryTrack.ts';

export const USAGE = [
  'usage: npm run --silent sim -- SCENARIO_FILE [--output watch|json|status|summary] [--watch rs|deploy|ds|pods] [--until SECONDS]',
  '       npm run --silent sim -- SCENARIO_FILE --sweep FIELD=V1,V2,… [--sweep FIELD=…] [--workload KIND/[NAMESPACE/]NAME] [--threads N] [--until SECONDS]',
  '       (FIELD: maxSurge, maxUnavailable, replicas, minReadySeconds, seed)',
].join('\n');

export interface CliResult {
  code: 0 | 1 | 2;
  stdout: string[];
  stderr: string[];
}

type Output = 'watch' | 'json' | 'status' | 'summary';
type WatchWord = 'rs' | 'deploy' | 'ds' | 'pods';

const WATCH_KIND: Record<WatchWord, TableKind> = { rs: 'ReplicaSet', deploy: 'Deployment', ds: 'DaemonSet', pods: 'Pod' };

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
      if (v !== 'watch' && v !== 'json' && v !== 'status' && v !== 'summary') {
        return `error: --output must be watch, json, status or summary, not "${v ?? ''}"`;
      }
      output = v;
      outputGiven = true;
    } else if (flag === '--watch') {
      const v = value();
      if (v !== 'rs' && v !== 'deploy' && v !== 'ds' && v !== 'pods') return `error: --watch must be rs, deploy, ds or pods, not "${v ?? ''}"`;
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
    } else if (a.startsWith('-')) return `error: unknown flag: ${flag}`;
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

/** runScenarioText runs a scenario's text and returns what the CLI prints. */
export function runScenarioText(text: string, args: CliArgs): CliResult {
  const parsed = parseScenarioText(text);
  if (!parsed.ok) return { code: 1, stdout: [], stderr: parsed.errors.slice(0, 1).map((e) => `error: ${e}`) };
  const config = toSimConfig(parsed.value);
  const st = createEngine(config);
  const untilMs = args.until !== null ? Math.round(args.until * 1000) : lastActionTime(config) + 600_000;
  const stdout: string[] = [];
  const firstKind = config.objects[0]?.kind;
  const watchWord: WatchWord = args.watch ?? (firstKind === 'DaemonSet' ? 'ds' : 'rs');
  let printer = newWatchPrinter(WATCH_KIND[watchWord]);
  const summary = args.output === 'summary' ? new SummaryTrack() : null;
  const onTick = (t: TickRecord): void => {
    summary?.append(t, st);
    for (const w of t.writes) {
      if (args.output === 'json') {
        stdout.push(JSON.stringify({ tick: t.tick, time: t.time / 1000, type: w.type, object: w.object }));
      } else if (args.output === 'watch' && w.object.kind === printer.kind) {
        const r = watchPrint(printer, [w.object as never], t.time);
        printer = r.state;
        stdout.push(...r.text.replace(/\n$/, '').split('\n'));
      }
    }
  };
  runUntil(st, untilMs, onTick);
  if (summary) for (const r of summarize(summary)) stdout.push(JSON.stringify(summaryFields(r)));
  if (args.output === 'status') {
    const objs = (k: 'Deployment' | 'DaemonSet'): KubeObject[] => [...st.store.objects[k].values()];
    // kubectl prints the viewer's message, or its error with the `error: ` prefix.
    const line = (s: { message: string; error: string | null }): string => {
      const text = s.error ?? s.message;
      return (s.error && !text.startsWith('error: ') ? `error: ${text}` : text).replace(/\n$/, '');
    };
    for (const d of objs('Deployment')) stdout.push(line(deploymentStatusViewer(d as Deployment)));
    for (const ds of objs('DaemonSet')) stdout.push(line(daemonSetStatusViewer(ds as DaemonSet)));
    for (const kind of ['Deployment', 'ReplicaSet', 'DaemonSet', 'Pod'] as const) {
      const list = [...st.store.objects[kind].values()];
      if (!list.length) continue;
      stdout.push('');
      stdout.push(...printTable(kind, list as never[], st.now).stdout.replace(/\n$/, '').split('\n'));
    }
  }
  return { code: 0, stdout, stderr: [] };
}

export function versionLine(): string {
  return `rollout-lab sim (Kubernetes ${KUBERNETES_VERSION})`;
}
