/** Shared steps of the golden runs: CLI arguments and reading `get rs -w` output. */
import { type CliArgs, parseArgs } from '../../cli/run.ts';

/** cliArgs parses a runner command line, failing the test on a usage error. */
export function cliArgs(argv: string[]): CliArgs {
  const a = parseArgs(argv);
  if (typeof a === 'string') throw new Error(a);
  return a;
}

/** desiredSequences reads `get rs -w` lines into each RS's DESIRED values, repeats folded. */
export function desiredSequences(lines: string[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const line of lines.slice(1)) {
    const [name, desired] = line.trim().split(/\s+/);
    if (!name || desired === undefined) continue;
    const seq = out.get(name) ?? [];
    if (seq[seq.length - 1] !== Number(desired)) seq.push(Number(desired));
    out.set(name, seq);
  }
  return out;
}
