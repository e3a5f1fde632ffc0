import { readFileSync } from 'node:fs';
import { cliArgs, desiredSequences } from './support.ts';
import { describe, expect, it } from 'vitest';
import { type CliArgs, runScenarioText } from '../../cli/run.ts';

const seed = readFileSync(new URL('../../src/scenario/presets/seed.yaml', import.meta.url), 'utf8');

function args(extra: string[] = []): CliArgs {
  return cliArgs(['seed.yaml', ...extra]);
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
