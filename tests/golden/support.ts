/** Shared steps of the golden runs: CLI arguments and reading `get rs -w` output. */
import { expect } from 'vitest';
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

/**
 * expectHeldThenDone checks the DESIRED sequences of a 4-replica rollout (maxSurge 1,
 * maxUnavailable 1) whose new pods cannot start for a while: the old ReplicaSet 4 → 3 (held) … 0,
 * the new one 1 → 2 (held) … 4.
 */
export function expectHeldThenDone(lines: string[]): void {
  const seq = [...desiredSequences(lines).values()];
  expect(seq[0]?.slice(0, 2)).toEqual([4, 3]);
  expect(seq[0]?.at(-1)).toBe(0);
  expect(seq[1]?.slice(0, 2)).toEqual([1, 2]);
  expect(seq[1]?.at(-1)).toBe(4);
}
