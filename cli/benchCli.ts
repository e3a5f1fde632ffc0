/**
 * The `cli-json` bench row: the CLI run as `npm run sim` runs it (package.json's `node FLAGS
 * scripts/sim.mjs`, simCommand.ts) in a child process with benchCliChild.mjs preloaded, on a
 * scenario, its stdout read as fast as it comes, timed from the engine's creation to the first line
 * and to the last byte, with the child's peak RSS (getrusage's ru_maxrss, which the child reads
 * itself: robust on Linux, and it counts neither this process nor `time`). A checkout whose sim
 * script is still `tsx cli/sim.ts` runs as it did then, with its own cli/benchCliChild.ts under tsx.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSim, simCommand } from './simCommand.ts';

export interface CliRunFigures {
  /** How the CLI was run: package.json's sim script. */
  command: string;
  /** From the child's spawn to the CLI starting its work: node and the CLI's modules (and tsx, for an older checkout). */
  loadMs: number;
  /** From the CLI starting to the engine's creation (reading and parsing the scenario); null without the mark. */
  parseMs: number | null;
  /** From the engine's creation (or the CLI's start, without the mark) to the first line read. */
  firstLineMs: number | null;
  totalMs: number;
  /** The child's CPU time, start-up included: steadier than totalMs on a shared machine. */
  cpuMs: number;
  /** Its CPU time from the engine's creation on: the run without the start-up; null for an older checkout. */
  runCpuMs: number | null;
  peakRssMB: number;
  lines: number;
  outputMB: number;
  code: number | null;
  stderr: string;
}

const now = (): number => performance.timeOrigin + performance.now();

/** runCli runs the CLI of the checkout whose cli/ is `cliDir` on `FILE ...argv`, the scenario's text as FILE. */
export async function runCli(cliDir: string, yaml: string, argv: readonly string[]): Promise<CliRunFigures> {
  const root = dirname(resolve(cliDir));
  const cmd = simCommand(root);
  // The bundle is made before the clock starts, as a user's second run finds it.
  if (cmd) buildSim(cmd);
  const nodeArgs = cmd
    ? [...cmd.flags, '--import', pathToFileURL(join(import.meta.dirname, 'benchCliChild.mjs')).href, cmd.script]
    : ['--import', 'tsx', join(cliDir, 'benchCliChild.ts')];
  const dir = mkdtempSync(join(tmpdir(), 'rollout-lab-bench-cli-'));
  const file = join(dir, 'scenario.yaml');
  writeFileSync(file, yaml);
  try {
    const spawnedAt = now();
    const child = spawn(process.execPath, [...nodeArgs, file, ...argv], {
      // --import tsx and the bundle's packages resolve from the checkout's own node_modules.
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let first: number | null = null;
    let lines = 0;
    let bytes = 0;
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => {
      first ??= now();
      bytes += b.length;
      for (let i = b.indexOf(10); i >= 0; i = b.indexOf(10, i + 1)) lines++;
    });
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString('utf8');
    });
    const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
    const end = now();
    const rest = stderr.trimEnd().split('\n');
    const report = rest.pop() ?? '';
    const { startedAt, engineAt, cpuMs, maxRssKb, runCpuMs } = JSON.parse(report) as {
      startedAt: number | null;
      engineAt: number | null;
      cpuMs: number;
      maxRssKb: number;
      runCpuMs?: number | null;
    };
    if (startedAt === null) throw new Error(`cli-json: the CLI made no rollout-lab:cli-start mark; stderr: ${stderr}`);
    const from = engineAt ?? startedAt;
    return {
      command: cmd ? ['node', ...cmd.flags, relative(root, cmd.script)].join(' ') : 'tsx cli/sim.ts',
      loadMs: Math.round(startedAt - spawnedAt),
      parseMs: engineAt === null ? null : Math.round(engineAt - startedAt),
      firstLineMs: first === null ? null : Math.round(first - from),
      totalMs: Math.round(end - from),
      cpuMs,
      runCpuMs: runCpuMs ?? null,
      peakRssMB: Math.round((maxRssKb * 1024) / 1e6),
      lines,
      outputMB: Math.round(bytes / 1e5) / 10,
      code,
      stderr: rest.join('\n'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
