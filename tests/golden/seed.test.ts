import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseArgs, runScenarioText, type CliArgs } from '../../cli/run.ts';

const seed = readFileSync(new URL('../../src/scenario/presets/seed.yaml', import.meta.url), 'utf8');

function args(extra: string[] = []): CliArgs {
  const a = parseArgs(['seed.yaml', ...extra]);
  if (typeof a === 'string') throw new Error(a);
  return a;
}

/** desiredSequences reads `get rs -w` lines into each RS's DESIRED values, repeats folded. */
function desiredSequences(lines: string[]): Map<string, number[]> {
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

describe('Seed preset', () => {
  it('gives the DESIRED sequences of the course trace (old 10→0, new 3→10)', () => {
    const res = runScenarioText(seed, args());
    expect(res.code).toBe(0);
    expect(res.stdout[0]).toMatch(/^NAME\s+DESIRED\s+CURRENT\s+READY\s+AGE$/);
    const seqs = [...desiredSequences(res.stdout).values()];
    // The old RS is listed first (created at t=0); it first grows 0 → 10 to start the Deployment.
    const [oldRS, newRS] = seqs;
    expect(oldRS?.slice(oldRS.indexOf(10))).toEqual([10, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(newRS).toEqual([3, 5, 6, 7, 8, 9, 10]);
  });

  it('finishes with the rollout complete', () => {
    const res = runScenarioText(seed, args(['--output', 'status']));
    expect(res.stdout[0]).toBe('deployment "nginx-deployment-roll01" successfully rolled out');
  });

  it('gives byte-identical json output when run twice', () => {
    const a = runScenarioText(seed, args(['--output', 'json'])).stdout.join('\n');
    const b = runScenarioText(seed, args(['--output', 'json'])).stdout.join('\n');
    expect(a.length).toBeGreaterThan(1000);
    expect(a).toBe(b);
  });

  it('names ReplicaSets <deployment>-<pod-template-hash> with hash characters 4-9, b, c, d, f', () => {
    const res = runScenarioText(seed, args());
    const names = new Set(res.stdout.slice(1).map((l) => l.split(/\s+/)[0]));
    for (const n of names) expect(n).toMatch(/^nginx-deployment-roll01-[4-9bcdf]+$/);
  });
});
