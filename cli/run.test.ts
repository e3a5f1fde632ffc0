import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type CliArgs, parseArgs, runScenarioText, versionLine } from './run.ts';

const presetDir = new URL('../src/scenario/presets/', import.meta.url);
const presets = readdirSync(presetDir).filter((f) => f.endsWith('.yaml'));

function args(argv: string[]): CliArgs {
  const a = parseArgs(argv);
  if (typeof a === 'string') throw new Error(a);
  return a;
}

describe('parseArgs', () => {
  it.each([
    [[], 'error: a scenario file is required'],
    [['a.yaml', '--output', 'table'], 'error: --output must be watch, json, status, summary or traffic, not "table"'],
    [['a.yaml', '--sweep', 'surge=1'], 'error: --sweep: unknown field "surge"; the fields are maxSurge, maxUnavailable, replicas, minReadySeconds, seed, partition'],
    [['a.yaml', '--sweep', 'maxSurge=1,one'], 'error: --sweep: maxSurge: "one" is not an integer or a percentage such as 25%'],
    [['a.yaml', '--sweep=replicas=2', '--output', 'json'], 'error: --sweep prints one summary line per variant; it does not take --output json'],
    [['a.yaml', '--sweep=seed=1', '--threads', '0'], 'error: --threads takes a whole number from 1 to 64'],
    [['a.yaml', '--threads', '2'], 'error: --workload and --threads go with --sweep'],
    [['a.yaml', '--watch=svc'], 'error: --watch must be rs, deploy, ds, sts, pvc or pods, not "svc"'],
    [['a.yaml', '--until', '-3'], 'error: --until takes a number of virtual seconds ≥ 0'],
    [['a.yaml', '--frobnicate'], 'error: unknown flag: --frobnicate'],
    [['a.yaml', 'b.yaml'], 'error: unexpected argument "b.yaml"'],
  ])('rejects %j with a usage error', (argv, message) => {
    expect(parseArgs(argv)).toBe(message);
  });

  it('takes `-` for standard input, a file like any other', () => {
    expect(parseArgs(['-', '--watch', 'sts'])).toMatchObject({ file: '-', watch: 'sts' });
    expect(parseArgs(['a.yaml', '-'])).toBe('error: unexpected argument "-"');
  });

  it('reads every flag in both spellings', () => {
    expect(parseArgs(['s.yaml', '--output=json', '--watch', 'pods', '--until=12.5'])).toEqual({
      file: 's.yaml',
      output: 'json',
      watch: 'pods',
      until: 12.5,
      sweep: [],
      workload: null,
      threads: null,
    });
    expect(parseArgs(['s.yaml', '--sweep', 'maxSurge=0,25%', '--sweep=seed=1', '--workload', 'deploy/web', '--threads=2'])).toMatchObject({
      output: 'summary',
      sweep: [
        { field: 'maxSurge', values: [0, '25%'] },
        { field: 'seed', values: [1] },
      ],
      workload: 'deploy/web',
      threads: 2,
    });
  });

  it('answers --version with the pinned Kubernetes release', () => {
    expect(parseArgs(['--version'])).toBe('version');
    expect(versionLine()).toBe('rollout-lab sim (Kubernetes v1.36.3)');
  });
});

describe('runScenarioText', () => {
  it('exits 1 with the field path when the scenario is invalid', () => {
    const res = runScenarioText('version: 1\nname: x\nobjects: []\nactions:\n  - at: -1\n    kubectl: get rs\n', args(['x.yaml']));
    expect(res.code).toBe(1);
    expect(res.stderr).toHaveLength(1);
    expect(res.stderr[0]).toMatch(/^error: actions\[0\]\.at: /);
  });

  it('prints the final tables in the API server’s list order, a pod made again included (--output status)', () => {
    // statefulset-drain evicts web-1 at 40 s and makes it again: last in the store, second in a list.
    const text = readFileSync(new URL('statefulset-drain.yaml', presetDir), 'utf8');
    const res = runScenarioText(text, args(['x.yaml', '--output', 'status']));
    const pods = res.stdout.filter((l) => /^web-\d /.test(l)).map((l) => l.split(' ')[0]);
    expect(pods).toEqual(['web-0', 'web-1', 'web-2']);
  });

  it('exits 1 with the API server message when a manifest is invalid', () => {
    const text = readFileSync(new URL('seed.yaml', presetDir), 'utf8').replace('maxUnavailable: 25%', 'maxUnavailable: 0').replace('maxSurge: 25%', 'maxSurge: 0');
    const res = runScenarioText(text, args(['x.yaml']));
    expect(res.code).toBe(1);
    expect(res.stderr[0]).toContain('spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0');
  });

  it('prints one JSON line per object write with tick, time, type and object', () => {
    const text = readFileSync(new URL('seed.yaml', presetDir), 'utf8');
    const res = runScenarioText(text, args(['x.yaml', '--output', 'json', '--until', '5']));
    const first = JSON.parse(res.stdout[0] as string) as Record<string, unknown>;
    expect(Object.keys(first)).toEqual(['tick', 'time', 'type', 'object']);
    expect(first).toMatchObject({ type: 'ADDED', object: { kind: 'Deployment' } });
    for (const line of res.stdout) expect(JSON.parse(line).time).toBeLessThanOrEqual(5);
  });
});

describe('--output summary', () => {
  it('prints one §10 line per rollout, in the order they start', () => {
    const text = readFileSync(new URL('seed.yaml', presetDir), 'utf8');
    const res = runScenarioText(text, args(['x.yaml', '--output', 'summary']));
    expect(res.code).toBe(0);
    expect(res.stdout).toEqual([
      '{"workload":"deployment/default/nginx-deployment-roll01","revision":"1","startSeconds":0,"endSeconds":6.237,"durationSeconds":6.237,"complete":true,"progressDeadlineExceeded":false,"replicas":10,"minAvailable":0,"maxPods":10,"maxPodsWithTerminating":10}',
      '{"workload":"deployment/default/nginx-deployment-roll01","revision":"2","startSeconds":30,"endSeconds":40.778,"durationSeconds":10.778,"complete":true,"progressDeadlineExceeded":false,"replicas":10,"minAvailable":8,"maxPods":13,"maxPodsWithTerminating":16}',
    ]);
  });

  it('reports a rollout still stalled at --until with null end and the deadline exceeded', () => {
    const text = readFileSync(new URL('broken-image.yaml', presetDir), 'utf8');
    const lines = runScenarioText(text, args(['x.yaml', '--output', 'summary', '--until', '200'])).stdout.map((l) => JSON.parse(l));
    expect(lines[1]).toEqual({
      workload: 'deployment/default/web',
      revision: '2',
      startSeconds: 30,
      endSeconds: null,
      durationSeconds: null,
      complete: false,
      progressDeadlineExceeded: true,
      replicas: 10,
      minAvailable: 10,
      maxPods: 13,
      maxPodsWithTerminating: 13,
    });
  });

  it('leaves the deadline unexceeded when --until stops before it', () => {
    const text = readFileSync(new URL('broken-image.yaml', presetDir), 'utf8');
    const lines = runScenarioText(text, args(['x.yaml', '--output', 'summary', '--until', '60'])).stdout.map((l) => JSON.parse(l));
    expect(lines[1]).toMatchObject({ complete: false, progressDeadlineExceeded: false, endSeconds: null });
  });
});

describe('every preset through the CLI', () => {
  it.each(presets)('%s runs to the end with exit 0 and a watch table', (file) => {
    const text = readFileSync(new URL(file, presetDir), 'utf8');
    const res = runScenarioText(text, args([file]));
    expect(res.stderr).toEqual([]);
    expect(res.code).toBe(0);
    // The empty cluster writes no ReplicaSet, so its watch prints no line (kubectl waits silently).
    if (file === 'empty-cluster.yaml') {
      expect(res.stdout).toEqual([]);
      return;
    }
    // A StatefulSet scenario watches `get sts -w`: NAME READY AGE.
    expect(res.stdout[0]).toMatch(file.startsWith('statefulset-') ? /^NAME\s+READY\s+AGE$/ : /^NAME\s+DESIRED\s+CURRENT\s+READY\s+/);
    expect(res.stdout.length).toBeGreaterThan(3);
  });
});
