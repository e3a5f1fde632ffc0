/**
 * The `cli-json` bench row: the CLI run as a child process (benchCliChild.ts) on a scenario, its
 * stdout read as fast as it comes, timed from the engine's creation to the first line and to the
 * last byte (from when the CLI began its work, after module loading, for a CLI without the
 * engine-start mark), with the child's peak RSS (getrusage's ru_maxrss, which
 * the child reads itself: robust on Linux, and it counts neither this process nor `time`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export interface CliRunFigures {
  /** From the child's spawn to the CLI starting its work (node, tsx and the modules). */
  loadMs: number;
  /** From the CLI starting to the engine's creation (reading and parsing the scenario); null without the mark. */
  parseMs: number | null;
  /** From the engine's creation (or the CLI's start, without the mark) to the first line read. */
  firstLineMs: number | null;
  totalMs: number;
  /** The child's CPU time, start-up included: steadier than totalMs on a shared machine. */
  cpuMs: number;
  peakRssMB: number;
  lines: number;
  outputMB: number;
  code: number | null;
  stderr: string;
}

const now = (): number => performance.timeOrigin + performance.now();

/** runCli runs `<cliDir>/benchCliChild.ts FILE ...argv` with the scenario's text as FILE. */
export async function runCli(cliDir: string, yaml: string, argv: readonly string[]): Promise<CliRunFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'rollout-lab-bench-cli-'));
  const file = join(dir, 'scenario.yaml');
  writeFileSync(file, yaml);
  try {
    const spawnedAt = now();
    const child = spawn(process.execPath, ['--import', 'tsx', join(cliDir, 'benchCliChild.ts'), file, ...argv], {
      // --import tsx resolves from the checkout's own node_modules.
      cwd: dirname(resolve(cliDir)),
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
    const { startedAt, engineAt, cpuMs, maxRssKb } = JSON.parse(report) as { startedAt: number; engineAt: number | null; cpuMs: number; maxRssKb: number };
    const from = engineAt ?? startedAt;
    return {
      loadMs: Math.round(startedAt - spawnedAt),
      parseMs: engineAt === null ? null : Math.round(engineAt - startedAt),
      firstLineMs: first === null ? null : Math.round(first - from),
      totalMs: Math.round(end - from),
      cpuMs,
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
