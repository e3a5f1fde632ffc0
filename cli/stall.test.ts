// The run that stood still (issue #24) through the CLI: the drain scenario ends at its horizon
// with the Deployment still waiting, and a run that does stand still stops with one line saying
// where and why, exit 1 (here forced with a guard of 8 ticks at one instant).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type CliArgs, openScenarioText, parseArgs, runScenarioText } from './run.ts';

function args(argv: string[]): CliArgs {
  const a = parseArgs(argv);
  if (typeof a === 'string') throw new Error(a);
  return a;
}

const drain = readFileSync(new URL('../tests/fixtures/scenarios/drain-replacement-unschedulable.yaml', import.meta.url), 'utf8');
const seed = readFileSync(new URL('../src/scenario/presets/seed.yaml', import.meta.url), 'utf8');

describe('the CLI on a run that could stand still', () => {
  it('ends the drain scenario without --until at its horizon, the Deployment waiting', () => {
    const res = runScenarioText(drain, args(['x.yaml', '--output', 'status']));
    expect(res.code).toBe(0);
    expect(res.stderr).toEqual([]);
    expect(res.stdout[0]).toBe('Waiting for deployment "db" rollout to finish: 2 of 3 updated replicas are available...');
  });

  it('prints each write up to 660 s with --output json, and none later', () => {
    const res = runScenarioText(drain, args(['x.yaml', '--output', 'json']));
    const times = res.stdout.map((l) => (JSON.parse(l) as { time: number }).time);
    expect(Math.max(...times)).toBeLessThanOrEqual(660);
    expect(res.code).toBe(0);
  });

  it('stops a run whose virtual time stood still, says where and why, and exits 1', () => {
    const run = openScenarioText(seed, args(['x.yaml', '--output', 'json']), undefined, 8);
    const lines = [...run.chunks].flat();
    expect(lines.length).toBeGreaterThan(0);
    expect(run.code).toBe(1);
    expect(run.stderr).toHaveLength(1);
    expect(run.stderr[0]).toMatch(/^error: virtual time stopped at \d+\.\d{3} s: .+ \d+ times \(8 ticks at that instant\)$/);
  });
});
