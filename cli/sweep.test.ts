import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CliArgs, parseArgs } from './run.ts';
import { buildSim, requireSimCommand } from './simCommand.ts';
import { runSweepText } from './sweep.ts';

const presetDir = new URL('../src/scenario/presets/', import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));
const seedFile = fileURLToPath(new URL('seed.yaml', presetDir));

function args(argv: string[]): CliArgs {
  const a = parseArgs(argv);
  if (typeof a === 'string') throw new Error(a);
  return a as CliArgs;
}

/** The command `npm run sim` runs (package.json): the bundle, built before the first test. */
const cmd = requireSimCommand(root);
beforeAll(() => buildSim(cmd), 120_000);

/** sim runs the real CLI as `npm run sim` does and returns its exit code and output. */
async function sim(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...cmd.flags, cmd.script, ...argv], { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, stdout: x.stdout, stderr: x.stderr };
  }
}

describe('runSweepText', () => {
  it('prints one line per variant in cross-product order, an error line for an invalid one', async () => {
    const lines: string[] = [];
    const text = readFileSync(seedFile, 'utf8');
    const res = await runSweepText(text, args(['x.yaml', '--sweep', 'maxSurge=0,100%', '--sweep', 'maxUnavailable=0,1', '--threads', '1']), (l) => lines.push(l));
    expect(res).toEqual({ code: 0, stderr: [] });
    const parsed = lines.map((l) => JSON.parse(l));
    expect(parsed.map((l) => l.variant)).toEqual([
      { maxSurge: 0, maxUnavailable: 0 },
      { maxSurge: 0, maxUnavailable: 1 },
      { maxSurge: '100%', maxUnavailable: 0 },
      { maxSurge: '100%', maxUnavailable: 1 },
    ]);
    expect(lines[0]).toBe(
      '{"variant":{"maxSurge":0,"maxUnavailable":0},"error":"The Deployment \\"nginx-deployment-roll01\\" is invalid: spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0"}',
    );
    expect(Object.keys(parsed[1])).toEqual(['variant', 'workload', 'revision', 'startSeconds', 'endSeconds', 'durationSeconds', 'complete', 'progressDeadlineExceeded', 'replicas', 'minAvailable', 'maxPods', 'maxPodsWithTerminating']);
    // maxSurge 0, maxUnavailable 1 is the max-surge-0 preset's strategy: one pod at a time.
    expect(parsed[1]).toMatchObject({ revision: '2', minAvailable: 9, maxPods: 10, maxPodsWithTerminating: 11 });
    // maxSurge 100%, maxUnavailable 0: all 10 new pods beside the 10 old ones, none down.
    expect(parsed[2]).toMatchObject({ minAvailable: 10, maxPods: 20 });
  });

  it('varies a namespaced workload named as the summary prints it, beside every policy kind', async () => {
    const lines: string[] = [];
    const text = readFileSync(new URL('../tests/fixtures/namespaced-policies.yaml', import.meta.url), 'utf8');
    const argv = ['x.yaml', '--sweep', 'maxSurge=0,2', '--sweep', 'maxUnavailable=0,1', '--workload', 'deployment/shop/web', '--threads', '1'];
    expect(await runSweepText(text, args(argv), (l) => lines.push(l))).toEqual({ code: 0, stderr: [] });
    const parsed = lines.map((l) => JSON.parse(l));
    expect(parsed[0].error).toMatch(/^The Deployment "web" is invalid: .*may not be 0 when `maxSurge` is 0$/);
    expect(parsed.slice(1).map((l) => l.workload)).toEqual(Array(3).fill('deployment/shop/web'));
    // maxSurge 2, maxUnavailable 0 over 4 replicas: 6 pods at the peak, none down.
    expect(parsed[2]).toMatchObject({ variant: { maxSurge: 2, maxUnavailable: 0 }, revision: '2', complete: true, minAvailable: 4, maxPods: 6 });
    const both = await runSweepText(text, args([...argv.slice(0, -4), '--workload', 'deployment/web']), () => {});
    expect(both).toEqual({
      code: 2,
      stderr: ['error: the scenario has a Deployment "web" in namespaces shop, default: name one as deployment/NAMESPACE/NAME, e.g. deployment/shop/web'],
    });
  });

  it.each([
    [['--sweep', 'maxSurge=0,1', '--workload', 'ds/web'], 2, 'error: the scenario has no DaemonSet "web"'],
    [['--sweep', `maxSurge=${Array.from({ length: 22 }, (_, i) => i).join(',')}`, '--sweep', `maxUnavailable=${Array.from({ length: 21 }, (_, i) => i).join(',')}`], 2, 'error: --sweep: 22 × 21 = 462 variants; a sweep runs at most 441 (21 × 21)'],
  ])('refuses %j with exit %i', async (argv, code, message) => {
    const text = readFileSync(seedFile, 'utf8');
    expect(await runSweepText(text, args(['x.yaml', ...argv]), () => {})).toEqual({ code, stderr: [message] });
  });
});

describe('sim --sweep', () => {
  it('prints the same lines on 1 and on 2 worker threads', async () => {
    const sweep = ['--sweep', 'maxSurge=0,25%,100%', '--sweep', 'maxUnavailable=0,1,50%'];
    const one = await sim(seedFile, ...sweep, '--threads', '1');
    const two = await sim(seedFile, ...sweep, '--threads', '2');
    expect(one.code).toBe(0);
    expect(two).toEqual(one);
    expect(one.stdout.trim().split('\n')).toHaveLength(9);
    // Two CLI processes of 9 runs each: on a shared 2-core machine that can pass 30 s.
  }, 120_000);

  it.each([
    [['--sweep', 'speed=1,2'], 'error: --sweep: unknown field "speed"; the fields are maxSurge, maxUnavailable, replicas, minReadySeconds, seed, partition'],
    [['--sweep', 'maxSurge=1,2x'], 'error: --sweep: maxSurge: "2x" is not an integer or a percentage such as 25%'],
  ])('exits 2 with one message for %j', async (argv, message) => {
    const r = await sim(seedFile, ...argv);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toBe(message);
  });
});
